#!/usr/bin/env node
/**
 * Prerenders a remote's public pages at build time (docs/adr/0008): bundles
 * `tools/prerender/<workspace>.tsx` (the shell's frame and the remote's area) for Node with Vite and
 * the same React plugin as every build (stable styled-components ids: the browser's class names),
 * renders each page to HTML and the CSS of its styled components, and writes them to `<out>/` with
 * a `pages.json` that maps every route path to its page. The server puts that markup into the
 * shell's root in index.html for those paths, so the page paints before the scripts run (started
 * after that paint by shell/public/boot.js, copied there as boot.js); the browser then hydrates it
 * (docs/adr/0018).
 *
 * Run by tools/atomic-build.mjs into the build folder before the swap, or by hand:
 *   node ../tools/prerender.mjs [outDir]   (in mf-auth; default dist/prerender)
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Pages rendered, and route pages that show the same page under another name. */
const PAGES = ['login', 'register'];
const SAME_AS = { oldlogin: 'login' };

/**
 * A submit before the scripts run must not reload the page (losing what was typed): a form with
 * method="dialog" outside a <dialog> does nothing on submit (HTML spec), with no script needed.
 */
export function inertForms(html) {
  return html.replace(/<form(?![^>]*\smethod=)/g, '<form method="dialog"');
}

/**
 * styled-components adopts (and rewrites) <style data-styled> tags it finds at start, numbering
 * their groups as one render's; these come from two renders (frame and area), so they stay plain
 * rules of ours, and the browser injects the same ones as it hydrates.
 */
export function ownStyleTags(css) {
  return css.replace(/<style\b[^>]*>/g, '<style data-xb-prerender>');
}

/** The workspace's prerender entry (tools/prerender/mf-auth.tsx for mf-auth), which may not exist. */
export const prerenderEntry = (/** @type {string} */ cwd) => join(import.meta.dirname, 'prerender', `${basename(cwd)}.tsx`);

/** @param {string} cwd the workspace (mf-auth) @param {string} out the folder to write */
export async function prerender(cwd, out) {
  const require = createRequire(join(cwd, 'package.json'));
  const { build } = await import(pathToFileURL(require.resolve('vite')).href);
  const { reactWithStableStyles } = await import('../shared/build/federation.mjs');
  const tmp = mkdtempSync(join(tmpdir(), 'xb-prerender-'));
  try {
    const entry = prerenderEntry(cwd);
    await build({
      configFile: false,
      root: cwd,
      logLevel: 'warn',
      publicDir: false,
      plugins: [reactWithStableStyles()],
      define: { 'process.env.NODE_ENV': '"production"' },
      ssr: { noExternal: true, target: 'node' },
      build: {
        ssr: entry,
        outDir: tmp,
        emptyOutDir: true,
        minify: false,
        reportCompressedSize: false,
        rollupOptions: { input: entry, output: { format: 'es', entryFileNames: 'entry.mjs', inlineDynamicImports: true } },
      },
    });
    const bundle = join(tmp, 'entry.mjs');
    const { render, routeTable } = await import(pathToFileURL(bundle).href);
    mkdirSync(out, { recursive: true });
    const paths = {};
    // The update notes the server sends at /showupdate.txt (server/static), as of this build.
    const notesFile = join(cwd, '..', 'server', 'static', 'showupdate.txt');
    const updateNotes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : null;
    for (const page of PAGES) {
      const result = await render(page, { updateNotes });
      writeFileSync(join(out, `${page}.json`), JSON.stringify({ title: result.title, css: ownStyleTags(result.css), html: inertForms(result.html) }));
    }
    // Every route row whose page (or its twin) was rendered, e.g. / and /login -> login.json.
    for (const row of routeTable) {
      const page = SAME_AS[row.page] ?? row.page;
      if (PAGES.includes(page)) paths[row.path] = `${page}.json`;
    }
    writeFileSync(join(out, 'pages.json'), JSON.stringify(paths, null, 2));
    // The one early script the server links from every prerendered page.
    copyFileSync(join(import.meta.dirname, '..', 'shell', 'public', 'boot.js'), join(out, 'boot.js'));
    return paths;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cwd = process.cwd();
  const out = process.argv[2] ?? join(cwd, 'dist', 'prerender');
  const paths = await prerender(cwd, out);
  console.log(`prerendered ${Object.keys(paths).join(' ')} into ${out}`);
}
