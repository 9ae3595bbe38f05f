/**
 * Signed-in pages rendered on the server (docs/adr/0016 "Step 3"). A page request
 * that carries the page-session cookie (api/auth/page-session.ts: never rotates anything) is answered
 * with its first screen in the HTML:
 *
 * 1. the user as GET /api/user/getinfo answers it, under an access token minted for this page;
 * 2. the page's remote (the one whose route table matches the path) is asked, in the render
 *    sandbox, for its `plan`: the first screen's GETs (its route prefetch);
 * 3. the site answers them through its own API routes (`app.inject`, the user's token: the same
 *    checks, limits and JSON as the browser's requests, never more than the user may read);
 * 4. the remote renders its area from those answers and hands back RTK Query's cache; the shell's
 *    server entry renders the frame (header, <main>) with an empty area slot, at the same time;
 * 5. the area goes into the slot. An area that fails, times out or has no server entry gets the
 *    browser's loading state instead, and the rest of the page is served; a frame that fails
 *    means no server render at all (the page as before).
 *
 * Remotes' code runs only in the sandbox's children (platform/render/sandbox.ts): no secrets, no database,
 * no files but the server builds, no network, no signals where the OS allows it. They receive the
 * user as platform/render/render-user.ts shows it to them (the page's state carries the same view) and the
 * answers to their plan's GETs on an allow-list of read routes (PLANNED_READS), each bounded in time.
 * A published server entry runs only where the sandbox contains it (network and signals), unless
 * the operator accepts the risk (SERVER_RENDER_UNSAFE=1); else its areas render in the browser.
 * A remote whose renders keep failing is rendered in the browser for a while (BREAKER_*).
 */
import { statSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_PATH, PUBLIC_PATHS, routeMatchScore } from '@xiaoba/shared/core';
import {
  fillAreaSlot,
  SERVER_AREA_SLOT,
  SERVER_FRAGMENT_ATTR,
  SERVER_FRAGMENT_PROPS_ATTR,
  unitIdPrefix,
  type PageState,
  type PlannedRequest,
  type PlannedResponse,
} from '@xiaoba/shared/page-render';
import { PAGE_COOKIE } from '../../api/auth/cookies';
import { readPageSession } from '../../api/auth/page-session';
import type { TokenSigner } from '../../api/auth/tokens';
import type { StandingCache } from '../../api/auth/standing';
import type { Pool } from '../../data/pool';
import type { RegistrySource } from '../deploy/registry';
import type { RemoteVersions } from '../deploy/versions';
import { findPrivacy } from '../../data/privacy';
import { SERVER_ENTRY_FILE } from '../render/entry-imports';
import { renderUser } from '../render/render-user';
import type { RenderResult, RenderSandbox } from '../render/sandbox';
import { preloadForPath, remoteDistDir, type Manifest, type RemoteManifestEntry } from './manifest';
import { SPLASH, SPLASH_STYLE } from './static';
/** At most this many first-screen GETs per page: a plan asking for more is cut. */
export const MAX_PLANNED_REQUESTS = 12;

/**
 * The read routes (paths below /api, without the query) a plan may ask for: the first screens'
 * reads. Anything else a plan asks (another route, a method other than GET) is dropped, never sent.
 * Not the viewer's own full record (getinfo, their own getuserinfo): a render gets the user from
 * renderUser only, which leaves out what its pages do not show.
 */
export const PLANNED_READS: readonly RegExp[] = [
  /^\/user\/getuserinfo\/\d+$/,
  /^\/user\/getleaves$/,
  /^\/user\/privacy$/,
  /^\/block\/list$/,
  /^\/yy\/(getyy|getfollowyy|hottopics)$/,
  /^\/yy\/getUseryy\/\d+$/,
  /^\/comment\/getComment$/,
  /^\/leave\/get\/\d+$/,
  /^\/visitor\/get$/,
  /^\/count\/(getcomments|getfans)$/,
  /^\/notice\/system$/,
  /^\/scrip\/threads$/,
  /^\/follow\/list\/\d+$/,
  /^\/search\/(yy|user|diary)$/,
  /^\/medal\/list\/\d+$/,
  /^\/album\/(list|photos)\/\d+$/,
  /^\/diary\/(list|get|comments)\/\d+$/,
];

/** After this many failed renders of a remote in a row, its areas render in the browser for BREAKER_PAUSE_MS. */
export const BREAKER_FAILURES = 3;
export const BREAKER_PAUSE_MS = 5 * 60_000;

export interface ServerPage {
  /** The page's title when a render names one (the page's own, usePageTitle; the shell's not-found page); else the route table's. */
  title?: string;
  html: string;
  /** <style> elements, renamed so styled-components in the browser leaves them alone (the browser injects the same rules as it hydrates). */
  css: string;
  state: PageState;
  /** How the page's area went: `ok`, a sandbox failure, or `none` (no server entry for that remote). */
  area: 'ok' | 'none' | 'suspended' | Exclude<RenderResult, { ok: true }>['reason'];
}

/** A page request answered with a redirect: the page's render sent the browser elsewhere (its `<Navigate>`). */
export interface ServerRedirect {
  redirect: string;
}

/** Where an area's render sends the browser (shared's createServerEntry: `state.redirect`), when it is a path of this site other than the page's own. */
export function redirectOf(data: unknown, pagePath: string): string | null {
  const to = (data as { redirect?: unknown } | null)?.redirect;
  if (typeof to !== 'string' || to.length > 512 || !/^\/(?![/\\])[^\s\\]*$/.test(to) || to === pagePath) return null;
  return to;
}

/** The longest title a page's render may name (longer ones are cut). */
const MAX_TITLE_LENGTH = 200;

/** What a render names its page (shared's createServerEntry: `state.title`; the shell's frame: `title`), when it names one. */
export function titleOf(data: unknown): string | undefined {
  const title = (data as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title.slice(0, MAX_TITLE_LENGTH) : undefined;
}

export interface SignedInPagesOptions {
  app: FastifyInstance;
  pool: Pool;
  signer: TokenSigner;
  /** The process's standings (the API's sanctions hook reads the same): who is banned. */
  standings: StandingCache;
  sandbox: RenderSandbox;
  siteDir: string;
  /** Where published versions' server entries are written to be read by the sandbox (one of its roots). */
  cacheDir: string;
  accessTokenTtlSeconds: number;
  /** The longest wait for one planned GET (the sandbox's render bound): a slower one is answered 504 to the entry. */
  plannedTimeoutMs: number;
  /** Run published server entries even where the sandbox cannot close the network and signals (SERVER_RENDER_UNSAFE=1). */
  unsafePublished?: boolean;
  archive: boolean;
  /** The registry: a path of a remote only some users load (mf-admin's) is left to the browser. */
  registry: RegistrySource;
  versions?: RemoteVersions;
  log: FastifyBaseLogger;
}

/**
 * The sandbox's roots: the shell's and each remote's local server build, and each remote's folder
 * in the cache of published ones (a root each: the sandbox keeps a pool of children per root).
 */
export function serverRenderRoots(siteDir: string, remotes: readonly string[], cacheDir: string): string[] {
  return [
    path.join(siteDir, 'shell', 'dist', 'server'),
    ...remotes.map((name) => path.join(remoteDistDir(siteDir, name), 'server')),
    ...remotes.map((name) => path.join(cacheDir, name)),
  ];
}

/**
 * A plan's requests kept only if each is a GET (no method, or 'GET') of a plain path below /api
 * (no scheme, no `..`, no fragment) on a route of PLANNED_READS, and not the `viewer`'s own
 * getuserinfo; deduplicated, at most MAX_PLANNED_REQUESTS.
 */
export function plannedRequests(data: unknown, viewer?: number): PlannedRequest[] {
  const list = (data as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(list)) return [];
  const urls = list
    .filter((r) => {
      const method = (r as { method?: unknown } | null)?.method;
      return method === undefined || method === 'GET';
    })
    .map((r) => (r as { url?: unknown } | null)?.url)
    .filter((url): url is string => typeof url === 'string' && /^\/[\w-]/.test(url) && url.length <= 512 && !/\.\.|[#\\\s]|\/\//.test(url))
    .filter((url) => {
      const pathname = url.split('?', 1)[0]!;
      return PLANNED_READS.some((route) => route.test(pathname)) && pathname !== `/user/getuserinfo/${viewer}`;
    });
  return [...new Set(urls)].slice(0, MAX_PLANNED_REQUESTS).map((url) => ({ url }));
}

/** At most this many fragments of other remotes filled in one page. */
export const MAX_FRAGMENTS = 4;
/** The empty slot a page's render leaves for a fragment of another remote (RemoteFragment on the server). */
const FRAGMENT_SLOT = new RegExp(`<div tabindex="-1" ${SERVER_FRAGMENT_ATTR}="([^"]*)" ${SERVER_FRAGMENT_PROPS_ATTR}="([^"]*)"></div>`, 'g');

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const unescapeAttribute = (value: string) => value.replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity]!);

type ApiCache = NonNullable<PageState['api']>;
type Tags = Record<string, Record<string, string[]>>;

/** Two renders' RTK Query caches as one (queries and the tags that name them), as RTK would hold them after both. */
export function mergeApiCaches(a: ApiCache | undefined, b: ApiCache | undefined): ApiCache | undefined {
  if (!a || !b) return a ?? b;
  const pa = (a.provided ?? {}) as { tags?: Tags; keys?: Record<string, unknown> };
  const pb = (b.provided ?? {}) as { tags?: Tags; keys?: Record<string, unknown> };
  const tags: Tags = structuredClone(pa.tags ?? {});
  for (const [type, ids] of Object.entries(pb.tags ?? {})) {
    const into = (tags[type] ??= {});
    for (const [id, keys] of Object.entries(ids)) into[id] = [...new Set([...(into[id] ?? []), ...keys])];
  }
  return { queries: { ...a.queries, ...b.queries }, provided: { tags, keys: { ...pa.keys, ...pb.keys } } };
}

/**
 * The step of a page's clock (`paintedAt`, the instant its renders say their times as of: 刚刚,
 * 3分钟前). A minute is the finest step those texts show, and the browser shows its own now right
 * after hydrating, so a first paint's times may lag by up to this much. Pages of the same data
 * within one step are the same renders, answered once (platform/render/render-memo.ts): a shorter
 * step renders a busy page again more often, each time holding its requests for the render.
 */
export const PAINT_STEP_MS = 30_000;

/**
 * What an entry's plan is asked with: the page, the user and the fragment (shared's server-entry
 * `plan`), not the render's clock or ids, so a plan is answered again across steps of the clock.
 */
const planProps = ({ path, state, fragment }: Record<string, unknown>) => ({ path, state, ...(fragment === undefined ? {} : { fragment }) });

/**
 * Whether `file` is a regular file now. Synchronous: one stat of a cached inode takes microseconds,
 * far less than the thread pool's round trip and promise of fs/promises, on every page.
 */
const isFileNow = (file: string): boolean => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** `<style data-styled…>` made inert for styled-components in the browser (which would adopt it). */
const inertStyles = (css: string) => css.replace(/<style data-styled="[^"]*"/g, '<style data-xb-prerender');

export class SignedInPages {
  /** Failed renders in a row per remote, and until when its areas are left to the browser. */
  private readonly failing = new Map<string, { count: number; until: number }>();
  /** Failures already counted: pages asking side by side for the same render share its answer (render-memo.ts), and one failed render counts once. */
  private readonly counted = new WeakSet<object>();

  constructor(private readonly options: SignedInPagesOptions) {}

  /** The remote's render through the breaker: not asked while it is paused; failures in a row pause it. */
  private async breaker(name: string, run: () => Promise<RenderResult>): Promise<RenderResult | 'suspended'> {
    const state = this.failing.get(name);
    if (state && state.until > Date.now()) return 'suspended';
    const result = await run();
    if (result.ok) {
      this.failing.delete(name);
      return result;
    }
    if (this.counted.has(result)) return result;
    this.counted.add(result);
    // As it stands now, with the failures of pages that asked meanwhile (read before the render, two failing side by side counted as one).
    const now = this.failing.get(name);
    if (now && now.until > Date.now()) return result;
    const count = (now && now.until === 0 ? now.count : 0) + 1;
    if (count >= BREAKER_FAILURES) {
      this.options.log.warn(
        { remote: name, failures: count, pauseMs: BREAKER_PAUSE_MS },
        'server renders of a remote keep failing: its areas are rendered in the browser for a while',
      );
      this.failing.set(name, { count: 0, until: Date.now() + BREAKER_PAUSE_MS });
    } else {
      this.failing.set(name, { count, until: 0 });
    }
    return result;
  }

  /** The registry's name of a remote (the folder, /remotes/<name>/), which the manifest's URL carries; `name` is the federation's. */
  private static registryName(remote: RemoteManifestEntry): string | null {
    return /^\/remotes\/([\w.-]+)\//.exec(remote.url)?.[1] ?? null;
  }

  /**
   * The server entry of a remote as served now: its active published version's (written to the
   * cache), else its local build's. A published one only where the sandbox closes its network and
   * signals, or the operator accepted the risk: else null (the browser renders it).
   */
  private async entryOf(remote: RemoteManifestEntry): Promise<string | null> {
    const name = SignedInPages.registryName(remote);
    return name ? this.entryByName(name) : null;
  }

  /** entryOf by the registry's name of the remote. */
  private async entryByName(name: string): Promise<string | null> {
    const { versions, siteDir, cacheDir, sandbox } = this.options;
    const active = versions ? await versions.active(name).catch(() => null) : null;
    if (!active) {
      const local = path.join(remoteDistDir(siteDir, name), SERVER_ENTRY_FILE);
      return isFileNow(local) ? local : null;
    }
    if (!/^[\w.-]+$/.test(active)) return null;
    const file = path.join(cacheDir, name, active, 'entry.mjs');
    const contained = sandbox.containment(file);
    if (!contained || (!this.options.unsafePublished && !(contained.network && contained.signals))) return null;
    if (isFileNow(file)) return file;
    const data = await versions!.readFile(name, active, SERVER_ENTRY_FILE).catch(() => null);
    if (!data) return null;
    // A regular file with the published bytes (never a link: the sandbox would refuse it), renamed into place whole.
    // Readable by the pool's own user whatever the server's umask (a folder and a file of public build output).
    await mkdir(path.dirname(file), { recursive: true });
    await chmod(path.dirname(file), 0o755);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, data);
    await chmod(temp, 0o644);
    await rename(temp, file);
    return file;
  }

  /**
   * Has the sandbox start its children and load the shell's entry and each remote's (as served
   * now) at start, so the first signed-in page after a start or a deploy is rendered within the
   * bound like the others rather than paying for processes and imports.
   */
  async warm(remotes: string[]): Promise<void> {
    const shellEntry = path.join(this.options.siteDir, 'shell', 'dist', SERVER_ENTRY_FILE);
    const entries = await Promise.all(remotes.map((name) => this.entryByName(name).catch(() => null)));
    this.options.sandbox.warm([shellEntry, ...entries.filter((e): e is string => e !== null)]);
  }

  /**
   * Fills the slots an area left for fragments of other remotes (at most MAX_FRAGMENTS) with those
   * remotes' renders of them, their caches merged into the area's. A fragment that cannot be
   * rendered keeps its empty slot: the browser loads it as without a server render.
   */
  private async fillFragments(
    area: Extract<RenderResult, { ok: true }>,
    manifest: Manifest,
    renderFragment: (name: string, entry: string, fragment: { module: string; props: Record<string, unknown> }, idPrefix: string) => Promise<RenderResult>,
  ): Promise<Extract<RenderResult, { ok: true }>> {
    const slots = [...area.html.matchAll(FRAGMENT_SLOT)].slice(0, MAX_FRAGMENTS);
    if (slots.length === 0) return area;
    const filled = await Promise.all(
      slots.map(async ([slot, ref = '', rawProps = '']) => {
        const [remoteName, module] = unescapeAttribute(ref).split(' ');
        const remote = manifest.remotes.find((r) => r.name === remoteName);
        let props: unknown;
        try {
          props = JSON.parse(unescapeAttribute(rawProps));
        } catch {
          return null;
        }
        const name = remote ? SignedInPages.registryName(remote) : null;
        const entry = name && module && typeof props === 'object' && props !== null ? await this.entryOf(remote!) : null;
        if (!entry) return null;
        const result = await renderFragment(name!, entry, { module: module!, props: props as Record<string, unknown> }, unitIdPrefix(remoteName!, module));
        if (!result.ok) this.options.log.warn({ remote: remoteName, module, reason: result.reason }, 'server render of a fragment failed');
        return result.ok ? { slot, result } : null;
      }),
    );
    let { html, css } = area;
    let api = (area.data as { api?: ApiCache } | null)?.api;
    for (const fill of filled) {
      if (!fill) continue;
      html = html.replace(fill.slot, () => fill.slot.replace('></div>', `>${fill.result.html}</div>`));
      css += fill.result.css;
      api = mergeApiCaches(api, (fill.result.data as { api?: ApiCache } | null)?.api);
    }
    // The area's other state (its title) stays; the caches are merged.
    return { ...area, html, css, data: api ? { ...(area.data as object | null), api } : area.data };
  }

  /**
   * The server-rendered page for this request, or where it redirects (its area's render sent the
   * browser elsewhere), or null when it is not one (no session, a public page, no frame).
   */
  async render(request: FastifyRequest, manifest: Manifest): Promise<ServerPage | ServerRedirect | null> {
    const { app, pool, signer, standings, sandbox, siteDir, archive, registry, log } = this.options;
    const [pathname = '/', query] = request.url.split('?', 2);
    if ((PUBLIC_PATHS as readonly string[]).includes(pathname)) return null;
    const session = await readPageSession(pool, signer, standings, request.cookies?.[PAGE_COOKIE]);
    if (!session) return null;
    const shellEntry = path.join(siteDir, 'shell', 'dist', SERVER_ENTRY_FILE);
    if (!isFileNow(shellEntry)) return null;

    const token = await signer.signAccess(session.uid, this.options.accessTokenTtlSeconds);
    const get = async (url: string): Promise<PlannedResponse> => {
      const res = await app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': request.headers['user-agent'] ?? '' },
        remoteAddress: request.ip,
      });
      let body: unknown = null;
      try {
        body = res.json();
      } catch {
        // Not JSON (a proxy's page): the entry sees the status only.
      }
      return { url, status: res.statusCode, body };
    };
    /** A planned GET, answered 504 to the entry past the bound (the request itself is a bounded read: PLANNED_READS). */
    const plannedGet = (url: string): Promise<PlannedResponse> => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<PlannedResponse>((resolve) => {
        timer = setTimeout(() => resolve({ url, status: 504, body: null }), this.options.plannedTimeoutMs);
      });
      return Promise.race([get(url), late]).finally(() => clearTimeout(timer));
    };
    // The user and whether they show their birthday (renderUser), side by side: one wait, not two.
    const [me, privacy] = await Promise.all([get('/user/getinfo'), findPrivacy(pool, session.uid).catch(() => null)]);
    const user = (me.body as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
    if (me.status !== 200 || typeof user !== 'object' || user === null) return null;

    /** The store's state a remote's render starts from: the user as that remote may see it, never the token. */
    const stateFor = (name: string) => ({
      auth: { token: null, user: renderUser(name, user, privacy), today: '', myspace: true },
      // The site's mode, as the browser's store has it from the manifest: an archive shows no composer.
      ui: { archive },
    });
    const pagePath = query === undefined ? pathname : `${pathname}?${query}`;
    // One instant for every time the page's renders show; the browser hydrates with it (shared's ui/clock).
    const paintedAt = Math.floor(Date.now() / PAINT_STEP_MS) * PAINT_STEP_MS;
    // No remote renders a page of a remote only some users load (mf-admin's /admin, which `/:id`
    // matches too): the browser adds that remote's routes for them (ADR 14); here its area is the
    // loading state. Nor the not-found page, which the browser's router ranks above `/:id`.
    const restricted = (await registry.load()).remotes.some((r) => r.audience && r.owns.some((owned) => routeMatchScore(owned, pathname) >= 0));
    const owner = restricted || pathname === NOT_FOUND_PATH ? undefined : preloadForPath(manifest, pathname);
    const remote = owner?.remote;
    const remoteName = remote ? SignedInPages.registryName(remote) : null;
    // A path no route owns, /notfound included: the shell renders its not-found page in the area.
    const notFound = !restricted && !owner;
    /** An entry's plan, answered, then its render from the answers. */
    const renderPlanned = (name: string, entry: string, props: Record<string, unknown>): Promise<RenderResult | 'suspended'> =>
      this.breaker(name, async () => {
        const planned = await sandbox.render({ entry, call: 'plan', props: planProps(props) });
        if (!planned.ok) return planned;
        const responses = await Promise.all(plannedRequests(planned.data, session.uid).map((r) => plannedGet(r.url)));
        return sandbox.render({ entry, props: { ...props, responses } });
      });
    const renderArea = async (): Promise<RenderResult | 'suspended' | null> => {
      const entry = remote && remoteName ? await this.entryOf(remote) : null;
      if (!entry) return null;
      // The area is a React root of its own in the browser, hydrated with this prefix for useId (the fragments likewise).
      const area = await renderPlanned(remoteName!, entry, { path: pagePath, state: stateFor(remoteName!), idPrefix: unitIdPrefix(remote!.name), paintedAt });
      if (area === 'suspended' || !area.ok) return area;
      return this.fillFragments(area, manifest, async (name, e, fragment, idPrefix) => {
        const result = await renderPlanned(name, e, { path: pagePath, state: stateFor(name), fragment, idPrefix, paintedAt });
        return result === 'suspended' ? { ok: false, reason: 'refused' } : result;
      });
    };
    const [frame, rendered] = await Promise.all([
      sandbox.render({ entry: shellEntry, props: { path: pagePath, state: stateFor('shell'), archive, notFound } }),
      renderArea(),
    ]);
    const suspended = rendered === 'suspended';
    const area = suspended ? null : rendered;
    // A space that does not exist goes to /notfound, the own uid's space to /my: as the browser would, without painting first.
    const redirect = area?.ok ? redirectOf(area.data, pagePath) : null;
    if (redirect) return { redirect };
    // The frame leaves the area's slot empty once, or shows the not-found page in its <main> itself.
    const slots = frame.ok ? frame.html.split(SERVER_AREA_SLOT).length - 1 : 0;
    const ownPage = notFound && frame.ok && slots === 0;
    if (!frame.ok || (slots !== 1 && !ownPage)) {
      log.warn({ path: pathname, reason: frame.ok ? 'no area slot' : frame.reason }, 'server render of the frame failed: the page is rendered in the browser');
      return null;
    }
    // The page's own title (an entry's, 萌萌猫的日志) over the frame's (its not-found page).
    const title = (area?.ok ? titleOf(area.data) : undefined) ?? titleOf(frame.data);
    if (area && !area.ok)
      log.warn({ path: pathname, remote: remoteName, reason: area.reason }, 'server render of an area failed: it is rendered in the browser');
    // An area not rendered here shows what any page shows before its scripts run: the splash.
    const areaHtml = area?.ok ? area.html : SPLASH;
    const api = area?.ok ? (area.data as { api?: PageState['api'] } | null)?.api : undefined;
    return {
      ...(title === undefined ? {} : { title }),
      html: ownPage ? frame.html : fillAreaSlot(frame.html, areaHtml),
      css: inertStyles(frame.css + (area?.ok ? area.css : ownPage ? '' : SPLASH_STYLE)),
      // The browser's store gets the user as the area's remote saw it (the frame's view on a page of none).
      state: { auth: { token, user: renderUser(remoteName ?? 'shell', user, privacy) }, ...(api ? { api } : {}), paintedAt },
      area: ownPage || area?.ok ? 'ok' : suspended ? 'suspended' : area === null ? 'none' : area.reason,
    };
  }
}
