/** The /api/count calls of docs/api.md ("Notices"): notices of new comments, per caller. */
import type { FastifyInstance } from 'fastify';
import type { CommentNotices } from '@xiaoba/shared/core';
import { requireUser } from '../auth/guard';
import type { TokenSigner } from '../auth/tokens';
import { clearNotices, listNotices, unreadNoticeCount } from '../db/notices';
import type { Pool } from '../db/pool';
import { ApiError, ok } from '../http/errors';

export interface CountRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

const BAD_REQUEST = '请求参数有误';

/** `upTo` of the clear body: absent (or no body) means all; otherwise a positive integer. */
function parseUpTo(body: unknown): number | null {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, BAD_REQUEST);
  const upTo = (body as { upTo?: unknown }).upTo;
  if (upTo === undefined) return null;
  if (typeof upTo !== 'number' || !Number.isSafeInteger(upTo) || upTo <= 0) throw new ApiError(400, BAD_REQUEST);
  return upTo;
}

export async function countRoutes(app: FastifyInstance, { pool, signer }: CountRoutesOptions): Promise<void> {
  const auth = { preHandler: requireUser(signer) };

  app.get('/getcomments', auth, async (request) => {
    const [count, records] = await Promise.all([unreadNoticeCount(pool, request.uid), listNotices(pool, request.uid)]);
    const data: CommentNotices = { count, records };
    return ok('获取成功', data);
  });

  // Always the caller's own notices: there is no uid parameter.
  app.post('/clearcomments', auth, async (request) => {
    const upTo = parseUpTo(request.body);
    return ok('已清除', { count: await clearNotices(pool, request.uid, upTo) });
  });
}
