/**
 * What /home shows first, started by its route's loader (shared's route-prefetch.ts,
 * docs/architecture.md "Route prefetch") while the page's chunk loads and renders: 回复我的
 * (CommentNotices' `useGetNoticesQuery()`), 新粉丝 (FanNotices' `useGetFanNoticesQuery()`), the count of new system notices (SystemNoticesLink's
 * first page), and the feed tab shown (大家的yy or 关注的yy), mf-space's `./feed` fragment: its
 * code starts loading at once (no token needed; the page's RemoteFragment then finds it loaded or
 * in flight), and its first page is asked by the fragment's own `prefetch`, which knows its
 * arguments. The greeting and the right box come from the store: nothing to ask.
 * /search: ./search/search-prefetch.ts, a chunk of its own loaded on the way.
 */
import {
  followApi,
  loadRemoteModule,
  scripApi,
  type AppDispatch,
  type FeedSource,
  type FollowListKind,
  type PagePrefetch,
  type PagePrefetches,
} from '@xiaoba/shared';
import { feedSourceOf } from './feed/feed-source';
import { fanNoticesApi } from './notices/fan-notices-api';
import { noticesApi } from './notices/notices-api';
import { systemNoticesApi } from './notify/system-notices-api';
import { FEED } from './route-table';

interface PrefetchingFragment {
  /** The first page of the feed `source` shows (everyone's when left out). */
  prefetch?: (dispatch: AppDispatch, source?: FeedSource) => void;
}

/** 我的关注 / 我的粉丝: the first page of the own list, as FollowListPage's hook asks it. */
const followList =
  (kind: FollowListKind): PagePrefetch =>
  ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => dispatch(followApi.util.prefetch('followList', { uid, kind, page: 1 }, { force: false })));

export const prefetch: PagePrefetches = {
  home: ({ dispatch, url, whenSignedIn }) => {
    // Only the tab the address shows (/home?feed=following): the other is asked if it is chosen.
    const source = feedSourceOf(url.searchParams);
    // A failure here is the area's to show (RemoteFragment asks again and offers 重试).
    const feed = loadRemoteModule<PrefetchingFragment>(FEED.remote, FEED.module).catch(() => undefined);
    whenSignedIn(() => {
      dispatch(noticesApi.util.prefetch('getNotices', undefined, { force: false }));
      dispatch(systemNoticesApi.util.prefetch('getSystemNotices', 1, { force: false }));
      dispatch(fanNoticesApi.util.prefetch('getFanNotices', undefined, { force: false }));
      void feed.then((module) => {
        if (typeof module?.prefetch !== 'function') return;
        if (source === 'all') module.prefetch(dispatch);
        else module.prefetch(dispatch, source);
      });
    });
  },
  follows: followList('follows'),
  fans: followList('fans'),
  // The conversations (a conversation is not asked ahead: reading it marks it read, which only
  // the page shown may do, and a server render may not ask it).
  scrip: ({ dispatch, whenSignedIn }) => whenSignedIn(() => dispatch(scripApi.util.prefetch('scripThreads', 1, { force: false }))),
  // Its own chunk: no page but /search carries its code (the page's chunk shares its imports).
  search: (context) =>
    void import('./search/search-prefetch').then(
      ({ prefetchSearch }) => prefetchSearch(context),
      () => undefined,
    ),
};
