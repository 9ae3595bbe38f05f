/**
 * The user search (GET /api/search/user, docs/api.md "Search"), injected into the shared baseApi.
 * Its pages carry shared's `Follows` tag: a follow or unfollow anywhere refreshes `following`.
 * (The yy search belongs to mf-space's yy-api, shown through its `./feed` fragment.)
 */
import { baseApi, SEARCH_USER_PAGE_SIZE, type ApiEnvelope, type Page, type SearchUser } from '@xiaoba/shared';

/** `q` normalized (shared's normalizeSearchQuery), `page` from 1. */
export interface SearchUsersArgs {
  q: string;
  page: number;
}

const isUser = (u: unknown): u is SearchUser =>
  typeof u === 'object' && u !== null && typeof (u as SearchUser).uid === 'number' && typeof (u as SearchUser).name === 'string';

// An answer without a list reads as an empty page.
const usersOf = (res: ApiEnvelope<Page<SearchUser>>, _meta: unknown, { page }: SearchUsersArgs): Page<SearchUser> =>
  Array.isArray(res.data?.records)
    ? { ...res.data, records: res.data.records.filter(isUser) }
    : { records: [], total: 0, pages: 0, current: page, size: SEARCH_USER_PAGE_SIZE };

export const searchApi = baseApi.enhanceEndpoints({ addTagTypes: ['Follows'] }).injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<Page<SearchUser>, SearchUsersArgs>({
      query: ({ q, page }) => ({ url: '/search/user', params: { q, pageNum: page, pageSize: SEARCH_USER_PAGE_SIZE } }),
      transformResponse: usersOf,
      providesTags: ['Follows'],
    }),
  }),
});

export const { useSearchUsersQuery } = searchApi;
