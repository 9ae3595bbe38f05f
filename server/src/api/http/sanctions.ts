/**
 * Sanctions enforced on every /api call (docs/api.md "Safety" → "Sanctions"),
 * in one hook like archive mode's (api/http/archive.ts), so a route added later is covered without a
 * line of its own:
 * - a banned user's access token is refused on its next use, reads included (401 `access`: the
 *   client tries a refresh, which fails because the ban revoked every refresh token, and signs out);
 * - a frozen user's mutating calls answer 403 with the end date and the reason, except those that
 *   reach nobody else and let them protect themself (FROZEN_OPEN).
 *
 * onRequest, before the body is read or checked: a frozen user learns nothing about input rules.
 * The standing comes from a per-process cache (api/auth/standing.ts StandingCache, 5 s), so a signed-in
 * call costs one indexed query at most every 5 s per user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerUid } from '../auth/guard';
import { frozenMessage, type StandingCache } from '../auth/standing';
import type { TokenSigner } from '../auth/tokens';
import { ApiError, MSG } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The mutating routes a frozen user keeps, as `METHOD pattern`: the one place that says what a
 * freeze leaves open (every other mutating route is closed, including routes added later). Open:
 * what reaches no one else, and every tool that protects the frozen user, since a freeze can last
 * a year and harassment does not stop for it. Closed: every write others would see (yy, comment,
 * repost, board message or reply, follow, upload, profile, signature, avatar, skin, import).
 *
 * A list rather than a flag on each route: what a frozen user keeps is a safety decision reviewed
 * as a whole, and a route not listed (new, or renamed) stays closed.
 */
export const FROZEN_OPEN: ReadonlySet<string> = new Set([
  // The session and the export (their data stays theirs).
  'POST /api/user/login',
  'POST /api/user/logout',
  'POST /api/user/refresh',
  'POST /api/user/checkcookie',
  'PATCH /api/user/updatelogin',
  'POST /api/export/prepare',
  // Reading their notices: why they were frozen, comments and new fans marked read.
  'POST /api/notice/system/read',
  'POST /api/count/clearcomments',
  'POST /api/count/clearfans',
  // Keeping others away: block, unblock, privacy, report, unfollow.
  'POST /api/block/add',
  'POST /api/block/remove',
  'POST /api/user/privacy',
  'POST /api/report/add',
  'POST /api/follow/remove',
  // Deleting: their own items, and others' words under their yy and on their board (each route
  // lets only the author or the owner of the yy or board delete).
  'DELETE /api/yy/deleteyy',
  'DELETE /api/comment/delete',
  'DELETE /api/leave/delete',
  'DELETE /api/leaveReply/delete',
  // Their 日志 entries, and comments under them or their own (the author or the entry's owner).
  'DELETE /api/diary/delete',
  'DELETE /api/diary/comment/delete',
  // 小纸条 they received or sent: deleted for themself only.
  'DELETE /api/scrip/delete',
  'DELETE /api/scrip/thread',
]);

/** Whether a frozen user may call this route (its method and registered pattern). */
export const frozenMayUse = (method: string, url: string): boolean => FROZEN_OPEN.has(`${method} ${url}`);

/** The moderation routes answer non-moderators as unknown routes (features/moderation/routes.ts), frozen or not. */
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
    if (url === undefined || frozenMayUse(request.method, url)) return;
    if (url.startsWith(MOD_PREFIX) && standing.role !== 'moderator') return;
    throw new ApiError(403, frozenMessage(standing));
  };
}

/** Installs the hook on the /api scope (before its routes). */
export function installSanctions(api: FastifyInstance, signer: TokenSigner, standings: StandingCache): void {
  api.addHook('onRequest', sanctionsHook(signer, standings));
}
