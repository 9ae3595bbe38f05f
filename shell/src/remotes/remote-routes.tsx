/** Turns the manifest's route tables into router rows; each row loads its remote on first visit. */
import { NOT_FOUND_PATH, Outlet, redirect, startPagePrefetch, type LoaderFunctionArgs, type RouteObject } from '@xiaoba/shared';
import type { PrefetchStore, RemoteManifestEntry, RouteMeta } from '@xiaoba/shared';
import { loadRemote } from './registry';
import { RemoteError } from './RemoteError';
import { RemotePage } from './RemotePage';

export interface RouteHandle {
  title?: string;
}

export interface RemoteRoutesOptions {
  /**
   * Checked by every row's loader before the remote loads: when it says no, the page is the
   * not-found page (a moderator's rows after another user signed in in the same tab).
   */
  allowed?: () => boolean;
}

/** With a store, a page row's loader also starts the page's first-screen requests (shared's route-prefetch.ts). */
export function remoteRoutes(entry: RemoteManifestEntry, store?: PrefetchStore, { allowed }: RemoteRoutesOptions = {}): RouteObject[] {
  const toRoute = (meta: RouteMeta): RouteObject => {
    const location = meta.index ? { index: true as const } : { path: meta.path };
    const handle: RouteHandle = { title: meta.title };
    if (meta.redirect) {
      const to = meta.redirect;
      return { ...location, handle, loader: () => (allowed && !allowed() ? redirect(NOT_FOUND_PATH) : redirect(to)) } as RouteObject;
    }
    return {
      ...location,
      handle,
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        if (allowed && !allowed()) return redirect(NOT_FOUND_PATH);
        const module = await loadRemote(entry.name);
        // Not awaited: the page renders at once; its requests wait for the guard's session themselves.
        if (store) startPagePrefetch(store, module, meta.page, { params, request });
        return null;
      },
      element: meta.page ? <RemotePage remote={entry.name} page={meta.page} /> : <Outlet />,
      errorElement: <RemoteError remote={entry.name} />,
      ...(meta.children ? { children: meta.children.map(toRoute) } : {}),
    } as RouteObject;
  };
  return entry.routes.map(toRoute);
}
