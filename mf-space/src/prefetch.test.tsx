/**
 * Route prefetch (./prefetch.ts): the remote's real route table mounted the way the shell mounts
 * it (a root loader standing for the guard, each page row's loader calling shared's
 * startPagePrefetch with this remote's ./routes module), against shared's fake API.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authActions, baseApi, redirect, setSessionHooks, withGuardVerdict, type LoaderFunctionArgs } from '@xiaoba/shared';
import { albumServer, makeTestStore, renderPage, routesFromTable, type Call } from '@xiaoba/shared/testing';
import Feed, { prefetch as prefetchFeed } from './feed';
import { routeTable } from './route-table';
import * as routesModule from './routes';
import { me, other, spaceServer } from './testing/fixtures';

afterEach(() => setSessionHooks({ getToken: () => null, setToken: () => {}, onSessionExpired: () => {} }));

const TOKEN = 'tok-restored';

/**
 * Opens `path` signed out, with a guard that restores the session (token, then user, as the
 * shell's does) only when `restore()` is called, or redirects to /login with `refuse()`. Each
 * request notes whether the page (its first heading) was on screen when it was sent.
 */
function openSignedOut(path: string, answer: Parameters<typeof spaceServer>[0] = () => undefined) {
  const pageShown: boolean[] = [];
  const calls = spaceServer((call) => {
    pageShown.push(document.querySelector('section h2') !== null);
    return answer(call);
  });
  const store = makeTestStore();
  setSessionHooks({ getToken: () => store.getState().auth.token, setToken: () => {}, onSessionExpired: () => {} });
  let settle: (ok: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => (settle = resolve));
  const guard = async ({ request }: LoaderFunctionArgs) => {
    if (new URL(request.url).pathname === '/login') return null;
    if (!(await decided)) return redirect('/login');
    store.dispatch(authActions.tokenRefreshed(TOKEN));
    store.dispatch(authActions.userLoaded(me));
    return null;
  };
  const view = renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    store,
    routes: [
      {
        path: '/',
        loader: withGuardVerdict(guard),
        children: [
          ...routesFromTable(routeTable, routesModule.pages, { store, module: routesModule }),
          { path: '/login', element: <h1>登录</h1> },
          { path: '/notfound', element: <h1>页面不存在</h1> },
        ],
      },
    ],
  });
  /** The requests sent before the page was on screen: the loaders' (the page's hooks come after). */
  const early = () => calls.filter((_, i) => !pageShown[i]);
  return { ...view, calls, early, restore: () => settle(true), refuse: () => settle(false) };
}

const url = (c: Call) => `${c.method} ${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query)}` : ''}`;
const tick = () => new Promise((r) => setTimeout(r, 30));

describe('route prefetch of the space pages', () => {
  it('/my: after the guard restored the session and before the page rendered, asks for its first screen once, with the token', async () => {
    const { calls, early, restore } = openSignedOut('/my');
    await tick();
    // The loaders ran, but without a session nothing may be asked yet.
    expect(calls).toEqual([]);
    restore();
    expect(await screen.findByText('还没有发过yy，在上面写下你的第一条吧！')).toBeTruthy();
    expect(early().map(url).sort()).toEqual([
      'GET /user/getleaves',
      'GET /visitor/get?uid=10001',
      'GET /yy/getUseryy/10001?pageNum=1&pageSize=20',
      'GET /yy/hottopics',
    ]);
    expect(calls.every((c) => c.auth === `Bearer ${TOKEN}`)).toBe(true);
    await screen.findByText('还没有访客');
    await tick();
    // The page's hooks found every request in flight or answered: nothing was asked twice.
    expect(calls.map(url).sort()).toEqual(early().map(url).sort());
  });

  it('keeps no subscription of its own: once the page is gone, nothing holds its data', async () => {
    const { restore, router, store } = openSignedOut('/my');
    restore();
    await screen.findByText('还没有发过yy，在上面写下你的第一条吧！');
    await screen.findByText('还没有访客');
    const keys = Object.keys(store.getState().api.queries);
    expect(keys.sort()).toEqual(['getHotTopics(undefined)', 'getOwnLeaveCount(undefined)', 'getUserYy({"page":1,"uid":10001})', 'getVisitors(10001)']);
    const subscriptions = store.dispatch(baseApi.internalActions.internal_getRTKQSubscriptions()) as unknown as {
      getSubscriptionCount(key: string): number;
    };
    expect(keys.map((k) => subscriptions.getSubscriptionCount(k))).toEqual([1, 1, 1, 1]); // the page's hooks
    await router.navigate('/notfound');
    await screen.findByRole('heading', { name: '页面不存在' });
    // The hooks let go in their effects' cleanup; the data then waits keepUnusedDataFor, held by nobody.
    await waitFor(() => expect(keys.map((k) => subscriptions.getSubscriptionCount(k))).toEqual([0, 0, 0, 0]));
  });

  it('/my/board: the own board page 1 and its count, once each', async () => {
    const { calls, early, restore } = openSignedOut('/my/board');
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '我的留言板' })).toBeTruthy();
    expect(early().map(url).sort()).toEqual(['GET /leave/get/10001?pageNum=1&pageSize=10', 'GET /user/getleaves']);
    await tick();
    expect(calls.map(url).sort()).toEqual(early().map(url).sort());
  });

  it("another user's space: the yy list and hot topics early; the visit (getuserinfo) and then the visitors stay with the page", async () => {
    const { calls, early, restore } = openSignedOut(`/${other.uid}`);
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '小明的yy' })).toBeTruthy();
    // Sent by the loader before SpacePage (which shows nothing of the space before its owner) asked for the owner.
    expect(early().map(url).slice(0, 2).sort()).toEqual(['GET /yy/getUseryy/10002?pageNum=1&pageSize=20', 'GET /yy/hottopics']);
    expect(early().map(url)[2]).toBe('GET /user/getuserinfo/10002');
    await screen.findByText('还没有访客');
    await tick();
    const paths = calls.map((c) => c.path);
    expect(paths.filter((p) => p === '/user/getuserinfo/10002')).toHaveLength(1);
    // Visitors are asked only after the visit was recorded, so the list can show this visitor.
    expect(paths.indexOf('/visitor/get')).toBeGreaterThan(paths.indexOf('/user/getuserinfo/10002'));
    expect(calls.map(url).sort()).toEqual([
      'GET /user/getuserinfo/10002',
      'GET /visitor/get?uid=10002',
      'GET /yy/getUseryy/10002?pageNum=1&pageSize=20',
      'GET /yy/hottopics',
    ]);
  });

  it("another user's board: their board page 1 before the page renders, once", async () => {
    const { calls, early, restore } = openSignedOut(`/${other.uid}/board`);
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '小明的留言板' })).toBeTruthy();
    expect(early().map(url)).toEqual(['GET /leave/get/10002?pageNum=1&pageSize=10', 'GET /user/getuserinfo/10002']);
    await tick();
    expect(calls.filter((c) => c.path.startsWith('/leave/get/'))).toHaveLength(1);
  });

  it('/my/medal: the own medals and the board count, once each, before the page renders', async () => {
    const { calls, early, restore } = openSignedOut('/my/medal');
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '我的勋章' })).toBeTruthy();
    expect(early().map(url).sort()).toEqual(['GET /medal/list/10001', 'GET /user/getleaves']);
    await tick();
    expect(calls.map(url).sort()).toEqual(early().map(url).sort());
  });

  it('/my/photo: the own albums and the board count before the page renders, once each', async () => {
    const albums = albumServer({ me: me.uid, users: [{ uid: me.uid, name: me.name, face: 0, avatar: '' }] });
    albums.create(me.uid, '春游', 'public');
    const { calls, early, restore } = openSignedOut('/my/photo', (call) => albums.handle(call) ?? undefined);
    restore();
    expect(await screen.findByRole('link', { name: /春游/ })).toBeTruthy();
    expect(early().map(url).sort()).toEqual(['GET /album/list/10001', 'GET /user/getleaves']);
    await tick();
    expect(calls.map(url).sort()).toEqual(early().map(url).sort());
  });

  it("another user's medals: their list before the page renders, once", async () => {
    const { calls, early, restore } = openSignedOut(`/${other.uid}/medal`);
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '小明的勋章' })).toBeTruthy();
    expect(early().map(url)).toEqual(['GET /medal/list/10002', 'GET /user/getuserinfo/10002']);
    await tick();
    expect(calls.filter((c) => c.path.startsWith('/medal/'))).toHaveLength(1);
  });

  it("another user's album: its first page (with the album and owner) before the page renders, once", async () => {
    const albums = albumServer({ me: me.uid, users: [{ uid: other.uid, name: other.uname, face: 3, avatar: '' }] });
    const albumId = albums.create(other.uid, '春游', 'public');
    albums.addPhoto(albumId);
    const { calls, early, restore } = openSignedOut(`/${other.uid}/photo/${albumId}`, (call) => albums.handle(call) ?? undefined);
    restore();
    expect(await screen.findByRole('heading', { level: 2, name: '「春游」' })).toBeTruthy();
    expect(early().map(url)).toEqual([`GET /album/photos/${albumId}?pageNum=1&pageSize=30`, 'GET /user/getuserinfo/10002']);
    await tick();
    expect(calls.filter((c) => c.path.startsWith('/album/'))).toHaveLength(1);
  });

  it('an id that is no space asks for nothing', async () => {
    const { calls, restore } = openSignedOut('/abc');
    restore();
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    await tick();
    expect(calls).toEqual([]);
  });

  it('a navigation the guard sends to /login asks for nothing, then or after a later sign-in', async () => {
    const { calls, refuse, store } = openSignedOut('/my');
    refuse();
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    // The abandoned prefetch no longer listens: signing in afterwards does not fire it.
    store.dispatch(authActions.tokenRefreshed(TOKEN));
    store.dispatch(authActions.userLoaded(me));
    await tick();
    expect(calls).toEqual([]);
  });

  it('inside a session (client-side navigation) the requests start at once, and what is cached is not asked again', async () => {
    const { calls, restore, router } = openSignedOut('/my');
    restore();
    await screen.findByText('还没有发过yy，在上面写下你的第一条吧！');
    await tick();
    const before = calls.length;
    await router.navigate('/my/board');
    await screen.findByRole('heading', { level: 2, name: '我的留言板' });
    await router.navigate('/my');
    await screen.findByText('还没有发过yy，在上面写下你的第一条吧！');
    await tick();
    // Only the board was new; the own count and the home's data came from the cache.
    expect(calls.slice(before).map(url)).toEqual(['GET /leave/get/10001?pageNum=1&pageSize=10']);
  });
});

describe('./feed prefetch', () => {
  it('asks for page 1 of everyone’s yy; the fragment then shows it without asking again', async () => {
    const store = makeTestStore();
    const calls = spaceServer();
    prefetchFeed(store.dispatch);
    renderPage(<Feed />, { path: '/home', store });
    expect(await screen.findByText('还没有人发过yy')).toBeTruthy();
    await tick();
    expect(calls.map(url)).toEqual(['GET /yy/getyy?pageNum=1&pageSize=20']);
  });
});
