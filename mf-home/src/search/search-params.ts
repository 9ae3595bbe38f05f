/**
 * What /search shows, read from its address: `?q=` the words, `?tab=yy` the yy
 * tab, `?tab=diary` the 日志 tab (absent: 用户). Its own small file: the route prefetch (../prefetch.ts, in the `./routes`
 * chunk) reads it without the page's code.
 */
import { normalizeSearchQuery, SEARCH_PARAM, searchTabOf, type FragmentRef } from '@xiaoba/shared';

/**
 * mf-space's `./feed`, which the yy tab composes: route-table's FEED (search-params.test.ts checks
 * they agree), written here so /search's code does not share a chunk with ../route-table, which
 * /home loads with what it shares with the route prefetch.
 */
export const SEARCH_FEED: FragmentRef = { remote: 'mf_space', module: './feed' };

/** shared's rule, which the header's search box follows too. */
export { searchTabOf };

/** The words as the server searches them, or the message saying why there is nothing to search. */
export const searchQueryOf = (params: URLSearchParams) => normalizeSearchQuery(params.get(SEARCH_PARAM) ?? '');
