/** The site's one Redux store, made from shared's root reducer; remotes inject their slices into it. */
import { baseApi, configureStore, loadAuthState, rootReducer, saveAuthState, setupListeners, uiSlice } from '@xiaoba/shared';

export function createStore(storage: Storage | undefined = globalThis.localStorage) {
  const auth = loadAuthState(storage);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth, ui: { ...uiSlice.getInitialState(), skin: auth.user?.skin ?? '' } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
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
