/**
 * The moderators' calls (docs/api.md "Safety" → "Moderation"), injected into shared's
 * baseApi. An action changes the queue, the user pages and the log: it refreshes all three.
 */
import {
  baseApi,
  type ApiEnvelope,
  type ModActionBody,
  type ModLogEntry,
  type ModScripView,
  type ModUserPage,
  type Page,
  type ReportGroup,
} from '@xiaoba/shared';

const emptyPage = <T>(): Page<T> => ({ records: [], total: 0, pages: 0, current: 1, size: 0 });

// A malformed answer reads as an empty page rather than breaking the area.
const pageOf = <T>(res: ApiEnvelope<Page<T>>): Page<T> => (Array.isArray(res.data?.records) ? res.data : emptyPage<T>());

export const modApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModReports', 'ModUser', 'ModLog'] }).injectEndpoints({
  endpoints: (build) => ({
    getReports: build.query<Page<ReportGroup>, number>({
      query: (pageNum) => ({ url: '/mod/reports', params: { pageNum } }),
      transformResponse: pageOf<ReportGroup>,
      providesTags: ['ModReports'],
    }),
    getModUser: build.query<ModUserPage, number>({
      query: (uid) => ({ url: `/mod/user/${uid}` }),
      transformResponse: (res: ApiEnvelope<ModUserPage>) => res.data!,
      providesTags: (_page, _error, uid) => [{ type: 'ModUser', id: uid }],
    }),
    getModLog: build.query<Page<ModLogEntry>, number>({
      query: (pageNum) => ({ url: '/mod/log', params: { pageNum } }),
      transformResponse: pageOf<ModLogEntry>,
      providesTags: ['ModLog'],
    }),
    /**
     * A reported 小纸条 in its conversation. The server logs every reading, so nothing is kept once
     * the view closes: each opening is one deliberate, logged read, and the log then shows it.
     */
    getModScrip: build.query<ModScripView, number>({
      query: (scripId) => ({ url: `/mod/scrip/${scripId}` }),
      transformResponse: (res: ApiEnvelope<ModScripView>) => res.data!,
      keepUnusedDataFor: 0,
      async onQueryStarted(_scripId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(modApi.util.invalidateTags(['ModLog']));
        } catch {
          // A refused reading is not logged; the view shows why.
        }
      },
    }),
    modAction: build.mutation<string, ModActionBody>({
      query: (body) => ({ url: '/mod/action', method: 'POST', data: body }),
      transformResponse: (res: ApiEnvelope) => res.msg,
      invalidatesTags: ['ModReports', 'ModUser', 'ModLog'],
    }),
  }),
});

export const { useGetReportsQuery, useGetModUserQuery, useGetModLogQuery, useGetModScripQuery, useModActionMutation } = modApi;
