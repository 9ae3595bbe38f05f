/**
 * Which feed /home shows (大家的yy or 关注的yy), kept in the address so a reload keeps it. Its own small file:
 * the route prefetch (../prefetch.ts, in the `./routes` chunk) reads it without the page's code.
 */
import type { FeedSource } from '@xiaoba/shared';

/** The query parameter holding the tab; absent means everyone's yy. */
export const FEED_PARAM = 'feed';

/** The tab an address shows: anything but `feed=following` is everyone's yy. */
export const feedSourceOf = (search: URLSearchParams): FeedSource => (search.get(FEED_PARAM) === 'following' ? 'following' : 'all');
