import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@xiaoba/shared/testing';
import { authActions, STORAGE_KEY, uiActions, userApi, type RemoteManifestEntry, type RemoteRoutesModule } from '@xiaoba/shared';
import { localDate } from '../guard/guard';
import { initRemotes } from '../remotes/registry';
import { inlineManifest, removeInlinedManifest } from '../remotes/inline-manifest';
import { connectSession, SESSION_EXPIRED } from '../session';
import { createStore } from '../store';
import { cookieInvalid, fail, fakeServer, memoryStorage, ok, restoreApi, user, type Handler } from '../testing/fake-server';
import { disposeRouters, renderShell } from '../testing/render-shell';
import { ARCHIVE_NOTE } from './Layout';
import { LoadingOverlay } from './LoadingOverlay';

const federation = vi.hoisted(() => ({ getRemote: vi.fn<(name: string, exposed: string) => Promise<unknown>>() }));
vi.mock('virtual:__federation__', () => ({
  __federation_method_getRemote: federation.getRemote,
  __federation_method_setRemote: () => {},
  __federation_method_unwrapDefault: (m: unknown) => m,
}));

let n = 0;
/** The store of the test's shell: its requests still running are waited for before the next test. */
let lastStore: ReturnType<typeof createStore> | null = null;
async function shell(path: string, options: { signedIn: boolean; handler?: Handler; archive?: boolean }) {
  n += 1;
  const auth: RemoteManifestEntry = {
    name: `mf_auth_l${n}`,
    url: '/remotes/mf-auth/remoteEntry.js',
    version: '1',
    routes: [
      { path: '/login', page: 'login', title: '登录' },
      { path: '/register', page: 'register', title: '注册' },
    ],
  };
  const home: RemoteManifestEntry = {
    name: `mf_home_l${n}`,
    url: '/remotes/mf-home/remoteEntry.js',
    version: '1',
    routes: [
      { path: '/home', page: 'home', title: '个人中心' },
      { path: '/help', page: 'help', title: '帮助中心' },
      { path: '/untitled', page: 'untitled' },
    ],
  };
  const modules: Record<string, RemoteRoutesModule> = {
    [auth.name]: { pages: { login: () => <h1>登录页</h1>, register: () => <h1>注册页</h1> } },
    [home.name]: { pages: { home: () => <h1>个人中心页</h1>, help: () => <h1>帮助中心页</h1>, untitled: () => <h1>无标题页</h1> } },
  };
  federation.getRemote.mockImplementation(async (name) => modules[name]);
  const manifest = { remotes: [auth, home], archive: options.archive };
  inlineManifest(manifest);
  await initRemotes();
  const calls = fakeServer(options.handler ?? (() => ok()));
  const storage = memoryStorage(options.signedIn ? { [STORAGE_KEY]: JSON.stringify({ user, today: localDate(), myspace: true }) } : {});
  const store = createStore(storage);
  if (options.signedIn) store.dispatch(authActions.tokenRefreshed('token-abc'));
  lastStore = store;
  const view = renderShell(path, { store, manifest });
  return { ...view, calls, user: userEvent.setup() };
}

const header = () => screen.queryByRole('navigation', { name: '主导航' });
const overlay = () => screen.queryByRole('status', { name: '加载中' });

/** The title is set in an effect, which React may run after the DOM it belongs to is shown. */
const expectTitle = (title: string) => waitFor(() => expect(document.title).toBe(title));

/**
 * Lets React finish what it scheduled after the page showed. The page is committed while
 * Testing Library waits (outside act), and its store subscriptions start in effects React runs
 * in a later task; on a busy machine findBy* can return before that task, and a store change made
 * then reaches no component until the subscription starts. Two turns of the event loop: one for
 * the task React queued, one should it have yielded in between.
 */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });
beforeEach(() => {
  document.title = 'title of the previous test';
  // A browser that holds a refresh cookie has its hint (docs/adr/0008): the guard asks checkcookie.
  document.cookie = 'xb_session=1; path=/';
});

afterEach(async () => {
  // A request the page started (the header's 小纸条 count) and not yet sent would otherwise be sent
  // through the next test's client, with that test's session, and counted among its calls.
  if (lastStore) await Promise.all(lastStore.dispatch(userApi.util.getRunningQueriesThunk()));
  lastStore = null;
  disposeRouters();
  restoreApi();
  removeInlinedManifest();
  federation.getRemote.mockReset();
});

describe('Layout', () => {
  it('shows the header on a protected page, with the title of the route', async () => {
    await shell('/help', { signedIn: true });
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    expect(header()).not.toBeNull();
    expect(screen.getByRole('main').textContent).toContain('帮助中心页');
    await expectTitle('帮助中心 - 校巴');
  });

  it.each(['/login', '/register'])('hides the header on the public page %s', async (path) => {
    const { calls } = await shell(path, { signedIn: false, handler: () => cookieInvalid });
    expect(await screen.findByRole('heading', { name: path === '/login' ? '登录页' : '注册页' })).toBeTruthy();
    expect(header()).toBeNull();
    // This signed-out page's own calls: the session check only (no header, so no counts).
    expect(calls.filter((c) => c.auth === null).map((c) => c.path)).toEqual(['/user/checkcookie']);
  });

  it('uses the product name when the route has no title, and follows navigation', async () => {
    const { user } = await shell('/untitled', { signedIn: true });
    expect(await screen.findByRole('heading', { name: '无标题页' })).toBeTruthy();
    await expectTitle('校巴');
    await user.click(screen.getByRole('link', { name: '帮助' }));
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    await expectTitle('帮助中心 - 校巴');
    await user.click(screen.getByRole('link', { name: '个人中心' }));
    expect(await screen.findByRole('heading', { name: '个人中心页' })).toBeTruthy();
    await expectTitle('个人中心 - 校巴');
  });

  it('shows the loading overlay only while ui.loading is on', async () => {
    const { store } = await shell('/help', { signedIn: true });
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    await settle();
    expect(overlay()).toBeNull();
    act(() => void store.dispatch(uiActions.setLoading(true)));
    expect(overlay()).not.toBeNull();
    expect(overlay()?.textContent).toContain('加载中');
    act(() => void store.dispatch(uiActions.setLoading(false)));
    expect(overlay()).toBeNull();
  });

  it('a signed-out visit to a protected page ends on the login page without the header', async () => {
    await shell('/home', { signedIn: false, handler: () => cookieInvalid });
    expect(await screen.findByRole('heading', { name: '登录页' })).toBeTruthy();
    expect(header()).toBeNull();
    await expectTitle('登录 - 校巴');
  });

  it('an expired session (wired as in main.tsx) lands on /login without the header and says so', async () => {
    const { router, store } = await shell('/help', {
      signedIn: true,
      handler: (c) => (c.path === '/user/checkcookie' ? cookieInvalid : fail(401, '登录已过期，请重新登录', { 'x-error-type': 'refresh' })),
    });
    connectSession(store, () => void router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    // Any call answered with a refresh-type 401 ends the session.
    await act(async () => {
      await store.dispatch(userApi.endpoints.getInfo.initiate(undefined, { forceRefetch: true }));
    });
    expect(await screen.findByRole('heading', { name: '登录页' })).toBeTruthy();
    expect(header()).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(store.getState().auth.user).toBeNull();
  });
});

describe('LoadingOverlay', () => {
  it('renders nothing while loading is off and a labelled status while it is on', () => {
    const { store } = renderPage(<LoadingOverlay />);
    expect(overlay()).toBeNull();
    act(() => void store.dispatch(uiActions.setLoading(true)));
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
  });
});

describe('archive mode', () => {
  it('says on a signed-in page that the site is a read-only archive', async () => {
    await shell('/help', { signedIn: true, archive: true });
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '存档说明' }).textContent).toBe(ARCHIVE_NOTE);
  });

  it('says it on the public pages too, where there is no header', async () => {
    await shell('/login', { signedIn: false, archive: true });
    expect(await screen.findByRole('heading', { name: '登录页' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '存档说明' })).toBeTruthy();
  });

  it('shows no such note on a live site', async () => {
    await shell('/help', { signedIn: true });
    expect(await screen.findByRole('heading', { name: '帮助中心页' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: '存档说明' })).toBeNull();
  });
});
