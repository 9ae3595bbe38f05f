/**
 * The notices of new comments (docs/api.md "Notices"), injected into the shared baseApi.
 * Tag `Notices`: the caller's count and newest notices.
 */
import { baseApi, type ApiEnvelope, type ClearNoticesBody, type CommentNotice, type CommentNotices } from '@xiaoba/shared';

/** How often /home asks again while the page is visible. */
export const NOTICES_POLL_MS = 60_000;

const isNotice = (r: unknown): r is CommentNotice =>
  typeof r === 'object' && r !== null && typeof (r as CommentNotice).commentId === 'number' && typeof (r as CommentNotice).content === 'string';

// A malformed answer reads as "nothing new" rather than breaking the personal centre.
const noticesOf = (res: ApiEnvelope<CommentNotices>): CommentNotices => ({
  count: typeof res.data?.count === 'number' ? res.data.count : 0,
  records: Array.isArray(res.data?.records) ? res.data.records.filter(isNotice) : [],
});

export const noticesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Notices'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<CommentNotices, void>({
      query: () => ({ url: '/count/getcomments' }),
      transformResponse: noticesOf,
      providesTags: ['Notices'],
    }),
    /**
     * Marks read what the reader has seen. The cached list keeps its `unread` marks (the open list
     * still shows what was new) and takes the new count at once; the next poll brings the rest.
     */
    clearNotices: build.mutation<number, ClearNoticesBody>({
      query: (body) => ({ url: '/count/clearcomments', method: 'POST', data: body }),
      transformResponse: (res: ApiEnvelope<{ count: number }>) => (typeof res.data?.count === 'number' ? res.data.count : 0),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: count } = await queryFulfilled;
          dispatch(
            noticesApi.util.updateQueryData('getNotices', undefined, (draft) => {
              draft.count = count;
            }),
          );
        } catch {
          // The badge stays; the next opening (or poll) tries again.
        }
      },
    }),
  }),
});

export const { useGetNoticesQuery, useClearNoticesMutation } = noticesApi;
