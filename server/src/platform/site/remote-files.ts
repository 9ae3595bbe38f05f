/**
 * The files of the remotes at `/remotes/<remote>/<path>`. A remote with a published version
 * (platform/deploy/versions.ts) is served from the uploads storage: `remoteEntry.js`, `routes.json` and the
 * prerendered pages from the active version (or the version the page's manifest named, `?v=`), no
 * cache; every other (content-hashed) file from the active version or any version still retained
 * (REMOTE_RETAIN_DAYS), cached for good, so a tab opened before a publish keeps loading its chunks.
 * A remote never published is served from its local `<remote>/dist` as before.
 */
import { statSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistrySource } from '../deploy/registry';
import { fileType, type RemoteVersions, type VersionFile } from '../deploy/versions';
import { remoteDistDir } from './manifest';

export const NO_CACHE = 'no-cache';
/** Past this many local JSON files kept, the cache starts afresh (a bound, not an LRU: prerendered pages are a few per remote). */
const LOCAL_JSON_CACHE_MAX = 256;

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The entry, route list and prerendered pages (prerender/, fixed names) change on deploy; every
 * other file is content-hashed.
 */
export function remoteCachePolicy(rel: string): string {
  return isFixedName(rel) ? NO_CACHE : IMMUTABLE;
}

const isFixedName = (rel: string) => rel === 'remoteEntry.js' || rel === 'routes.json' || rel.endsWith('.html') || rel.startsWith('prerender/');

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Whether an If-None-Match header names `etag`. */
function etagMatches(header: string | undefined, etag: string): boolean {
  return Boolean(header?.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag));
}

export interface RemoteFilesOptions {
  siteDir: string;
  registry: RegistrySource;
  /** Published versions; without them only the local dists are served. */
  versions?: RemoteVersions;
}

export class RemoteFiles {
  constructor(private readonly options: RemoteFilesOptions) {}

  /** The registry's remote names, in order. */
  async names(): Promise<string[]> {
    return (await this.options.registry.load()).remotes.map((r) => r.name);
  }

  private async known(remote: string): Promise<boolean> {
    return (await this.names()).includes(remote);
  }

  /** The version a fixed-name file comes from: the one `?v=` names if still servable, else the active one. */
  private async fixedVersion(remote: string, wanted: string | undefined): Promise<string | null> {
    const versions = this.options.versions;
    if (!versions) return null;
    const servable = await versions.servable(remote);
    if (servable.length === 0) return null;
    if (wanted && servable.includes(wanted)) return wanted;
    return versions.active(remote);
  }

  /** The published file (version and its record) for `rel`, null when none; undefined when the remote has no published version. */
  private async publishedFile(
    remote: string,
    rel: string,
    wanted: string | undefined,
  ): Promise<{ version: string; file: VersionFile; files: Record<string, VersionFile> } | null | undefined> {
    const versions = this.options.versions;
    if (!versions) return undefined;
    const servable = await versions.servable(remote);
    if (servable.length === 0 || !(await versions.active(remote))) return undefined;
    const candidates = isFixedName(rel) ? [await this.fixedVersion(remote, wanted)].filter((v): v is string => v !== null) : servable;
    for (const version of candidates) {
      const files = await versions.files(remote, version);
      const file = files?.[rel];
      if (files && file) return { version, file, files };
    }
    return null;
  }

  /** Answers GET /remotes/<remote>/<rel> (rel already made safe by the caller). */
  async send(request: FastifyRequest, reply: FastifyReply, remote: string, rel: string): Promise<unknown> {
    // server/: the remote's server render (docs/adr/0016 "Step 2"), for the render sandbox, never a browser's.
    if (!rel || rel.startsWith('server/') || !(await this.known(remote))) return reply.callNotFound();
    const v = (request.query as { v?: unknown } | undefined)?.v;
    const found = await this.publishedFile(remote, rel, typeof v === 'string' ? v : undefined);
    if (found === null) return reply.callNotFound();
    if (found === undefined) return this.sendLocal(reply, remote, rel);

    // A build's .br/.gz siblings (tools/precompress.mjs) go out as they are when the browser takes them.
    const accepts = String(request.headers['accept-encoding'] ?? '');
    let { file } = found;
    let encoding: string | null = null;
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const sibling = found.files[rel + ext];
      if (sibling && new RegExp(`\\b${enc}\\b`).test(accepts)) {
        file = sibling;
        encoding = enc;
        break;
      }
    }
    const etag = `"${file.sha256.slice(0, 40)}"`;
    reply.header('cache-control', remoteCachePolicy(rel)).header('etag', etag).header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const stored = await this.options.versions!.storage.get(file.key);
    if (!stored) {
      request.log.error({ remote, version: found.version, rel, key: file.key }, 'a published file is missing from the storage');
      return reply.callNotFound();
    }
    if (encoding) reply.header('content-encoding', encoding);
    if (rel.endsWith('.svg')) reply.header('content-security-policy', SVG_CSP);
    // A HEAD gets the same headers; Fastify's HEAD route drains the stream.
    return reply.type(fileType(rel)).header('content-length', stored.size).send(stored.body);
  }

  private async sendLocal(reply: FastifyReply, remote: string, rel: string): Promise<unknown> {
    const root = remoteDistDir(this.options.siteDir, remote);
    const info = await stat(path.join(root, rel)).catch(() => null);
    if (!info?.isFile()) return reply.callNotFound();
    // @fastify/static sends it (ETag, ranges, content type, .br/.gz siblings); the cache policy is ours.
    reply.header('cache-control', remoteCachePolicy(rel));
    return reply.sendFile(rel, root, { cacheControl: false });
  }

  /**
   * A JSON file of a remote as served now (the active published version, else the local dist), or
   * null when missing or malformed: the prerendered pages read by index.html.
   */
  async readJson(remote: string, rel: string): Promise<unknown> {
    const versions = this.options.versions;
    const active = versions ? await versions.active(remote).catch(() => null) : null;
    if (!active) return this.localJson(path.join(remoteDistDir(this.options.siteDir, remote), rel));
    const data = await versions!.readFile(remote, active, rel).catch(() => null);
    return data ? parseJson(data) : null;
  }

  /** Local JSON files as last read, by path, with the stats they had then. */
  private readonly localCache = new Map<string, { key: string; value: unknown }>();

  /**
   * A local JSON file, read again only when its stats change: every page asks for its remote's
   * prerendered pages, most remotes have none, and one synchronous stat costs a page far less than
   * reading (or failing to open) the file through the thread pool. The value is shared between
   * callers: read it, never change it.
   */
  private async localJson(file: string): Promise<unknown> {
    let info: Stats | undefined;
    try {
      info = statSync(file, { throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!info?.isFile()) return null;
    const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const cached = this.localCache.get(file);
    if (cached?.key === key) return cached.value;
    const data = await readFile(file).catch(() => null);
    if (!data) return null;
    const value = parseJson(data);
    if (this.localCache.size >= LOCAL_JSON_CACHE_MAX) this.localCache.clear();
    this.localCache.set(file, { key, value });
    return value;
  }
}
