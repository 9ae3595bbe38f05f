#!/usr/bin/env node
/**
 * `npm run check:budget` (run by `npm test` after the build): the JavaScript a first visit of a
 * page downloads, brotli-compressed as the server sends it, must stay within tools/budget.json.
 * Computed from the built files, no server needed, the way the server serves a first visit:
 *   - the shell's index.html: its entry script and modulepreload links;
 *   - the modulepreload links the server adds for the page (server/src/platform/site/manifest.ts, loaded
 *     here from its source: ManifestBuilder reads each remote's dist, preloadForPath picks the
 *     remote entry, the page's files and the fragments it composes);
 *   - the scripts of a page prerendered at build (`<remote>/dist/prerender`, as the server adds them);
 *   - every file those import statically, transitively.
 * Each file counts as sent: its brotli sibling from the build (tools/precompress.mjs) when it has
 * one, else compressed with the server's per-request settings (brotli 5, text mode; bodies under
 * 1024 bytes as they are). Also the size of each remote's remoteEntry.js as sent.
 *   node tools/check-budget.mjs [--json | --self-test]   --json: every page's files and bytes;
 *   SITE_DIR=... to check another assembled site. The self-test (a made-up site) runs first always.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';

const repo = join(import.meta.dirname, '..');
export const BUDGET_FILE = join(repo, 'tools', 'budget.json');

/** The server's own manifest code (TypeScript), bundled in memory so this check needs no server build. */
async function serverManifestModule() {
  const out = await build({
    // The manifest code, and the guard's public paths (a page not among them is visited signed in).
    stdin: {
      contents: "export * from './server/src/platform/site/manifest.ts'; export { PUBLIC_PATHS } from './shared/src/core/constants.ts';",
      resolveDir: repo,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Only node: built-ins stay outside: the shared core it imports is bundled in (a data: URL
    // module cannot resolve packages).
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

/**
 * Bytes of `file` as the server sends it to a browser that accepts brotli: its `.br` sibling
 * written at build (tools/precompress.mjs, @fastify/static preCompressed) when there is one, else
 * compressed per request by @fastify/compress (app.ts: br quality 5, text mode, threshold 1024).
 */
export function servedBytes(file) {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  const body = readFileSync(file);
  if (body.length < 1024) return body.length;
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 },
  }).length;
}

/**
 * Static imports of a built chunk. Rollup writes them all at the top of the file
 * (`import{a as b}from"./x.js";import"./y.js";`), before any other statement.
 */
function staticImports(code) {
  const found = [];
  const head = /^\s*import\s*(?:[\w$*{][^;"']*?from\s*)?["']([^"']+)["']\s*;?/;
  let rest = code.replace(/^(?:\s*\/\*[\s\S]*?\*\/)+/, '');
  for (let m = head.exec(rest); m; m = head.exec(rest)) {
    found.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return found;
}

/**
 * First-load JavaScript of each page path and each remote entry, measured on the site in `siteDir`.
 * @param {string} siteDir
 * @param {string[]} paths
 */
export async function measure(siteDir, paths) {
  const { ManifestBuilder, preloadForPath, REMOTE_DIRS, PUBLIC_REMOTE_DIRS, PUBLIC_PATHS } = await serverManifestModule();
  const warnings = [];
  const log = { warn: (obj, msg) => warnings.push(`${msg} (${obj.remote ?? ''})`), info() {}, debug() {}, error() {} };
  const builder = new ManifestBuilder(siteDir, log);
  const manifest = await builder.build();
  // Moderator-only remotes (mf-admin) are not in the public manifest, but must be built too.
  const restricted = await builder.forAudience('moderators');
  if (manifest.remotes.length + restricted.length !== REMOTE_DIRS.length) {
    throw new Error(`not every remote is built in ${siteDir}: ${warnings.join('; ') || 'missing'} (run npm run build)`);
  }
  const shellDir = join(siteDir, 'shell', 'dist');
  const indexFile = join(shellDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run npm run build`);
  const html = readFileSync(indexFile, 'utf8');
  const shellUrls = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (shellUrls.length === 0) throw new Error(`${indexFile} has no module script`);

  /** A site URL (/assets/x.js, /remotes/mf-auth/x.js?v=1) to its file. */
  const fileOf = (url) => {
    const path = url.split('?')[0];
    const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(path);
    return remote ? join(siteDir, remote[1], 'dist', remote[2]) : join(shellDir, path.replace(/^\//, ''));
  };
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, servedBytes(file));
    return sizes.get(file);
  };
  /** The URLs a page fetches, with the static imports of each, once each. */
  const closure = (urls) => {
    const seen = new Map(); // file -> url
    const visit = (url) => {
      const file = fileOf(url);
      if (seen.has(file)) return;
      if (!existsSync(file)) throw new Error(`${url} is listed but ${file} does not exist`);
      seen.set(file, url);
      const base = new URL(url, 'http://site');
      for (const spec of staticImports(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') || spec.startsWith('/')) visit(new URL(spec, base).pathname);
      }
    };
    urls.forEach(visit);
    return [...seen.keys()];
  };

  // Libraries @xiaoba/shared imports on first use (docs/adr/0012) load once the page is idle:
  // counted apart, as `idle`. A signed-in page is counted as the server renders it, with its
  // first screen's data (docs/adr/0016 "Step 3"): nothing asks the API before the page is idle.
  // Only a page whose session must first be restored from the refresh cookie (the first visit
  // after a sign-in elsewhere, or a failed server render) has the HTTP client preloaded:
  // reported as `restore`, not budgeted.
  const lazyFile = join(shellDir, 'lazy-libraries.json');
  const lazy = existsSync(lazyFile) ? JSON.parse(readFileSync(lazyFile, 'utf8')) : { apiClient: [], all: [] };
  const pages = {};
  for (const path of paths) {
    const preload = preloadForPath(manifest, path);
    if (!preload) throw new Error(`no remote serves ${path}`);
    const signedIn = !PUBLIC_PATHS.includes(path);
    const files = closure([
      ...shellUrls,
      ...preload.urls,
      ...renderedRowUrls(manifest, path),
      ...prerenderUrls(siteDir, PUBLIC_REMOTE_DIRS, path),
      // A server-rendered page's boot script (shell/public/boot.js, docs/adr/0016 "Step 3").
      ...(signedIn ? ['/boot.js'] : []),
    ]);
    const list = files.map((f) => ({ file: relative(siteDir, f), bytes: sizeOf(f) }));
    // A remote for moderators only is never part of anyone's first load (ADR 14).
    const leaked = list.find((f) => REMOTE_DIRS.some((dir) => !PUBLIC_REMOTE_DIRS.includes(dir) && f.file.startsWith(`${dir}/`)));
    if (leaked) throw new Error(`page ${path} loads ${leaked.file}, a file of a remote for moderators only`);
    const idle = closure(lazy.all).filter((f) => !files.includes(f));
    pages[path] = {
      files: files.length,
      bytes: list.reduce((sum, f) => sum + f.bytes, 0),
      list,
      idle: { files: idle.length, bytes: idle.reduce((sum, f) => sum + sizeOf(f), 0) },
      ...(signedIn
        ? {
            restore: {
              bytes: closure(lazy.apiClient)
                .filter((f) => !files.includes(f))
                .reduce((sum, f) => sum + sizeOf(f), 0),
            },
          }
        : {}),
    };
  }
  const entries = {};
  for (const remote of REMOTE_DIRS) entries[remote] = { bytes: sizeOf(join(siteDir, remote, 'dist', 'remoteEntry.js')) };
  return { pages, entries };
}

/**
 * The files of the rows the router renders for `pathname`, index rows included. The server's
 * hints stop at the first row matching the path, so for /my (a layout row whose page is its index
 * child) they lack the page's own chunks, which the browser then fetches anyway when the page
 * renders: counted here so the budget is what a first visit downloads.
 */
function renderedRowUrls(manifest, pathname) {
  let best;
  const walk = (remote, rows, parent) => {
    for (const row of rows) {
      const pattern = row.path === undefined ? parent.pattern : row.path.startsWith('/') ? row.path : `${parent.pattern.replace(/\/$/, '')}/${row.path}`;
      const own = { pattern, files: [...parent.files, ...(row.preload ?? [])], uses: [...parent.uses, ...(row.uses ?? [])] };
      const want = pattern.split('/').filter(Boolean);
      const got = pathname.split('/').filter(Boolean);
      const score = want.length === got.length && want.every((w, i) => w.startsWith(':') || w === got[i]) ? want.filter((w) => !w.startsWith(':')).length : -1;
      // Equal scores: the deeper row (an index child under its layout) is the one rendered.
      if (score >= 0 && (!best || score > best.score || (score === best.score && best.remote === remote))) best = { remote, ...own, score };
      walk(remote, row.children ?? [], own);
    }
  };
  for (const remote of manifest.remotes) walk(remote, remote.routes, { pattern: '', files: [], uses: [] });
  if (!best) return [];
  const base = (r) => r.url.slice(0, r.url.lastIndexOf('/') + 1);
  const urls = [best.remote.url, ...best.files.map((f) => base(best.remote) + f)];
  for (const use of best.uses) {
    const other = manifest.remotes.find((r) => r.name === use.remote);
    for (const f of other?.fragments?.[use.module] ?? []) urls.push(base(other) + f);
    if (other) urls.push(other.url);
  }
  return urls;
}

/**
 * The scripts of a page a remote prerenders at build (tools/prerender.mjs: `<remote>/dist/prerender/
 * pages.json` maps the path to its page), which the server adds to index.html for that path.
 */
function prerenderUrls(siteDir, remotes, pathname) {
  const urls = [];
  for (const remote of remotes) {
    const dir = join(siteDir, remote, 'dist', 'prerender');
    let pages;
    try {
      pages = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8'));
    } catch {
      continue; // this remote prerenders nothing
    }
    if (typeof pages?.[pathname] !== 'string') continue;
    for (const name of readdirSync(dir)) if (name.endsWith('.js')) urls.push(`/remotes/${remote}/prerender/${name}`);
  }
  return urls;
}

const kb = (bytes) => (bytes < 10_240 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** The figures against the budget: one printable line each, and what is over (or has no budget). */
export function compare(result, budget) {
  const lines = [];
  const over = [];
  const line = (what, bytes, limit, files, idle, restore) => {
    if (typeof limit !== 'number') {
      over.push(`${what}: no budget in tools/budget.json`);
      return;
    }
    const ok = bytes <= limit;
    if (!ok) over.push(`${what}: ${bytes} bytes > budget ${limit}`);
    lines.push(
      `${ok ? 'ok  ' : 'OVER'} ${what.padEnd(28)} ${kb(bytes).padStart(9)} of ${kb(limit).padStart(9)} (${((bytes / limit) * 100).toFixed(0)}%)${files ? `, ${files} files` : ''}${idle?.bytes ? `; then ${kb(idle.bytes)} in ${idle.files} when idle (not budgeted)` : ''}${restore?.bytes ? `; +${kb(restore.bytes)} when the session is restored first` : ''}`,
    );
  };
  for (const [path, { bytes, files, idle, restore }] of Object.entries(result.pages)) line(`page ${path}`, bytes, budget.pages?.[path], files, idle, restore);
  for (const [remote, { bytes }] of Object.entries(result.entries)) line(`${remote}/remoteEntry.js`, bytes, budget.remoteEntries?.[remote]);
  return { lines, over };
}

/**
 * `--self-test`: measure() and compare() on a small made-up site whose answer is known, so a
 * change to this check that would count the wrong files fails here first (run by check:budget).
 */
async function selfTest() {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { deepStrictEqual, strictEqual, rejects } = await import('node:assert/strict');
  const site = mkdtempSync(join(tmpdir(), 'xiaoba-budget-'));
  const write = (rel, text) => {
    mkdirSync(join(site, rel, '..'), { recursive: true });
    writeFileSync(join(site, rel), text);
  };
  // Text that brotli cannot shrink much (so compressed sizes stay above 1024 bytes).
  let seed = 7;
  const noise = (n) => Array.from({ length: n }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('');
  try {
    write(
      'shell/dist/index.html',
      '<script type="module" crossorigin src="/assets/entry.js"></script><link rel="modulepreload" crossorigin href="/assets/shared.js">',
    );
    write('shell/dist/assets/entry.js', `/* banner */ import{a as b}from"./dep.js";import"./dep2.js";const l=()=>import("./lazy.js");"${noise(3000)}"`);
    write('shell/dist/assets/dep.js', 'export const a=1;'); // under 1024 bytes: sent as it is
    write('shell/dist/assets/dep2.js', 'console.log(2);');
    write('shell/dist/assets/shared.js', noise(5000));
    write('shell/dist/assets/shared.js.br', 'x'.repeat(100)); // a build's sibling: sent instead
    write('shell/dist/assets/lazy.js', noise(9000)); // dynamic import: not a first-load file
    write('shell/dist/boot.js', 'start();'); // a server-rendered signed-in page's boot script
    const remotes = {
      'mf-auth': [{ path: '/login', page: 'login', preload: ['login.js'] }],
      'mf-space': [
        {
          path: '/my',
          children: [
            { index: true, page: 'home', preload: ['home.js'] },
            { path: 'board', page: 'board', preload: ['board.js'] },
          ],
        },
      ],
      'mf-home': [],
      'mf-settings': [],
      // For moderators only: out of the public manifest, so no page counts it.
      'mf-admin': [{ path: '/admin', page: 'reports', preload: ['reports.js'] }],
    };
    for (const [dir, routes] of Object.entries(remotes)) {
      write(`${dir}/dist/remoteEntry.js`, `const e=${JSON.stringify(dir)};`);
      write(`${dir}/dist/routes.json`, JSON.stringify({ name: dir.replace('-', '_'), routes }));
    }
    write('mf-auth/dist/login.js', 'export default 1;');
    write('mf-auth/dist/prerender/pages.json', '{"/login":"login.json"}');
    write('mf-auth/dist/prerender/boot.js', 'boot();');
    write('mf-space/dist/home.js', 'import"./frame.js";export default 2;');
    write('mf-space/dist/frame.js', 'export default 3;');
    write('mf-space/dist/board.js', noise(2000));

    const result = await measure(site, ['/login', '/my']);
    const files = (path) => result.pages[path].list.map((f) => f.file).sort();
    const shell = ['shell/dist/assets/dep.js', 'shell/dist/assets/dep2.js', 'shell/dist/assets/entry.js', 'shell/dist/assets/shared.js'];
    deepStrictEqual(files('/login'), [...shell, 'mf-auth/dist/login.js', 'mf-auth/dist/prerender/boot.js', 'mf-auth/dist/remoteEntry.js'].sort());
    deepStrictEqual(files('/my'), [...shell, 'mf-space/dist/frame.js', 'mf-space/dist/home.js', 'mf-space/dist/remoteEntry.js', 'shell/dist/boot.js'].sort());
    const bytes = Object.fromEntries(result.pages['/login'].list.map((f) => [f.file, f.bytes]));
    strictEqual(bytes['shell/dist/assets/shared.js'], 100);
    strictEqual(bytes['shell/dist/assets/dep.js'], 'export const a=1;'.length);
    const entry = bytes['shell/dist/assets/entry.js'];
    if (!(entry > 1024 && entry < 3000)) throw new Error(`entry.js counted ${entry} bytes, not brotli-compressed`);
    strictEqual(
      result.pages['/login'].bytes,
      Object.values(bytes).reduce((a, b) => a + b, 0),
    );

    const budget = {
      pages: { '/login': result.pages['/login'].bytes, '/my': result.pages['/my'].bytes - 1 },
      remoteEntries: { 'mf-auth': 1000, 'mf-space': 1000, 'mf-home': 1000 },
    };
    const { over } = compare(result, budget);
    deepStrictEqual(over, [
      `page /my: ${result.pages['/my'].bytes} bytes > budget ${result.pages['/my'].bytes - 1}`,
      'mf-settings/remoteEntry.js: no budget in tools/budget.json',
      'mf-admin/remoteEntry.js: no budget in tools/budget.json',
    ]);
    await rejects(measure(site, ['/admin']), /no remote serves \/admin/);

    rmSync(join(site, 'mf-home', 'dist', 'routes.json'));
    await rejects(measure(site, ['/login']), /not every remote is built/);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await selfTest();
  if (!process.argv.includes('--self-test')) {
    const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
    const siteDir = process.env.SITE_DIR || repo;
    const result = await measure(siteDir, Object.keys(budget.pages));
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      const { lines, over } = compare(result, budget);
      console.log(`First-load JavaScript, brotli as served (tools/budget.json):\n${lines.join('\n')}`);
      if (over.length) {
        console.error(`\nOver budget:\n  ${over.join('\n  ')}\n${budget.rule}`);
        process.exitCode = 1;
      }
    }
  } else {
    console.log('check-budget self-test passed');
  }
}
