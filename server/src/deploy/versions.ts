/**
 * Published versions of the remotes: stored immutably in the uploads storage under
 * `remotes/<remote>/<version>/…` (local folder or S3, whichever the site uses), recorded in
 * `remote_versions`, and made live by one write of `remote_active` after every file is stored, so
 * a page load sees the old version or the new one, never half of each. RemoteVersions is the read
 * side: which version each remote serves (re-read from PostgreSQL at most every 2 s, so several
 * API processes agree within that) and which older ones still serve their hashed files.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction, type Pool, type Queryable } from '../db/pool';
import type { UploadStorage } from '../uploads/storage';
import type { BuildFile, Contract } from './checks';
import { DeployRefusal } from './checks';

export interface VersionFile {
  size: number;
  sha256: string;
  /** The storage key (paths with characters the storage does not take are escaped). */
  key: string;
}

export type VersionFiles = Record<string, VersionFile>;

/** A short hash of every path and content: the same build published twice is the same version. */
export function versionOf(files: BuildFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) hash.update(`${f.path}\0${f.sha256}\n`);
  return hash.digest('hex').slice(0, 12);
}

/**
 * The storage key of a file: `remotes/<remote>/<version>/<path>`, where a character the storage
 * refuses (it takes A-Z a-z 0-9 _ . - only; Vite writes names like `__federation_shared_@xiaoba`)
 * is written `_HH_` (its UTF-8 bytes in hex).
 */
export function storageKey(remote: string, version: string, filePath: string): string {
  const escaped = filePath
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9_.-]/gu, (ch) => `_${Buffer.from(ch, 'utf8').toString('hex')}_`))
    .join('/');
  return `remotes/${remote}/${version}/${escaped}`;
}

export interface PublishInput {
  remote: string;
  files: BuildFile[];
  contract: Contract;
  commit: string | null;
  keyId: number;
}

export interface PublishResult {
  version: string;
  files: number;
  bytes: number;
  active: true;
  /** The build was published before: nothing stored again, only activated. */
  existed: boolean;
}

const STORE_CONCURRENCY = 8;
const SMALL_FILE_BYTES = 256 * 1024;
const SMALL_FILES_KEPT = 100;

/** Content types of a build's files, by extension (the storage keeps none for the local driver). */
export const FILE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function fileType(filePath: string): string {
  const dot = filePath.lastIndexOf('.');
  return (dot === -1 ? undefined : FILE_TYPES[filePath.slice(dot).toLowerCase()]) ?? 'application/octet-stream';
}

/** Publishes of one remote one at a time (all processes): two at once cannot interleave their files. */
async function withRemoteLock<T>(pool: Pool, remote: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7263010, hashtext('deploy:' || $1))", [remote]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock(7263010, hashtext('deploy:' || $1))", [remote]);
    }
  } finally {
    client.release();
  }
}

/** Makes `version` the one `remote` serves; the one it replaces is marked as just left. */
async function activate(db: Queryable, remote: string, version: string): Promise<void> {
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

/** Stores the files (unless this exact build is stored already), then activates it. */
export async function publishVersion(pool: Pool, storage: UploadStorage, input: PublishInput): Promise<PublishResult> {
  const { remote, files } = input;
  const version = versionOf(files);
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  const table: VersionFiles = {};
  const byKey = new Map<string, string>();
  for (const f of files) {
    const key = storageKey(remote, version, f.path);
    const other = byKey.get(key);
    if (other) throw new DeployRefusal(400, `${other} and ${f.path} cannot both be stored: rename one`);
    byKey.set(key, f.path);
    table[f.path] = { size: f.data.length, sha256: f.sha256, key };
  }
  return withRemoteLock(pool, remote, async () => {
    const { rowCount } = await pool.query('SELECT 1 FROM remote_versions WHERE remote = $1 AND version = $2', [remote, version]);
    const existed = rowCount === 1;
    if (!existed) {
      const keys = Object.values(table).map((f) => f.key);
      // A publish that failed half-way may have left some of these files (no row was written).
      await storage.delete(keys);
      try {
        for (let i = 0; i < files.length; i += STORE_CONCURRENCY) {
          await Promise.all(files.slice(i, i + STORE_CONCURRENCY).map((f) => storage.put(table[f.path]!.key, f.data, fileType(f.path))));
        }
      } catch (error) {
        await storage.delete(keys).catch(() => {});
        throw error;
      }
    }
    await withTransaction(pool, async (client) => {
      if (!existed) {
        await client.query(
          `INSERT INTO remote_versions (remote, version, commit, files, contract, bytes, key_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [remote, version, input.commit, JSON.stringify(table), JSON.stringify(input.contract), bytes, input.keyId],
        );
      }
      await activate(client, remote, version);
    });
    return { version, files: files.length, bytes, active: true as const, existed };
  });
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

/**
 * Activates `version`, or without one the version published before the active one. Refuses an
 * unknown version (404) and a remote with nothing to go back to (409).
 */
export async function rollback(pool: Pool, remote: string, version: string | undefined): Promise<{ version: string; previous: string | null }> {
  return withTransaction(pool, async (client) => {
    // Row lock: two rollbacks at once each go one step back from what the other left.
    const { rows: active } = await client.query<{ version: string }>(`SELECT a.version FROM remote_active a WHERE a.remote = $1 FOR UPDATE`, [remote]);
    const current = active[0] ?? null;
    let target: string;
    if (version !== undefined) {
      const { rowCount } = await client.query('SELECT 1 FROM remote_versions WHERE remote = $1 AND version = $2', [remote, version]);
      if (rowCount !== 1) throw new DeployRefusal(404, `${remote} has no version ${version} (GET /api/deploy/${remote}/versions lists them)`, '版本不存在');
      target = version;
    } else {
      if (!current) throw new DeployRefusal(409, `${remote} has no published version: nothing to roll back`, '无法回滚');
      const { rows } = await client.query<{ version: string }>(
        `SELECT v.version FROM remote_versions v, remote_versions cur
          WHERE v.remote = $1 AND cur.remote = $1 AND cur.version = $2 AND (v.created_at, v.version) < (cur.created_at, cur.version)
          ORDER BY v.created_at DESC, v.version DESC LIMIT 1`,
        [remote, current.version],
      );
      if (!rows[0]) throw new DeployRefusal(409, `${remote} has no version before ${current.version} to roll back to`, '无法回滚');
      target = rows[0].version;
    }
    await activate(client, remote, target);
    return { version: target, previous: current?.version ?? null };
  });
}

interface Snapshot {
  at: number;
  /** remote -> its active version and the others still serving hashed files, newest first. */
  remotes: Map<string, { active: string | null; retained: string[] }>;
}

export interface PublishedRoutes {
  name: string;
  routes: unknown[];
  fragments?: unknown;
  contract?: unknown;
}

/** The read side, shared by the manifest and the file handler. */
export class RemoteVersions {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Versions never change: their file tables and routes.json are kept once read. */
  private readonly filesCache = new Map<string, Promise<VersionFiles | null>>();
  private readonly routesCache = new Map<string, Promise<PublishedRoutes | null>>();
  /** Small files read by the server itself (prerendered pages for index.html): kept, oldest dropped first. */
  private readonly smallFiles = new Map<string, Buffer>();

  constructor(
    private readonly pool: Pool,
    readonly storage: UploadStorage,
    private readonly retainDays: number,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = 2000,
  ) {}

  /** After a publish or rollback in this process: show it at once here. */
  invalidate(): void {
    this.snapshot = null;
  }

  private async current(): Promise<Snapshot> {
    if (this.snapshot && Date.now() - this.snapshot.at < this.ttlMs) return this.snapshot;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    try {
      return await this.loading;
    } catch (error) {
      // PostgreSQL away for a moment: keep serving what was live rather than failing every file.
      if (this.snapshot) {
        this.log.warn({ err: error }, 'published remotes: reading the active versions failed, using the last known ones');
        return this.snapshot;
      }
      throw error;
    }
  }

  private async load(): Promise<Snapshot> {
    const { rows } = await this.pool.query<{ remote: string; version: string; active: boolean }>(
      `SELECT v.remote, v.version, (a.version IS NOT NULL) AS active
         FROM remote_versions v LEFT JOIN remote_active a ON a.remote = v.remote AND a.version = v.version
        WHERE a.version IS NOT NULL
           OR v.created_at > now() - make_interval(days => $1)
           OR v.last_active_at > now() - make_interval(days => $1)
        ORDER BY v.created_at DESC, v.version`,
      [this.retainDays],
    );
    const remotes = new Map<string, { active: string | null; retained: string[] }>();
    for (const r of rows) {
      const slot = remotes.get(r.remote) ?? { active: null, retained: [] };
      if (r.active) slot.active = r.version;
      else slot.retained.push(r.version);
      remotes.set(r.remote, slot);
    }
    const snapshot = { at: Date.now(), remotes };
    this.snapshot = snapshot;
    return snapshot;
  }

  /** The version `remote` serves, or null when it has none published (its local dist serves). */
  async active(remote: string): Promise<string | null> {
    return (await this.current()).remotes.get(remote)?.active ?? null;
  }

  /** The active version first, then the retained ones, newest first. */
  async servable(remote: string): Promise<string[]> {
    const slot = (await this.current()).remotes.get(remote);
    return slot ? [...(slot.active ? [slot.active] : []), ...slot.retained] : [];
  }

  files(remote: string, version: string): Promise<VersionFiles | null> {
    const id = `${remote}/${version}`;
    let found = this.filesCache.get(id);
    if (!found) {
      found = this.pool
        .query<{ files: VersionFiles }>('SELECT files FROM remote_versions WHERE remote = $1 AND version = $2', [remote, version])
        .then((r) => r.rows[0]?.files ?? null);
      found.catch(() => this.filesCache.delete(id));
      this.filesCache.set(id, found);
    }
    return found;
  }

  /** A stored file's bytes (small files: routes.json, prerendered pages), or null. */
  async readFile(remote: string, version: string, filePath: string): Promise<Buffer | null> {
    const file = (await this.files(remote, version))?.[filePath];
    if (!file) return null;
    const id = `${remote}/${version}/${filePath}`;
    const cached = this.smallFiles.get(id);
    if (cached) return cached;
    const stored = await this.storage.get(file.key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body as Readable) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    // Every page load reads the prerendered page of its path: not a storage (S3) request each time.
    if (data.length <= SMALL_FILE_BYTES) {
      this.smallFiles.set(id, data);
      if (this.smallFiles.size > SMALL_FILES_KEPT) this.smallFiles.delete(this.smallFiles.keys().next().value!);
    }
    return data;
  }

  /** routes.json of a published version (checked when it was published), or null. */
  routes(remote: string, version: string): Promise<PublishedRoutes | null> {
    const id = `${remote}/${version}`;
    let found = this.routesCache.get(id);
    if (!found) {
      found = this.readFile(remote, version, 'routes.json').then((data) => (data ? (JSON.parse(data.toString('utf8')) as PublishedRoutes) : null));
      found.catch(() => this.routesCache.delete(id));
      this.routesCache.set(id, found);
    }
    return found;
  }
}
