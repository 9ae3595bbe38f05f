import { describe, expect, it } from 'vitest';
import { authActions, baseApi, STORAGE_KEY, uiActions, userApi, type LoginData } from '@xiaoba/shared';
import { PAGE_STATE_ID, type PageState } from '@xiaoba/shared/page-render';
import { createStore, takePageState } from './store';
import { fail, fakeServer, memoryStorage, ok, user } from './testing/fake-server';

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

describe('createStore from a server-rendered page (PageState)', () => {
  const owner = { ...user, uid: 100002, name: '小红' };

  /** What the site's server hands over: the cache as a render filled it, through JSON like the page. */
  async function serverPageState(): Promise<PageState> {
    const calls = fakeServer((c) => (c.path === '/user/getuserinfo/100002' ? ok(owner) : fail(500, 'x')));
    const server = createStore(memoryStorage());
    await server.dispatch(userApi.endpoints.getUserInfo.initiate(100002));
    expect(calls).toHaveLength(1);
    const { queries, provided } = server.getState().api;
    return JSON.parse(JSON.stringify({ auth: { token: 'page-token', user: { ...user, skin: 'rain' } }, api: { queries, provided } })) as PageState;
  }

  it("starts signed in with the page's token, user and skin, its cache answering the first screen's reads without a request", async () => {
    const page = await serverPageState();
    const calls = fakeServer(() => ok(owner));
    const store = createStore(memoryStorage(), page);
    expect(store.getState().auth).toMatchObject({ token: 'page-token', user: { uid: user.uid, skin: 'rain' } });
    expect(store.getState().ui.skin).toBe('rain');
    expect(userApi.endpoints.getUserInfo.select(100002)(store.getState()).data).toEqual(owner);
    // The tags came too: a write that invalidates the space refetches this entry.
    expect(baseApi.util.selectInvalidatedBy(store.getState(), [{ type: 'Space', id: 100002 }]).map((q) => q.originalArgs)).toEqual([100002]);
    // The route prefetch (force: false) and the page's hook find it answered.
    store.dispatch(userApi.util.prefetch('getUserInfo', 100002, { force: false }));
    await store.dispatch(userApi.endpoints.getUserInfo.initiate(100002)).unwrap();
    expect(calls).toEqual([]);
  });

  it('takes the session alone when the page has no cache, and keeps createStore(storage) as before', () => {
    const store = createStore(memoryStorage(), { auth: { token: 't', user } });
    expect(store.getState().auth.token).toBe('t');
    expect(store.getState().api.queries).toEqual({});
    expect(createStore(memoryStorage()).getState().auth.token).toBeNull();
  });

  it('still starts when RTK cannot merge the cache (the page then asks for its data)', () => {
    const page = { auth: { token: 't', user }, api: { queries: {}, provided: { tags: { Space: { 1: ['k'] } } } } };
    const store = createStore(memoryStorage(), page);
    expect(store.getState().auth.token).toBe('t');
  });
});

describe('takePageState', () => {
  const put = (json: string) => {
    document.body.innerHTML = `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script><div id="root"></div>`;
  };

  it('reads the page state once and removes its element', () => {
    put(JSON.stringify({ auth: { token: 't', user }, api: { queries: {}, provided: { tags: {}, keys: {} } } }).replace(/</g, '\\u003c'));
    expect(takePageState()).toMatchObject({ auth: { token: 't', user: { uid: user.uid } } });
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
    expect(takePageState()).toBeNull();
  });

  it.each([
    ['not JSON', '{"auth":'],
    ['no session', '{}'],
    ['null', 'null'],
    ['a token that is not a string', JSON.stringify({ auth: { token: 1, user } })],
    ['a user without uid', JSON.stringify({ auth: { token: 't', user: { name: 'x' } } })],
    ['a cache without queries', JSON.stringify({ auth: { token: 't', user }, api: { queries: null } })],
  ])('ignores a malformed one (%s): the app starts as on any page', (_, json) => {
    put(json);
    const page = takePageState();
    expect(page).toBeNull();
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
    expect(createStore(memoryStorage(), page).getState().auth.token).toBeNull();
  });

  it('is null on a page without one', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takePageState()).toBeNull();
  });
});
