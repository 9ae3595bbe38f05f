/**
 * Serving the assembled site from SITE_DIR: the shell (`shell/dist`) at `/` with an SPA fallback
 * that inlines the remotes manifest, the remotes at `/remotes/<name>/`, `/remotes.json`,
 * `/showupdate.txt`, the emoji pictures at `/assets/emoji/` (`shared/dist/emoji`) and the uploaded
 * pictures at `/uploads/` (UPLOADS_DIR). Every path is resolved per request: a dist may be
 * replaced by a rename.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentTitle } from '@xiaoba/shared/core';
import { CLIENT_RENDER_ATTR, PAGE_STATE_ID } from '@xiaoba/shared/page-render';
import { isApiPath } from '../../api/http/errors';
import { SESSION_HINT_COOKIE } from '../../api/auth/cookies';
import type { UploadStorage } from '../../uploads/storage';
import { STATIC_DIR } from '../../paths';
import type { RegistrySource } from '../deploy/registry';
import type { RemoteVersions } from '../deploy/versions';
import { ManifestBuilder, manifestScript, preloadForPath } from './manifest';
import type { SignedInPages } from './signed-in-page';
import { IMMUTABLE, NO_CACHE, RemoteFiles } from './remote-files';

export { IMMUTABLE, NO_CACHE };
/** Emoji files keep their names (b12.svg) across builds: a week, revalidated by ETag after that. */
export const EMOJI_CACHE = 'public, max-age=604800';

/** Picture types served from UPLOADS_DIR and the emoji folder, by extension; anything else is a 404. */
const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};
// An SVG opened on its own is a document: no scripts, no outside loads, whatever it holds.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const NOT_BUILT =
  '校巴的网页还没有构建。请在项目根目录运行 npm run build，然后重启服务器。\n' +
  'The site is not built yet: run `npm run build` in the repository root, then restart the server.\n';

/**
 * The path below a root that a URL path names, or null when it tries to leave the root,
 * is malformed, or names a dotfile.
 */
export function safeRelativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  return segments.join('/');
}

export async function isFile(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ?? false;
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function sendFile(reply: FastifyReply, root: string, rel: string, cacheControl: string): FastifyReply {
  // @fastify/static sends it (ETag, ranges, content type); the cache policy is ours.
  reply.header('cache-control', cacheControl);
  return reply.sendFile(rel, root, { cacheControl: false });
}

/** Shell files: Vite puts content-hashed files under assets/; the rest keep their names. */
function shellCachePolicy(rel: string): string {
  return rel.startsWith('assets/') ? IMMUTABLE : NO_CACHE;
}

/** The shell's empty root in index.html; a prerendered page goes in a sibling before it. */
const ROOT_DIV = '<div id="root"></div>';
/**
 * What a page that is not prerendered (a signed-in page, a 404) shows in the shell's root until
 * its scripts have run, instead of a blank screen for as long as they download: a spinner, like
 * the shell's own loading overlay, named for screen readers by its label (no text: it is not the
 * page's content, and Lighthouse's first contentful paint, from which it counts blocking time,
 * stays the page's own; docs/adr/0011). React replaces it on its first render (createRoot clears
 * the root). The colours are the default skin's: the visitor's skin is known only to the scripts.
 */
export const SPLASH_STYLE =
  '<style>.xb-splash{display:flex;justify-content:center;padding:96px 0}' +
  '.xb-splash i{width:28px;height:28px;border-radius:50%;border:4px solid #c7d7e3;border-top-color:#1f6fb2;animation:xb-spin .8s linear infinite}' +
  '@keyframes xb-spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.xb-splash i{animation:none}}</style>';
export const SPLASH = `<div class="xb-splash" ${CLIENT_RENDER_ATTR} role="status" aria-label="加载中"><i></i></div>`;
export const SPLASH_ROOT = `<div id="root">${SPLASH}</div>`;
/** Written by the shell's build (shared/build/federation.mjs): the library chunks loaded on first use. */
export const LAZY_LIBRARIES_FILE = 'lazy-libraries.json';

interface PrerenderedPage {
  title: string;
  /** <style> elements (inline CSS is allowed by the CSP; scripts are not, and there are none). */
  css: string;
  html: string;
  /** Starts the parked scripts after the first paint, remembers an early submit (shell/public/boot.js). */
  bootScript: string;
}

/**
 * A prerendered page needs no script to paint, so its module scripts and preloads are parked
 * (an unknown type/rel: the browser neither fetches nor runs them) and started by the boot script
 * right after the first paint: the downloads do not compete with the page itself.
 */
export function parkModuleScripts(html: string): string {
  return html.replace(/<script type="module"/g, '<script type="xb-module"').replace(/<link rel="modulepreload"/g, '<link rel="xb-modulepreload"');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SiteOptions {
  siteDir: string;
  /** The uploaded pictures (local directory or S3), streamed at /uploads/*. */
  storage: UploadStorage;
  /** ARCHIVE_MODE: published in the manifest so the browser shows the site read-only. */
  archive?: boolean;
  /** The registry of remotes (REMOTES_FILE); by default `<siteDir>/remotes.config.json`. */
  registry?: RegistrySource;
  /** Published versions of the remotes (platform/deploy/versions.ts); without them only local dists serve. */
  versions?: RemoteVersions;
  /** REMOTE_OVERRIDES=1: said in the manifest. */
  overrides?: boolean;
  /** Server-rendered signed-in pages (docs/adr/0016 "Step 3"); without it every such page is rendered in the browser. */
  signedInPages?: SignedInPages;
  /**
   * Who may load an uploaded file that not everyone may see (an album's photo): null when the file
   * is not such a file (then it is public), else whether this request's viewer may. Those files are
   * answered 404 when not, and never cached by shared caches.
   */
  uploadGate?: (file: string, request: FastifyRequest) => Promise<boolean | null>;
}

/** The shell's boot script (shell/public/boot.js): starts a server-rendered page's parked scripts after its first paint. */
export const BOOT_SCRIPT = '/boot.js';
/** A signed-in page's HTML holds the user's data and a token: only for this browser, never stored. */
export const PRIVATE_PAGE = 'private, no-store';
/** The `<script type="application/json">` holding a server-rendered page's state; `<` escaped so no text ends it. */
export const pageStateScript = (state: unknown) =>
  `<script type="application/json" id="${PAGE_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

const UPLOAD_EXTENSIONS = ['.webp', '.jpg', '.jpeg', '.png', '.gif'];
/** A file not everyone may see: the browser keeps it but asks again each time (a 304 while still allowed). */
const PRIVATE_UPLOAD = 'private, no-cache';

/** Whether an If-None-Match header names `etag` (a list, or `*`; weak or strong). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export async function siteRoutes(
  app: FastifyInstance,
  { siteDir, storage, archive = false, registry, versions, overrides = false, signedInPages, uploadGate }: SiteOptions,
): Promise<void> {
  const manifest = new ManifestBuilder(siteDir, app.log, archive, {
    ...(registry ? { registry } : {}),
    ...(versions ? { published: versions } : {}),
    overrides,
  });
  const remoteFiles = new RemoteFiles({ siteDir, registry: manifest.registry, ...(versions ? { versions } : {}) });
  const shellDir = path.join(siteDir, 'shell', 'dist');
  const emojiDir = path.join(siteDir, 'shared', 'dist', 'emoji');

  /** A picture below `root` (existing file, known image type) with nosniff, or a 404. */
  async function sendImage(reply: FastifyReply, root: string, urlPath: string, cacheControl: string, types: string[]) {
    const rel = safeRelativePath(urlPath);
    const ext = rel ? path.extname(rel).toLowerCase() : '';
    if (!rel || !types.includes(ext) || !(await isFile(path.join(root, rel)))) return reply.callNotFound();
    reply.header('x-content-type-options', 'nosniff');
    if (ext === '.svg') reply.header('content-security-policy', SVG_CSP);
    reply.type(IMAGE_TYPES[ext]!);
    return sendFile(reply, root, rel, cacheControl);
  }

  // Uploaded pictures: random names that are never reused, so cached for good. Streamed from the
  // storage by the server whichever driver holds them, with the same headers.
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const rel = safeRelativePath(request.params['*']);
    const ext = rel ? path.extname(rel).toLowerCase() : '';
    if (!rel || !UPLOAD_EXTENSIONS.includes(ext)) return reply.callNotFound();
    // A file whose viewers are limited answers like a missing one to anyone else, and is checked on every load.
    const gated = uploadGate ? await uploadGate(rel, request) : null;
    if (gated === false) return reply.callNotFound();
    const stored = await storage.get(rel);
    if (!stored) return reply.callNotFound();
    reply
      .header('cache-control', gated === null ? IMMUTABLE : PRIVATE_UPLOAD)
      .header('x-content-type-options', 'nosniff')
      .header('etag', stored.etag);
    if (etagMatches(request.headers['if-none-match'], stored.etag)) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(stored.contentType).header('content-length', stored.size).send(stored.body);
  });

  // Before the shell's catch-all; the shell's own /assets/* files are served by it as before.
  app.get<{ Params: { '*': string } }>('/assets/emoji/*', (request, reply) =>
    sendImage(reply, emojiDir, request.params['*'], EMOJI_CACHE, ['.svg', '.png', '.webp', '.gif']),
  );

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return manifest.build();
  });

  app.get('/showupdate.txt', (_request, reply) => {
    reply.type('text/plain; charset=utf-8');
    return sendFile(reply, STATIC_DIR, 'showupdate.txt', NO_CACHE);
  });

  app.get<{ Params: { remote: string; '*': string } }>('/remotes/:remote/*', async (request, reply) => {
    const rel = safeRelativePath(request.params['*']);
    if (!rel) return reply.callNotFound();
    return remoteFiles.send(request, reply, request.params.remote, rel);
  });

  /**
   * index.html with the manifest inlined before </head>, saving the shell one round trip, and
   * modulepreloads of what the remote serving this page needs (its entry, the page's chunks), so
   * the browser fetches them while the shell starts instead of one after another.
   */
  /**
   * The shell build's chunk of the HTTP client, which `@xiaoba/shared` imports on its first request
   * (docs/adr/0012); `shell/dist/lazy-libraries.json` (written by the build) names it. None when the
   * file is missing or malformed: the page then loads it itself, one step later.
   */
  async function apiClientUrls(): Promise<string[]> {
    const text = await readFile(path.join(shellDir, LAZY_LIBRARIES_FILE), 'utf8').catch(() => null);
    if (text === null) return [];
    try {
      const urls = (JSON.parse(text) as { apiClient?: unknown }).apiClient;
      return Array.isArray(urls) ? urls.filter((u): u is string => typeof u === 'string' && /^\/assets\/[\w.@-]+\.js$/.test(u)) : [];
    } catch {
      return [];
    }
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const html = await readFile(path.join(shellDir, 'index.html'), 'utf8').catch(() => null);
    if (html === null) return reply.code(503).header('cache-control', NO_CACHE).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const current = await manifest.build();
    const pathname = request.url.split('?')[0] ?? '/';
    const needs = preloadForPath(current, pathname);
    // An archive takes no registrations: its pages differ from the prerendered ones.
    const prerendered = archive ? null : await prerenderedPage(pathname);
    // A signed-in page with its first screen (signed-in-page.ts); any failure there is the page as before.
    const serverPage =
      !prerendered && signedInPages && html.includes(ROOT_DIV)
        ? await signedInPages.render(request, current).catch((err: unknown) => {
            request.log.error({ err }, 'server render failed: the page is rendered in the browser');
            return null;
          })
        : null;
    if (serverPage && 'redirect' in serverPage) {
      return reply
        .code(302)
        .header('location', serverPage.redirect)
        .header('cache-control', PRIVATE_PAGE)
        .header('vary', 'cookie')
        .header('x-server-render', 'redirect')
        .send();
    }
    // A visitor who may have a session calls the API at once: its HTTP client, which the page
    // would otherwise ask for only after the shared chunk has run, comes with the rest. A
    // server-rendered page came with its data: its client loads when the page is idle.
    const sessionHint = Boolean(request.cookies?.[SESSION_HINT_COOKIE]) && !serverPage;
    const urls = [...(needs?.urls ?? []), ...(sessionHint ? await apiClientUrls() : [])];
    const preload = urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`).join('');
    const script = preload + (prerendered || serverPage ? '' : SPLASH_STYLE) + manifestScript(current) + (prerendered?.css ?? serverPage?.css ?? '');
    const at = html.search(/<\/head>/i);
    let page = at === -1 ? script + html : html.slice(0, at) + script + html.slice(at);
    // What paints before the scripts run: a signed-in page rendered now, or a public page
    // prerendered at build. Its scripts start after that first paint (the boot script), so nothing
    // competes with the page (docs/adr/0008); a server-rendered page carries its state.
    const painted = serverPage
      ? { html: serverPage.html, state: pageStateScript(serverPage.state), boot: BOOT_SCRIPT, title: serverPage.title ?? needs?.title }
      : prerendered && page.includes(ROOT_DIV)
        ? { html: prerendered.html, state: '', boot: prerendered.bootScript, title: prerendered.title }
        : null;
    if (painted) {
      const title = documentTitle(painted.title);
      page = parkModuleScripts(page)
        // In the shell's root, which hydrates it (docs/adr/0018).
        .replace(ROOT_DIV, () => `<div id="root">${painted.html}</div>${painted.state}<script async src="${painted.boot}"></script>`)
        .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
    } else {
      page = page.replace(ROOT_DIV, SPLASH_ROOT);
    }
    if (serverPage) reply.header('x-server-render', serverPage.area).header('vary', 'cookie');
    return reply
      .header('cache-control', serverPage ? PRIVATE_PAGE : NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(page);
  }

  /**
   * The markup and CSS of a public page rendered at build time (tools/prerender.mjs writes
   * `<remote>/dist/prerender/pages.json`, path -> page file) of the remote that owns the path in
   * the registry, or null for any other page or when the files are missing or malformed: then the
   * page is the empty shell as before.
   */
  async function prerenderedPage(pathname: string): Promise<PrerenderedPage | null> {
    const wanted = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Only from the remote the registry gives this path: a build's pages.json claiming another
    // remote's page (a dist copied by hand, a version published before the deploy check) is ignored.
    const owner = (await manifest.registry.load()).remotes.find((r) => r.owns.includes(wanted));
    if (!owner) return null;
    // From the remote as served now: its published version, else its local dist.
    const pages = await remoteFiles.readJson(owner.name, 'prerender/pages.json');
    const file = pages && typeof pages === 'object' ? (pages as Record<string, unknown>)[wanted] : undefined;
    if (typeof file !== 'string' || !/^[\w-]+\.json$/.test(file)) return null;
    const page = (await remoteFiles.readJson(owner.name, `prerender/${file}`)) as Partial<PrerenderedPage> | null;
    if (page && typeof page.html === 'string' && typeof page.css === 'string' && typeof page.title === 'string') {
      return { html: page.html, css: page.css, title: page.title, bootScript: `/remotes/${owner.name}/prerender/boot.js` };
    }
    return null;
  }

  app.get('/', (request, reply) => sendIndex(request, reply));

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    const rel = safeRelativePath(request.params['*']);
    if (rel === null) return reply.callNotFound();
    // server/: the shell's server render (shell/src/server.tsx), for the render sandbox, never a browser's.
    if (rel !== '' && rel !== 'index.html' && !rel.startsWith('server/') && (await isFile(path.join(shellDir, rel)))) {
      return sendFile(reply, shellDir, rel, shellCachePolicy(rel));
    }
    // Client-side routes (/login, /12345, /setting/avatar) get the shell; a missing script or
    // image stays a 404 rather than HTML the browser would choke on.
    // A path without a file extension is a page whatever the client accepts (curl, probes).
    const looksLikePage = !/\.[A-Za-z0-9]+$/.test(rel);
    if (rel === '' || rel === 'index.html' || looksLikePage || acceptsHtml(request)) return sendIndex(request, reply);
    return reply.callNotFound();
  });
}
