/**
 * Refresh tokens: opaque 256-bit values, kept only as sha256 in `refresh_tokens`.
 * One login = one family; each use rotates the token; a rotated token presented again means it
 * was copied, so the whole family (every device of that login) is revoked.
 * Except within ROTATION_GRACE_SECONDS of its rotation: two tabs of one browser that refresh at
 * the same moment send the same cookie, and that is a race, not a theft; the late one gets a
 * successor of its own in the same family.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { withTransaction, type Pool, type Queryable } from '../../data/pool';

/** A refresh token, its id and the login (family) it belongs to. */
export interface IssuedRefreshToken {
  token: string;
  /**
   * The token's sha256 (base64url), as kept in `refresh_tokens`: the page session cookie names it,
   * so that cookie is good only while this token is the current one of its login.
   */
  tokenId: string;
  familyId: string;
}

export type RotateResult = ({ ok: true; uid: number } & IssuedRefreshToken) | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export const ROTATION_GRACE_SECONDS = 10;

const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The stored hash of a token id (IssuedRefreshToken.tokenId), for a lookup by id. */
export const tokenIdHash = (tokenId: string): Buffer => Buffer.from(tokenId, 'base64url');

/**
 * The token `tokenId` of `uid` is the current one of its login: not revoked nor expired, and not
 * rotated, or rotated within ROTATION_GRACE_SECONDS (a page request sent as another tab refreshed
 * carries the token just rotated: it counts for the same window a refresh race does). By the
 * token's primary key.
 */
export async function isCurrentRefreshToken(db: Queryable, tokenId: string, uid: number): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'page-session-token',
    text: `SELECT 1 FROM refresh_tokens
            WHERE token_hash = $1 AND uid = $2 AND revoked_at IS NULL AND expires_at > now()
              AND (rotated_at IS NULL OR rotated_at > now() - make_interval(secs => $3))`,
    values: [tokenIdHash(tokenId), uid, ROTATION_GRACE_SECONDS],
  });
  return rowCount !== null && rowCount > 0;
}

/** Starts a new family (a login) or continues one (a rotation); returns the cookie value and its family. */
export async function issueRefreshToken(db: Queryable, uid: number, ttlDays: number, familyId: string = randomUUID()): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, uid, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [tokenHash(token), familyId, uid, ttlDays],
  );
  return { token, tokenId: tokenHash(token).toString('base64url'), familyId };
}

export async function rotateRefreshToken(pool: Pool, token: string, ttlDays: number): Promise<RotateResult> {
  return withTransaction(pool, async (client) => {
    // FOR UPDATE: two requests racing with one token cannot both rotate it.
    const { rows } = await client.query<{ family_id: string; uid: number; state: 'ok' | 'grace' | 'reused' | 'revoked' | 'expired' }>(
      `SELECT family_id, uid,
              CASE WHEN revoked_at IS NOT NULL THEN 'revoked'
                   WHEN expires_at <= now() THEN 'expired'
                   WHEN rotated_at > now() - make_interval(secs => $2) THEN 'grace'
                   WHEN rotated_at IS NOT NULL THEN 'reused'
                   ELSE 'ok' END AS state
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash(token), ROTATION_GRACE_SECONDS],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.state === 'reused') {
      await revokeFamily(client, row.family_id);
      return { ok: false, reason: 'reused' };
    }
    if (row.state === 'revoked' || row.state === 'expired') return { ok: false, reason: row.state };
    if (row.state === 'ok') await client.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [tokenHash(token)]);
    const next = await issueRefreshToken(client, row.uid, ttlDays, row.family_id);
    return { ok: true, uid: row.uid, ...next };
  });
}

/** The owner of a token that is still usable, without rotating it (for checkcookie). */
export async function refreshTokenOwner(pool: Pool, token: string): Promise<number | null> {
  const { rows } = await pool.query<{ uid: number }>(
    `SELECT uid FROM refresh_tokens
      WHERE token_hash = $1 AND revoked_at IS NULL AND rotated_at IS NULL AND expires_at > now()`,
    [tokenHash(token)],
  );
  return rows[0]?.uid ?? null;
}

/** Logout: ends the family the token belongs to, whatever state the token is in. */
export async function revokeRefreshToken(pool: Pool, token: string): Promise<void> {
  await pool.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL
        AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [tokenHash(token)],
  );
}

async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/** Drops tokens past their expiry: by then a reuse can no longer be told from an expired token anyway. */
export async function purgeExpiredRefreshTokens(pool: Pool): Promise<void> {
  await pool.query('DELETE FROM refresh_tokens WHERE expires_at < now()');
}
