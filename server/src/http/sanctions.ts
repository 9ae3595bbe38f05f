/**
 * Sanctions enforced on every /api call (issue 17, docs/api.md "Safety (issue 17)" → "Sanctions"),
 * in one hook like archive mode's (http/archive.ts), so a route added later is covered without a
 * line of its own:
 * - a banned user's access token is refused on its next use, reads included (401 `access`: the
 *   client tries a refresh, which fails because the ban revoked every refresh token, and signs out);
 * - a frozen user's mutating calls answer 403 with the end date and the reason, except signing in
 *   and out, the export and marking their own notices read (FROZEN_OPEN).
 *
 * onRequest, before the body is read or checked: a frozen user learns nothing about input rules.
 * The standing comes from a per-process cache (auth/standing.ts StandingCache, 5 s), so a signed-in
 * call costs one indexed query at most every 5 s per user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerUid } from '../auth/guard';
import { frozenMessage, type StandingCache } from '../auth/standing';
import type { TokenSigner } from '../auth/tokens';
import { ApiError, MSG } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Mutating routes a frozen user keeps: the session, the export, and the read mark of the notices that tell them why. */
export const FROZEN_OPEN = new Set([
  '/api/user/login',
  '/api/user/logout',
  '/api/user/refresh',
  '/api/user/checkcookie',
  '/api/user/updatelogin',
  '/api/export/prepare',
  '/api/notice/system/read',
]);

/** The moderation routes answer non-moderators as unknown routes (routes/moderation.ts), frozen or not. */
export const MOD_PREFIX = '/api/mod/';

export function sanctionsHook(signer: TokenSigner, standings: StandingCache) {
  return async (request: FastifyRequest): Promise<void> => {
    const uid = bearerUid(signer, request.headers.authorization);
    if (uid === null) return;
    const standing = await standings.get(uid);
    // No such user: the route's own checks answer (the guard lets the token through; getinfo ends the session).
    if (!standing) return;
    if (standing.bannedAt > 0) throw new ApiError(401, MSG.sessionExpired, 'access');
    if (standing.frozenUntil * 1000 <= Date.now() || !MUTATING.has(request.method)) return;
    // The matched route's pattern: immune to doubled slashes, query strings and case tricks.
    const url = request.routeOptions.url;
    if (url === undefined || FROZEN_OPEN.has(url)) return;
    if (url.startsWith(MOD_PREFIX) && standing.role !== 'moderator') return;
    throw new ApiError(403, frozenMessage(standing));
  };
}

/** Installs the hook on the /api scope (before its routes). */
export function installSanctions(api: FastifyInstance, signer: TokenSigner, standings: StandingCache): void {
  api.addHook('onRequest', sanctionsHook(signer, standings));
}
