/**
 * The registry of remotes (`remotes.config.json` at the repository root, REMOTES_FILE to move it):
 * which remotes the site has, in the order the shell registers them, each with its federation name
 * and the route paths only it may declare. The operator edits it; a fifth remote is a row here and
 * its files (published, or a local `<name>/dist`), no code change. Re-read when the file changes.
 *
 * No import of paths.ts here (nor in manifest.ts): tools/check-budget.mjs bundles manifest.ts into
 * a data: URL, where import.meta.url cannot locate the repository.
 */
import { statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { checkRouteSyntax, samePattern } from './route-rank';

export interface RemoteDef {
  /** The folder name and URL segment: `/remotes/<name>/`, `<name>/dist`. */
  name: string;
  /** The module federation name (routes.json's `name`). */
  federation: string;
  /** Route path patterns only this remote may declare. */
  owns: string[];
  /**
   * Who may load it: absent for everyone (in the public manifest); `moderators` keeps it out of
   * the public manifest, its entry given only by GET /api/mod/remote to moderators (ADR 14).
   */
  audience?: RemoteAudience;
}

/** The only restricted audience so far: users whose role is `moderator`. */
export type RemoteAudience = 'moderators';
const AUDIENCES: readonly RemoteAudience[] = ['moderators'];

export interface Registry {
  remotes: RemoteDef[];
}

/** A remote's name: a folder name and URL segment, nothing that could leave a folder. */
const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const FEDERATION = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** The checked registry of a parsed file, or an Error saying what is wrong. */
export function parseRegistry(value: unknown, file: string): Registry {
  const fail = (why: string) => new Error(`${file}: ${why}`);
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw fail('must be {"remotes": [{"name", "federation", "owns"}, ...]}');
  const seen = new Map<string, string>();
  const owned: { remote: string; pattern: string }[] = [];
  const list = remotes.map((row: unknown, i): RemoteDef => {
    const r = row as Partial<RemoteDef> | null;
    if (typeof r?.name !== 'string' || !NAME.test(r.name)) throw fail(`remotes[${i}].name must match ${NAME}`);
    if (typeof r.federation !== 'string' || !FEDERATION.test(r.federation)) throw fail(`remotes[${i}].federation must match ${FEDERATION}`);
    if (!Array.isArray(r.owns) || !r.owns.every((p) => typeof p === 'string' && p.startsWith('/'))) {
      throw fail(`remotes[${i}].owns must be a list of route paths starting with /`);
    }
    for (const key of [`name ${r.name}`, `federation ${r.federation}`]) {
      if (seen.has(key)) throw fail(`${key} is listed twice`);
      seen.set(key, r.name);
    }
    const owns = r.owns.map(normaliseRoute);
    for (const p of owns) {
      try {
        checkRouteSyntax(p);
      } catch (error) {
        throw fail((error as Error).message);
      }
      // One route under two names (`/:id`, `/:uid`) is owned twice too (route-rank.ts).
      const other = owned.find((o) => o.remote !== r.name && samePattern(o.pattern, p));
      if (other) throw fail(`route ${p} is owned by both ${other.remote} and ${r.name}${other.pattern === p ? '' : ` (as ${other.pattern})`}`);
    }
    const name = r.name;
    owned.push(...owns.map((pattern) => ({ remote: name, pattern })));
    if (r.audience !== undefined && !AUDIENCES.includes(r.audience)) throw fail(`remotes[${i}].audience must be one of ${AUDIENCES.join(', ')} or absent`);
    return { name: r.name, federation: r.federation, owns, ...(r.audience ? { audience: r.audience } : {}) };
  });
  return { remotes: list };
}

/** '/my/' and '/my' are the same route; '/' stays '/'. */
export function normaliseRoute(pattern: string): string {
  return pattern.length > 1 ? pattern.replace(/\/+$/, '') || '/' : pattern;
}

/**
 * The repository's remotes.config.json as shipped, used only when that file is absent and
 * REMOTES_FILE is not set (a server copied without it, a tool measuring a bare site); a warning
 * says so. deploy.test.ts keeps it equal to the file.
 */
export const DEFAULT_REGISTRY: Registry = {
  remotes: [
    { name: 'mf-auth', federation: 'mf_auth', owns: ['/', '/login', '/oldlogin', '/register', '/usercard', '/card'] },
    {
      name: 'mf-space',
      federation: 'mf_space',
      owns: [
        '/my',
        '/my/board',
        '/my/diary',
        '/my/diary/new',
        '/my/diary/:diaryId',
        '/my/diary/:diaryId/edit',
        '/my/photo',
        '/my/photo/:albumId',
        '/my/medal',
        '/:id',
        '/:id/board',
        '/:id/diary',
        '/:id/diary/:diaryId',
        '/:id/photo',
        '/:id/photo/:albumId',
        '/:id/medal',
      ],
    },
    {
      name: 'mf-home',
      federation: 'mf_home',
      owns: ['/home', '/help', '/system/notify', '/system/scrip', '/system/scrip/:uid', '/follows', '/fans', '/search'],
    },
    { name: 'mf-settings', federation: 'mf_settings', owns: ['/setting', '/setting/avatar', '/setting/profile', '/setting/data', '/setting/privacy'] },
    { name: 'mf-admin', federation: 'mf_admin', owns: ['/admin', '/admin/user/:uid', '/admin/log'], audience: 'moderators' },
  ],
};

export interface RegistrySource {
  load(): Promise<Registry>;
}

function statNow(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * The registry file, re-read when its size or mtime changes. A file that cannot be read or is
 * malformed throws: the server refuses to start with it, and a broken edit while running keeps the
 * last good registry (logged by the caller) rather than dropping every remote.
 */
export class RegistryFile implements RegistrySource {
  private cached: { key: string; registry: Registry } | null = null;

  /** `missing`: the registry to use when the file does not exist (tools measuring a bare site). */
  constructor(
    readonly file: string,
    private readonly missing?: Registry,
  ) {}

  async load(): Promise<Registry> {
    // Synchronous: every page asks, and one stat of a cached inode costs less than fs/promises' thread-pool round trip.
    const info = statNow(this.file);
    if (!info) {
      if (this.cached) return this.cached.registry;
      if (this.missing) return this.missing;
      throw new Error(`${this.file} not found: the registry of remotes (REMOTES_FILE) is needed`);
    }
    const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
    if (this.cached?.key === key) return this.cached.registry;
    try {
      const registry = parseRegistry(JSON.parse(await readFile(this.file, 'utf8')) as unknown, this.file);
      this.cached = { key, registry };
      return registry;
    } catch (error) {
      if (this.cached) return this.cached.registry;
      throw error instanceof SyntaxError ? new Error(`${this.file}: not valid JSON (${error.message})`) : error;
    }
  }
}

/** A fixed registry (tests, tools). */
export const fixedRegistry = (registry: Registry): RegistrySource => ({ load: async () => registry });
