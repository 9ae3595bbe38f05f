import { createBrowserRouter, NOT_FOUND_PATH, NOT_FOUND_TITLE, uiActions, withGuardVerdict, type RouteObject } from '@xiaoba/shared';
import type { RemotesManifest } from '@xiaoba/shared';
import { createGuard } from './guard/guard';
import { Layout } from './layout/Layout';
import { PageLoading } from './layout/PageLoading';
import { NotFound } from './pages/NotFound';
import { RootError } from './pages/RootError';
import { moderatorRoutes, ROOT_ROUTE_ID } from './remotes/moderator-routes';
import { remoteRoutes } from './remotes/remote-routes';
import type { AppStore } from './store';

export interface RouterOptions {
  /** True during the first navigation of a server-painted page: the remotes' rows wait for nothing (remote-routes.tsx). */
  painted?: () => boolean;
}

/** Created only after the remotes are registered (else "Unknown remote" on the first route). */
export function createRouter(store: AppStore, manifest: RemotesManifest, { painted }: RouterOptions = {}) {
  // The site's mode comes with the manifest the routes come from: every module reads it from the store.
  store.dispatch(uiActions.setArchive(manifest.archive === true));
  const guard = createGuard(store);
  const routes: RouteObject[] = [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      element: <Layout />,
      // The page loaders' prefetch waits for this navigation's verdict (shared's route-prefetch.ts).
      loader: withGuardVerdict(guard),
      // The guard runs on every navigation, not only when params change.
      shouldRevalidate: () => true,
      errorElement: <RootError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        ...manifest.remotes.flatMap((entry) => remoteRoutes(entry, store, painted ? { painted } : {})),
        { path: NOT_FOUND_PATH, element: <NotFound />, handle: { title: NOT_FOUND_TITLE } },
        { path: '*', element: <NotFound />, handle: { title: NOT_FOUND_TITLE } },
      ],
    },
  ];
  // The moderators' remotes are not in the manifest: their rows are added for moderators only
  // (after the guard's session restore on a fresh page).
  return createBrowserRouter(routes, { patchRoutesOnNavigation: moderatorRoutes(store, guard.restoreSession) });
}

export type AppRouter = ReturnType<typeof createRouter>;

/** Resolves once the router has taken its first navigation (its loaders have answered). */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
