/**
 * The page session (`xb_page`, auth/cookies.ts): who a page request (GET /my) comes from, for a
 * server that renders signed-in pages. The cookie is signed and names a refresh family; it counts
 * only while that family still has a usable refresh token, so logout, a ban (revokeAllSessions)
 * and a reused refresh token (the family revoked) end it at once. Reading it writes nothing: a
 * page request never rotates the refresh token (only POST /api/user/refresh does).
 */
import type { Queryable } from '../db/pool';
import { readStanding } from './standing';
import type { TokenSigner } from './tokens';

export async function readPageSession(pool: Queryable, signer: TokenSigner, cookieValue: string | undefined): Promise<{ uid: number } | null> {
  const claims = cookieValue ? signer.pageSession(cookieValue) : null;
  if (!claims) return null;
  // refresh_tokens_family_idx (migration 001) serves the lookup by family.
  const { rowCount } = await pool.query({
    name: 'page-session-family',
    text: `SELECT 1 FROM refresh_tokens
            WHERE family_id = $1 AND uid = $2 AND revoked_at IS NULL AND expires_at > now() LIMIT 1`,
    values: [claims.familyId, claims.uid],
  });
  if (!rowCount) return null;
  // A ban revokes every family, but a refresh racing it may have left one: banned is never signed in.
  // Frozen users still read their pages. No row: the account is gone.
  const standing = await readStanding(pool, claims.uid);
  if (!standing || standing.bannedAt > 0) return null;
  return { uid: claims.uid };
}
