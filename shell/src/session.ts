/** Wires the shared HTTP client to the store: token in, refreshed token out, expiry handled once. */
import { authActions, notify, setSessionHooks } from '@xiaoba/shared';
import type { AppStore } from './store';

export const SESSION_EXPIRED = '登录已过期，请重新登录';

export function connectSession(store: AppStore, goToLogin: () => void) {
  setSessionHooks({
    getToken: () => store.getState().auth.token,
    setToken: (token) => store.dispatch(authActions.tokenRefreshed(token)),
    onSessionExpired: () => {
      // Several calls in flight (the page's reads, the header's counts) can each learn that the
      // session ended: the first one ends it and says so, the others find it ended.
      const { token, user } = store.getState().auth;
      if (token === null && user === null) return;
      // Clears the token and user; the ui slice resets the theme to default on the same action.
      store.dispatch(authActions.loggedOut());
      notify.error(SESSION_EXPIRED);
      goToLogin();
    },
  });
}

/** Set and cleared by the server with the HttpOnly refresh cookie; holds no secret (docs/adr/0008). */
export const SESSION_HINT_COOKIE = 'xb_session';

/**
 * Whether a refresh cookie may exist. Without the hint the visitor is anonymous for sure (the
 * server clears both together), so the guard skips the checkcookie round trip and a public page
 * shows at once; with it, the server still decides.
 */
export function mayHaveSession(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`) && part.trim() !== `${SESSION_HINT_COOKIE}=`);
}
