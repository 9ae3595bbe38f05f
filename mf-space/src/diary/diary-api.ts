/**
 * 日志 calls (docs/api.md "日志") of the diary pages, injected into the shared baseApi from their own
 * chunks. Tags: `{Diaries, uid}` every page of one space's list (and `{Diaries, 'search'}` mf-home's
 * search results, diary-search-api.ts there), `{Diary, diaryId}` one entry, `{DiaryComments, diaryId}`
 * the pages of its comments.
 * Writing, editing or deleting an entry refreshes the lists; a comment refreshes the entry (its
 * count), its comments and the lists (their counts). The cache needs no user key: the shell
 * clears it when another user signs in.
 */
import { baseApi, type ApiEnvelope, type Page } from '@xiaoba/shared';
import {
  DIARY_COMMENT_PAGE_SIZE,
  DIARY_PAGE_SIZE,
  type AddDiaryBody,
  type AddDiaryCommentBody,
  type Diary,
  type DiaryAdded,
  type DiaryComment,
  type DiarySummary,
  type UpdateDiaryBody,
} from '@xiaoba/shared/space-features';

/** `page` from 1. */
export interface DiaryListArgs {
  uid: number;
  page: number;
}
export interface DiaryCommentsArgs {
  diaryId: number;
  page: number;
}

// An answer without a list reads as an empty page.
const pageOf =
  <T>(size: number) =>
  (res: ApiEnvelope<Page<T>>, _meta: unknown, { page }: { page: number }): Page<T> =>
    Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: page, size };

/** Every list and search page: an entry's title, excerpt, visibility or count shows in them. */
const LISTS = { type: 'Diaries' as const };
/** What a comment changes: the entry's count, its comments, the lists' counts. */
const afterComment = (error: unknown, diaryId: number) =>
  error ? [] : [LISTS, { type: 'Diary' as const, id: diaryId }, { type: 'DiaryComments' as const, id: diaryId }];

export const diaryApi = baseApi.enhanceEndpoints({ addTagTypes: ['Diaries', 'Diary', 'DiaryComments'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/diary/list/{uid}: the entries the caller may see, newest first. */
    diaryList: build.query<Page<DiarySummary>, DiaryListArgs>({
      query: ({ uid, page }) => ({ url: `/diary/list/${uid}`, params: { pageNum: page, pageSize: DIARY_PAGE_SIZE } }),
      transformResponse: pageOf<DiarySummary>(DIARY_PAGE_SIZE),
      providesTags: (_r, _e, { uid }) => [{ type: 'Diaries', id: uid }],
    }),
    /**
     * GET /api/diary/get/{diaryId}: one entry, or null for its 404 日志不存在 (missing, or not for the
     * caller's eyes). An answer, not an error: a server-rendered page hands only answers over to the
     * browser, which then shows 日志不存在 from its first render, as the server did.
     */
    diary: build.query<Diary | null, number>({
      async queryFn(diaryId, _api, _extra, baseQuery) {
        const res = await baseQuery({ url: `/diary/get/${diaryId}` });
        if (res.error) return res.error.status === 404 ? { data: null } : { error: res.error };
        const entry = (res.data as ApiEnvelope<Diary>).data;
        return entry && typeof entry.diaryId === 'number' ? { data: entry } : { error: { status: null, message: '日志加载失败' } };
      },
      providesTags: (_r, _e, diaryId) => [{ type: 'Diary', id: diaryId }],
    }),
    /** GET /api/diary/comments/{diaryId}: its comments, oldest first. */
    diaryComments: build.query<Page<DiaryComment>, DiaryCommentsArgs>({
      query: ({ diaryId, page }) => ({ url: `/diary/comments/${diaryId}`, params: { pageNum: page, pageSize: DIARY_COMMENT_PAGE_SIZE } }),
      transformResponse: pageOf<DiaryComment>(DIARY_COMMENT_PAGE_SIZE),
      providesTags: (_r, _e, { diaryId }) => [{ type: 'DiaryComments', id: diaryId }],
    }),
    /** POST /api/diary/add; the refusals' words are the server's (DIARY_MSG). */
    addDiary: build.mutation<DiaryAdded, AddDiaryBody>({
      query: (data) => ({ url: '/diary/add', method: 'POST', data }),
      transformResponse: (res: ApiEnvelope<DiaryAdded>) => res.data as DiaryAdded,
      invalidatesTags: (_r, error) => (error ? [] : [LISTS]),
    }),
    /** PATCH /api/diary/update: the whole entry again. */
    updateDiary: build.mutation<ApiEnvelope, UpdateDiaryBody>({
      query: (data) => ({ url: '/diary/update', method: 'PATCH', data }),
      invalidatesTags: (_r, error, { diaryId }) => (error ? [] : [LISTS, { type: 'Diary', id: diaryId }]),
    }),
    /**
     * DELETE /api/diary/delete?diaryId. The entry's own cache is left alone: its page is being
     * left, and asking it again would only show 日志不存在 on the way out.
     */
    deleteDiary: build.mutation<ApiEnvelope, number>({
      query: (diaryId) => ({ url: '/diary/delete', method: 'DELETE', params: { diaryId } }),
      invalidatesTags: (_r, error) => (error ? [] : [LISTS]),
    }),
    /** POST /api/diary/comment/add: answers the comment. */
    addDiaryComment: build.mutation<DiaryComment, AddDiaryCommentBody>({
      query: (data) => ({ url: '/diary/comment/add', method: 'POST', data }),
      transformResponse: (res: ApiEnvelope<DiaryComment>) => res.data as DiaryComment,
      invalidatesTags: (_r, error, { diaryId }) => afterComment(error, diaryId),
    }),
    /** DELETE /api/diary/comment/delete?commentId, by its author or the entry's owner; `diaryId` is the entry. */
    deleteDiaryComment: build.mutation<ApiEnvelope, { commentId: number; diaryId: number }>({
      query: ({ commentId }) => ({ url: '/diary/comment/delete', method: 'DELETE', params: { commentId } }),
      invalidatesTags: (_r, error, { diaryId }) => afterComment(error, diaryId),
    }),
  }),
});

export const {
  useDiaryListQuery,
  useDiaryQuery,
  useDiaryCommentsQuery,
  useAddDiaryMutation,
  useUpdateDiaryMutation,
  useDeleteDiaryMutation,
  useAddDiaryCommentMutation,
  useDeleteDiaryCommentMutation,
} = diaryApi;
