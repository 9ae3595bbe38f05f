/**
 * The page session (`xb_page`, api/auth/cookies.ts): who a page request (GET /my) comes from, for a
 * server that renders signed-in pages. The cookie is signed and names the refresh token issued
 * with it; it counts only while that token is the current one of its login: not yet rotated
 * (or within the race window of a rotation), not revoked, not expired. Every refresh and login
 * sets a new one, so once the owner's browser refreshes, a copied cookie is refused; logout, a
 * ban (revokeAllSessions) and a reused refresh token (the family revoked) end it at once. Reading
 * it writes nothing: a page request never rotates the refresh token (only POST /api/user/refresh does).
 */
import type { Queryable } from '../../data/pool';
import { isCurrentRefreshToken } from './refresh';
import type { StandingCache } from './standing';
import type { TokenSigner } from './tokens';

/**
 * The login's token is read from the database each time (a logout or a revoked family counts at
 * once); the standing comes from the process's StandingCache, as for every API call: a page and
 * each of its album photos would otherwise ask PostgreSQL for it again.
 */
export async function readPageSession(
  pool: Queryable,
  signer: TokenSigner,
  standings: Pick<StandingCache, 'get'>,
  cookieValue: string | undefined,
): Promise<{ uid: number } | null> {
  const claims = cookieValue ? signer.pageSession(cookieValue) : null;
  if (!claims) return null;
  // The token the cookie names is still the current one of its login (or just rotated by another tab).
  if (!(await isCurrentRefreshToken(pool, claims.tokenId, claims.uid))) return null;
  // A ban revokes every family, but a refresh racing it may have left one: banned is never signed in.
  // Frozen users still read their pages. No row: the account is gone.
  const standing = await standings.get(claims.uid);
  if (!standing || standing.bannedAt > 0) return null;
  return { uid: claims.uid };
}
