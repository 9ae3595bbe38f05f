/**
 * What /home shows first, started by its route's loader (shared's route-prefetch.ts,
 * docs/architecture.md "Route prefetch") while the page's chunk loads and renders: 回复我的
 * (CommentNotices' `useGetNoticesQuery()`), the count of new system notices (SystemNoticesLink's
 * first page), and everyone's yy, mf-space's `./feed` fragment: its
 * code starts loading at once (no token needed; the page's RemoteFragment then finds it loaded or
 * in flight), and its first page is asked by the fragment's own `prefetch`, which knows its
 * arguments. The greeting and the right box come from the store: nothing to ask.
 */
import { loadRemoteModule, type FragmentPrefetch, type PagePrefetches } from '@xiaoba/shared';
import { noticesApi } from './notices/notices-api';
import { systemNoticesApi } from './notify/system-notices-api';
import { FEED } from './route-table';

interface PrefetchingFragment {
  prefetch?: FragmentPrefetch;
}

export const prefetch: PagePrefetches = {
  home: ({ dispatch, whenSignedIn }) => {
    // A failure here is the area's to show (RemoteFragment asks again and offers 重试).
    const feed = loadRemoteModule<PrefetchingFragment>(FEED.remote, FEED.module).catch(() => undefined);
    whenSignedIn(() => {
      dispatch(noticesApi.util.prefetch('getNotices', undefined, { force: false }));
      dispatch(systemNoticesApi.util.prefetch('getSystemNotices', 1, { force: false }));
      void feed.then((module) => {
        if (typeof module?.prefetch === 'function') module.prefetch(dispatch);
      });
    });
  },
};
