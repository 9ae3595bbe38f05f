import type { Plugin, UserConfig, UserConfigFnObject } from 'vite';
import type { RouteMeta } from '../src/federation/route-table';
import type { BuildContract } from '../src/core/contract';

export declare const SHARED_SINGLETONS: readonly string[];

/** SHARED_CONTRACT of `@xiaoba/shared/core`, read from src/core/contract.ts. */
export declare function sharedContract(): string;
/** The contract of a build made in `root` (default: the current folder): written into routes.json and the shell. */
export declare function buildContract(root?: string): BuildContract;

export interface RemoteOptions {
  /** Federation container name, e.g. 'mf_auth' (must match the manifest). */
  name: string;
  /** Exposed modules: every remote exposes './routes' (its pages). */
  exposes: Record<string, string>;
  /** The remote's rows of the route table, emitted as routes.json for the server's manifest. */
  routes: RouteMeta[];
  outDir?: string;
  plugins?: Plugin[];
  /**
   * Chunks by name, each the source files (paths under the remote's folder, matched by their start)
   * that always go together: modules several pages share would otherwise be split into many small
   * chunks, each compressed and fetched on its own.
   */
  chunks?: Record<string, string[]>;
}

/** vite config for a remote: its browser build (relocatable), or with `vite build --ssr` its server build. */
export declare function remoteConfig(options: RemoteOptions): UserConfigFnObject;
/** The server build of a workspace (a remote or the shell) that has src/server.tsx: one self-contained dist/server/entry.mjs. */
export declare function serverConfig(options: { outDir?: string; plugins?: Plugin[]; define?: Record<string, string> }): UserConfig;
/** src/server.tsx: a remote's server entry (docs/adr/0016 "Step 2"). */
export declare const SERVER_ENTRY: string;
/** server: the folder of the server build inside the remote's build folder. */
export declare const SERVER_DIR: string;
/** entry.mjs: the server build's one file. */
export declare const SERVER_FILE: string;
export interface HostOptions {
  outDir?: string;
  plugins?: Plugin[];
}

/**
 * vite config for the host shell: its browser build (remotes registered at run time from the
 * manifest), or with `vite build --ssr` the server build of its frame (src/server.tsx), as a remote's.
 */
export declare function hostConfig(options?: HostOptions): UserConfigFnObject;
/** The file (in the shell's dist) listing the library chunks `@xiaoba/shared` loads on first use. */
export declare const LAZY_LIBRARIES_FILE: string;
