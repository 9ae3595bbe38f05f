/**
 * The moderators' remotes (mf-admin, ADR 14): not in the public manifest, so the router does not
 * know their routes at start. For a signed-in user whose role is `moderator`, the first navigation
 * the router cannot match with a static route (react-router's `patchRoutesOnNavigation`: an unknown
 * path, or one only `/:id` or `*` matches, such as /admin) asks GET /api/mod/remote, registers what
 * it gets and adds its rows under the root route. For anyone else nothing is asked and nothing of
 * mf-admin is fetched: /admin stays what the public routes make of it, the not-found page.
 */
import type { RouteObject } from '@xiaoba/shared';
import { mayHaveSession } from '../session';
import type { AppStore } from '../store';
import { loadModeratorRemotes } from './registry';
import { remoteRoutes } from './remote-routes';

/** The id of the route the rows go under (router.tsx). */
export const ROOT_ROUTE_ID = 'root';

type Patch = (routeId: string | null, children: RouteObject[]) => void;

const isModerator = (store: AppStore) => store.getState().auth.user?.role === 'moderator';

/**
 * The router's `patchRoutesOnNavigation`: adds the moderators' rows once, for moderators only.
 * `restoreSession` is the guard's (shared with it): a fresh page has no token yet when the router
 * matches its first path, and /api/mod/remote answers 404, not 401, without one.
 */
export function moderatorRoutes(store: AppStore, restoreSession: () => Promise<Response | null> = async () => null) {
  let patched = false;
  let asking: Promise<RouteObject[]> | null = null;
  return async function patchRoutesOnNavigation({ patch }: { patch: Patch }): Promise<void> {
    if (patched) return;
    if (!store.getState().auth.token) {
      // Signed out for sure (no token, no session hint): the guard sends the visitor to /login.
      if (!mayHaveSession()) return;
      // A fresh page (a reload or a bookmark of /admin): the router matches before the guard has
      // restored the session, and only the restored user says whether they moderate (the stored
      // one may predate the role). The guard shares this restore and then finds the token.
      if ((await restoreSession()) !== null) return;
    }
    if (!isModerator(store)) return;
    asking ??= loadModeratorRemotes()
      .then((entries) => entries.flatMap((entry) => remoteRoutes(entry, store, { allowed: () => isModerator(store) })))
      .finally(() => {
        asking = null;
      });
    let rows: RouteObject[];
    try {
      rows = await asking;
    } catch {
      // Not a moderator any more (404), or the network: the page is what the public routes make
      // of it; a later navigation asks again.
      return;
    }
    // Two navigations may have waited for the same answer: the rows go in once.
    if (patched) return;
    patched = true;
    if (rows.length) patch(ROOT_ROUTE_ID, rows);
  };
}
