/** Wires the shared HTTP client to the store: token in, refreshed token out, expiry handled once. */
import { authActions, notify, setSessionHooks } from '@xiaoba/shared';
import type { AppStore } from './store';

export const SESSION_EXPIRED = '登录已过期，请重新登录';

export function connectSession(store: AppStore, goToLogin: () => void) {
  setSessionHooks({
    getToken: () => store.getState().auth.token,
    setToken: (token) => store.dispatch(authActions.tokenRefreshed(token)),
    onSessionExpired: () => {
      // Clears the token and user; the ui slice resets the theme to default on the same action.
      store.dispatch(authActions.loggedOut());
      notify.error(SESSION_EXPIRED);
      goToLogin();
    },
  });
}
