/**
 * Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited;
 * `prefetch` starts the first-screen requests of /home, /follows, /fans, /search and /system/scrip from its route's loader (./prefetch.ts).
 */
import { lazyPage, type FollowListKind, type RemoteRoutesModule } from '@xiaoba/shared';

export { prefetch } from './prefetch';

// Sibling tabs of one page: one chunk.
function followPage(kind: FollowListKind) {
  return lazyPage(() => import('./follows/FollowListPage').then(({ FollowListPage }) => ({ default: () => <FollowListPage kind={kind} /> })));
}

export const pages: RemoteRoutesModule['pages'] = {
  home: lazyPage(() => import('./home/HomePage')),
  help: lazyPage(() => import('./help/HelpPage')),
  notify: lazyPage(() => import('./notify/NotifyPage')),
  scrip: lazyPage(() => import('./scrip/ScripListPage')),
  scripThread: lazyPage(() => import('./scrip/ScripThreadPage')),
  follows: followPage('follows'),
  fans: followPage('fans'),
  search: lazyPage(() => import('./search/SearchPage')),
};
