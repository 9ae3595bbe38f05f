import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirect } from 'react-router-dom';
import { authActions } from '../store/auth-slice';
import type { UserInfo } from '../core/api-types';
import { makeTestStore } from '../testing/render';
import { startPagePrefetch, whenSignedIn, withGuardVerdict, type PagePrefetch } from './route-prefetch';

const user = { uid: 7, name: '小七' } as UserInfo;
const signedIn = () => {
  const store = makeTestStore();
  store.dispatch(authActions.tokenRefreshed('t'));
  store.dispatch(authActions.userLoaded(user));
  return store;
};
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.restoreAllMocks());

describe('whenSignedIn', () => {
  it('waits for the guard of the same navigation, then runs with the uid it restored', async () => {
    const store = makeTestStore();
    const request = new Request('http://x/my');
    let pass: (v: null) => void = () => {};
    const guard = withGuardVerdict(() => new Promise<null>((resolve) => (pass = resolve)));
    void guard({ request });
    const start = vi.fn();
    whenSignedIn(store, request, start);
    await flush();
    expect(start).not.toHaveBeenCalled();
    store.dispatch(authActions.tokenRefreshed('t'));
    store.dispatch(authActions.userLoaded(user));
    pass(null);
    await flush();
    expect(start).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('never runs when the guard redirects, fails, or the navigation is abandoned', async () => {
    const store = signedIn();
    const start = vi.fn();
    const redirected = new Request('http://x/my');
    void withGuardVerdict(async () => redirect('/login'))({ request: redirected });
    whenSignedIn(store, redirected, start);
    const failed = new Request('http://x/my');
    void withGuardVerdict(async () => Promise.reject(new Error('down')))({ request: failed }).catch(() => undefined);
    whenSignedIn(store, failed, start);
    const controller = new AbortController();
    const abandoned = new Request('http://x/my', { signal: controller.signal });
    void withGuardVerdict(async () => null)({ request: abandoned });
    controller.abort();
    whenSignedIn(store, abandoned, start);
    await flush();
    expect(start).not.toHaveBeenCalled();
  });

  it('without a recorded guard, runs only when signed in now', () => {
    const start = vi.fn();
    whenSignedIn(makeTestStore(), new Request('http://x/a'), start);
    expect(start).not.toHaveBeenCalled();
    whenSignedIn(signedIn(), new Request('http://x/b'), start);
    expect(start).toHaveBeenCalledExactlyOnceWith(7);
  });
});

describe('startPagePrefetch', () => {
  it("runs the page's prefetch with the route's params; a module without one, or another page, is left alone", () => {
    const store = signedIn();
    const myHome = vi.fn<PagePrefetch>();
    const request = new Request('http://x/7');
    void startPagePrefetch(store, { pages: {}, prefetch: { myHome } }, 'myHome', { params: { id: '7' }, request });
    expect(myHome).toHaveBeenCalledOnce();
    expect(myHome.mock.calls[0]![0].params).toEqual({ id: '7' });
    void startPagePrefetch(store, { pages: {}, prefetch: { myHome } }, 'other', { params: {}, request });
    void startPagePrefetch(store, { pages: {} }, 'myHome', { params: {}, request });
    void startPagePrefetch(store, null, 'myHome', { params: {}, request });
    void startPagePrefetch(store, { pages: {}, prefetch: { myHome } }, undefined, { params: {}, request });
    expect(myHome).toHaveBeenCalledOnce();
  });

  it('answers when a prefetch in a chunk of its own has started, so the loader can wait for its code; a failed chunk resolves too', async () => {
    const store = signedIn();
    const request = new Request('http://x/my/photo');
    let loaded: () => void = () => {};
    const fromChunk: PagePrefetch = () => new Promise<void>((resolve) => (loaded = resolve));
    let done = false;
    void startPagePrefetch(store, { pages: {}, prefetch: { p: fromChunk } }, 'p', { params: {}, request }).then(() => (done = true));
    await flush();
    expect(done).toBe(false);
    loaded();
    await flush();
    expect(done).toBe(true);
    const failing: PagePrefetch = () => Promise.reject(new Error('chunk'));
    await expect(startPagePrefetch(store, { pages: {}, prefetch: { p: failing } }, 'p', { params: {}, request })).resolves.toBeUndefined();
  });

  it('a prefetch that throws never fails the navigation', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom: PagePrefetch = ({ whenSignedIn: after }) =>
      after(() => {
        throw new Error('boom');
      });
    expect(() =>
      startPagePrefetch(
        signedIn(),
        {
          prefetch: {
            p: boom,
            q: () => {
              throw new Error('sync');
            },
          },
        },
        'p',
        { params: {}, request: new Request('http://x/') },
      ),
    ).not.toThrow();
    expect(() =>
      startPagePrefetch(
        signedIn(),
        {
          prefetch: {
            q: () => {
              throw new Error('sync');
            },
          },
        },
        'q',
        { params: {}, request: new Request('http://x/') },
      ),
    ).not.toThrow();
    expect(console.error).toHaveBeenCalledTimes(2);
  });
});
