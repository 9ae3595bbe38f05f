/**
 * mf-settings' rows of the spec's route table: /setting redirects to /setting/avatar; its children
 * are avatar and profile, and our data page (export, import). (The 兴趣 and 隐私 tabs point at /notfound: they are links, not rows.)
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
      // Not in the spec: export and import of one's own data (issue 11), and allowed in archive mode.
      { path: 'data', page: 'data', title: '我的数据' },
    ],
  },
];
