/**
 * The one place that configures module federation for every vite.config in the repo
 * (ARCHITECTURE.md: a later move to another federation plugin is one change here).
 */
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';

/**
 * Libraries loaded once and shared by the shell and every remote. The plugin shares by version
 * match, so each has ONE exact version across all workspaces (checked by `npm run check:versions`).
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', '@xiaoba/shared'];

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

/** vite config for a remote: relocatable (base './', flat assets) so it can live under any path. */
/** @param {import('./federation').RemoteOptions} options @returns {import('vite').UserConfig} */
export function remoteConfig(options) {
  return {
    ...common,
    base: './',
    plugins: [
      react(),
      federation({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: [...SHARED_SINGLETONS],
      }),
      emitRouteTable(options.name, options.routes),
      ...(options.plugins ?? []),
    ],
    build: {
      ...common.build,
      assetsDir: '',
      outDir: options.outDir ?? 'dist',
      // No HTML page: the plugin emits remoteEntry.js as the only entry.
      rollupOptions: { input: {} },
    },
  };
}

/** vite config for the host shell. Remotes are registered at run time from /remotes.json. */
/** @param {{ outDir?: string; plugins?: import('vite').Plugin[] }} options @returns {import('vite').UserConfig} */
export function hostConfig(options = {}) {
  return {
    ...common,
    base: '/',
    plugins: [
      react(),
      federation({
        name: 'shell',
        // Non-empty so the plugin emits its runtime (`virtual:__federation__`); the real remotes
        // come from the manifest and are registered with __federation_method_setRemote.
        remotes: { placeholder: 'data:text/javascript,' },
        shared: [...SHARED_SINGLETONS],
      }),
      preloadSharedChunks(),
      ...(options.plugins ?? []),
    ],
    build: { ...common.build, outDir: options.outDir ?? 'dist' },
  };
}

/** Writes routes.json beside remoteEntry.js: the manifest's source of a remote's paths and titles. */
/** @returns {import('vite').Plugin} */
function emitRouteTable(name, routes) {
  return {
    name: 'xiaoba:route-table',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify({ name, routes }, null, 2) });
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
