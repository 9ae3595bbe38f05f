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
import { withTransaction, type Pool } from '../../data/pool';
import type { UploadStorage } from '../../uploads/storage';
import type { BuildFile, Contract } from './checks';
import { DeployRefusal } from './checks';
import {
  activate,
  insertVersion,
  lockActiveVersion,
  lockPublishes,
  servableVersions,
  unlockPublishes,
  versionBefore,
  versionExists,
  versionFiles,
} from './queries';

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
    await lockPublishes(client, remote);
    try {
      return await fn();
    } finally {
      await unlockPublishes(client, remote);
    }
  } finally {
    client.release();
  }
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
    const existed = await versionExists(pool, remote, version);
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
        await insertVersion(client, { remote, version, commit: input.commit, files: table, contract: input.contract, bytes, keyId: input.keyId });
      }
      await activate(client, remote, version);
    });
    return { version, files: files.length, bytes, active: true as const, existed };
  });
}

/**
 * Activates `version`, or without one the version published before the active one. Refuses an
 * unknown version (404) and a remote with nothing to go back to (409).
 */
export async function rollback(pool: Pool, remote: string, version: string | undefined): Promise<{ version: string; previous: string | null }> {
  return withTransaction(pool, async (client) => {
    // Row lock: two rollbacks at once each go one step back from what the other left.
    const current = await lockActiveVersion(client, remote);
    let target: string;
    if (version !== undefined) {
      if (!(await versionExists(client, remote, version)))
        throw new DeployRefusal(404, `${remote} has no version ${version} (GET /api/deploy/${remote}/versions lists them)`, '版本不存在');
      target = version;
    } else {
      if (!current) throw new DeployRefusal(409, `${remote} has no published version: nothing to roll back`, '无法回滚');
      const before = await versionBefore(client, remote, current);
      if (!before) throw new DeployRefusal(409, `${remote} has no version before ${current} to roll back to`, '无法回滚');
      target = before;
    }
    await activate(client, remote, target);
    return { version: target, previous: current };
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
    const rows = await servableVersions(this.pool, this.retainDays);
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
      found = versionFiles(this.pool, remote, version);
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
