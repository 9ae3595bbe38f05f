/** mf-home's rows of the spec's route table. /home (the personal centre) comes in a later issue. */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  { path: '/help', page: 'help', title: '帮助中心' },
  { path: '/system/notify', page: 'notify', title: '系统通知' },
];
