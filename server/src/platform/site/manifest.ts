/**
 * The runtime manifest of the remotes (`/remotes.json`): for each remote of the registry
 * (remotes.config.json), its entry URL with its version, its routes and its build contract. A
 * remote with a published version (platform/deploy/versions.ts) is served from it, the URL carrying that
 * version so a publish or rollback shows on the next page load; otherwise from its local dist when
 * that holds both `remoteEntry.js` and `routes.json` (version: a content hash). Local paths are
 * resolved on every call (a dist folder may be swapped by a rename), and a remote is re-read only
 * when its files' stats change, so a redeploy shows without a restart.
 */
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { routeMatchScore } from '@xiaoba/shared/core';
import { DEFAULT_REGISTRY, RegistryFile, type RegistrySource, type RemoteAudience } from '../deploy/registry';
import type { PublishedRoutes } from '../deploy/versions';

/**
 * The remotes of the repository's remotes.config.json, for tools/check-budget.mjs (which bundles
 * this file and cannot read the registry at import). The server itself reads the registry file.
 */
export const REMOTE_DIRS: readonly string[] = DEFAULT_REGISTRY.remotes.map((r) => r.name);
/** Those of REMOTE_DIRS in the public manifest (no `audience`): the ones a page of everyone may load. */
export const PUBLIC_REMOTE_DIRS: readonly string[] = DEFAULT_REGISTRY.remotes.filter((r) => !r.audience).map((r) => r.name);

/** Where the manifest finds published versions (platform/deploy/versions.ts RemoteVersions). */
export interface PublishedSource {
  active(remote: string): Promise<string | null>;
  routes(remote: string, version: string): Promise<PublishedRoutes | null>;
}

export interface ManifestOptions {
  /** The registry; by default `<siteDir>/remotes.config.json`. */
  registry?: RegistrySource;
  /** Published versions; without it only local dists are served. */
  published?: PublishedSource;
  /** REMOTE_OVERRIDES=1: a developer may load a remote from localhost in their own browser. */
  overrides?: boolean;
}

export interface RemoteManifestEntry {
  name: string;
  url: string;
  version: string;
  routes: unknown[];
  /** Each exposed fragment of the remote (ADR 6) and the files it needs, from routes.json. */
  fragments?: Record<string, string[]>;
  /** The build's contract (routes.json's `contract`), compared by the shell with its own. */
  contract?: unknown;
}

export interface Manifest {
  remotes: RemoteManifestEntry[];
  /** ARCHIVE_MODE: the site is a read-only archive (docs/api.md "Export, import and archive"); build() always sets it. */
  archive?: boolean;
  /** REMOTE_OVERRIDES=1: the shell honours ?remote-override= for localhost URLs; present (true) only then. */
  overrides?: boolean;
}

/**
 * A file's stats now, or null when it cannot be read. Synchronous: every page builds the manifest,
 * and a stat of a cached inode takes microseconds, far less than fs/promises' thread-pool round trip.
 */
function statNow(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

export function remoteDistDir(siteDir: string, remote: string): string {
  return path.join(siteDir, remote, 'dist');
}

interface CacheSlot {
  /** Stats of both files (or why they are unusable) when `entry` was computed. */
  key: string;
  entry: RemoteManifestEntry | null;
}

export class ManifestBuilder {
  private readonly cache = new Map<string, CacheSlot>();
  /** Published versions never change: their entries are kept by remote/version. */
  private readonly publishedCache = new Map<string, RemoteManifestEntry>();
  readonly registry: RegistrySource;
  private readonly published: PublishedSource | undefined;
  private readonly overrides: boolean;

  constructor(
    private readonly siteDir: string,
    private readonly log: FastifyBaseLogger,
    private readonly archive = false,
    options: ManifestOptions = {},
  ) {
    this.registry = options.registry ?? new RegistryFile(path.join(siteDir, 'remotes.config.json'), DEFAULT_REGISTRY);
    this.published = options.published;
    this.overrides = options.overrides ?? false;
  }

  /**
   * The public manifest (`/remotes.json`, inlined into every page): the remotes for everyone. A
   * remote with an `audience` (mf-admin: moderators) is left out, so no other user's page names or
   * preloads it; its entry comes from `forAudience` (GET /api/mod/remote, ADR 14).
   */
  async build(): Promise<Manifest> {
    const { remotes } = await this.registry.load();
    const entries = await Promise.all(remotes.filter((def) => !def.audience).map((def) => this.remote(def.name)));
    // `overrides` only when on: a site without REMOTE_OVERRIDES has the manifest it always had.
    return { remotes: entries.filter((e): e is RemoteManifestEntry => e !== null), archive: this.archive, ...(this.overrides ? { overrides: true } : {}) };
  }

  /** The entries of the remotes only `audience` may load (those built or published), in registry order. */
  async forAudience(audience: RemoteAudience): Promise<RemoteManifestEntry[]> {
    const { remotes } = await this.registry.load();
    const entries = await Promise.all(remotes.filter((def) => def.audience === audience).map((def) => this.remote(def.name)));
    return entries.filter((e): e is RemoteManifestEntry => e !== null);
  }

  private async remote(remote: string): Promise<RemoteManifestEntry | null> {
    const version = await this.published?.active(remote).catch((error: unknown) => {
      this.log.warn({ remote, err: error }, 'published versions unreadable: serving the local dist');
      return null;
    });
    if (version) {
      const entry = await this.publishedEntry(remote, version).catch(() => null);
      if (entry) return entry;
      this.log.warn({ remote, version }, 'published version unreadable (routes.json missing in the storage?): serving the local dist');
    }
    return this.local(remote);
  }

  private async publishedEntry(remote: string, version: string): Promise<RemoteManifestEntry | null> {
    const id = `${remote}/${version}`;
    const cached = this.publishedCache.get(id);
    if (cached) return cached;
    const routes = await this.published!.routes(remote, version);
    if (!routes) return null;
    const entry = entryOf(remote, version, routes);
    this.publishedCache.set(id, entry);
    return entry;
  }

  private async local(remote: string): Promise<RemoteManifestEntry | null> {
    const dir = remoteDistDir(this.siteDir, remote);
    const entryFile = path.join(dir, 'remoteEntry.js');
    const routesFile = path.join(dir, 'routes.json');
    const [entryStat, routesStat] = [statNow(entryFile), statNow(routesFile)];
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

  private async read(remote: string, entryFile: string, routesFile: string): Promise<RemoteManifestEntry> {
    const [code, routesText] = await Promise.all([readFile(entryFile), readFile(routesFile, 'utf8')]);
    const version = createHash('sha256').update(code).digest('hex').slice(0, 12);
    return entryOf(remote, version, JSON.parse(routesText) as PublishedRoutes);
  }
}

/** A manifest entry from a build's routes.json. */
function entryOf(remote: string, version: string, routes: Partial<PublishedRoutes>): RemoteManifestEntry {
  if (typeof routes.name !== 'string' || !Array.isArray(routes.routes)) {
    throw new Error('routes.json must be {"name": string, "routes": [...]}');
  }
  const fragments = fragmentsOf(routes.fragments);
  return {
    name: routes.name,
    url: `/remotes/${remote}/remoteEntry.js?v=${version}`,
    version,
    routes: routes.routes,
    ...(fragments ? { fragments } : {}),
    ...(routes.contract !== undefined ? { contract: routes.contract } : {}),
  };
}

/** The id of the inlined manifest's element in index.html (read by the shell's registry). */
export const MANIFEST_ELEMENT_ID = 'xb-manifest';

/**
 * The manifest inlined into index.html as non-executable JSON (the Content-Security-Policy allows
 * no inline script); the shell reads it with JSON.parse. `<` is escaped (`\u003c`, still valid
 * JSON) so no `</script>` or `<!--` in a title can end or change the element.
 */
export function manifestScript(manifest: Manifest): string {
  return `<script type="application/json" id="${MANIFEST_ELEMENT_ID}">${JSON.stringify(manifest).replace(/</g, '\\u003c')}</script>`;
}

interface RouteRow {
  path?: string;
  title?: unknown;
  preload?: unknown;
  uses?: unknown;
  children?: RouteRow[];
}

interface FragmentUse {
  remote: string;
  module: string;
}

interface RoutePattern {
  pattern: string;
  /** Files of the remote the rows along this path need (from routes.json's `preload`). */
  files: string[];
  /** Fragments of other remotes the rows along this path compose (their `uses`). */
  uses: FragmentUse[];
  /** How deep the row is: an index child matches its parent's path and needs more files. */
  depth: number;
  /** The page's title: the deepest row along this path that names one. */
  title?: string;
}

const isFileName = (f: unknown): f is string => typeof f === 'string' && /^[\w.@-]+\.js$/.test(f);

const preloadOf = (row: RouteRow): string[] => (Array.isArray(row.preload) ? row.preload.filter(isFileName) : []);

const usesOf = (row: RouteRow): FragmentUse[] =>
  Array.isArray(row.uses)
    ? row.uses.filter((u): u is FragmentUse => typeof u === 'object' && u !== null && typeof u.remote === 'string' && typeof u.module === 'string')
    : [];

/** routes.json's `fragments` kept only as exposed names to plain file names, or undefined. */
function fragmentsOf(value: unknown): Record<string, string[]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
  return entries.length ? Object.fromEntries(entries.map(([exposed, files]) => [exposed, files.filter(isFileName)])) : undefined;
}

/** Each route table's patterns, kept while the table is (a remote's manifest entry is kept until its files change). */
const patternsOfTable = new WeakMap<RouteRow[], RoutePattern[]>();

/** Full path patterns of a route table ('/my', '/my/board', '/:id', ...) with their files; computed once per table, asked on every page. */
function tablePatterns(rows: RouteRow[]): RoutePattern[] {
  let found = patternsOfTable.get(rows);
  if (!found) {
    found = patterns(rows);
    patternsOfTable.set(rows, found);
  }
  return found;
}

function patterns(rows: RouteRow[], parent: RoutePattern = { pattern: '', files: [], uses: [], depth: 0 }): RoutePattern[] {
  return rows.flatMap((row) => {
    const pattern = row.path === undefined ? parent.pattern : row.path.startsWith('/') ? row.path : `${parent.pattern.replace(/\/$/, '')}/${row.path}`;
    const own: RoutePattern = {
      pattern,
      files: [...parent.files, ...preloadOf(row)],
      uses: [...parent.uses, ...usesOf(row)],
      depth: parent.depth + 1,
      ...(typeof row.title === 'string' ? { title: row.title } : parent.title ? { title: parent.title } : {}),
    };
    return [own, ...patterns(row.children ?? [], own)];
  });
}

/** The folder URL of a remote's entry, where its other files are. */
const baseOf = (remote: RemoteManifestEntry) => remote.url.slice(0, remote.url.lastIndexOf('/') + 1);

export interface PagePreload {
  remote: RemoteManifestEntry;
  /** URLs to preload: the remote's entry, the files its page needs, then each fragment of another remote it composes (that remote's entry and the fragment's files). */
  urls: string[];
  /** The page's title from its route table (the deepest row along the path naming one). */
  title?: string;
}

/**
 * What a first visit of a page path needs from its remote (literal segments beat parameters, as
 * in the router), so index.html can ask the browser to fetch it while the shell starts.
 */
export function preloadForPath(manifest: Manifest, pathname: string): PagePreload | undefined {
  let best: { remote: RemoteManifestEntry; files: string[]; uses: FragmentUse[]; score: number; depth: number; title?: string } | undefined;
  for (const remote of manifest.remotes) {
    for (const { pattern, files, uses, depth, title } of tablePatterns(remote.routes as RouteRow[])) {
      const score = routeMatchScore(pattern, pathname);
      // As the router: the first best match wins, except that a layout row's index child (same
      // path, deeper) is the page actually shown, with the layout's files and its own.
      const better = !best || score > best.score || (score === best.score && remote === best.remote && depth > best.depth);
      if (score >= 0 && better) best = { remote, files, uses, score, depth, ...(title ? { title } : {}) };
    }
  }
  if (!best) return undefined;
  const base = baseOf(best.remote);
  const urls = [best.remote.url, ...best.files.map((f) => base + f)];
  for (const use of best.uses) {
    const other = manifest.remotes.find((r) => r.name === use.remote);
    const files = other?.fragments?.[use.module];
    if (!other || !files) continue; // not deployed, or built before it exposed the fragment
    urls.push(other.url, ...files.map((f) => baseOf(other) + f));
  }
  return { remote: best.remote, urls: [...new Set(urls)], ...(best.title ? { title: best.title } : {}) };
}
