/** GET /api/visitor/get of docs/api.md ("Spaces"): a space's recent visitors and visit count. */
import type { FastifyInstance } from 'fastify';
import { idInput } from '@xiaoba/shared/api-schemas';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { listVisitors } from './queries';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { routeSchema, typed } from '../../api/http/openapi';

export interface VisitorRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

const USER_NOT_FOUND = '用户不存在';
/** `?uid=`: the route's schema and what its handler reads. */
const OWNER = idInput('uid', USER_NOT_FOUND, "the space's owner");

const GET_SCHEMA = routeSchema({
  summary: "A space's 9 latest distinct visitors and its visit count (none, hidden: true, when its owner hides them from others)",
  tags: ['visitor'],
  auth: true,
  querystring: OWNER,
  data: typed('VisitorList'),
});

export async function visitorRoutes(app: FastifyInstance, { pool, signer }: VisitorRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  // Visits themselves are recorded by GET /api/user/getuserinfo/{id} (the space page's call).
  app.get('/get', { ...auth, schema: GET_SCHEMA }, async (request) => {
    const { uid } = readInput(OWNER, request.query);
    // Another's hidden visitors and the users they blocked are left out (features/visitors/queries.ts).
    const list = await listVisitors(pool, uid, request.uid);
    if (!list) throw new ApiError(404, USER_NOT_FOUND);
    return ok('获取成功', list);
  });
}
