/**
 * Block calls (docs/api.md "Safety"), shared by mf-space (block from a space or an item's
 * menu) and mf-settings (the list of blocked users, unblock). Tag `Blocked` covers every page of the
 * caller's list; a block or unblock also refreshes that user's space record (`SpaceUser.blocked`).
 * And 举报 (ui/ReportDialog.tsx): nothing is cached, a report changes nothing the reporter sees
 * but the server's answer (`msg` is REPORT_MSG.reported, or REPORT_MSG.duplicate).
 */
import type { ApiEnvelope, Page } from '../core/api-types';
import type { BlockedUser, ReportBody } from '../core/safety';
import { baseApi } from './base-api';

// An answer without a list reads as an empty page.
const blockPageOf = (res: ApiEnvelope<Page<BlockedUser>>, _meta: unknown, { page }: { page: number }): Page<BlockedUser> =>
  Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: page, size: 0 };

const afterBlockChange = (error: unknown, uid: number) => (error ? [] : ['Blocked' as const, { type: 'Space' as const, id: uid }]);

export const safetyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Blocked'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/block/list?pageNum=: the users the caller blocked, newest first; `page` from 1. `uid` is
     * the signed-in user's and only keys the cache: whoever signs in next in the same tab never sees it.
     */
    blockList: build.query<Page<BlockedUser>, { uid: number; page: number }>({
      query: ({ page }) => ({ url: '/block/list', params: { pageNum: page } }),
      transformResponse: blockPageOf,
      providesTags: ['Blocked'],
    }),
    /** POST /api/block/add {uid}; msg is BLOCK_MSG.blocked. */
    blockAdd: build.mutation<ApiEnvelope, number>({
      query: (uid) => ({ url: '/block/add', method: 'POST', data: { uid } }),
      invalidatesTags: (_r, error, uid) => afterBlockChange(error, uid),
    }),
    /** POST /api/block/remove {uid}; msg is BLOCK_MSG.unblocked. */
    blockRemove: build.mutation<ApiEnvelope, number>({
      query: (uid) => ({ url: '/block/remove', method: 'POST', data: { uid } }),
      invalidatesTags: (_r, error, uid) => afterBlockChange(error, uid),
    }),
    /** POST /api/report/add {kind, id, reason, note?}. */
    reportAdd: build.mutation<ApiEnvelope, ReportBody>({
      query: (data) => ({ url: '/report/add', method: 'POST', data }),
    }),
  }),
});

export const { useBlockListQuery, useBlockAddMutation, useBlockRemoveMutation, useReportAddMutation } = safetyApi;
