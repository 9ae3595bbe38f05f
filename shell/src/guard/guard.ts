/**
 * The navigation guard of spec section 2, run as the root route's loader on every navigation.
 */
import { authActions, notify, PUBLIC_PATHS, redirect, uiActions, userApi } from '@xiaoba/shared';
import { mayHaveSession } from '../session';
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
    if ('error' in result) throw result.error;
    // The call itself answers 200; whether the cookie is valid is in data.code (docs/api.md).
    return result.data.data?.code === 200;
  }

  function recordLoginOncePerDay() {
    const today = localDate();
    // An archive takes no writes (the server would answer 403): nothing to record.
    if (store.getState().auth.today === today || store.getState().ui.archive) return;
    store.dispatch(authActions.loginRecorded(today));
    void store.dispatch(userApi.endpoints.updateLogin.initiate());
  }

  /** A redirect to /login when the refresh cookie cannot restore the session, else null. */
  async function restoreSession(): Promise<Response | null> {
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
    // getinfo answers 401 (no token), the client refreshes through the cookie and retries.
    const request = store.dispatch(userApi.endpoints.getInfo.initiate(undefined, { forceRefetch: true }));
    const info = await request;
    request.unsubscribe();
    if (info.error || !info.data) return redirect('/login');
    store.dispatch(authActions.userLoaded(info.data));
    return null;
  }

  return async function guard({ request }: { request: Request }) {
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
      // Restoring a session takes up to three requests: the global loading overlay covers it.
      store.dispatch(uiActions.setLoading(true));
      try {
        const restored = await restoreSession();
        if (restored) return restored;
      } finally {
        store.dispatch(uiActions.setLoading(false));
      }
    }

    recordLoginOncePerDay();
    return null;
  };
}
