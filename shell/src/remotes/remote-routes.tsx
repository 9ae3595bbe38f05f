/** Turns the manifest's route tables into router rows; each row loads its remote on first visit. */
import { Outlet, redirect, type RouteObject } from '@xiaoba/shared';
import type { RemoteManifestEntry, RouteMeta } from '@xiaoba/shared';
import { loadRemote } from './registry';
import { RemoteError } from './RemoteError';
import { RemotePage } from './RemotePage';

export interface RouteHandle {
  title?: string;
}

export function remoteRoutes(entry: RemoteManifestEntry): RouteObject[] {
  const toRoute = (meta: RouteMeta): RouteObject => {
    const location = meta.index ? { index: true as const } : { path: meta.path };
    const handle: RouteHandle = { title: meta.title };
    if (meta.redirect) {
      const to = meta.redirect;
      return { ...location, handle, loader: () => redirect(to) } as RouteObject;
    }
    return {
      ...location,
      handle,
      loader: async () => {
        await loadRemote(entry.name);
        return null;
      },
      element: meta.page ? <RemotePage remote={entry.name} page={meta.page} /> : <Outlet />,
      errorElement: <RemoteError remote={entry.name} />,
      ...(meta.children ? { children: meta.children.map(toRoute) } : {}),
    } as RouteObject;
  };
  return entry.routes.map(toRoute);
}
