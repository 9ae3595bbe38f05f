/**
 * Search (docs/api.md "Search"): GET /api/search/user and
 * GET /api/search/yy. Reads for a signed-in user, limited like every /api call (the general
 * per-user limit of app.ts); the SQL and its plan are in features/search/queries.ts and migration 020.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  SEARCH_MSG,
  SEARCH_PAGES_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_RESULTS_MAX,
  SEARCH_USER_PAGE_SIZE,
  YY_PAGE_SIZE,
  normalizeSearchQuery,
  type Page,
} from '@xiaoba/shared/core';
import { pagedQuery, textValue } from '@xiaoba/shared/api-schemas';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { searchUsers, searchYy, type SearchPage } from './queries';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema } from '../../api/http/openapi';

export interface SearchRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

/** `q` and the paging of either route; `q` is checked by the handler (its messages are SEARCH_MSG's). */
const searchQuery = (defaultSize: number) =>
  pagedQuery(defaultSize, {
    q: v.optional(
      textValue(
        `the words: trimmed, whitespace folded, at most ${SEARCH_QUERY_MAX} characters (else 400 ${SEARCH_MSG.tooLong}); missing or blank: 400 ${SEARCH_MSG.empty}. ` +
          `pageNum above ${SEARCH_PAGES_MAX}: 400 ${SEARCH_MSG.tooDeep}; pageNum × pageSize above ${SEARCH_RESULTS_MAX}: 400 ${SEARCH_MSG.tooDeepResults}`,
      ),
    ),
  });
const QUERY = { user: searchQuery(SEARCH_USER_PAGE_SIZE), yy: searchQuery(YY_PAGE_SIZE) };

const tags: ['search'] = ['search'];
const SCHEMA = {
  user: routeSchema({
    summary: 'Users by exact 米米号 (listed first, whatever their privacy) or by part of a nickname (findable users only); total: see docs/api.md',
    tags,
    auth: true,
    querystring: QUERY.user,
    data: pageOf('SearchUser'),
  }),
  yy: routeSchema({
    summary: 'The yy whose words hold q (case-insensitive, whitespace folded), newest first; total: see docs/api.md',
    tags,
    auth: true,
    querystring: QUERY.yy,
    data: pageOf('Yy'),
  }),
};

type Read<T> = (pool: Pool, viewer: number, q: string, limit: number, offset: number) => Promise<SearchPage<T>>;

/** /api/search: user and yy. */
export async function searchRoutes(app: FastifyInstance, { pool, signer }: SearchRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  const route = <T>(path: 'user' | 'yy', read: Read<T>) =>
    app.get(`/${path}`, { ...auth, schema: SCHEMA[path] }, async (request) => {
      const { q, pageNum, pageSize } = readInput(QUERY[path], request.query);
      const query = normalizeSearchQuery(q);
      if (!query.ok) throw new ApiError(400, query.message);
      if (pageNum > SEARCH_PAGES_MAX) throw new ApiError(400, SEARCH_MSG.tooDeep);
      // The work of a page grows with its end: bounded, whatever the page size.
      if (pageNum * pageSize > SEARCH_RESULTS_MAX) throw new ApiError(400, SEARCH_MSG.tooDeepResults);
      const found = await read(pool, request.uid, query.value, pageSize, (pageNum - 1) * pageSize);
      const page: Page<T> = { records: found.records, total: found.total, pages: Math.ceil(found.total / pageSize), current: pageNum, size: pageSize };
      return ok('获取成功', page);
    });

  route('user', searchUsers);
  route('yy', searchYy);
}
