/**
 * The navigation guard (public paths, sign-in, the daily login check), run as the root route's
 * loader on every navigation.
 */
import {
  api,
  authActions,
  notify,
  PUBLIC_PATHS,
  REFRESH_URL,
  redirect,
  uiActions,
  userApi,
  whenIdle,
  type ApiEnvelope,
  type RefreshData,
} from '@xiaoba/shared';
import { mayHaveSession, SESSION_EXPIRED } from '../session';
import type { AppStore } from '../store';

export const SERVER_ERROR = '服务器错误';

const isPublic = (path: string) => (PUBLIC_PATHS as readonly string[]).includes(path);

/** Local calendar date, the unit of the once-a-day last-login record. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function createGuard(store: AppStore) {
  async function cookieIsValid(): Promise<boolean> {
    const result = await store.dispatch(userApi.endpoints.checkCookie.initiate());
    if ('error' in result) throw new Error('the session check failed', { cause: result.error });
    // The call itself answers 200; whether the cookie is valid is in data.code (docs/api.md).
    return result.data.data?.code === 200;
  }

  function recordLoginOncePerDay() {
    const today = localDate();
    // An archive takes no writes (the server would answer 403): nothing to record.
    if (store.getState().auth.today === today || store.getState().ui.archive) return;
    // When the page is idle: the record (and the HTTP client it loads on a server-painted page)
    // must not compete with the page's own code for a slow link in its first seconds. Noted as done
    // only then: a page left sooner leaves it to the next one.
    whenIdle(() => {
      if (store.getState().auth.today === today) return;
      store.dispatch(authActions.loginRecorded(today));
      void store.dispatch(userApi.endpoints.updateLogin.initiate());
    });
  }

  let restoring: Promise<Response | null> | null = null;
  /**
   * A redirect to /login when the refresh cookie cannot restore the session, else null. Callers at
   * the same time share one restore (the moderators' routes may need the session before the guard
   * runs: remotes/moderator-routes.ts).
   */
  function restoreSession(): Promise<Response | null> {
    // Restoring a session takes two requests: the global loading overlay covers it.
    if (!restoring) store.dispatch(uiActions.setLoading(true));
    restoring ??= restoreSessionNow().finally(() => {
      restoring = null;
      store.dispatch(uiActions.setLoading(false));
    });
    return restoring;
  }

  async function restoreSessionNow(): Promise<Response | null> {
    let valid: boolean;
    try {
      valid = await cookieIsValid();
    } catch {
      notify.error(SERVER_ERROR);
      return redirect('/login');
    }
    if (!valid) {
      store.dispatch(authActions.loggedOut());
      return redirect('/login');
    }
    // The cookie is valid: refresh it straight away (there is no token to try first) and take the
    // user from the same answer, one round trip where getinfo's 401, refresh and getinfo again took
    // three (docs/adr/0011). A direct call to the refresh URL ends no session on failure by itself.
    let refreshed: RefreshData | undefined;
    try {
      refreshed = (await api.post<ApiEnvelope<RefreshData>>(REFRESH_URL)).data.data;
    } catch (error) {
      // The cookie expired between the two calls (or was used elsewhere): as the client would say.
      const status = (error as { response?: { status?: number } }).response?.status;
      notify.error(status === 401 ? SESSION_EXPIRED : SERVER_ERROR);
    }
    if (!refreshed?.token || !refreshed.user) {
      store.dispatch(authActions.loggedOut());
      return redirect('/login');
    }
    store.dispatch(authActions.tokenRefreshed(refreshed.token));
    store.dispatch(authActions.userLoaded(refreshed.user));
    // Whoever asks for getinfo next finds it answered.
    store.dispatch(userApi.util.upsertQueryEntries([{ endpointName: 'getInfo', arg: undefined, value: refreshed.user }]));
    return null;
  }

  async function guard({ request }: { request: Request }) {
    const path = new URL(request.url).pathname;
    const { token } = store.getState().auth;

    if (isPublic(path)) {
      if (token) return redirect('/home');
      // No session hint: anonymous for sure, the page shows without a round trip.
      if (!mayHaveSession()) return null;
      try {
        if (await cookieIsValid()) return redirect('/home');
      } catch {
        notify.error(SERVER_ERROR);
      }
      return null;
    }

    if (!token && !mayHaveSession()) {
      store.dispatch(authActions.loggedOut());
      return redirect('/login');
    }

    if (!token) {
      const restored = await restoreSession();
      if (restored) return restored;
    }

    recordLoginOncePerDay();
    return null;
  }
  return Object.assign(guard, { restoreSession });
}
