/**
 * Exposed as `./feed`: a feed of yy (the same `YyList` as the space, with comments, replies,
 * reposts and deletes), for the personal centre (mf-home's /home) to compose at run time as a
 * fragment (ADR 6): everyone's (`source` 'all', the default) or 关注的yy, the yy of the people the
 * user follows and their own ('following'), or with `search` the yy search results of
 * mf-home's /search (the words marked in each yy; deletes, comments and reposts
 * as in the feeds). Imports statically, so the fragment is one load that arrives whole or fails.
 */
import type { AppDispatch, FeedSource } from '@xiaoba/shared';
import { YyList } from './yy/YyList';
import { yyApi } from './yy/yy-api';

export const FEED_TITLE = '大家的yy';
export const FOLLOWING_FEED_TITLE = '关注的yy';

export interface FeedProps {
  source?: FeedSource;
  /** The yy search instead of a feed: the normalized words (shared's normalizeSearchQuery). */
  search?: string;
}

/** The heading of the search results. */
export const searchTitle = (q: string) => `包含“${q}”的yy`;

export default function Feed({ source = 'all', search }: FeedProps) {
  if (typeof search === 'string') return <YyList search={search} title={searchTitle(search)} />;
  return <YyList feed={source} title={source === 'following' ? FOLLOWING_FEED_TITLE : FEED_TITLE} />;
}

/**
 * The first page of the feed `source` shows, exactly as its YyList asks (`useGetAllYyQuery(1)` or
 * `useGetFollowYyQuery(1)`), for the composing page's route loader (docs/architecture.md "Route
 * prefetch"): asked while /home renders. Called with the dispatch alone, it is everyone's, as
 * shared's `FragmentPrefetch` has it. With `search` (the normalized words), the first page of the
 * search results instead (`useSearchYyQuery({ q, page: 1 })`), for mf-home's /search?tab=yy.
 */
export function prefetch(dispatch: AppDispatch, source: FeedSource = 'all', search?: string) {
  if (typeof search === 'string') {
    dispatch(yyApi.util.prefetch('searchYy', { q: search, page: 1 }, { force: false }));
    return;
  }
  dispatch(yyApi.util.prefetch(source === 'following' ? 'getFollowYy' : 'getAllYy', 1, { force: false }));
}
