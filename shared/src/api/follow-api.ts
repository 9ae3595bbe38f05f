/**
 * Follow calls (docs/api.md "Follows"), shared by mf-space (关注 / 已关注 in another user's
 * space) and mf-home (the 我的关注 / 我的粉丝 page with its follow-back buttons). Tag `Follows` covers
 * every page of every list. A follow or unfollow changes counters on both sides (the followed user's
 * fans, the caller's follows), so it refreshes every space record shown (`SpaceUser.following` and
 * the counters) and the caller's own info, besides the lists.
 */
import type { ApiEnvelope, Page } from '../core/api-types';
import type { FollowBody, FollowListKind, FollowUser } from '../core/follows';
import { baseApi } from './base-api';

// An answer without a list reads as an empty page.
const followPageOf = (res: ApiEnvelope<Page<FollowUser>>, _meta: unknown, { page }: { page: number }): Page<FollowUser> =>
  Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: page, size: 0 };

// Invalidating the whole `Space` type refetches only the records on screen (unwatched ones are dropped).
const afterFollowChange = (error: unknown) => (error ? [] : ['Follows' as const, 'Space' as const, 'User' as const]);

export const followApi = baseApi.enhanceEndpoints({ addTagTypes: ['Follows'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/follow/list/{uid}?kind=follows|fans&pageNum=: whom `uid` follows or who follows them,
     * newest relation first, `following` / `followsMe` from the caller's point of view; `page` from 1.
     * Someone else's hidden lists answer 403 FOLLOW_MSG.hidden.
     */
    followList: build.query<Page<FollowUser>, { uid: number; kind: FollowListKind; page: number }>({
      query: ({ uid, kind, page }) => ({ url: `/follow/list/${uid}`, params: { kind, pageNum: page } }),
      transformResponse: followPageOf,
      providesTags: ['Follows'],
    }),
    /** POST /api/follow/add {uid}; msg is FOLLOW_MSG.followed. */
    followAdd: build.mutation<ApiEnvelope, number>({
      query: (uid) => ({ url: '/follow/add', method: 'POST', data: { uid } satisfies FollowBody }),
      invalidatesTags: (_r, error) => afterFollowChange(error),
    }),
    /** POST /api/follow/remove {uid}; msg is FOLLOW_MSG.unfollowed. */
    followRemove: build.mutation<ApiEnvelope, number>({
      query: (uid) => ({ url: '/follow/remove', method: 'POST', data: { uid } satisfies FollowBody }),
      invalidatesTags: (_r, error) => afterFollowChange(error),
    }),
  }),
});

export const { useFollowListQuery, useFollowAddMutation, useFollowRemoveMutation } = followApi;
