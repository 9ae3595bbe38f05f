import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authActions, Outlet, STORAGE_KEY, type RemoteManifestEntry, type RemoteRoutesModule } from '@xiaoba/shared';
import { localDate } from '../guard/guard';
import { createStore } from '../store';
import { fakeServer, memoryStorage, ok, restoreApi, user } from '../testing/fake-server';
import { disposeRouters, renderShell } from '../testing/render-shell';
import { initRemotes } from './registry';
import { inlineManifest, removeInlinedManifest } from './inline-manifest';
import { REMOTE_FAILED } from './RemoteError';
import { remoteRoutes } from './remote-routes';

const federation = vi.hoisted(() => ({
  getRemote: vi.fn<(name: string, exposed: string) => Promise<unknown>>(),
  setRemote: vi.fn<(name: string, config: { url: string | (() => Promise<string>); format: string; from: string }) => void>(),
}));
vi.mock('virtual:__federation__', () => ({
  __federation_method_getRemote: federation.getRemote,
  __federation_method_setRemote: federation.setRemote,
  __federation_method_unwrapDefault: (m: unknown) => m,
}));

// Route tables shaped like the real remotes' (mf-home, mf-space, mf-settings).
let n = 0;
function remotes() {
  n += 1; // fresh names: the registry keeps a loaded remote for the page's lifetime
  const home: RemoteManifestEntry = {
    name: `mf_home_${n}`,
    url: `/remotes/mf-home/remoteEntry.${n}.js`,
    version: '1',
    routes: [
      { path: '/help', page: 'help', title: '帮助中心' },
      { path: '/plain', page: 'plain' },
    ],
  };
  const space: RemoteManifestEntry = {
    name: `mf_space_${n}`,
    url: `/remotes/mf-space/remoteEntry.${n}.js`,
    version: '1',
    routes: [
      {
        path: '/my',
        title: '我的空间',
        children: [
          { index: true, page: 'myHome' },
          { path: 'board', page: 'myBoard', title: '我的留言板' },
        ],
      },
      {
        path: '/:id',
        page: 'space',
        title: '空间',
        children: [
          { index: true, page: 'spaceHome' },
          { path: 'board', page: 'spaceBoard', title: '留言板' },
        ],
      },
    ],
  };
  const settings: RemoteManifestEntry = {
    name: `mf_settings_${n}`,
    url: `/remotes/mf-settings/remoteEntry.${n}.js`,
    version: '1',
    routes: [
      {
        path: '/setting',
        title: '设置',
        children: [
          { index: true, redirect: '/setting/avatar' },
          { path: 'avatar', page: 'avatar', title: '修改头像' },
        ],
      },
    ],
  };
  const modules: Record<string, RemoteRoutesModule> = {
    [home.name]: { pages: { help: () => <h1>帮助中心</h1>, plain: () => <p>无标题页</p> } },
    [space.name]: {
      pages: {
        myHome: () => <p>我的yy</p>,
        myBoard: () => <p>我的留言</p>,
        space: () => (
          <section aria-label="空间框架">
            <h1>空间</h1>
            <Outlet />
          </section>
        ),
        spaceHome: () => <p>空间首页</p>,
        spaceBoard: () => <p>留言板内容</p>,
      },
    },
    [settings.name]: { pages: { avatar: () => <h1>修改头像</h1> } },
  };
  return { home, space, settings, manifest: { remotes: [home, space, settings] }, modules };
}

/** A signed-in user who already recorded today's login: the guard lets every page through silently. */
function signedInStore() {
  const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ user, today: localDate(), myspace: true }) });
  const store = createStore(storage);
  store.dispatch(authActions.tokenRefreshed('token-abc'));
  return store;
}

async function setup(path: string) {
  const r = remotes();
  inlineManifest(r.manifest);
  await initRemotes();
  federation.getRemote.mockImplementation(async (name) => {
    const module = r.modules[name];
    if (!module) throw new Error(`unknown remote ${name}`);
    return module;
  });
  const calls = fakeServer(() => ok());
  const view = renderShell(path, { store: signedInStore(), manifest: r.manifest });
  return { ...r, ...view, calls, user: userEvent.setup() };
}

/**
 * How long the fake remote import takes in the retry test. A real import is a few network round
 * trips; with an instant (0-1 ms) answer the retried page stays on 页面加载失败, because the route's
 * error boundary only drops a loader error after rendering the revalidation in progress, and
 * React skips that render (router updates are transitions). Reported; see the shell test report.
 */
const NETWORK_MS = 20;
const urlOf = async (config: { url: string | (() => Promise<string>) } | undefined) => (typeof config?.url === 'function' ? await config.url() : config?.url);

/** The title is set in an effect, which React may run after the DOM it belongs to is shown. */
const expectTitle = (title: string) => waitFor(() => expect(document.title).toBe(title));

beforeEach(() => {
  federation.getRemote.mockReset();
  federation.setRemote.mockReset();
  document.title = 'title of the previous test';
});

afterEach(() => {
  disposeRouters();
  restoreApi();
  removeInlinedManifest();
  vi.unstubAllGlobals();
});

describe('remote routes', () => {
  it('loads a remote on first visit and renders its page with the title from the table', async () => {
    const { home, calls } = await setup('/help');
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    await expectTitle('帮助中心 - 校巴');
    expect(federation.getRemote).toHaveBeenCalledWith(home.name, './routes');
    // Only the visited remote is loaded.
    expect(federation.getRemote).toHaveBeenCalledTimes(1);
    // Nothing but the header's 小纸条 count, asked on every signed-in page.
    expect(calls.filter((c) => c.path !== '/count/getscrip')).toEqual([]);
  });

  it('asks for the files of the page it goes to side by side, skipping those already asked for', async () => {
    const r = remotes();
    r.home.routes = [{ path: '/help', page: 'help', title: '帮助中心', preload: ['help-page.js', 'shared-dep.js'] }];
    const earlier = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: '/remotes/mf-home/shared-dep.js' });
    document.head.appendChild(earlier);
    try {
      inlineManifest(r.manifest);
      await initRemotes();
      federation.getRemote.mockImplementation(async (name) => r.modules[name]);
      fakeServer(() => ok());
      renderShell('/help', { store: signedInStore(), manifest: r.manifest });
      expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
      const asked = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
      expect(asked.sort()).toEqual(['/remotes/mf-home/help-page.js', '/remotes/mf-home/shared-dep.js']);
    } finally {
      for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    }
  });

  it('shows 页面加载失败 with 重试 when the remote fails; retry re-registers it with a cache-busting URL and renders the page', async () => {
    const r = remotes();
    inlineManifest(r.manifest);
    await initRemotes();
    expect(await urlOf(federation.setRemote.mock.calls.find(([name]) => name === r.home.name)?.[1])).toBe(r.home.url);

    let up = false;
    let failed = 0;
    federation.getRemote.mockImplementation(async (name) => {
      await new Promise((resolve) => setTimeout(resolve, NETWORK_MS));
      if (name === r.home.name && !up) {
        failed += 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      return r.modules[name];
    });
    const manifestFetch = vi.fn(async () => new Response(JSON.stringify(r.manifest), { status: 200 }));
    vi.stubGlobal('fetch', manifestFetch);
    fakeServer(() => ok());
    const user = userEvent.setup();
    renderShell('/help', { store: signedInStore(), manifest: r.manifest });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    expect(within(alert).getByText(REMOTE_FAILED)).toBeTruthy();
    // The header keeps working around the failed area.
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();

    // Still down: the retry re-registers but the error stays, ready for another try.
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(federation.getRemote).toHaveBeenCalledTimes(2));
    // Until the second load has failed the button may read 重试 for a moment between the reset
    // and the navigation's loading state (seen under CPU load): wait for the failure itself.
    await waitFor(() => expect(failed).toBe(2));
    const again = await screen.findByRole('button', { name: '重试' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('heading', { name: '页面加载失败' })).toBeTruthy();

    up = true;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    expect(screen.queryByText('页面加载失败')).toBeNull();
    await expectTitle('帮助中心 - 校巴');

    expect(manifestFetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    const homeConfigs = federation.setRemote.mock.calls.filter(([name]) => name === r.home.name).map(([, c]) => c);
    expect(homeConfigs).toHaveLength(3);
    const urls = await Promise.all(homeConfigs.map(urlOf));
    expect(urls[0]).toBe(r.home.url);
    expect(urls[1]).toMatch(new RegExp(`^${r.home.url.replace(/\./g, '\\.')}\\?retry=\\d+$`));
    expect(urls[2]).toMatch(/\?retry=\d+$/);
  });

  it('a failing remote does not break the pages of another remote', async () => {
    const { space, user } = await setup('/help');
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    federation.getRemote.mockImplementation(async (name) => {
      throw new Error(`${name} is down`);
    });
    await user.click(screen.getByRole('link', { name: '我的空间' }));
    expect(await screen.findByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    expect(federation.getRemote).toHaveBeenLastCalledWith(space.name, './routes');
    await user.click(screen.getByRole('link', { name: '帮助' }));
    // mf-home is already loaded: it is not fetched again and renders.
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    expect(screen.queryByText('页面加载失败')).toBeNull();
  });

  it('a redirect row redirects', async () => {
    const { pathname } = await setup('/setting');
    expect(await screen.findByRole('heading', { name: '修改头像' })).toBeTruthy();
    expect(pathname()).toBe('/setting/avatar');
    await expectTitle('修改头像 - 校巴');
  });

  it('children render inside the parent page’s Outlet, the deepest title wins', async () => {
    const { navigate } = await setup('/10002');
    const frame = await screen.findByRole('region', { name: '空间框架' });
    expect(within(frame).getByText('空间首页')).toBeTruthy();
    await expectTitle('空间 - 校巴');

    await navigate('/10002/board');
    const board = await screen.findByText('留言板内容');
    expect(screen.getByRole('region', { name: '空间框架' }).contains(board)).toBe(true);
    expect(screen.queryByText('空间首页')).toBeNull();
    await expectTitle('留言板 - 校巴');
  });

  it('a row without a page groups its children in an Outlet', async () => {
    const { navigate } = await setup('/my');
    expect(await screen.findByText('我的yy')).toBeTruthy();
    await expectTitle('我的空间 - 校巴');
    await navigate('/my/board');
    expect(await screen.findByText('我的留言')).toBeTruthy();
    await expectTitle('我的留言板 - 校巴');
  });

  it('unknown paths show the not-found page', async () => {
    await setup('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    await expectTitle('页面不存在 - 校巴');
  });
});

describe('remoteRoutes', () => {
  it('turns each table row into a router row with the title as its handle', () => {
    const { settings, space } = remotes();
    const [setting] = remoteRoutes(settings);
    expect(setting).toMatchObject({ path: '/setting', handle: { title: '设置' } });
    expect(setting?.children?.[0]).toMatchObject({ index: true });
    expect(setting?.children?.[1]).toMatchObject({ path: 'avatar', handle: { title: '修改头像' } });
    const [my, other] = remoteRoutes(space);
    expect(my).toMatchObject({ path: '/my', handle: { title: '我的空间' } });
    // A page row's handle also names its remote and page: the area loads their code on a hydrated page.
    expect(other?.children?.map((c) => c.handle)).toEqual([
      { title: undefined, remote: space.name, page: 'spaceHome' },
      { title: '留言板', remote: space.name, page: 'spaceBoard' },
    ]);
  });
});
