/** mf-home's rows of the spec's route table. */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  { path: '/home', page: 'home', title: '个人中心' },
  { path: '/help', page: 'help', title: '帮助中心' },
  { path: '/system/notify', page: 'notify', title: '系统通知' },
];
