/**
 * The published versions' tables (migration 009): `remote_versions`, one row per stored build, and
 * `remote_active`, the version each remote serves. versions.ts stores the files and decides; these
 * are its statements.
 */
import type { PoolClient, Queryable } from '../../data/pool';
import type { VersionFiles } from './versions';

/** Advisory lock class of a remote's publishes (numbered after its migration, 009). */
const PUBLISH_LOCK_CLASS = 7_263_010;

/** Holds `remote`'s publish lock on this session (all processes) until unlockPublishes. */
export async function lockPublishes(client: PoolClient, remote: string): Promise<void> {
  await client.query("SELECT pg_advisory_lock($1, hashtext('deploy:' || $2))", [PUBLISH_LOCK_CLASS, remote]);
}

export async function unlockPublishes(client: PoolClient, remote: string): Promise<void> {
  await client.query("SELECT pg_advisory_unlock($1, hashtext('deploy:' || $2))", [PUBLISH_LOCK_CLASS, remote]);
}

export async function versionExists(db: Queryable, remote: string, version: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM remote_versions WHERE remote = $1 AND version = $2', [remote, version]);
  return rowCount === 1;
}

export interface NewVersion {
  remote: string;
  version: string;
  commit: string | null;
  files: VersionFiles;
  contract: unknown;
  bytes: number;
  keyId: number;
}

/** Records a stored build; a build recorded already stays as it is. */
export async function insertVersion(db: Queryable, v: NewVersion): Promise<void> {
  await db.query(
    `INSERT INTO remote_versions (remote, version, commit, files, contract, bytes, key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [v.remote, v.version, v.commit, JSON.stringify(v.files), JSON.stringify(v.contract), v.bytes, v.keyId],
  );
}

/** Makes `version` the one `remote` serves; the one it replaces is marked as just left. */
export async function activate(db: Queryable, remote: string, version: string): Promise<void> {
  await db.query(
    `UPDATE remote_versions SET last_active_at = now()
      WHERE remote = $1 AND version <> $2 AND version = (SELECT version FROM remote_active WHERE remote = $1)`,
    [remote, version],
  );
  await db.query(
    `INSERT INTO remote_active (remote, version) VALUES ($1, $2)
     ON CONFLICT (remote) DO UPDATE SET version = EXCLUDED.version, activated_at = now()`,
    [remote, version],
  );
}

export interface VersionRow {
  version: string;
  createdAt: string;
  commit: string | null;
  bytes: number;
  active: boolean;
}

/** Every published version of a remote, newest first. */
export async function listVersions(db: Queryable, remote: string): Promise<VersionRow[]> {
  const { rows } = await db.query<{ version: string; created_at: Date; commit: string | null; bytes: string; active: boolean }>(
    `SELECT v.version, v.created_at AT TIME ZONE 'UTC' AS created_at, v.commit, v.bytes, (a.version IS NOT NULL) AS active
       FROM remote_versions v LEFT JOIN remote_active a ON a.remote = v.remote AND a.version = v.version
      WHERE v.remote = $1 ORDER BY v.created_at DESC, v.version DESC`,
    [remote],
  );
  return rows.map((r) => ({ version: r.version, createdAt: r.created_at.toISOString(), commit: r.commit, bytes: Number(r.bytes), active: r.active }));
}

/** The version `remote` serves, its row locked until the transaction ends; null when none. */
export async function lockActiveVersion(db: Queryable, remote: string): Promise<string | null> {
  const { rows } = await db.query<{ version: string }>(`SELECT a.version FROM remote_active a WHERE a.remote = $1 FOR UPDATE`, [remote]);
  return rows[0]?.version ?? null;
}

/** The version of `remote` published just before `version`, or null. */
export async function versionBefore(db: Queryable, remote: string, version: string): Promise<string | null> {
  const { rows } = await db.query<{ version: string }>(
    `SELECT v.version FROM remote_versions v, remote_versions cur
      WHERE v.remote = $1 AND cur.remote = $1 AND cur.version = $2 AND (v.created_at, v.version) < (cur.created_at, cur.version)
      ORDER BY v.created_at DESC, v.version DESC LIMIT 1`,
    [remote, version],
  );
  return rows[0]?.version ?? null;
}

/**
 * Every remote's versions that still serve: the active one, and those published or active within
 * the last `retainDays`; newest first.
 */
export async function servableVersions(db: Queryable, retainDays: number): Promise<{ remote: string; version: string; active: boolean }[]> {
  const { rows } = await db.query<{ remote: string; version: string; active: boolean }>(
    `SELECT v.remote, v.version, (a.version IS NOT NULL) AS active
       FROM remote_versions v LEFT JOIN remote_active a ON a.remote = v.remote AND a.version = v.version
      WHERE a.version IS NOT NULL
         OR v.created_at > now() - make_interval(days => $1)
         OR v.last_active_at > now() - make_interval(days => $1)
      ORDER BY v.created_at DESC, v.version`,
    [retainDays],
  );
  return rows;
}

/** A version's file table, or null when there is no such version. */
export async function versionFiles(db: Queryable, remote: string, version: string): Promise<VersionFiles | null> {
  const { rows } = await db.query<{ files: VersionFiles }>('SELECT files FROM remote_versions WHERE remote = $1 AND version = $2', [remote, version]);
  return rows[0]?.files ?? null;
}
