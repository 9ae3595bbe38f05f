/** mf-home's rows of the site's route table. */
import type { FragmentRef, RouteMeta } from '@xiaoba/shared';

/** Everyone's yy: mf-space's `./feed` fragment, composed into /home (ADR 6). */
export const FEED: FragmentRef = { remote: 'mf_space', module: './feed' };

export const routeTable: RouteMeta[] = [
  { path: '/home', page: 'home', title: '个人中心', uses: [FEED] },
  { path: '/help', page: 'help', title: '帮助中心' },
  { path: '/system/notify', page: 'notify', title: '系统通知' },
  { path: '/system/scrip', page: 'scrip', title: '小纸条' },
  { path: '/system/scrip/:uid', page: 'scripThread', title: '小纸条' },
  { path: '/follows', page: 'follows', title: '我的关注' },
  { path: '/fans', page: 'fans', title: '我的粉丝' },
  // Search. No `uses`: the 用户 tab shown first needs no fragment; the yy tab loads
  // mf-space's ./feed when chosen (its route prefetch starts it for an address with ?tab=yy).
  { path: '/search', page: 'search', title: '搜索' },
];
