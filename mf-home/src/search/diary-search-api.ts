/**
 * The 日志 search (GET /api/search/diary, docs/api.md "Search"), injected into the shared baseApi
 * from /search's chunk. Its pages carry the `{Diaries, 'search'}` tag: writing, editing, deleting or
 * commenting an entry (mf-space's diary-api, which invalidates every `Diaries` tag) refreshes them.
 */
import { baseApi, type ApiEnvelope, type Page } from '@xiaoba/shared';
import { DIARY_PAGE_SIZE, type DiarySummary } from '@xiaoba/shared/space-features';

/** `q` normalized (shared's normalizeSearchQuery), `page` from 1. */
export interface DiarySearchArgs {
  q: string;
  page: number;
}

// An answer without a list reads as an empty page.
const entriesOf = (res: ApiEnvelope<Page<DiarySummary>>, _meta: unknown, { page }: DiarySearchArgs): Page<DiarySummary> =>
  Array.isArray(res.data?.records) ? res.data : { records: [], total: 0, pages: 0, current: page, size: DIARY_PAGE_SIZE };

export const diarySearchApi = baseApi.enhanceEndpoints({ addTagTypes: ['Diaries'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The entries the caller may see that hold the words. */
    searchDiary: build.query<Page<DiarySummary>, DiarySearchArgs>({
      query: ({ q, page }) => ({ url: '/search/diary', params: { q, pageNum: page, pageSize: DIARY_PAGE_SIZE } }),
      transformResponse: entriesOf,
      providesTags: [{ type: 'Diaries', id: 'search' }],
    }),
  }),
});

export const { useSearchDiaryQuery } = diarySearchApi;
