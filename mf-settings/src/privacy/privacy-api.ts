/**
 * The privacy calls of /setting/privacy (docs/api.md "Safety"): GET /api/user/privacy and
 * POST /api/user/privacy with only the changed field. A change shows at once (the cached settings
 * are patched before the request), goes back if the server refuses it, and the server's whole
 * settings replace the cache when it answers.
 */
import { baseApi, DEFAULT_PRIVACY, type ApiEnvelope, type PrivacySettings } from '@xiaoba/shared';

/** Fields the answer lacks keep the defaults (today's behaviour), so a partial answer still shows every setting. */
const settingsOf = (res: ApiEnvelope<Partial<PrivacySettings>>): PrivacySettings => ({ ...DEFAULT_PRIVACY, ...res.data });

export const privacyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Privacy'] }).injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in user's uid; it only keys the cache, so whoever signs in next
    // in the same tab (a family computer) never sees, or changes from, the previous user's settings.
    getPrivacy: build.query<PrivacySettings, number>({
      query: () => ({ url: '/user/privacy' }),
      transformResponse: settingsOf,
      providesTags: ['Privacy'],
    }),
    setPrivacy: build.mutation<PrivacySettings, { uid: number; change: Partial<PrivacySettings> }>({
      query: ({ change }) => ({ url: '/user/privacy', method: 'POST', data: change }),
      transformResponse: settingsOf,
      async onQueryStarted({ uid, change }, { dispatch, queryFulfilled }) {
        const patch = dispatch(privacyApi.util.updateQueryData('getPrivacy', uid, (draft) => Object.assign(draft, change)));
        try {
          const { data } = await queryFulfilled;
          dispatch(privacyApi.util.updateQueryData('getPrivacy', uid, (draft) => Object.assign(draft, data)));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetPrivacyQuery, useSetPrivacyMutation } = privacyApi;
