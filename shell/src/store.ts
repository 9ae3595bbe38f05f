/** The site's one Redux store, made from shared's root reducer; remotes inject their slices into it. */
import { baseApi, configureStore, loadAuthState, rootReducer, saveAuthState, setupListeners, uiSlice } from '@xiaoba/shared';
import type { UserInfo } from '@xiaoba/shared';
// Not part of the federated singleton: two constants and types, bundled where used (first-load bytes).
import { PAGE_STATE_ID, type PageState } from '@xiaoba/shared/page-render';

/**
 * The state a server-rendered signed-in page carries (#xb-page-state), read and removed once; null
 * when there is none or it is not of the expected shape (the app then starts as on any page).
 */
export function takePageState(doc: Document = document): PageState | null {
  const el = doc.getElementById(PAGE_STATE_ID);
  el?.remove();
  try {
    const state = JSON.parse(el!.textContent!) as PageState;
    const { token, user } = state.auth;
    return typeof token == 'string' && typeof (user as UserInfo).uid == 'number' && (!state.api || state.api.queries instanceof Object) ? state : null;
  } catch {
    return null;
  }
}

/**
 * `page`: a server-rendered page's state: its session (token and user) and the data cache its
 * first screen was rendered from, so the guard restores no session and no first-screen read is sent again.
 */
export function createStore(storage: Storage | undefined = globalThis.localStorage, page?: PageState | null) {
  const auth = { ...loadAuthState(storage), ...(page?.auth as { token: string; user: UserInfo }) };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth, ui: { ...uiSlice.getInitialState(), skin: auth.user?.skin ?? '' } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  try {
    // RTK Query's rehydration (shared's baseApi, extractRehydrationInfo).
    if (page?.api) store.dispatch({ type: PAGE_STATE_ID, payload: page.api });
  } catch {
    // A cache RTK cannot merge: the page asks for its data as usual.
  }
  // Focus and visibility for RTK Query: polling with skipPollingIfUnfocused pauses in a hidden tab.
  setupListeners(store.dispatch);
  // Persist the user (never the token) whenever the auth state changes.
  let last = store.getState().auth;
  // Whose reads the data cache holds. Another user signing in (a family or school computer) finds
  // nothing of the previous one's (their privacy settings, blocked users, notices...). Cleared then,
  // not at sign-out, so requests still settling as the session ends settle as they were.
  let cacheOwner = last.user?.uid ?? null;
  store.subscribe(() => {
    const next = store.getState().auth;
    if (next !== last) {
      last = next;
      saveAuthState(next, storage);
      const uid = next.user?.uid ?? null;
      if (uid !== null && uid !== cacheOwner) {
        if (cacheOwner !== null) store.dispatch(baseApi.util.resetApiState());
        cacheOwner = uid;
      }
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
