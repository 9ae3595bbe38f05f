#!/usr/bin/env node
/**
 * Prerenders a remote's public pages at build time (docs/adr/0008): bundles
 * `tools/prerender/<workspace>.tsx` (the pages inside the shell's frame) for Node (esbuild, the one Vite uses), renders each page to HTML and the
 * CSS of its styled components, and writes them to `<out>/` with a `pages.json` that maps every
 * route path to its page. The server puts that markup into index.html for those paths, so the page
 * paints before the scripts run (started after that paint by shell/public/boot.js, copied there as
 * boot.js); the shell then swaps in the live page (shell/src/prerendered.ts).
 *
 * Run by tools/atomic-build.mjs into the build folder before the swap, or by hand:
 *   node ../tools/prerender.mjs [outDir]   (in mf-auth; default dist/prerender)
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

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
 * styled-components adopts (and removes) <style data-styled> tags it finds at start; these rules
 * belong to markup the shell removes itself, so they are marked as ours instead.
 */
export function ownStyleTags(css) {
  return css.replace(/<style\b[^>]*>/g, '<style data-xb-prerender>') + `<style data-xb-prerender>${WAIT_FOR_APP}</style>`;
}

/**
 * Buttons that only a script can serve (open a dialog, switch the form, turn the carousel) let a
 * click before the app runs pass through instead of being lost as a silent no-op; the submit
 * button works (its click is remembered by the boot script and repeated), and so do links, fields
 * and check boxes. Test drivers wait for such a button until the live one replaces it.
 */
const WAIT_FOR_APP = '#xb-prerender button:not([type=submit]){pointer-events:none}';

/** The workspace's prerender entry (tools/prerender/mf-auth.tsx for mf-auth), which may not exist. */
export const prerenderEntry = (/** @type {string} */ cwd) => join(import.meta.dirname, 'prerender', `${basename(cwd)}.tsx`);

/** @param {string} cwd the workspace (mf-auth) @param {string} out the folder to write */
export async function prerender(cwd, out) {
  const require = createRequire(join(cwd, 'package.json'));
  const esbuild = createRequire(require.resolve('vite/package.json'))('esbuild');
  const tmp = mkdtempSync(join(tmpdir(), 'xb-prerender-'));
  try {
    const bundle = join(tmp, 'entry.cjs');
    await esbuild.build({
      entryPoints: [prerenderEntry(cwd)],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      // ESM builds first: styled-components' CommonJS default export breaks under the interop.
      mainFields: ['module', 'main'],
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.svg': 'text' },
      logLevel: 'warning',
    });
    const { render, routeTable } = createRequire(bundle)(bundle);
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
