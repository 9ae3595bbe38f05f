import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { api, authActions, STORAGE_KEY, Toaster, userApi, type LoginData } from '@xiaoba/shared';
import { connectSession, mayHaveSession, SESSION_EXPIRED } from './session';
import { createStore } from './store';
import { fail, fakeServer, memoryStorage, ok, user } from './testing/fake-server';

const loginData: LoginData = { ...user, skin: 'pinkcat', token: 'token-abc', username: '10001' };

function signedIn() {
  const storage = memoryStorage();
  const store = createStore(storage);
  store.dispatch(authActions.loggedIn(loginData));
  const goToLogin = vi.fn();
  connectSession(store, goToLogin);
  render(<Toaster />);
  return { store, storage, goToLogin };
}

const ACCESS = { 'x-error-type': 'access' };
const REFRESH = { 'x-error-type': 'refresh' };

describe('connectSession', () => {
  it('sends the store token and stores a refreshed one', async () => {
    const calls = fakeServer((c) => {
      if (c.path === '/user/refresh') return ok({ token: 'token-new' });
      return c.auth === 'Bearer token-new' ? ok(user) : fail(401, '登录已失效', ACCESS);
    });
    const { store, goToLogin } = signedIn();
    await api.get('/user/getinfo');
    expect(calls.map((c) => c.auth)).toEqual(['Bearer token-abc', null, 'Bearer token-new']);
    expect(store.getState().auth.token).toBe('token-new');
    expect(store.getState().auth.user?.name).toBe('小明');
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('on a refresh-type 401: clears token and user, resets the skin, says 登录已过期，请重新登录, goes to /login once', async () => {
    fakeServer(() => fail(401, '登录已过期，请重新登录', REFRESH));
    const { store, storage, goToLogin } = signedIn();
    expect(store.getState().ui.skin).toBe('pinkcat');

    await expect(api.get('/user/getinfo')).rejects.toBeTruthy();

    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().ui.skin).toBe('');
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).user).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('when the refresh itself fails under several concurrent 401s, the session ends exactly once', async () => {
    const calls = fakeServer((c) => (c.path === '/user/refresh' ? fail(401, '登录已过期，请重新登录', REFRESH) : fail(401, '登录已失效', ACCESS)));
    const { store, goToLogin } = signedIn();
    const results = await Promise.allSettled([store.dispatch(userApi.endpoints.getInfo.initiate()), api.get('/yy/getyy'), api.get('/user/getleaves')]);
    // RTK Query settles with an error, axios rejects: nothing hangs and nothing succeeds.
    expect(results.map((r) => r.status === 'rejected' || 'error' in (r.value as object))).toEqual([true, true, true]);
    expect(calls.filter((c) => c.path === '/user/refresh')).toHaveLength(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().ui.skin).toBe('');
    expect(await screen.findAllByText(SESSION_EXPIRED)).toHaveLength(1);
  });
});

describe('mayHaveSession', () => {
  it('is true only when the xb_session hint cookie has a value', () => {
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('a=1; b=2')).toBe(false);
    expect(mayHaveSession('xb_session=')).toBe(false);
    expect(mayHaveSession('not_xb_session=1')).toBe(false);
    expect(mayHaveSession('xb_session=1')).toBe(true);
    expect(mayHaveSession('a=1; xb_session=1; b=2')).toBe(true);
  });
});
