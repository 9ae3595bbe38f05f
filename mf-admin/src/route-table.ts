/**
 * mf-admin's rows: the moderation area. Not in the public manifest: the server gives
 * this remote's entry only to moderators (GET /api/mod/remote), and the shell adds these rows
 * only for them (docs/adr/0014-moderator-only-remote.md).
 * Type-only import: vite.config loads this file in Node.
 */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  { path: '/admin', page: 'reports', title: '举报处理' },
  { path: '/admin/user/:uid', page: 'user', title: '用户档案' },
  { path: '/admin/log', page: 'log', title: '操作记录' },
];
