import { describe, expect, it } from 'vitest';
import { authActions, STORAGE_KEY, uiActions, userApi, type LoginData } from '@xiaoba/shared';
import { createStore } from './store';
import { memoryStorage, user } from './testing/fake-server';

const loginData: LoginData = { ...user, skin: 'town', token: 'secret-token', username: '10001' };

describe('createStore persistence', () => {
  it('starts signed out with the default skin on empty storage', () => {
    const store = createStore(memoryStorage());
    expect(store.getState().auth).toMatchObject({ token: null, user: null });
    expect(store.getState().ui).toEqual({ loading: false, skin: '', archive: false });
  });

  it('keeps the user for a new store over the same storage, but never the token', () => {
    const storage = memoryStorage();
    const first = createStore(storage);
    first.dispatch(authActions.loggedIn(loginData));
    first.dispatch(authActions.tokenRefreshed('refreshed-secret'));
    expect(first.getState().auth.token).toBe('refreshed-secret');

    const raw = storage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain('secret-token');
    expect(raw).not.toContain('refreshed-secret');

    const second = createStore(storage);
    expect(second.getState().auth.user).toEqual({ ...user, skin: 'town' });
    expect(second.getState().auth.token).toBeNull();
  });

  it("forgets the data cache when another user signs in: nothing of the previous user's stays", () => {
    const store = createStore(memoryStorage());
    store.dispatch(authActions.loggedIn(loginData));
    store.dispatch(userApi.util.upsertQueryEntries([{ endpointName: 'getInfo', arg: undefined, value: user }]));
    // The same user signing in again keeps it.
    store.dispatch(authActions.loggedOut());
    store.dispatch(authActions.loggedIn(loginData));
    expect(userApi.endpoints.getInfo.select()(store.getState()).data).toEqual(user);
    // Another user on the same computer does not see it.
    store.dispatch(authActions.loggedOut());
    store.dispatch(authActions.loggedIn({ ...loginData, uid: user.uid + 1 }));
    expect(userApi.endpoints.getInfo.select()(store.getState()).data).toBeUndefined();
  });

  it('takes the initial shown skin from the persisted user', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ user: { ...user, skin: 'dodo' }, today: '', myspace: true }) });
    expect(createStore(storage).getState().ui.skin).toBe('dodo');
  });

  it('persists a saved skin, not a preview', () => {
    const storage = memoryStorage();
    const store = createStore(storage);
    store.dispatch(authActions.loggedIn(loginData));
    store.dispatch(uiActions.showSkin('rain'));
    expect(createStore(storage).getState().ui.skin).toBe('town');
    store.dispatch(authActions.skinSaved('rain'));
    expect(createStore(storage).getState().ui.skin).toBe('rain');
  });

  it('forgets the user after logout', () => {
    const storage = memoryStorage();
    const store = createStore(storage);
    store.dispatch(authActions.loggedIn(loginData));
    store.dispatch(authActions.loggedOut());
    const next = createStore(storage);
    expect(next.getState().auth.user).toBeNull();
    expect(next.getState().ui.skin).toBe('');
  });

  it('does not write storage for actions that leave auth unchanged', () => {
    const storage = memoryStorage();
    const store = createStore(storage);
    store.dispatch(uiActions.setLoading(true));
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('createStore focus tracking', () => {
  it('tells RTK Query when the page is hidden and shown again (polling pauses meanwhile)', () => {
    const store = createStore(memoryStorage());
    const focused = () => store.getState().api.config.focused;
    expect(focused()).toBe(true);
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState');
    try {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      expect(focused()).toBe(false);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      expect(focused()).toBe(true);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      if (visibility) Object.defineProperty(Document.prototype, 'visibilityState', visibility);
    }
  });
});
