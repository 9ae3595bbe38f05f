/**
 * 勋章 (docs/api.md "勋章"): GET /api/medal/list/{uid}, each medal of the catalogue as the user
 * holds it. Reading it first stores what the user's data now earns (so a write that missed its
 * hook corrects itself); an archive writes nothing. A user's medals are part of their space: the
 * answer is the space's own (GET /api/user/getuserinfo/{id}): any signed-in caller, a blocked
 * one included, and 404 for a user who does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { MedalOwnerInput } from '@xiaoba/shared/api-schemas';
import { MEDAL_MSG, type MedalEntry } from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool } from '../../data/pool';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { routeSchema, typed } from '../../api/http/openapi';
import { awardMedals, medalList } from './queries';

export interface MedalRoutesOptions {
  config: Pick<Config, 'archiveMode'>;
  pool: Pool;
  signer: TokenSigner;
}

const SCHEMA = {
  list: routeSchema({
    summary: "A user's medals: each medal of the catalogue in order, earned or not, and when it was first earned",
    description:
      'What the space answers this caller (GET /api/user/getuserinfo/{id}): 404 for a user who does not exist. ' +
      "Reading stores the medals the user's data now earns (none in archive mode).",
    tags: ['medal'],
    auth: true,
    params: MedalOwnerInput,
    data: { type: 'array', items: typed('MedalEntry') },
  }),
};

/** /api/medal: list/{uid}. */
export async function medalRoutes(app: FastifyInstance, { config, pool, signer }: MedalRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.get('/list/:uid', { ...auth, schema: SCHEMA.list }, async (request) => {
    const { uid } = readInput(MedalOwnerInput, request.params);
    const list = config.archiveMode
      ? await medalList(pool, uid)
      : await withTransaction(pool, async (db) => {
          await awardMedals(db, uid);
          return medalList(db, uid);
        });
    if (!list) throw new ApiError(404, MEDAL_MSG.userNotFound);
    return ok<MedalEntry[]>('获取成功', list);
  });
}
