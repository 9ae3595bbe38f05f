/**
 * mf-auth's rows of the site's route table. Loaded by vite.config in Node, so this
 * file imports types only: no runtime code.
 */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  { path: '/', page: 'login', title: '登录' },
  { path: '/login', page: 'login', title: '登录' },
  { path: '/oldlogin', page: 'oldlogin', title: '登录' },
  { path: '/register', page: 'register', title: '注册' },
  { path: '/usercard', page: 'usercard', title: '完善资料' },
  { path: '/card', page: 'card', title: '个人名片' },
];
