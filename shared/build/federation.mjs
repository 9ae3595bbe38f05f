/**
 * The one place that configures module federation for every vite.config in the repo
 * (ARCHITECTURE.md: a later move to another federation plugin is one change here).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';

/**
 * Libraries loaded once and shared by the shell and every remote. The plugin shares by version
 * match, so each has ONE exact version across all workspaces (checked by `npm run check:versions`).
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', '@xiaoba/shared'];

/**
 * SHARED_CONTRACT of `@xiaoba/shared/core` (src/core/contract.ts), read from that file's text:
 * this file runs in Node, which cannot import TypeScript.
 * @returns {string}
 */
export function sharedContract() {
  const file = join(import.meta.dirname, '..', 'src', 'core', 'contract.ts');
  const match = /^export const SHARED_CONTRACT = '([^'\\]+)';$/m.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file}: no line \`export const SHARED_CONTRACT = '...';\``);
  return match[1];
}

/**
 * What a build is made against (docs/api.md "Publishing a remote"): SHARED_CONTRACT and the exact
 * installed version of every federated singleton, as Node resolves them from the workspace being
 * built. A remote and the shell work together only when these are equal.
 * @param {string} [root] the workspace folder (vite builds from it)
 * @returns {import('../src/core/contract').BuildContract}
 */
export function buildContract(root = process.cwd()) {
  const require = createRequire(join(root, 'package.json'));
  /** @type {Record<string, string>} */
  const singletons = {};
  for (const name of SHARED_SINGLETONS) {
    singletons[name] = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  }
  return { shared: sharedContract(), singletons };
}

/**
 * React for every build of the repo, browser and server alike, with styled-components' Babel
 * plugin: each styled component gets an id from its package's name, its file's path and its place
 * in that file, instead of a counter of creation order. The server's render of a page and the
 * browser's hydration of it then give the same class names, whatever order the chunks load in
 * (docs/adr/0018). The package name keeps the ids of one remote apart from another's; `@xiaoba/shared`
 * is where the remotes import `styled` from.
 * @returns {import('vite').PluginOption}
 */
export function reactWithStableStyles() {
  return react({
    babel: {
      plugins: [['babel-plugin-styled-components', { ssr: true, displayName: false, fileName: false, pure: true, topLevelImportPaths: ['@xiaoba/shared'] }]],
    },
  });
}

/** @type {import('vite').UserConfig} */
const common = {
  build: {
    // Federation's share scope uses top-level await.
    target: 'esnext',
    modulePreload: false,
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
  },
};

/** A remote's server entry (docs/adr/0016 "Step 2"): a remote that has it also builds dist/server/entry.mjs. */
export const SERVER_ENTRY = 'src/server.tsx';
/** Where the server build goes inside the remote's build folder, and its one file. */
export const SERVER_DIR = 'server';
export const SERVER_FILE = 'entry.mjs';

/**
 * vite config for a remote. The browser build (`vite build`) is relocatable (base './', flat
 * assets) so it can live under any path; the server build (`vite build --ssr`, run by
 * tools/atomic-build.mjs when the remote has src/server.tsx) is serverConfig's.
 * @param {import('./federation').RemoteOptions} options
 * @returns {import('vite').UserConfigFnObject}
 */
export function remoteConfig(options) {
  return ({ isSsrBuild }) => (isSsrBuild ? serverConfig(options) : remoteBrowserConfig(options));
}

/**
 * The one server build (`vite build --ssr`) of a workspace with src/server.tsx, the remotes' and
 * the shell's alike: src/server.tsx and everything it imports (React, the router, the store,
 * styled-components, @xiaoba/shared) bundled into ONE ES module, dist/server/entry.mjs, that
 * imports nothing but node: built-ins. The render sandbox lets its child read only the build's
 * own folder (docs/adr/0016), so nothing may be left in node_modules.
 * @param {{ outDir?: string; plugins?: import('vite').Plugin[]; define?: Record<string, string> }} options
 * @returns {import('vite').UserConfig}
 */
export function serverConfig(options) {
  return {
    plugins: [reactWithStableStyles(), ...(options.plugins ?? [])],
    // The production builds of React and the libraries (no development checks in the file).
    define: { ...options.define, 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    // The render asks nothing of the network: axios's browser build, without its Node adapter
    // (http, form-data, mime-db: 0.4 MB of the file otherwise).
    resolve: { alias: [{ find: /^axios$/, replacement: createRequire(import.meta.url).resolve('axios/dist/browser/axios.cjs') }] },
    publicDir: false,
    build: {
      ssr: SERVER_ENTRY,
      target: 'node20',
      outDir: join(options.outDir ?? 'dist', SERVER_DIR),
      emptyOutDir: true,
      // Smaller to store, publish and parse in every sandbox child; names are kept for stack traces.
      minify: 'esbuild',
      sourcemap: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: SERVER_ENTRY,
        output: { format: 'es', entryFileNames: SERVER_FILE, inlineDynamicImports: true },
      },
    },
    esbuild: { keepNames: true },
  };
}

/**
 * A remote's `chunks` as rollup's manualChunks: a module whose path (from the remote's folder)
 * starts with one of a chunk's paths goes into that chunk; the others where rollup puts them.
 * @param {Record<string, string[]>} chunks
 * @returns {(id: string) => string | undefined}
 */
function chunkOf(chunks) {
  const root = process.cwd();
  const rows = Object.entries(chunks).flatMap(([name, paths]) => paths.map((path) => [resolve(root, path), name]));
  return (id) => rows.find(([path]) => id.startsWith(path))?.[1];
}

/**
 * Puts src/forms-from-singleton.ts in the place of src/core/form-parts.ts: the forms' rules
 * (`@xiaoba/shared/forms`, bundled into a remote's chunks) then take the core's constants, rules
 * and valibot from the `@xiaoba/shared` singleton instead of bundling second copies of them into
 * the page. Only a remote's browser build: the server build and the tests read the files themselves.
 * @returns {import('vite').Plugin}
 */
function formsOnSingletonValibot() {
  const src = join(import.meta.dirname, '..', 'src');
  const parts = join(src, 'core', 'form-parts.ts');
  const fromSingleton = join(src, 'forms-from-singleton.ts');
  return {
    name: 'xiaoba-forms-on-singleton-valibot',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.includes('form-parts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === parts ? fromSingleton : null;
    },
  };
}

/** @param {import('./federation').RemoteOptions} options @returns {import('vite').UserConfig} */
function remoteBrowserConfig(options) {
  return {
    ...common,
    base: './',
    plugins: [
      reactWithStableStyles(),
      formsOnSingletonValibot(),
      federation({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: [...SHARED_SINGLETONS],
      }),
      emitRouteTable(options.name, options.routes, options.exposes),
      ...(options.plugins ?? []),
    ],
    // `vite preview` serves this build to the real site's pages for a local override
    // (?remote-override=, docs/api.md "Publishing a remote"): another origin, so CORS on.
    preview: { cors: true },
    build: {
      ...common.build,
      assetsDir: '',
      outDir: options.outDir ?? 'dist',
      // No HTML page: the plugin emits remoteEntry.js as the only entry.
      rollupOptions: { input: {}, ...(options.chunks ? { output: { manualChunks: chunkOf(options.chunks) } } : {}) },
    },
  };
}

/**
 * vite config for the host shell: its browser build (`vite build`; remotes are registered at run
 * time from /remotes.json), or with `vite build --ssr` the server build of its frame (src/server.tsx,
 * the header and layout around a signed-in page's area when the server renders it), the same as a
 * remote's.
 * @param {import('./federation').HostOptions} [options]
 * @returns {import('vite').UserConfigFnObject}
 */
export function hostConfig(options = {}) {
  return ({ isSsrBuild }) => {
    const contract = buildContract();
    // The shell's own contract, compiled in: it loads only remotes whose contract equals it.
    const define = { __XB_CONTRACT__: JSON.stringify(contract) };
    return isSsrBuild ? serverConfig({ ...options, define }) : hostBrowserConfig(options, contract, define);
  };
}

/**
 * @param {import('./federation').HostOptions} options
 * @param {import('../src/core/contract').BuildContract} contract
 * @param {Record<string, string>} define
 * @returns {import('vite').UserConfig}
 */
function hostBrowserConfig(options, contract, define) {
  return {
    ...common,
    base: '/',
    plugins: [
      reactWithStableStyles(),
      federation({
        name: 'shell',
        // Non-empty so the plugin emits its runtime (`virtual:__federation__`); the real remotes
        // come from the manifest and are registered with __federation_method_setRemote.
        remotes: { placeholder: 'data:text/javascript,' },
        shared: [...SHARED_SINGLETONS],
      }),
      preloadSharedChunks(),
      emitLazyLibraries(),
      emitContract(contract),
      ...(options.plugins ?? []),
    ],
    define,
    build: { ...common.build, outDir: options.outDir ?? 'dist' },
  };
}

/** Where the site's server and `check:budget` read the lazy library chunks (docs/adr/0012). */
export const LAZY_LIBRARIES_FILE = 'lazy-libraries.json';

/**
 * Writes dist/lazy-libraries.json: the chunks of libraries that `@xiaoba/shared` imports on first
 * use (docs/adr/0012), each with its static imports, as site paths. `apiClient` is axios's: a
 * signed-in page calls the API at once, so the server preloads it for a visitor with a session
 * hint; `all` is every such chunk, which any page fetches once it is idle.
 * @returns {import('vite').Plugin}
 */
function emitLazyLibraries() {
  return {
    name: 'xiaoba:lazy-libraries',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunk = (fileName) => {
        const c = bundle[fileName];
        return c && c.type === 'chunk' ? c : undefined;
      };
      const closure = (fileName, files = new Set()) => {
        const c = chunk(fileName);
        if (!c || files.has(fileName)) return files;
        files.add(fileName);
        c.imports.forEach((f) => closure(f, files));
        return files;
      };
      const fromLibrary = (c) => Object.keys(c.modules).length > 0 && Object.keys(c.modules).every((id) => id.includes('/node_modules/'));
      const lazy = Object.values(bundle)
        .filter((c) => c.type === 'chunk' && c.fileName.includes('__federation_shared_@xiaoba/shared'))
        .flatMap((c) => c.dynamicImports)
        .map(chunk)
        .filter((c) => c && fromLibrary(c));
      const paths = (chunks) => [...new Set(chunks.flatMap((c) => [...closure(c.fileName)]))].map((f) => `/${f}`);
      const apiClient = lazy.filter((c) => Object.keys(c.modules).some((id) => id.includes('/node_modules/axios/')));
      const table = { apiClient: paths(apiClient), all: paths(lazy) };
      this.emitFile({ type: 'asset', fileName: LAZY_LIBRARIES_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}

/**
 * Writes the shell's contract to dist/contract.json: the server refuses to publish a remote whose
 * contract differs from it.
 * @param {import('../src/core/contract').BuildContract} contract
 * @returns {import('vite').Plugin}
 */
function emitContract(contract) {
  return {
    name: 'xiaoba:contract',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'contract.json', source: `${JSON.stringify(contract, null, 2)}\n` });
    },
  };
}

/**
 * Writes routes.json beside remoteEntry.js: the manifest's source of a remote's paths and titles.
 * Each row with a page also lists the files that page needs (the exposed routes module, the page's
 * lazy chunk and their static imports), so the server can preload them for a first visit instead
 * of the browser discovering them one round trip after another. Every other exposed module (a
 * fragment such as './feed', ADR 6) is listed under `fragments` with the files it needs, for the
 * pages of other remotes that compose it.
 * @param {string} name
 * @param {import('../src/federation/route-table').RouteMeta[]} routes
 * @param {Record<string, string>} exposes
 * @returns {import('vite').Plugin}
 */
function emitRouteTable(name, routes, exposes) {
  const routesModule = exposes['./routes'];
  return {
    name: 'xiaoba:route-table',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const closure = (fileName, files = new Set()) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return files;
        files.add(fileName);
        for (const file of chunk.imports) closure(file, files);
        return files;
      };
      // A remote may expose more than './routes' (a fragment such as './feed'): take that module's chunk.
      const routesFile = routesModule ? resolve(routesModule).replace(/\.[jt]sx?$/, '') : undefined;
      const expose = chunks.find((c) => c.fileName.startsWith('__federation_expose_') && c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === routesFile);
      // Page keys and their modules, read from the `key: lazyPage(() => import('./path'))` lines.
      const pageFiles = new Map();
      if (routesModule && expose) {
        const file = resolve(routesModule);
        const source = readFileSync(file, 'utf8');
        for (const [, key, spec] of source.matchAll(/(\w+)\s*:\s*(?:lazy|lazyPage)\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*\)/g)) {
          const target = resolve(dirname(file), spec);
          const page = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.[jt]sx?$/, '') === target);
          if (page) pageFiles.set(key, [...closure(expose.fileName), ...closure(page.fileName)]);
        }
      }
      const withPreload = (rows) =>
        rows.map((row) => ({
          ...row,
          ...(row.page && pageFiles.has(row.page) ? { preload: [...new Set(pageFiles.get(row.page))] } : {}),
          ...(row.children ? { children: withPreload(row.children) } : {}),
        }));
      const fragments = {};
      for (const [exposed, module] of Object.entries(exposes)) {
        if (exposed === './routes') continue;
        const file = resolve(module).replace(/\.[jt]sx?$/, '');
        const chunk = chunks.find((c) => c.fileName.startsWith('__federation_expose_') && c.facadeModuleId?.replace(/\.[jt]sx?$/, '') === file);
        if (chunk) fragments[exposed] = [...closure(chunk.fileName)];
      }
      const table = {
        name,
        routes: withPreload(routes),
        ...(Object.keys(fragments).length ? { fragments } : {}),
        // What this build runs against: the shell and the server compare it with the shell's.
        contract: buildContract(),
        // Its server render, built next to it by tools/atomic-build.mjs (docs/adr/0016 "Step 2"):
        // declared here so a publish checks it with this contract, under this version.
        ...(existsSync(resolve(SERVER_ENTRY)) ? { server: `${SERVER_DIR}/${SERVER_FILE}` } : {}),
      };
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(table, null, 2) });
    },
  };
}

/**
 * The host reaches its shared libraries through the federation runtime's dynamic imports, so the
 * browser would discover them only after the entry has run. Listing them (and what they import)
 * as modulepreload links in index.html lets them download in parallel with the entry.
 * @returns {import('vite').Plugin}
 */
function preloadSharedChunks() {
  return {
    name: 'xiaoba:preload-shared-chunks',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const files = new Set();
        const add = (fileName) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.fileName.includes('__federation_shared_')) add(chunk.fileName);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
