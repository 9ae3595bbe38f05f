/**
 * GET /api/mod/remote (docs/api.md "Safety" → "Moderation"): the manifest entries of the remotes
 * for moderators only (mf-admin), which the public manifest leaves out (platform/site/manifest.ts,
 * ADR 14). The shell asks for it only for a user whose role is `moderator`, registers what it gets
 * and adds its routes. Anyone else (no token, a bad one, a user) gets the answer of an unknown
 * route, 404 接口不存在, as every /api/mod/* route gives: the API does not tell them the area exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MOD_MSG } from '@xiaoba/shared/core';
import { readStanding } from '../../api/auth/standing';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { ApiError, ok } from '../../api/http/errors';
import { routeSchema } from '../../api/http/openapi';
import type { ManifestBuilder, RemoteManifestEntry } from '../../platform/site/manifest';

export interface ModRemoteRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
  /** The site's manifest builder (its registry and published versions). */
  manifest: Pick<ManifestBuilder, 'forAudience'>;
}

/** What GET /api/mod/remote answers: the same entries as `/remotes.json`'s `remotes`. */
export interface ModRemoteData {
  remotes: RemoteManifestEntry[];
}

const BEARER = /^Bearer\s+(\S+)$/i;

const SCHEMA = routeSchema({
  summary: 'The remotes for moderators only (mf-admin): their manifest entries, as in /remotes.json',
  description:
    "Needs a moderator's `Authorization: Bearer <access token>`; without one, with a bad one or as a user: 404 接口不存在, like an unknown route. `remotes` is empty while mf-admin is neither built nor published.",
  tags: ['mod'],
  data: {
    type: 'object',
    required: ['remotes'],
    properties: { remotes: { type: 'array', items: { type: 'object', description: 'RemoteManifestEntry (shared/src/federation/route-table.ts)' } } },
  },
});

/** The caller's uid when they are a moderator now (the role is read, never taken from the token). */
async function moderatorUid(pool: Pool, signer: TokenSigner, request: FastifyRequest): Promise<number | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const uid = match ? signer.accessUid(match[1]!) : null;
  if (uid === null) return null;
  return (await readStanding(pool, uid))?.role === 'moderator' ? uid : null;
}

export async function modRemoteRoutes(app: FastifyInstance, { pool, signer, manifest }: ModRemoteRoutesOptions): Promise<void> {
  app.get('/remote', { schema: SCHEMA }, async (request, reply) => {
    if ((await moderatorUid(pool, signer, request)) === null) throw new ApiError(404, MOD_MSG.notModerator);
    // Per user: no shared cache may keep a moderator's answer for someone else.
    reply.header('cache-control', 'private, no-store');
    const data: ModRemoteData = { remotes: await manifest.forAudience('moderators') };
    return ok('获取成功', data);
  });
}
