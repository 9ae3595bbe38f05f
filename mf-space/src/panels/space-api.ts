/**
 * What the space's panels ask for (docs/api.md "Spaces"), injected into the shared baseApi:
 * the own board's count, the recent visitors with the visit count, and the hot topics. Tags:
 * - `LeaveCount`: the own board's count (the board's add and delete invalidate it);
 * - `Visitors` (id: the space's uid).
 */
import { baseApi, type ApiEnvelope, type HotTopic, type VisitorList } from '@xiaoba/shared';

// A malformed answer reads as "nothing yet" rather than breaking the whole space page.
const visitorsOf = (res: ApiEnvelope<VisitorList>): VisitorList => ({
  data: Array.isArray(res.data?.data) ? res.data.data : [],
  total: typeof res.data?.total === 'number' ? res.data.total : 0,
});

export const spaceApi = baseApi.enhanceEndpoints({ addTagTypes: ['LeaveCount', 'Visitors'] }).injectEndpoints({
  endpoints: (build) => ({
    getOwnLeaveCount: build.query<number, void>({
      query: () => ({ url: '/user/getleaves' }),
      transformResponse: (res: ApiEnvelope<number>) => (typeof res.data === 'number' ? res.data : 0),
      providesTags: ['LeaveCount'],
    }),
    getVisitors: build.query<VisitorList, number>({
      query: (uid) => ({ url: '/visitor/get', params: { uid } }),
      transformResponse: visitorsOf,
      providesTags: (_r, _e, uid) => [{ type: 'Visitors', id: uid }],
    }),
    getHotTopics: build.query<HotTopic[], void>({
      query: () => ({ url: '/yy/hottopics' }),
      transformResponse: (res: ApiEnvelope<HotTopic[]>) => (Array.isArray(res.data) ? res.data : []),
    }),
  }),
});

export const { useGetOwnLeaveCountQuery, useGetVisitorsQuery, useGetHotTopicsQuery } = spaceApi;
