/**
 * The yy and comment calls (docs/api.md "yy and comments"), injected into the shared baseApi so
 * loading, errors and caching come from RTK Query. Tags:
 * - `YyList` (id: the owner uid, 'ALL' for everyone's feed, 'FOLLOWING' for 关注的yy, 'SEARCH:' + the
 *   words for the yy search results): a page of a list;
 * - `Yy` (id: weiboId): one yy inside whatever page shows it (its comment count);
 * - `Comments` (id: weiboId): the comments of one yy.
 * The following feed also carries shared's `Follows` tag: a follow or unfollow anywhere (a space,
 * mf-home's lists) changes whose yy it holds.
 * Successful changes also patch the cached data at once, so the page feels instant on a slow
 * link; the invalidation then brings the server's truth (pages, totals, counts).
 */
import {
  baseApi,
  YY_PAGE_SIZE,
  type AddCommentBody,
  type ApiEnvelope,
  type AppDispatch,
  type CreateYyBody,
  type Page,
  type RootState,
  type Yy,
  type YyComment,
} from '@xiaoba/shared';

export interface UserYyArgs {
  uid: number;
  page: number;
}

/** The yy search: `q` normalized (shared's normalizeSearchQuery), `page` from 1. */
export interface SearchYyArgs {
  q: string;
  page: number;
}

type ListId = number | 'ALL' | 'FOLLOWING' | `SEARCH:${string}`;
type ListTag = { type: 'YyList'; id: ListId } | { type: 'Yy'; id: number };

const pageTags = (list: ListId, page: Page<Yy> | undefined): ListTag[] => [
  { type: 'YyList', id: list },
  ...(page?.records ?? []).map((y) => ({ type: 'Yy' as const, id: y.weiboId })),
];

// An answer without a list reads as an empty page rather than breaking the whole space page.
const pageOf = (res: ApiEnvelope<Page<Yy>>): Page<Yy> =>
  Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: 1, size: YY_PAGE_SIZE };

export const yyApi = baseApi.enhanceEndpoints({ addTagTypes: ['YyList', 'Yy', 'Comments', 'Follows'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserYy: build.query<Page<Yy>, UserYyArgs>({
      query: ({ uid, page }) => ({ url: `/yy/getUseryy/${uid}`, params: { pageNum: page, pageSize: YY_PAGE_SIZE } }),
      transformResponse: pageOf,
      providesTags: (result, _e, { uid }) => pageTags(uid, result),
    }),
    getAllYy: build.query<Page<Yy>, number>({
      query: (page) => ({ url: '/yy/getyy', params: { pageNum: page, pageSize: YY_PAGE_SIZE } }),
      transformResponse: pageOf,
      providesTags: (result) => pageTags('ALL', result),
    }),
    /** GET /api/yy/getfollowyy: the yy of the people the caller follows, and the caller's own. */
    getFollowYy: build.query<Page<Yy>, number>({
      query: (page) => ({ url: '/yy/getfollowyy', params: { pageNum: page, pageSize: YY_PAGE_SIZE } }),
      transformResponse: pageOf,
      providesTags: (result) => [...pageTags('FOLLOWING', result), 'Follows'],
    }),
    /** GET /api/search/yy: the yy whose words hold `q`, newest first (docs/api.md "Search"). */
    searchYy: build.query<Page<Yy>, SearchYyArgs>({
      query: ({ q, page }) => ({ url: '/search/yy', params: { q, pageNum: page, pageSize: YY_PAGE_SIZE } }),
      transformResponse: pageOf,
      providesTags: (result, _e, { q }) => pageTags(`SEARCH:${q}`, result),
    }),
    createYy: build.mutation<ApiEnvelope<Yy>, CreateYyBody>({
      query: (data) => ({ url: '/yy/createyy', method: 'POST', data }),
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const created = (await queryFulfilled.catch(() => null))?.data.data;
        if (created) prependToFirstPages(created, dispatch, getState() as RootState);
      },
      // The author's list and the feeds (关注的yy holds the own yy too) gain a yy (and every later page shifts by one).
      invalidatesTags: (res) =>
        res?.data
          ? [
              { type: 'YyList', id: res.data.uid },
              { type: 'YyList', id: 'ALL' },
              { type: 'YyList', id: 'FOLLOWING' },
            ]
          : [],
    }),
    deleteYy: build.mutation<ApiEnvelope, number>({
      query: (weiboId) => ({ url: '/yy/deleteyy', method: 'DELETE', params: { weiboId } }),
      // Every list: pages shift, and reposts of it elsewhere now read 原yy已被删除.
      invalidatesTags: (_r, error) => (error ? [] : ['YyList']),
    }),
    getComments: build.query<YyComment[], number>({
      query: (weiboId) => ({ url: '/comment/getComment', params: { weiboId } }),
      transformResponse: (res: ApiEnvelope<YyComment[]>) => (Array.isArray(res.data) ? res.data : []),
      providesTags: (_r, _e, weiboId) => [{ type: 'Comments', id: weiboId }],
    }),
    addComment: build.mutation<ApiEnvelope<YyComment>, Required<AddCommentBody>>({
      query: (data) => ({ url: '/comment/add', method: 'POST', data }),
      async onQueryStarted({ weiboId }, { dispatch, getState, queryFulfilled }) {
        const created = (await queryFulfilled.catch(() => null))?.data.data;
        if (!created) return;
        dispatch(yyApi.util.updateQueryData('getComments', weiboId, (list) => void list.push(created)));
        patchCount(weiboId, +1, dispatch, getState() as RootState);
      },
      invalidatesTags: (_r, error, { weiboId }) =>
        error
          ? []
          : [
              { type: 'Comments', id: weiboId },
              { type: 'Yy', id: weiboId },
            ],
    }),
    deleteComment: build.mutation<ApiEnvelope, { commentId: number; weiboId: number }>({
      query: ({ commentId }) => ({ url: '/comment/delete', method: 'DELETE', params: { commentId } }),
      async onQueryStarted({ commentId, weiboId }, { dispatch, getState, queryFulfilled }) {
        if (
          !(await queryFulfilled.then(
            () => true,
            () => false,
          ))
        )
          return;
        dispatch(yyApi.util.updateQueryData('getComments', weiboId, (list) => list.filter((c) => c.commentId !== commentId)));
        patchCount(weiboId, -1, dispatch, getState() as RootState);
      },
      invalidatesTags: (_r, error, { weiboId }) =>
        error
          ? []
          : [
              { type: 'Comments', id: weiboId },
              { type: 'Yy', id: weiboId },
            ],
    }),
  }),
});

/** Shows a new yy at the top of the cached first pages it belongs to, before the refetch lands. */
function prependToFirstPages(yy: Yy, dispatch: AppDispatch, state: RootState) {
  for (const args of yyApi.util.selectCachedArgsForQuery(state, 'getUserYy')) {
    if (args.uid !== yy.uid || args.page !== 1) continue;
    dispatch(yyApi.util.updateQueryData('getUserYy', args, (page) => void page.records.unshift(yy)));
  }
  for (const feed of ['getAllYy', 'getFollowYy'] as const) {
    if (!yyApi.util.selectCachedArgsForQuery(state, feed).includes(1)) continue;
    dispatch(yyApi.util.updateQueryData(feed, 1, (p) => void p.records.unshift(yy)));
  }
}

/** Moves a yy's comment count in every cached page that shows it. */
function patchCount(weiboId: number, delta: number, dispatch: AppDispatch, state: RootState) {
  const bump = (page: Page<Yy>) => {
    for (const y of page.records) if (y.weiboId === weiboId) y.comment = Math.max(0, y.comment + delta);
  };
  for (const args of yyApi.util.selectCachedArgsForQuery(state, 'getUserYy')) {
    dispatch(yyApi.util.updateQueryData('getUserYy', args, bump));
  }
  for (const feed of ['getAllYy', 'getFollowYy'] as const) {
    for (const page of yyApi.util.selectCachedArgsForQuery(state, feed)) dispatch(yyApi.util.updateQueryData(feed, page, bump));
  }
  for (const args of yyApi.util.selectCachedArgsForQuery(state, 'searchYy')) dispatch(yyApi.util.updateQueryData('searchYy', args, bump));
}

export const {
  useGetUserYyQuery,
  useGetAllYyQuery,
  useGetFollowYyQuery,
  useSearchYyQuery,
  useCreateYyMutation,
  useDeleteYyMutation,
  useGetCommentsQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
} = yyApi;
