/**
 * Test helper: turns a remote's route table and `pages` into router rows the way the shell's
 * remote-routes.tsx does (redirect rows, index rows, a page or an <Outlet/>, lazy pages in
 * Suspense), so tests exercise the real table instead of hand-written routes. With `prefetch`, each
 * page or outlet row's loader starts its page's prefetch, as the shell's loaders do once the remote
 * has loaded (shared's route-prefetch.ts).
 */
import { Suspense } from 'react';
import {
  Outlet,
  redirect,
  startPagePrefetch,
  type LoaderFunctionArgs,
  type PrefetchStore,
  type RemoteRoutesModule,
  type RouteMeta,
  type RouteObject,
} from '../index';

export function routesFromTable(table: RouteMeta[], pages: RemoteRoutesModule['pages'], prefetch?: { store: PrefetchStore; module: unknown }): RouteObject[] {
  const toRoute = (meta: RouteMeta): RouteObject => {
    const location = meta.index ? { index: true as const } : { path: meta.path };
    if (meta.redirect) {
      const to = meta.redirect;
      return { ...location, loader: () => redirect(to) } as RouteObject;
    }
    const Page = meta.page ? pages[meta.page] : undefined;
    if (meta.page && !Page) throw new Error(`no page "${meta.page}" in pages`);
    return {
      ...location,
      handle: { title: meta.title },
      ...(prefetch
        ? {
            // Like the shell's loader: a prefetch in a chunk of its own is waited for (its code, not its answers).
            loader: async (args: LoaderFunctionArgs) => {
              await startPagePrefetch(prefetch.store, prefetch.module, meta.page, args);
              return null;
            },
          }
        : {}),
      element: Page ? (
        <Suspense fallback={<p>加载中…</p>}>
          <Page />
        </Suspense>
      ) : (
        <Outlet />
      ),
      ...(meta.children ? { children: meta.children.map(toRoute) } : {}),
    } as RouteObject;
  };
  return table.map(toRoute);
}
