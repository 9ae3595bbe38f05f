/**
 * Route prefetch of /home (./prefetch.ts): the remote's real route table mounted the way the shell
 * mounts it (a root loader standing for the guard, wrapped in withGuardVerdict; each page row's
 * loader calling shared's startPagePrefetch with this remote's ./routes module).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authActions, redirect, setRemoteLoader, setSessionHooks, withGuardVerdict, type AppDispatch, type LoaderFunctionArgs } from '@xiaoba/shared';
import { fakeServer, makeTestStore, ok, renderPage, routesFromTable } from '@xiaoba/shared/testing';
import { routeTable } from './route-table';
import * as routesModule from './routes';
import { me as user } from './testing/fixtures';

afterEach(() => {
  setRemoteLoader(undefined);
  setSessionHooks({ getToken: () => null, setToken: () => {}, onSessionExpired: () => {} });
});

const TOKEN = 'tok-restored';

/** The events in the order they happened: what the test asserts. */
type Event = string;

function openHome(feed: 'ok' | 'fails' = 'ok', path = '/home') {
  const events: Event[] = [];
  const shown = () => (document.querySelector('h1') ? 'page shown' : 'page not shown');
  const calls = fakeServer((call) => {
    events.push(`request ${call.path} (${shown()}, ${call.auth ?? 'no token'})`);
    return call.path === '/count/getcomments' || call.path === '/count/getfans'
      ? ok({ count: 2, records: [] })
      : ok({ records: [], total: 0, pages: 0, current: 1, size: 20 });
  });
  /** The fragment's prefetch calls: the dispatch, and the source when one was passed. */
  const prefetchedWith: unknown[][] = [];
  setRemoteLoader({
    load: async (remote, module) => {
      events.push(`load ${remote} ${module}`);
      if (feed === 'fails') throw new TypeError('Failed to fetch');
      return {
        default: ({ source, search }: { source?: string; search?: string }) => (
          <p>{search !== undefined ? `找到的yy（假的）：${search}` : source === 'following' ? '关注的yy（假的）' : '大家的yy（假的）'}</p>
        ),
        prefetch: (...args: [AppDispatch, string?, string?]) => void prefetchedWith.push(args),
      };
    },
    reset: async () => {},
  });
  const store = makeTestStore();
  setSessionHooks({ getToken: () => store.getState().auth.token, setToken: () => {}, onSessionExpired: () => {} });
  let settle: (ok: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => (settle = resolve));
  const guard = async ({ request }: LoaderFunctionArgs) => {
    if (new URL(request.url).pathname === '/login') return null;
    if (!(await decided)) return redirect('/login');
    store.dispatch(authActions.tokenRefreshed(TOKEN));
    store.dispatch(authActions.userLoaded(user));
    events.push('session restored');
    return null;
  };
  renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    store,
    routes: [
      {
        path: '/',
        loader: withGuardVerdict(guard),
        children: [...routesFromTable(routeTable, routesModule.pages, { store, module: routesModule }), { path: '/login', element: <h2>登录</h2> }],
      },
    ],
  });
  return { events, calls, prefetchedWith, store, restore: () => settle(true), refuse: () => settle(false) };
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('route prefetch of /home', () => {
  it('loads the feed fragment at once, then asks for 回复我的, the system notices’ count, 新粉丝 and the feed’s first page before the page renders, once', async () => {
    const { events, calls, prefetchedWith, store, restore } = openHome();
    await tick();
    // The fragment's code needs no session: it is on its way while the guard restores the session.
    expect(events).toEqual(['load mf_space ./feed']);
    expect(prefetchedWith).toEqual([]);
    restore();
    expect(await screen.findByText('大家的yy（假的）')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '回复我的，2条新回复' })).toBeTruthy();
    await tick();
    expect(events.slice(0, 5)).toEqual([
      'load mf_space ./feed',
      'session restored',
      `request /count/getcomments (page not shown, Bearer ${TOKEN})`,
      `request /notice/system (page not shown, Bearer ${TOKEN})`,
      `request /count/getfans (page not shown, Bearer ${TOKEN})`,
    ]);
    // The fragment's own prefetch (it knows its arguments) got the store's dispatch, once: everyone's yy, the tab shown.
    expect(prefetchedWith).toEqual([[store.dispatch]]);
    // The page's hooks found the notice requests: each asked once; RemoteFragment found the fragment loaded or in flight.
    expect(calls.map((c) => c.path)).toEqual(['/count/getcomments', '/notice/system', '/count/getfans']);
  });

  it('/home?feed=following prefetches only the following feed, the tab it shows', async () => {
    const { prefetchedWith, store, restore } = openHome('ok', '/home?feed=following');
    restore();
    expect(await screen.findByText('关注的yy（假的）')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '关注的yy' }).getAttribute('aria-selected')).toBe('true');
    await tick();
    expect(prefetchedWith).toEqual([[store.dispatch, 'following']]);
  });

  it.each([
    ['/follows', 'follows', '我的关注'],
    ['/fans', 'fans', '我的粉丝'],
  ])('%s asks for the first page of the own list before the page renders, once', async (path, kind, heading) => {
    const { events, calls, restore } = openHome('ok', path);
    restore();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    await tick();
    expect(events.slice(0, 2)).toEqual(['session restored', `request /follow/list/${user.uid} (page not shown, Bearer ${TOKEN})`]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ kind, pageNum: '1' });
  });

  it('a navigation the guard sends to /login asks for nothing', async () => {
    const { calls, prefetchedWith, refuse } = openHome();
    refuse();
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    await tick();
    expect(calls).toEqual([]);
    expect(prefetchedWith).toEqual([]);
  });

  it('a feed that cannot load leaves the rest of the prefetch and the page working; its area offers 重试', async () => {
    const { calls, restore } = openHome('fails');
    restore();
    expect(await screen.findByRole('heading', { name: '大家的yy加载失败' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '回复我的，2条新回复' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/count/getcomments', '/notice/system', '/count/getfans']);
  });
});

describe('route prefetch of /search', () => {
  it('asks page 1 of the 用户 tab for the normalized words before the page renders, once; the fragment is not loaded', async () => {
    const { events, calls, prefetchedWith, restore } = openHome('ok', `/search?q=${encodeURIComponent('  Mi  米 ')}`);
    restore();
    expect(await screen.findByRole('heading', { level: 1, name: '搜索“Mi 米”' })).toBeTruthy();
    await tick();
    expect(events.slice(0, 2)).toEqual(['session restored', `request /search/user (page not shown, Bearer ${TOKEN})`]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ q: 'mi 米', pageNum: '1', pageSize: '20' });
    expect(events).not.toContain('load mf_space ./feed');
    expect(prefetchedWith).toEqual([]);
  });

  it('?tab=yy loads the feed fragment at once and has it prefetch its search page 1 with the words', async () => {
    const { events, calls, prefetchedWith, store, restore } = openHome('ok', `/search?q=${encodeURIComponent('晚霞')}&tab=yy`);
    await tick();
    expect(events).toEqual(['load mf_space ./feed']);
    restore();
    expect(await screen.findByText('找到的yy（假的）：晚霞')).toBeTruthy();
    await tick();
    expect(prefetchedWith).toEqual([[store.dispatch, 'all', '晚霞']]);
    expect(calls).toEqual([]);
  });

  it.each(['/search', '/search?q=%20%20', `/search?q=${'字'.repeat(31)}`])('%s (nothing to search) asks for nothing', async (path) => {
    const { calls, prefetchedWith, restore } = openHome('ok', path);
    restore();
    expect(await screen.findByRole('heading', { level: 1, name: '搜索' })).toBeTruthy();
    await tick();
    expect(calls).toEqual([]);
    expect(prefetchedWith).toEqual([]);
  });
});
