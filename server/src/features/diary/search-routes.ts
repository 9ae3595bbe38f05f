/**
 * GET /api/search/diary (docs/api.md "日志"): the entries whose title or body holds `q`, read like
 * GET /api/search/yy (normalizeSearchQuery, the same page bounds), newest first; only entries the
 * caller may see (visible_diaries), and, like yy search, none of users who blocked the caller.
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_MSG, SEARCH_PAGES_MAX, SEARCH_RESULTS_MAX, normalizeSearchQuery, type DiarySummary, type Page } from '@xiaoba/shared/core';
import { DiarySearchQuery } from '@xiaoba/shared/api-schemas';
import { optionalUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema } from '../../api/http/openapi';
import { searchDiaries } from './queries';

const SCHEMA = routeSchema({
  summary: 'The 日志 entries whose title or body holds q (case-insensitive, whitespace folded) that the caller may see, newest first',
  description: `q as GET /api/search/yy reads it: missing or blank 400 ${SEARCH_MSG.empty}; pageNum above ${SEARCH_PAGES_MAX} 400 ${SEARCH_MSG.tooDeep}`,
  tags: ['search'],
  querystring: DiarySearchQuery,
  data: pageOf('DiarySummary'),
});

export async function diarySearchRoutes(app: FastifyInstance, { pool, signer }: { pool: Pool; signer: TokenSigner }): Promise<void> {
  app.get('/diary', { preValidation: optionalUser(signer), schema: SCHEMA }, async (request) => {
    const { q, pageNum, pageSize } = readInput(DiarySearchQuery, request.query);
    const query = normalizeSearchQuery(q);
    if (!query.ok) throw new ApiError(400, query.message);
    if (pageNum > SEARCH_PAGES_MAX) throw new ApiError(400, SEARCH_MSG.tooDeep);
    if (pageNum * pageSize > SEARCH_RESULTS_MAX) throw new ApiError(400, SEARCH_MSG.tooDeepResults);
    const found = await searchDiaries(pool, request.uid, query.value, pageSize, (pageNum - 1) * pageSize);
    const page: Page<DiarySummary> = { records: found.records, total: found.total, pages: Math.ceil(found.total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });
}
