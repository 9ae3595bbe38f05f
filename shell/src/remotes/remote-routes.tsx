/** Turns the manifest's route tables into router rows; each row loads its remote on first visit. */
import { NOT_FOUND_PATH, Outlet, preloadPage, redirect, startPagePrefetch, type LoaderFunctionArgs, type RouteObject } from '@xiaoba/shared';
import type { PrefetchStore, RemoteManifestEntry, RouteMeta } from '@xiaoba/shared';
import { loadRemote } from './registry';
import { RemoteError } from './RemoteError';
import { RemotePage } from './RemotePage';

export interface RouteHandle {
  title?: string;
  /** The remote whose page the row shows, and that page (the area loads their code itself on a hydrated page). */
  remote?: string;
  page?: string;
}

export interface RemoteRoutesOptions {
  /**
   * Checked by every row's loader before the remote loads: when it says no, the page is the
   * not-found page (a moderator's rows after another user signed in in the same tab).
   */
  allowed?: () => boolean;
  /**
   * True while the router takes its first navigation on a server-painted page: the rows' loaders
   * then wait for nothing, so the frame hydrates at once; the area loads its remote itself and
   * hydrates when it has arrived (AreaHost).
   */
  painted?: () => boolean;
}

/**
 * Asks the browser for a page's files (its row's `preload`, filled in at build) side by side, as
 * the server does for a painted page: importing the page chunk alone discovers them one import
 * after another, a round trip each. Files the page has loaded already are skipped.
 */
export function preloadPageFiles(entry: RemoteManifestEntry, files: readonly string[] | undefined): void {
  if (!files?.length || typeof document === 'undefined') return;
  const base = new URL(entry.url, document.baseURI);
  // (A DOM without Resource Timing, as in unit tests, has only the links to go by.)
  const loaded = new Set((performance.getEntriesByType?.('resource') ?? []).map((e) => e.name));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) loaded.add(link.href);
  for (const file of files) {
    const href = new URL(file, base).href;
    if (loaded.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** With a store, a page row's loader also starts the page's first-screen requests (shared's route-prefetch.ts). */
export function remoteRoutes(entry: RemoteManifestEntry, store?: PrefetchStore, { allowed, painted }: RemoteRoutesOptions = {}): RouteObject[] {
  /** `inArea`: a page row above this one is the remote's area, which renders this row's page through its <Outlet>. */
  const toRoute = (meta: RouteMeta, inArea = false): RouteObject => {
    const location = meta.index ? { index: true as const } : { path: meta.path };
    const handle: RouteHandle = { title: meta.title, ...(meta.page ? { remote: entry.name, page: meta.page } : {}) };
    if (meta.redirect) {
      const to = meta.redirect;
      return { ...location, handle, loader: () => (allowed && !allowed() ? redirect(NOT_FOUND_PATH) : redirect(to)) } as RouteObject;
    }
    return {
      ...location,
      handle,
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        if (allowed && !allowed()) return redirect(NOT_FOUND_PATH);
        // A painted page's first screen and its data are there already.
        if (painted?.()) return null;
        preloadPageFiles(entry, meta.preload);
        const module = await loadRemote(entry.name);
        // Its requests are not awaited (they wait for the guard's session themselves); a prefetch in a
        // chunk of its own is, alongside the page's code, so its requests leave before the page renders.
        const prefetched = store ? startPagePrefetch(store, module, meta.page, { params, request }) : undefined;
        // The page's code too, so the page replaces the last one whole rather than a loading state first.
        if (meta.page) await preloadPage(module.pages[meta.page]);
        await prefetched;
        return null;
      },
      element: meta.page ? <RemotePage remote={entry.name} page={meta.page} area={!inArea} /> : <Outlet />,
      errorElement: <RemoteError remote={entry.name} />,
      ...(meta.children ? { children: meta.children.map((child) => toRoute(child, inArea || Boolean(meta.page))) } : {}),
    } as RouteObject;
  };
  return entry.routes.map((row) => toRoute(row));
}
