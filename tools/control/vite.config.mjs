/**
 * The bench's control build (never shipped): the SAME shell sources (shell/index.html,
 * shell/src/main.tsx, router, guard, layout) and the SAME remote sources, built as ONE Vite
 * build without module federation. Each remote's `./routes` module (and a fragment such as
 * mf-space's `./feed`) is a plain dynamic import, so the pages stay split by route; shared
 * libraries are deduplicated by the bundler instead of a share scope; Vite's own modulepreload
 * hints are on.
 *
 * The swaps: the shell's modules import `tools/control/registry.ts` for `src/remotes/registry.ts`
 * (it passes the real registry on, but starts the router with this build's remotes), and the
 * federation runtime `virtual:__federation__` is `tools/control/federation.ts` (it imports a
 * remote's module from this build). Both read `virtual:xb-control-remotes`, a table generated
 * here from each remote's built `dist/routes.json` (the data the server publishes in its
 * manifest) and its `src/routes.tsx` page imports. So the remotes must be built first
 * (`npm run build`). Output: `.bench/control/shell/dist` (git-ignored), served by the real
 * server with SITE_DIR=.bench/control.
 *
 *   npx vite build --config tools/control/vite.config.mjs
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repo = resolve(import.meta.dirname, '..', '..');
/** The remote folders, in the order the server's manifest lists them (server/src/platform/site/manifest.ts REMOTE_DIRS). */
export const REMOTE_DIRS = ['mf-auth', 'mf-space', 'mf-home', 'mf-settings'];
export const CONTROL_SITE_DIR = join(repo, '.bench', 'control');

const REGISTRY = join(repo, 'shell', 'src', 'remotes', 'registry.ts');
const CONTROL_REGISTRY = join(import.meta.dirname, 'registry.ts');
const VIRTUAL = 'virtual:xb-control-remotes';
const FEDERATION = 'virtual:__federation__';

/**
 * The generated table: per remote its federation name, its routes.json rows, an import of each
 * exposed module ('./routes' -> src/routes.tsx, './feed' -> src/feed.tsx as in its vite.config)
 * and of each page's own module (read from routes.tsx the way shared's routes.json emitter does).
 */
function remotesTable() {
  const entries = REMOTE_DIRS.map((dir) => {
    const routesJson = join(repo, dir, 'dist', 'routes.json');
    if (!existsSync(routesJson)) throw new Error(`${routesJson} is missing: build the remotes first (npm run build)`);
    const table = JSON.parse(readFileSync(routesJson, 'utf8'));
    const routesModule = join(repo, dir, 'src', 'routes.tsx');
    const modules = { './routes': routesModule };
    for (const exposed of Object.keys(table.fragments ?? {})) {
      const file = join(repo, dir, 'src', `${exposed.replace(/^\.\//, '')}.tsx`);
      if (!existsSync(file)) throw new Error(`${dir} exposes ${exposed} but ${file} does not exist`);
      modules[exposed] = file;
    }
    const pages = {};
    const source = readFileSync(routesModule, 'utf8');
    for (const [, key, spec] of source.matchAll(/(\w+)\s*:\s*(?:lazy|lazyPage)\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*\)/g)) {
      pages[key] = resolve(dirname(routesModule), spec);
    }
    return { name: table.name, routes: table.routes, modules, pages };
  });
  const imports = (map) =>
    `{${Object.entries(map)
      .map(([k, f]) => `${JSON.stringify(k)}: () => import(${JSON.stringify(f)})`)
      .join(', ')}}`;
  return `export const remotes = [\n${entries
    .map((e) => `  { name: ${JSON.stringify(e.name)}, routes: ${JSON.stringify(e.routes)}, modules: ${imports(e.modules)}, pages: ${imports(e.pages)} }`)
    .join(',\n')}\n];\n`;
}

/** @returns {import('vite').Plugin} */
function controlRegistry() {
  return {
    name: 'xiaoba:control-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === VIRTUAL) return `\0${VIRTUAL}`;
      if (source === FEDERATION) return join(import.meta.dirname, 'federation.ts');
      // Every importer of the shell's registry gets the control's, except the control's own.
      if (!importer || importer === CONTROL_REGISTRY || !source.endsWith('registry')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === REGISTRY ? CONTROL_REGISTRY : null;
    },
    load(id) {
      return id === `\0${VIRTUAL}` ? remotesTable() : null;
    },
  };
}

export default defineConfig({
  root: join(repo, 'shell'),
  base: '/',
  // Not the shell's .env or cache: this build must not disturb the real one.
  envDir: import.meta.dirname,
  cacheDir: join(repo, 'node_modules', '.vite-control'),
  plugins: [react(), controlRegistry()],
  build: {
    // As the federated builds (shared/build/federation.mjs), except that Vite's modulepreload stays on.
    target: 'esnext',
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
    // One entry chunk holds React, the router, the store and shared: that is the point of the control.
    chunkSizeWarningLimit: 2048,
    outDir: join(CONTROL_SITE_DIR, 'shell', 'dist'),
    emptyOutDir: true,
  },
});
