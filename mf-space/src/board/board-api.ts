/**
 * The message board's calls (docs/api.md "Spaces"), injected into the shared
 * baseApi. Tags: `Leaves` (id: the board owner's uid) for every page of a board, and `LeaveCount`
 * for the own board's count in the side panel. A change patches the cached pages at once (instant
 * on a slow link), then the invalidation brings the server's truth (pages, totals, counts).
 * Another user's count lives in their cached owner record (getUserInfo), patched by one; refetching
 * it would record one more visit.
 */
import {
  baseApi,
  LEAVE_PAGE_SIZE,
  userApi,
  type AddLeaveBody,
  type ApiEnvelope,
  type AppDispatch,
  type LeaveMessage,
  type LeaveReply,
  type Page,
  type RootState,
} from '@xiaoba/shared';

export interface BoardPageArgs {
  fuid: number;
  page: number;
}
export interface DeleteLeaveArgs {
  leaveId: number;
  fuid: number;
}
export interface AddReplyArgs {
  content: string;
  leaveId: number;
  fuid: number;
}
export interface DeleteReplyArgs {
  id: number;
  leaveId: number;
  fuid: number;
}

const emptyPage = (page: number): Page<LeaveMessage> => ({ records: [], total: 0, pages: 0, current: page, size: LEAVE_PAGE_SIZE });

// An answer without a list reads as an empty page; a message without replies as one with none.
const pageOf = (res: ApiEnvelope<Page<LeaveMessage>>, _m: unknown, { page }: BoardPageArgs): Page<LeaveMessage> =>
  Array.isArray(res.data?.records)
    ? { ...res.data, records: res.data.records.map((m) => ({ ...m, replies: Array.isArray(m.replies) ? m.replies : [] })) }
    : emptyPage(page);

const boardTags = (fuid: number) => [{ type: 'Leaves' as const, id: fuid }, 'LeaveCount' as const];

export const boardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Leaves', 'LeaveCount'] }).injectEndpoints({
  endpoints: (build) => ({
    getLeaves: build.query<Page<LeaveMessage>, BoardPageArgs>({
      query: ({ fuid, page }) => ({ url: `/leave/get/${fuid}`, params: { pageNum: page, pageSize: LEAVE_PAGE_SIZE } }),
      transformResponse: pageOf,
      providesTags: (_r, _e, { fuid }) => [{ type: 'Leaves', id: fuid }],
    }),
    addLeave: build.mutation<ApiEnvelope<LeaveMessage>, AddLeaveBody>({
      query: (data) => ({ url: '/leave/add', method: 'POST', data }),
      async onQueryStarted({ fuid }, { dispatch, getState, queryFulfilled }) {
        const created = (await queryFulfilled.catch(() => null))?.data.data;
        if (!created) return;
        const message = { ...created, replies: Array.isArray(created.replies) ? created.replies : [] };
        patchPages(fuid, getState() as RootState, dispatch, (page, args) => {
          if (args.page === 1) page.records.unshift(message);
        });
        patchCount(fuid, +1, dispatch);
      },
      invalidatesTags: (_r, error, { fuid }) => (error ? [] : boardTags(fuid)),
    }),
    deleteLeave: build.mutation<ApiEnvelope, DeleteLeaveArgs>({
      query: ({ leaveId }) => ({ url: '/leave/delete', method: 'DELETE', params: { leaveId } }),
      async onQueryStarted({ leaveId, fuid }, { dispatch, getState, queryFulfilled }) {
        if (
          !(await queryFulfilled.then(
            () => true,
            () => false,
          ))
        )
          return;
        patchPages(fuid, getState() as RootState, dispatch, (page) => {
          page.records = page.records.filter((m) => m.id !== leaveId);
        });
        patchCount(fuid, -1, dispatch);
      },
      invalidatesTags: (_r, error, { fuid }) => (error ? [] : boardTags(fuid)),
    }),
    addLeaveReply: build.mutation<ApiEnvelope<LeaveReply>, AddReplyArgs>({
      query: ({ content, leaveId }) => ({ url: '/leaveReply/add', method: 'POST', data: { content, leaveId } }),
      async onQueryStarted({ leaveId, fuid }, { dispatch, getState, queryFulfilled }) {
        const created = (await queryFulfilled.catch(() => null))?.data.data;
        if (!created) return;
        patchPages(fuid, getState() as RootState, dispatch, (page) => {
          for (const m of page.records) if (m.id === leaveId) m.replies.push(created);
        });
      },
      invalidatesTags: (_r, error, { fuid }) => (error ? [] : [{ type: 'Leaves', id: fuid }]),
    }),
    deleteLeaveReply: build.mutation<ApiEnvelope, DeleteReplyArgs>({
      query: ({ id }) => ({ url: '/leaveReply/delete', method: 'DELETE', params: { id } }),
      async onQueryStarted({ id, leaveId, fuid }, { dispatch, getState, queryFulfilled }) {
        if (
          !(await queryFulfilled.then(
            () => true,
            () => false,
          ))
        )
          return;
        patchPages(fuid, getState() as RootState, dispatch, (page) => {
          for (const m of page.records) if (m.id === leaveId) m.replies = m.replies.filter((r) => r.id !== id);
        });
      },
      invalidatesTags: (_r, error, { fuid }) => (error ? [] : [{ type: 'Leaves', id: fuid }]),
    }),
  }),
});

/** Applies `change` to every cached page of one board. */
function patchPages(fuid: number, state: RootState, dispatch: AppDispatch, change: (page: Page<LeaveMessage>, args: BoardPageArgs) => void) {
  for (const args of boardApi.util.selectCachedArgsForQuery(state, 'getLeaves')) {
    if (args.fuid !== fuid) continue;
    dispatch(boardApi.util.updateQueryData('getLeaves', args, (page) => change(page, args)));
  }
}

/** Another user's board count, kept in their cached owner record (a no-op when not cached). */
function patchCount(fuid: number, delta: number, dispatch: AppDispatch) {
  dispatch(
    userApi.util.updateQueryData('getUserInfo', fuid, (user) => {
      user.leaves = Math.max(0, (user.leaves ?? 0) + delta);
    }),
  );
}

export const { useGetLeavesQuery, useAddLeaveMutation, useDeleteLeaveMutation, useAddLeaveReplyMutation, useDeleteLeaveReplyMutation } = boardApi;
