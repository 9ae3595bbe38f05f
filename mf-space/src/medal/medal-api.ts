/**
 * A user's medals (GET /api/medal/list/{uid}, docs/api.md "勋章"), injected into the shared
 * baseApi. Tag `Medals` (id: the user's uid).
 */
import { baseApi, type ApiEnvelope } from '@xiaoba/shared';
import { type MedalEntry } from '@xiaoba/shared/space-features';

export const medalApi = baseApi.enhanceEndpoints({ addTagTypes: ['Medals'] }).injectEndpoints({
  endpoints: (build) => ({
    getMedals: build.query<MedalEntry[], number>({
      query: (uid) => ({ url: `/medal/list/${uid}` }),
      // A malformed answer reads as "none earned" rather than breaking the page.
      transformResponse: (res: ApiEnvelope<MedalEntry[]>) => (Array.isArray(res.data) ? res.data : []),
      providesTags: (_r, _e, uid) => [{ type: 'Medals', id: uid }],
    }),
  }),
});

export const { useGetMedalsQuery, useLazyGetMedalsQuery } = medalApi;
