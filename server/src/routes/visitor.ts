/** GET /api/visitor/get of docs/api.md ("Spaces"): a space's recent visitors and visit count. */
import type { FastifyInstance } from 'fastify';
import { parseQueryId } from '@xiaoba/shared/core';
import { requireUser } from '../auth/guard';
import type { TokenSigner } from '../auth/tokens';
import type { Pool } from '../db/pool';
import { listVisitors } from '../db/visitors';
import { ApiError, ok } from '../http/errors';

export interface VisitorRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

const USER_NOT_FOUND = '用户不存在';

export async function visitorRoutes(app: FastifyInstance, { pool, signer }: VisitorRoutesOptions): Promise<void> {
  const auth = { preHandler: requireUser(signer) };

  // Visits themselves are recorded by GET /api/user/getuserinfo/{id} (the space page's call).
  app.get<{ Querystring: { uid?: unknown } }>('/get', auth, async (request) => {
    const uid = parseQueryId(request.query.uid);
    if (uid === null) throw new ApiError(400, USER_NOT_FOUND);
    const list = await listVisitors(pool, uid);
    if (!list) throw new ApiError(404, USER_NOT_FOUND);
    return ok('获取成功', list);
  });
}
