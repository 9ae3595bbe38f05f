import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { authActions, STORAGE_KEY, Toaster, uiActions, userApi, type LoginData } from '@xiaoba/shared';
import { createStore, type AppStore } from '../store';
import { connectSession, SESSION_HINT_COOKIE } from '../session';
import { cookieInvalid, cookieValid, fail, fakeServer, memoryStorage, ok, user, type Call, type Handler, type Reply } from '../testing/fake-server';
import { createGuard, localDate, SERVER_ERROR } from './guard';

const TODAY = localDate();
const loginData: LoginData = { ...user, token: 'token-abc', username: '10001' };

/** A store over its own storage; `persisted` is what the previous visit left in localStorage. */
function storeWith(persisted?: { user?: unknown; today?: string }, token?: string) {
  const storage = memoryStorage(persisted ? { [STORAGE_KEY]: JSON.stringify(persisted) } : {});
  const store = createStore(storage);
  if (token) store.dispatch(authActions.tokenRefreshed(token));
  return { store, storage };
}

async function visit(store: AppStore, path: string) {
  const result = await createGuard(store)({ request: new Request(`http://localhost${path}`) });
  return result;
}

/** Where a guard result sends the user: a redirect's target, or null when navigation continues. */
function target(result: unknown): string | null {
  if (result === null) return null;
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return response.headers.get('Location');
}

/** Lets the fire-and-forget updatelogin request reach the fake server. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Past the page's first idle moment, when the last-login record is sent (shared's whenIdle: at most 300 ms here). */
async function afterIdle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
}

const paths = (calls: Call[]) => calls.map((c) => `${c.method} ${c.path}`);

// The server sets the hint with the refresh cookie; the tests below that ask it about the cookie
// model a browser holding one (without the hint the guard does not ask: see the last block).
const setHint = () => (document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`);
const clearHint = () => (document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`);
beforeEach(setHint);
afterEach(clearHint);

describe('guard on a public path', () => {
  it('sends a user who holds a token to /home without asking the server', async () => {
    const calls = fakeServer(() => cookieValid);
    const { store } = storeWith({ user, today: TODAY }, 'token-abc');
    expect(target(await visit(store, '/login'))).toBe('/home');
    expect(calls).toEqual([]);
  });

  it.each(['/login', '/', '/register', '/oldlogin', '/usercard'])('with no token and a valid cookie, %s goes to /home', async (path) => {
    const calls = fakeServer(() => cookieValid);
    const { store } = storeWith();
    expect(target(await visit(store, path))).toBe('/home');
    expect(paths(calls)).toEqual(['GET /user/checkcookie']);
  });

  it('with no token and an invalid cookie stays on the page', async () => {
    const calls = fakeServer(() => cookieInvalid);
    const { store } = storeWith();
    expect(await visit(store, '/login')).toBeNull();
    await settle();
    // A public page records no login.
    expect(paths(calls)).toEqual(['GET /user/checkcookie']);
  });

  it.each([
    ['a 500', () => fail(500, 'boom')],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as [string, Handler][])('shows 服务器错误 and stays when checkcookie fails with %s', async (_name, handler) => {
    fakeServer(handler);
    render(<Toaster />);
    const { store } = storeWith();
    expect(await visit(store, '/register')).toBeNull();
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
  });
});

describe('guard on a protected path', () => {
  it('with no token and an invalid cookie goes to /login and forgets the stored user', async () => {
    const calls = fakeServer(() => cookieInvalid);
    const { store, storage } = storeWith({ user, today: TODAY });
    expect(target(await visit(store, '/home'))).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).not.toContain('小明');
    await settle();
    expect(paths(calls)).toEqual(['GET /user/checkcookie']);
  });

  it.each([
    ['a 500', () => fail(500, 'boom')],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as [string, Handler][])('shows 服务器错误 and goes to /login when checkcookie fails with %s', async (_name, handler) => {
    fakeServer(handler);
    render(<Toaster />);
    const { store } = storeWith();
    expect(target(await visit(store, '/home'))).toBe('/login');
    expect(await screen.findByText(SERVER_ERROR)).toBeTruthy();
  });

  it('with no token and a valid cookie reloads the user into the store and continues', async () => {
    const fresh = { ...user, name: '小明2', skin: 'rain' as const };
    const calls = fakeServer((c) =>
      c.path === '/user/checkcookie' ? cookieValid : c.path === '/user/refresh' ? ok({ token: 'fresh-token', user: fresh }) : ok(),
    );
    const { store } = storeWith({ user, today: TODAY });
    expect(await visit(store, '/my')).toBeNull();
    expect(store.getState().auth.user).toEqual(fresh);
    expect(store.getState().auth.token).toBe('fresh-token');
    // The reloaded user's skin is shown.
    expect(store.getState().ui.skin).toBe('rain');
    // Two round trips: the cookie check, then the refresh that brings the user (no getinfo).
    expect(paths(calls)).toEqual(['GET /user/checkcookie', 'POST /user/refresh']);
    // A later getinfo is answered from the cache the refresh filled.
    const info = await store.dispatch(userApi.endpoints.getInfo.initiate());
    expect(info.data).toEqual(fresh);
    expect(paths(calls)).toEqual(['GET /user/checkcookie', 'POST /user/refresh']);
  });

  it('covers the session restore with the global loading overlay, and removes it after', async () => {
    const seen: boolean[] = [];
    const { store } = storeWith({ user, today: TODAY });
    fakeServer((c) => {
      seen.push(store.getState().ui.loading);
      return c.path === '/user/checkcookie' ? cookieValid : c.path === '/user/refresh' ? ok({ token: 't', user }) : ok();
    });
    expect(store.getState().ui.loading).toBe(false);
    expect(await visit(store, '/my')).toBeNull();
    expect(seen).toEqual([true, true]);
    expect(store.getState().ui.loading).toBe(false);

    fakeServer((c) => (c.path === '/user/checkcookie' ? cookieInvalid : ok()));
    const signedOut = storeWith({ user, today: TODAY }).store;
    expect(target(await visit(signedOut, '/my'))).toBe('/login');
    expect(signedOut.getState().ui.loading).toBe(false);
  });

  it('sends the refresh without a bearer token and keeps the token it gets for the next calls', async () => {
    const calls = fakeServer((c) => {
      if (c.path === '/user/checkcookie') return cookieValid;
      if (c.path === '/user/refresh') return ok({ token: 'fresh-token', user });
      return ok({ lastTime: 1 });
    });
    const { store } = storeWith({ user });
    connectSession(store, () => {});
    expect(await visit(store, '/home')).toBeNull();
    await afterIdle();
    expect(store.getState().auth.token).toBe('fresh-token');
    expect(store.getState().auth.user?.name).toBe('小明');
    expect(calls.find((c) => c.path === '/user/refresh')?.auth).toBeNull();
    // The once-a-day record goes out with the new token.
    expect(calls.find((c) => c.path === '/user//updatelogin')?.auth).toBe('Bearer fresh-token');
  });

  it.each([
    ['the cookie expired between the two calls', fail(401, '登录已过期，请重新登录', { 'x-error-type': 'refresh' }), '登录已过期，请重新登录'],
    ['the server fails', fail(500, 'boom'), SERVER_ERROR],
  ] as [string, Reply, string][])('goes to /login with a message when the refresh fails: %s', async (_name, answer, message) => {
    fakeServer((c) => (c.path === '/user/checkcookie' ? cookieValid : c.path === '/user/refresh' ? answer : ok()));
    render(<Toaster />);
    const { store } = storeWith({ user, today: TODAY });
    connectSession(store, () => {});
    expect(target(await visit(store, '/my'))).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.token).toBeNull();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('goes to /login when the user cannot be reloaded', async () => {
    fakeServer((c) => (c.path === '/user/checkcookie' ? cookieValid : fail(500, 'boom')));
    const { store } = storeWith();
    expect(target(await visit(store, '/home'))).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
  });

  it('with a token continues without checking the cookie', async () => {
    const calls = fakeServer(() => ok());
    const { store } = storeWith({ user, today: TODAY }, 'token-abc');
    expect(await visit(store, '/setting/avatar')).toBeNull();
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('last-login record, once per local day', () => {
  const updates = (calls: Call[]) => calls.filter((c) => c.path === '/user//updatelogin');

  it('is sent on the first protected navigation of the day and not on the second', async () => {
    const calls = fakeServer(() => ok({ lastTime: 1 }));
    const { store, storage } = storeWith({ user }, 'token-abc');
    connectSession(store, () => {});
    expect(await visit(store, '/home')).toBeNull();
    await afterIdle();
    expect(updates(calls)).toHaveLength(1);
    expect(updates(calls)[0]).toMatchObject({ method: 'PATCH', auth: 'Bearer token-abc' });
    expect(store.getState().auth.today).toBe(TODAY);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).today).toBe(TODAY);

    expect(await visit(store, '/my')).toBeNull();
    await afterIdle();
    expect(updates(calls)).toHaveLength(1);
  });

  it('is not sent in archive mode, where every write is refused', async () => {
    const calls = fakeServer(() => ok({ lastTime: 1 }));
    const { store } = storeWith({ user }, 'token-abc');
    store.dispatch(uiActions.setArchive(true));
    connectSession(store, () => {});
    expect(await visit(store, '/home')).toBeNull();
    await afterIdle();
    expect(updates(calls)).toHaveLength(0);
  });

  it('is not sent again by a new store (page reload) the same day', async () => {
    const calls = fakeServer(() => ok({ lastTime: 1 }));
    const storage = memoryStorage();
    const first = createStore(storage);
    first.dispatch(authActions.loggedIn(loginData));
    await visit(first, '/home');
    await afterIdle();
    const reloaded = createStore(storage);
    reloaded.dispatch(authActions.tokenRefreshed('token-abc'));
    await visit(reloaded, '/home');
    await afterIdle();
    expect(updates(calls)).toHaveLength(1);
  });

  it('is sent when the stored day is another day', async () => {
    const calls = fakeServer(() => ok({ lastTime: 1 }));
    const { store } = storeWith({ user, today: '2000-01-01' }, 'token-abc');
    await visit(store, '/home');
    await afterIdle();
    expect(updates(calls)).toHaveLength(1);
    expect(store.getState().auth.today).toBe(TODAY);
  });

  it('is not sent on a public path', async () => {
    const calls = fakeServer(() => cookieInvalid);
    const { store } = storeWith({ today: '2000-01-01' });
    await visit(store, '/login');
    await afterIdle();
    expect(updates(calls)).toHaveLength(0);
    expect(store.getState().auth.today).toBe('2000-01-01');
  });
});

describe('localDate', () => {
  it('formats the local calendar date as YYYY-MM-DD with zero padding', () => {
    expect(localDate(new Date(2024, 0, 5))).toBe('2024-01-05');
    expect(localDate(new Date(2025, 11, 31, 23, 59, 59))).toBe('2025-12-31');
    expect(localDate(new Date(2026, 9, 10, 0, 0, 0))).toBe('2026-10-10');
  });
});

describe('guard without the session hint cookie (anonymous for sure)', () => {
  beforeEach(clearHint);

  it.each(['/login', '/register', '/'])('shows %s at once without asking the server', async (path) => {
    const calls = fakeServer(() => cookieValid);
    const { store } = storeWith();
    expect(target(await visit(store, path))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a protected path to /login without asking the server, forgetting a stored user', async () => {
    const calls = fakeServer(() => cookieValid);
    const { store, storage } = storeWith({ user, today: TODAY });
    expect(target(await visit(store, '/my'))).toBe('/login');
    expect(calls).toEqual([]);
    expect(store.getState().auth.user).toBeNull();
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).user).toBeNull();
  });

  it('still lets a user holding a token through', async () => {
    const calls = fakeServer(() => ok());
    const { store } = storeWith({ user, today: TODAY }, 'token-abc');
    expect(target(await visit(store, '/my'))).toBeNull();
    expect(paths(calls)).toEqual([]);
  });
});
