/**
 * The caller's own notices from the moderators (docs/api.md "Safety" → "System notices"): a report
 * handled, content removed or restored, a warning, a freeze, a ban, a lift.
 */
import type { FastifyInstance } from 'fastify';
import { pageQuery, SystemNoticesReadBodySchema } from '@xiaoba/shared/api-schemas';
import { BAD_REQUEST, type Page, type SystemNotice } from '@xiaoba/shared/core';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { markSystemNoticesRead, systemNoticePage } from '../moderation';
import type { Pool } from '../../data/pool';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { routeSchema, typed } from '../../api/http/openapi';

export interface SystemNoticeRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

export const SYSTEM_NOTICE_PAGE_SIZE = 20;

/** `?pageNum=&pageSize=`: the list's schema and what its handler reads. */
const PAGE = pageQuery(SYSTEM_NOTICE_PAGE_SIZE);

const SCHEMA = {
  list: routeSchema({
    summary: "The caller's notices from the moderators, newest first, and how many of all are unread",
    tags: ['notice'],
    auth: true,
    querystring: PAGE,
    data: typed('SystemNoticePage'),
  }),
  read: routeSchema({
    summary: "Mark the caller's notices read: those up to `upTo` (the newest shown), or all without it",
    tags: ['notice'],
    auth: true,
    body: SystemNoticesReadBodySchema,
  }),
};

export async function systemNoticeRoutes(app: FastifyInstance, { pool, signer }: SystemNoticeRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.get('/system', { ...auth, schema: SCHEMA.list }, async (request) => {
    const { pageNum, pageSize } = readInput(PAGE, request.query);
    const { total, unread, records } = await systemNoticePage(pool, request.uid, pageSize, (pageNum - 1) * pageSize);
    const page: Page<SystemNotice> & { unread: number } = { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize, unread };
    return ok('获取成功', page);
  });

  app.post<{ Body: { upTo?: unknown } | undefined }>('/system/read', { ...auth, schema: SCHEMA.read }, async (request) => {
    const upTo = request.body?.upTo;
    if (upTo !== undefined && !(typeof upTo === 'number' && Number.isSafeInteger(upTo) && upTo > 0)) throw new ApiError(400, BAD_REQUEST);
    await markSystemNoticesRead(pool, request.uid, upTo ?? null);
    return ok('已读');
  });
}
