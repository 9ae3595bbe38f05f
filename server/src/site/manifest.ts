/**
 * The runtime manifest of the remotes (`/remotes.json`): for each remote whose dist holds both
 * `remoteEntry.js` and `routes.json`, its entry URL with a content hash and its routes.
 * Paths are resolved on every call (a dist folder may be swapped by a rename), and a remote is
 * re-read only when its files' stats change, so a redeploy shows without a restart.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** The remote folders under SITE_DIR, in the order the shell registers them. */
export const REMOTE_DIRS = ['mf-auth', 'mf-space', 'mf-home', 'mf-settings'] as const;
export type RemoteDir = (typeof REMOTE_DIRS)[number];

export interface RemoteManifestEntry {
  name: string;
  url: string;
  version: string;
  routes: unknown[];
}

export interface Manifest {
  remotes: RemoteManifestEntry[];
}

export function remoteDistDir(siteDir: string, remote: RemoteDir): string {
  return path.join(siteDir, remote, 'dist');
}

interface CacheSlot {
  /** Stats of both files (or why they are unusable) when `entry` was computed. */
  key: string;
  entry: RemoteManifestEntry | null;
}

export class ManifestBuilder {
  private readonly cache = new Map<RemoteDir, CacheSlot>();

  constructor(
    private readonly siteDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async build(): Promise<Manifest> {
    const entries = await Promise.all(REMOTE_DIRS.map((remote) => this.remote(remote)));
    return { remotes: entries.filter((e): e is RemoteManifestEntry => e !== null) };
  }

  private async remote(remote: RemoteDir): Promise<RemoteManifestEntry | null> {
    const dir = remoteDistDir(this.siteDir, remote);
    const entryFile = path.join(dir, 'remoteEntry.js');
    const routesFile = path.join(dir, 'routes.json');
    const [entryStat, routesStat] = await Promise.all([stat(entryFile).catch(() => null), stat(routesFile).catch(() => null)]);
    const key =
      entryStat && routesStat
        ? [entryStat, routesStat].map((s) => `${s.ino}:${s.size}:${s.mtimeMs}`).join('|')
        : `missing:${Boolean(entryStat)}:${Boolean(routesStat)}`;
    const cached = this.cache.get(remote);
    if (cached?.key === key) return cached.entry;

    let entry: RemoteManifestEntry | null = null;
    if (!entryStat || !routesStat) {
      this.log.warn({ remote, dir }, 'remote skipped: its dist lacks remoteEntry.js or routes.json (not built?)');
    } else {
      try {
        entry = await this.read(remote, entryFile, routesFile);
      } catch (error) {
        this.log.warn({ remote, err: error }, 'remote skipped: its files cannot be read');
      }
    }
    this.cache.set(remote, { key, entry });
    return entry;
  }

  private async read(remote: RemoteDir, entryFile: string, routesFile: string): Promise<RemoteManifestEntry> {
    const [code, routesText] = await Promise.all([readFile(entryFile), readFile(routesFile, 'utf8')]);
    const routes = JSON.parse(routesText) as { name?: unknown; routes?: unknown };
    if (typeof routes.name !== 'string' || !Array.isArray(routes.routes)) {
      throw new Error('routes.json must be {"name": string, "routes": [...]}');
    }
    const version = createHash('sha256').update(code).digest('hex').slice(0, 12);
    return {
      name: routes.name,
      url: `/remotes/${remote}/remoteEntry.js?v=${version}`,
      version,
      routes: routes.routes,
    };
  }
}

/** The manifest as an inline script for index.html; `<` is escaped so no `</script>` can end it. */
export function manifestScript(manifest: Manifest): string {
  return `<script>window.__XB_REMOTES__=${JSON.stringify(manifest).replace(/</g, '\\u003c')};</script>`;
}

interface RouteRow {
  path?: string;
  preload?: unknown;
  children?: RouteRow[];
}

interface RoutePattern {
  pattern: string;
  /** Files of the remote the rows along this path need (from routes.json's `preload`). */
  files: string[];
}

const preloadOf = (row: RouteRow): string[] =>
  Array.isArray(row.preload) ? row.preload.filter((f): f is string => typeof f === 'string' && /^[\w.@-]+\.js$/.test(f)) : [];

/** Full path patterns of a route table ('/my', '/my/board', '/:id', ...) with their files. */
function patterns(rows: RouteRow[], parent: RoutePattern = { pattern: '', files: [] }): RoutePattern[] {
  return rows.flatMap((row) => {
    const pattern =
      row.path === undefined ? parent.pattern : row.path.startsWith('/') ? row.path : `${parent.pattern.replace(/\/$/, '')}/${row.path}`;
    const own = { pattern, files: [...parent.files, ...preloadOf(row)] };
    return [own, ...patterns(row.children ?? [], own)];
  });
}

/** How well a pattern matches a path: -1 for no match, more for more literal segments. */
function matchScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return -1;
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) continue;
    if (want[i] !== got[i]) return -1;
    score++;
  }
  return score;
}

export interface PagePreload {
  remote: RemoteManifestEntry;
  /** URLs to preload: the remote's entry, then the files its page needs. */
  urls: string[];
}

/**
 * What a first visit of a page path needs from its remote (literal segments beat parameters, as
 * in the router), so index.html can ask the browser to fetch it while the shell starts.
 */
export function preloadForPath(manifest: Manifest, pathname: string): PagePreload | undefined {
  let best: { remote: RemoteManifestEntry; files: string[]; score: number } | undefined;
  for (const remote of manifest.remotes) {
    for (const { pattern, files } of patterns(remote.routes as RouteRow[])) {
      const score = matchScore(pattern, pathname);
      if (score >= 0 && (!best || score > best.score)) best = { remote, files, score };
    }
  }
  if (!best) return undefined;
  const base = best.remote.url.slice(0, best.remote.url.lastIndexOf('/') + 1);
  return { remote: best.remote, urls: [best.remote.url, ...new Set(best.files.map((f) => base + f))] };
}
