/** The /api/count calls of docs/api.md ("Notices"): notices of new comments, per caller. */
import type { FastifyInstance } from 'fastify';
import type { CommentNotices } from '@xiaoba/shared/core';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { clearNotices, listNotices, unreadNoticeCount } from './queries';
import type { Pool } from '../../data/pool';
import { parseUpTo } from '../../api/http/body';
import { ok } from '../../api/http/errors';
import { routeSchema, typed } from '../../api/http/openapi';
import { ClearNoticesBodySchema } from '@xiaoba/shared/api-schemas';
import * as v from 'valibot';

export interface CountRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

const tags: ['count'] = ['count'];
/** The body is optional: none, or null, clears all. */
const CLEAR_BODY = v.nullable(ClearNoticesBodySchema);
const SCHEMA = {
  getcomments: routeSchema({
    summary: "The caller's comment notices: the unread count and the 20 newest",
    tags,
    auth: true,
    data: typed('CommentNotices'),
  }),
  clearcomments: routeSchema({
    summary: "Mark the caller's notices read, up to a commentId (no body: all)",
    tags,
    auth: true,
    body: CLEAR_BODY,
    data: { type: 'object', properties: { count: { type: 'integer', description: 'still unread afterwards' } } },
  }),
};

export async function countRoutes(app: FastifyInstance, { pool, signer }: CountRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.get('/getcomments', { ...auth, schema: SCHEMA.getcomments }, async (request) => {
    const [count, records] = await Promise.all([unreadNoticeCount(pool, request.uid), listNotices(pool, request.uid)]);
    const data: CommentNotices = { count, records };
    return ok('获取成功', data);
  });

  // Always the caller's own notices: there is no uid parameter.
  app.post('/clearcomments', { ...auth, schema: SCHEMA.clearcomments }, async (request) => {
    const upTo = parseUpTo(request.body);
    return ok('已清除', { count: await clearNotices(pool, request.uid, upTo) });
  });
}
