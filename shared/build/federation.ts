/**
 * The one place that configures module federation for every vite.config in the repo
 * (ARCHITECTURE.md: a later move to another federation plugin is one change here).
 */
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';

/**
 * Libraries loaded once and shared by the shell and every remote. The plugin shares by version
 * match, so each has ONE exact version across all workspaces (checked by `npm run check:versions`).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'styled-components',
  'axios',
  '@xiaoba/shared',
] as const;

const common: UserConfig = {
  build: {
    // Federation's share scope uses top-level await.
    target: 'esnext',
    modulePreload: false,
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
  },
};

export interface RemoteOptions {
  /** Federation container name, e.g. 'mf_auth' (must match the manifest). */
  name: string;
  /** Exposed modules: every remote exposes './routes' (its route table). */
  exposes: Record<string, string>;
  outDir?: string;
  plugins?: Plugin[];
}

/** vite config for a remote: relocatable (base './', flat assets) so it can live under any path. */
export function remoteConfig(options: RemoteOptions): UserConfig {
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
      ...(options.plugins ?? []),
    ],
    build: { ...common.build, assetsDir: '', outDir: options.outDir ?? 'dist' },
  };
}

/** vite config for the host shell. Remotes are registered at run time from /remotes.json. */
export function hostConfig(options: { outDir?: string; plugins?: Plugin[] } = {}): UserConfig {
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
      ...(options.plugins ?? []),
    ],
    build: { ...common.build, outDir: options.outDir ?? 'dist' },
  };
}
