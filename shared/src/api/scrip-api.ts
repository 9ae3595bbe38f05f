/**
 * 小纸条 calls (docs/api.md "小纸条"), shared by the header (the unread count), mf-home's
 * /system/scrip pages and mf-space's 写纸条. Tags: `ScripThreads` every page of the list of
 * conversations, `{ScripThread, uid}` the loaded pages of one conversation, `ScripCount` the
 * unread count. Opening a conversation reads it, which marks its notes read on the server: the
 * count and the list are asked again then. A send or a delete refreshes what it changed.
 * The cache needs no user key: the shell clears it when another user signs in.
 */
import type { ApiEnvelope, Page } from '../core/api-types';
import type { ScripCount, ScripSent, ScripThread, ScripThreadPage, SendScripBody } from '../core/scrip';
import { baseApi } from './base-api';

/** What a delete changes: the list, the conversation and, for a note not yet read, the count. */
const afterScripChange = (error: unknown, uid: number) =>
  error ? [] : ['ScripThreads' as const, 'ScripCount' as const, { type: 'ScripThread' as const, id: uid }];

// An answer without a list reads as an empty page.
const threadsOf = (res: ApiEnvelope<Page<ScripThread>>, _meta: unknown, page: number): Page<ScripThread> =>
  Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: page, size: 0 };

const threadPageOf = (res: ApiEnvelope<ScripThreadPage>): ScripThreadPage => {
  if (!res.data || !Array.isArray(res.data.records)) throw new Error('malformed 小纸条 page');
  return res.data;
};

export const scripApi = baseApi.enhanceEndpoints({ addTagTypes: ['ScripThreads', 'ScripThread', 'ScripCount'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/scrip/threads?pageNum=: the caller's conversations, the newest note first; `page` from 1. */
    scripThreads: build.query<Page<ScripThread>, number>({
      query: (page) => ({ url: '/scrip/threads', params: { pageNum: page } }),
      transformResponse: threadsOf,
      providesTags: ['ScripThreads'],
    }),
    /**
     * GET /api/scrip/thread/{uid}?pageNum=: one conversation, `uid` the other user. Page 1 is the
     * newest notes, each page newest first; the next page is older. A refetch (a send, a live
     * event) reads every loaded page again, so the pages stay consecutive.
     */
    scripThread: build.infiniteQuery<ScripThreadPage, number, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) => (lastPage < last.pages ? lastPage + 1 : undefined),
      },
      query: ({ queryArg: uid, pageParam }) => ({ url: `/scrip/thread/${uid}`, params: { pageNum: pageParam } }),
      transformResponse: threadPageOf,
      providesTags: (_r, _e, uid) => [{ type: 'ScripThread', id: uid }],
      // Reading marked the conversation read: the count and the list's unread marks changed.
      async onQueryStarted(_uid, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(scripApi.util.invalidateTags(['ScripCount', 'ScripThreads']));
      },
    }),
    /** GET /api/count/getscrip: the caller's unread notes (the header's count). */
    scripCount: build.query<number, void>({
      query: () => ({ url: '/count/getscrip' }),
      transformResponse: (res: ApiEnvelope<ScripCount>) => (typeof res.data?.count === 'number' ? res.data.count : 0),
      providesTags: ['ScripCount'],
    }),
    /** POST /api/scrip/send {toUid, content}; the refusals' words are the server's (SCRIP_MSG). */
    sendScrip: build.mutation<ScripSent, SendScripBody>({
      query: (data) => ({ url: '/scrip/send', method: 'POST', data }),
      transformResponse: (res: ApiEnvelope<ScripSent>) => res.data as ScripSent,
      invalidatesTags: (_r, error, { toUid }) => (error ? [] : ['ScripThreads', { type: 'ScripThread', id: toUid }]),
    }),
    /** DELETE /api/scrip/delete?scripId: hides one note for the caller; `withUid` is the conversation's other user. */
    deleteScrip: build.mutation<ApiEnvelope, { scripId: number; withUid: number }>({
      query: ({ scripId }) => ({ url: '/scrip/delete', method: 'DELETE', params: { scripId } }),
      invalidatesTags: (_r, error, { withUid }) => afterScripChange(error, withUid),
    }),
    /** DELETE /api/scrip/thread?uid: hides the whole conversation with `uid` for the caller. */
    deleteScripThread: build.mutation<ApiEnvelope, number>({
      query: (uid) => ({ url: '/scrip/thread', method: 'DELETE', params: { uid } }),
      invalidatesTags: (_r, error, uid) => afterScripChange(error, uid),
    }),
  }),
});

export const {
  useScripThreadsQuery,
  useScripThreadInfiniteQuery,
  useScripCountQuery,
  useSendScripMutation,
  useDeleteScripMutation,
  useDeleteScripThreadMutation,
} = scripApi;
