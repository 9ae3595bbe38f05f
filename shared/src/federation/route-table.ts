/**
 * The contract between the shell and a remote. A remote declares its rows of the site's route
 * table as plain data (`RouteMeta[]`, emitted as routes.json at build and published in the
 * server's manifest), so the shell knows every path and title WITHOUT loading the remote; the
 * remote's code is fetched only when one of its routes is first visited. The remote exposes
 * `./routes`, whose `pages` map turns each `page` key into a component.
 */
import type { ComponentType } from 'react';
import type { BuildContract } from '../core/contract';

export interface RouteMeta {
  /** Absolute path for top-level rows, relative for children; omitted for index rows. */
  path?: string;
  index?: boolean;
  /** Key into the remote's `pages` map; a row without one only redirects or groups children. */
  page?: string;
  /** Page title; the shell shows `${title} - 校巴`, or the product's name when there is none. */
  title?: string;
  /** Rows that only redirect, e.g. /setting to /setting/avatar. */
  redirect?: string;
  children?: RouteMeta[];
  /** Filled in at build: the remote's files this page needs, for the server to preload. */
  preload?: string[];
  /** Fragments of other remotes this page composes (ADR 6), so the server can preload them too. */
  uses?: FragmentRef[];
}

/** An exposed module of another remote that a page loads with `loadRemoteModule`. */
export interface FragmentRef {
  /** Federation name, e.g. 'mf_space'. */
  remote: string;
  /** Exposed module, e.g. './feed'. */
  module: string;
}

/** What a remote's `./routes` module exports. */
export interface RemoteRoutesModule {
  pages: Record<string, ComponentType>;
}

export interface RemoteManifestEntry {
  /** Federation container name, e.g. mf_auth. */
  name: string;
  /** URL of remoteEntry.js, with its content hash so a redeploy changes it. */
  url: string;
  version: string;
  routes: RouteMeta[];
  /** Filled in at build: each exposed fragment (other than ./routes) and the files it needs. */
  fragments?: Record<string, string[]>;
  /** What the remote was built against (routes.json's `contract`); the shell loads it only when equal to its own. */
  contract?: BuildContract;
}

export interface RemotesManifest {
  remotes: RemoteManifestEntry[];
  /** The operator's ARCHIVE_MODE: the whole site is read-only (absent on older servers: false). */
  archive?: boolean;
  /** The operator's REMOTE_OVERRIDES: a developer may load a remote from localhost (`?remote-override=`). */
  overrides?: boolean;
}

/** Identity helper that type-checks a remote's route table. */
export const defineRoutes = (routes: RouteMeta[]): RouteMeta[] => routes;

/** Every page key a route table names (used by a remote's test to prove its table and pages agree). */
export function pageKeys(routes: RouteMeta[]): string[] {
  return routes.flatMap((r) => [...(r.page ? [r.page] : []), ...pageKeys(r.children ?? [])]);
}
