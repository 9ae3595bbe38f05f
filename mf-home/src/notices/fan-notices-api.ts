/**
 * The "X 关注了你" notices (docs/api.md "Follows"), injected into the shared baseApi beside
 * the comment notices. Tag `FanNotices`: the caller's unread count and newest notices.
 */
import { baseApi, type ApiEnvelope, type FanNotice, type FanNotices } from '@xiaoba/shared';

const isFanNotice = (r: unknown): r is FanNotice =>
  typeof r === 'object' && r !== null && typeof (r as FanNotice).uid === 'number' && typeof (r as FanNotice).username === 'string';

// A malformed answer reads as "nothing new" rather than breaking the personal centre.
const fanNoticesOf = (res: ApiEnvelope<FanNotices>): FanNotices => ({
  count: typeof res.data?.count === 'number' ? res.data.count : 0,
  records: Array.isArray(res.data?.records) ? res.data.records.filter(isFanNotice) : [],
});

export const fanNoticesApi = baseApi.enhanceEndpoints({ addTagTypes: ['FanNotices'] }).injectEndpoints({
  endpoints: (build) => ({
    getFanNotices: build.query<FanNotices, void>({
      query: () => ({ url: '/count/getfans' }),
      transformResponse: fanNoticesOf,
      providesTags: ['FanNotices'],
    }),
    /**
     * Marks read the notices up to `upTo` (unix seconds, the newest shown), so one arriving
     * meanwhile stays counted. The cached list keeps its `unread` marks and takes the new count.
     */
    clearFanNotices: build.mutation<number, { upTo: number }>({
      query: (body) => ({ url: '/count/clearfans', method: 'POST', data: body }),
      transformResponse: (res: ApiEnvelope<{ count: number }>) => (typeof res.data?.count === 'number' ? res.data.count : 0),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: count } = await queryFulfilled;
          dispatch(
            fanNoticesApi.util.updateQueryData('getFanNotices', undefined, (draft) => {
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

export const { useGetFanNoticesQuery, useClearFanNoticesMutation } = fanNoticesApi;
