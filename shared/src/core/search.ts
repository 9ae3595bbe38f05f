/**
 * Search ("Find your old classmates"): the contract the server and every module
 * share. docs/api.md "Search" describes the routes; docs/adr/0015-chinese-search.md why it is
 * character n-grams on a GIN index.
 *
 *  - GET /api/search/user?q=&pageNum=&pageSize=  → Page<SearchUser>
 *      an exact 米米号 (all digits), or any part of a nickname (case-insensitive). Users whose
 *      privacy says `findable: false` are found only by their exact 米米号.
 *  - GET /api/search/yy?q=&pageNum=&pageSize=    → Page<Yy>, newest first
 *      the yy whose words hold `q` (a substring, case-insensitive, whitespace folded).
 *
 * Both are reads for a signed-in user, limited like the other reads, and leave out what the
 * feeds leave out (removed content, blocked users either way). `total` is exact only on the
 * last page: while more results follow it is the page's end plus one (as 关注的yy's, docs/api.md).
 */

import type * as v from 'valibot';
import type * as S from './api-schemas';
import { charCount } from './validation';

/** Characters of a query after trimming (a longer one gets SEARCH_MSG.tooLong). */
export const SEARCH_QUERY_MAX = 30;
/** Results of one tab are paged up to this many pages (deeper pages get SEARCH_MSG.tooDeep). */
export const SEARCH_PAGES_MAX = 50;
/**
 * Results of one tab a query may page through (the page's end, pageNum × pageSize): a deeper page
 * gets SEARCH_MSG.tooDeepResults. The browser's pages of 20 reach it at page SEARCH_PAGES_MAX; it
 * bounds the work of a page asked with a larger pageSize.
 */
export const SEARCH_RESULTS_MAX = 1000;
/** Users per page of the 用户 tab (the yy tab pages as every yy list: YY_PAGE_SIZE). */
export const SEARCH_USER_PAGE_SIZE = 20;

/** The address of the search page and its query parameters. */
export const SEARCH_PATH = '/search';
/** `?q=` the words; `?tab=yy` the yy tab, `?tab=diary` the 日志 tab (absent: 用户). */
export const SEARCH_PARAM = 'q';
export const SEARCH_TAB_PARAM = 'tab';
export type SearchTab = 'user' | 'yy' | 'diary';
/** The tab an address shows: `?tab=yy` or `?tab=diary`, anything else the 用户 tab. */
export const searchTabOf = (params: URLSearchParams): SearchTab => {
  const tab = params.get(SEARCH_TAB_PARAM);
  return tab === 'yy' || tab === 'diary' ? tab : 'user';
};

/** One user found (GET /api/search/user), as the caller sees them: a follow list's user without the relation's time. */
export type SearchUser = v.InferOutput<typeof S.SearchUserSchema>;

export const SEARCH_MSG = {
  empty: '请输入要搜索的内容',
  tooLong: `搜索内容不能超过${SEARCH_QUERY_MAX}个字`,
  tooDeep: `最多只能看前${SEARCH_PAGES_MAX}页结果`,
  tooDeepResults: `最多只能看前${SEARCH_RESULTS_MAX}条结果`,
  noUsers: '没有找到相关的用户',
  noYy: '没有找到相关的yy',
  noDiary: '没有找到相关的日志',
  placeholder: '搜索好友、yy',
} as const;

/**
 * The query as the server searches it, or an error message: trimmed, whitespace runs folded to
 * one space, lower-cased (Latin letters; Chinese has no case). The client checks with the same
 * function before asking.
 */
export function normalizeSearchQuery(raw: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const text = typeof raw === 'string' ? raw.replace(/\s+/gu, ' ').trim().toLowerCase() : '';
  if (text === '') return { ok: false, message: SEARCH_MSG.empty };
  if (charCount(text) > SEARCH_QUERY_MAX) return { ok: false, message: SEARCH_MSG.tooLong };
  return { ok: true, value: text };
}
