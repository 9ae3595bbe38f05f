/**
 * mf-settings' rows of the site's route table: /setting redirects to /setting/avatar; its children
 * are avatar and profile, our data page (export, import) and the privacy page (the original site's
 * 隐私 tab pointed at /notfound). (The 兴趣 tab still points at /notfound: a link, not a row.)
 * Type-only import: vite.config loads this file in Node.
 */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  {
    path: '/setting',
    title: '设置',
    children: [
      { index: true, redirect: '/setting/avatar' },
      { path: 'avatar', page: 'avatar', title: '修改头像' },
      { path: 'profile', page: 'profile', title: '个人资料' },
      // Not on the original site: export and import of one's own data, and allowed in archive mode.
      { path: 'data', page: 'data', title: '我的数据' },
      // The original site's dead 隐私 link brought to life: privacy settings and the blocked users.
      { path: 'privacy', page: 'privacy', title: '隐私设置' },
    ],
  },
];
