/**
 * Deploy keys: `xbd_<remote>_<random>`, one remote each. Only the SHA-256 is stored, so a leaked
 * database does not leak a key; the key is shown once, when created (npm run deploy-key).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../data/pool';

export const KEY_PREFIX = 'xbd_';

export const keyHash = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

export interface DeployKeyRow {
  id: number;
  remote: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A new key for `remote`: its id and the key (print it now: it cannot be read back). */
export async function createKey(db: Queryable, remote: string): Promise<{ id: number; key: string }> {
  const key = `${KEY_PREFIX}${remote}_${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<{ id: string }>('INSERT INTO deploy_keys (remote, key_hash) VALUES ($1, $2) RETURNING id', [remote, keyHash(key)]);
  return { id: Number(rows[0]!.id), key };
}

export async function listKeys(db: Queryable): Promise<DeployKeyRow[]> {
  const { rows } = await db.query<{ id: string; remote: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    `SELECT id, remote, created_at AT TIME ZONE 'UTC' AS created_at, last_used_at AT TIME ZONE 'UTC' AS last_used_at,
            revoked_at AT TIME ZONE 'UTC' AS revoked_at
       FROM deploy_keys ORDER BY id`,
  );
  return rows.map((r) => ({ id: Number(r.id), remote: r.remote, createdAt: r.created_at, lastUsedAt: r.last_used_at, revokedAt: r.revoked_at }));
}

/** Revokes a key; false when there is no such key or it was revoked already. */
export async function revokeKey(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE deploy_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
  return rowCount === 1;
}

export type KeyCheck = { ok: true; id: number } | { ok: false; status: 401 | 403; msg: string };

export const KEY_MSG = {
  missing: 'deploy key required: send it in the X-Deploy-Key header (npm run deploy-key -- create <remote> on the server)',
  unknown: 'unknown deploy key',
  revoked: 'this deploy key was revoked',
  otherRemote: (owner: string, remote: string) => `this deploy key belongs to ${owner}, not ${remote}`,
} as const;

/** Whether `key` may publish `remote`; a good key's last use is recorded. */
export async function checkKey(db: Queryable, key: string | undefined, remote: string): Promise<KeyCheck> {
  if (!key) return { ok: false, status: 401, msg: KEY_MSG.missing };
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return { ok: false, status: 401, msg: KEY_MSG.unknown };
  const { rows } = await db.query<{ id: string; remote: string; revoked_at: Date | null }>(
    'SELECT id, remote, revoked_at FROM deploy_keys WHERE key_hash = $1',
    [keyHash(key)],
  );
  const row = rows[0];
  if (!row) return { ok: false, status: 401, msg: KEY_MSG.unknown };
  if (row.revoked_at) return { ok: false, status: 401, msg: KEY_MSG.revoked };
  if (row.remote !== remote) return { ok: false, status: 403, msg: KEY_MSG.otherRemote(row.remote, remote) };
  await db.query('UPDATE deploy_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  return { ok: true, id: Number(row.id) };
}
