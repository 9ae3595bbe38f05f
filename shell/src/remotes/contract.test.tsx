/**
 * The shell's side of independent delivery: a remote built against other shared libraries is not
 * loaded (its routes show the error area naming the mismatch, the others keep working), and a
 * developer's local override works only where the operator allows it and only from localhost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authActions, STORAGE_KEY, type BuildContract, type RemoteManifestEntry, type RemotesManifest } from '@xiaoba/shared';
import { localDate } from '../guard/guard';
import { createStore } from '../store';
import { fakeServer, memoryStorage, ok, restoreApi, user } from '../testing/fake-server';
import { disposeRouters, renderShell } from '../testing/render-shell';
import { inlineManifest, removeInlinedManifest } from './inline-manifest';
import { applyOverrideParams, isLocalUrl, OVERRIDES_STORAGE_KEY, readStoredOverrides } from './overrides';
import { initRemotes, loadRemote, overriddenRemotes, RemoteContractError, refusedRemote } from './registry';
import { REMOTE_INCOMPATIBLE } from './RemoteError';

const SHELL: BuildContract = { shared: '1', singletons: { react: '19.3.1', 'react-dom': '19.3.1', '@xiaoba/shared': '0.1.0' } };
vi.mock('./own-contract', () => ({
  SHELL_CONTRACT: { shared: '1', singletons: { react: '19.3.1', 'react-dom': '19.3.1', '@xiaoba/shared': '0.1.0' } },
}));

const federation = vi.hoisted(() => ({
  getRemote: vi.fn<(name: string, exposed: string) => Promise<unknown>>(),
  setRemote: vi.fn<(name: string, config: { url: string | (() => Promise<string>); format: string; from: string }) => void>(),
}));
vi.mock('virtual:__federation__', () => ({
  __federation_method_getRemote: federation.getRemote,
  __federation_method_setRemote: federation.setRemote,
  __federation_method_unwrapDefault: (m: unknown) => m,
}));

let n = 0;
function pair(homeContract: unknown = SHELL) {
  n += 1; // fresh names: the registry keeps what it loaded for the page's lifetime
  const home = {
    name: `mf_home_c${n}`,
    url: `/remotes/mf-home/remoteEntry.js?v=h${n}`,
    version: `h${n}`,
    routes: [{ path: '/help', page: 'help', title: '帮助中心' }],
    contract: homeContract,
  } as RemoteManifestEntry;
  const settings: RemoteManifestEntry = {
    name: `mf_settings_c${n}`,
    url: `/remotes/mf-settings/remoteEntry.js?v=s${n}`,
    version: `s${n}`,
    routes: [{ path: '/setting', page: 'setting', title: '设置' }],
    contract: SHELL,
  };
  const modules: Record<string, unknown> = {
    [home.name]: { pages: { help: () => <h1>帮助中心</h1> } },
    [settings.name]: { pages: { setting: () => <h1>设置页</h1> } },
  };
  return { home, settings, modules, manifest: { remotes: [home, settings] } as RemotesManifest };
}

/** The address a stubbed fetch was called with (a string, a URL or a Request). */
const urlOf = (input: RequestInfo | URL | undefined) => (input instanceof Request ? input.url : String(input));
const registeredNames = () => federation.setRemote.mock.calls.map(([name]) => name);
const registeredUrl = async (name: string) => {
  const config = federation.setRemote.mock.calls.filter(([n]) => n === name).at(-1)?.[1];
  return typeof config?.url === 'function' ? await config.url() : config?.url;
};

function signedInStore() {
  const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ user, today: localDate(), myspace: true }) });
  const store = createStore(storage);
  store.dispatch(authActions.tokenRefreshed('token-abc'));
  return store;
}

beforeEach(() => {
  federation.getRemote.mockReset();
  federation.setRemote.mockReset();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  disposeRouters();
  restoreApi();
  removeInlinedManifest();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('contract check', () => {
  it('registers a remote whose contract equals the shell’s, and refuses one that differs without loading it', async () => {
    const older = { shared: '1', singletons: { ...SHELL.singletons, react: '19.1.0' } };
    const r = pair(older);
    inlineManifest(r.manifest);
    await initRemotes();
    expect(registeredNames()).toEqual([r.settings.name]);
    expect(refusedRemote(r.home.name)).toBe('react: remote 19.1.0, shell 19.3.1');
    const error = await loadRemote(r.home.name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteContractError);
    expect((error as RemoteContractError).mismatch).toBe('react: remote 19.1.0, shell 19.3.1');
    expect(federation.getRemote).not.toHaveBeenCalled();
  });

  it('refuses a remote whose manifest entry has no contract (built with older tools)', async () => {
    const r = pair();
    delete r.home.contract;
    inlineManifest(r.manifest);
    await initRemotes();
    expect(refusedRemote(r.home.name)).toMatch(/no build contract/);
    expect(registeredNames()).not.toContain(r.home.name);
  });

  it('shows 页面加载失败 naming the mismatch in the refused remote’s area; the other remote works; a retry after a rollback loads it', async () => {
    const r = pair({ shared: '2', singletons: SHELL.singletons });
    inlineManifest(r.manifest);
    await initRemotes();
    federation.getRemote.mockImplementation(async (name) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return r.modules[name];
    });
    // The operator rolled the remote back: the fresh manifest has a matching build.
    const fixed = { remotes: [{ ...r.home, url: '/remotes/mf-home/remoteEntry.js?v=old', contract: SHELL }, r.settings] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(fixed), { status: 200 })),
    );
    fakeServer(() => ok());
    const userEv = userEvent.setup();
    const view = renderShell('/help', { store: signedInStore(), manifest: r.manifest });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    expect(within(alert).getByText(REMOTE_INCOMPATIBLE)).toBeTruthy();
    expect(within(alert).getByText(`不匹配：${r.home.name} @xiaoba/shared contract: remote 2, shell 1`)).toBeTruthy();
    expect(federation.getRemote).not.toHaveBeenCalledWith(r.home.name, './routes');

    await view.navigate('/setting');
    expect(await screen.findByRole('heading', { name: '设置页' })).toBeTruthy();

    await view.navigate('/help');
    const again = await screen.findByRole('alert');
    await userEv.click(within(again).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    expect(await registeredUrl(r.home.name)).toMatch(/^\/remotes\/mf-home\/remoteEntry\.js\?v=old&retry=\d+$/);
    expect(refusedRemote(r.home.name)).toBeUndefined();
  });
});

describe('local overrides', () => {
  const LOCAL = 'http://localhost:5174/remoteEntry.js';

  it('accepts only http(s) URLs on localhost or 127.0.0.1', () => {
    expect(isLocalUrl(LOCAL)).toBe(true);
    expect(isLocalUrl('http://127.0.0.1:4000/remoteEntry.js')).toBe(true);
    for (const bad of [
      'https://evil.example/remoteEntry.js',
      'http://localhost.evil.example/x.js',
      'http://user@localhost/x.js',
      'javascript:alert(1)',
      'data:text/javascript,1',
      '/remotes/x.js',
      'not a url',
    ]) {
      expect(isLocalUrl(bad), bad).toBe(false);
    }
  });

  it('reads several parameters; an empty URL clears one; a remote URL is ignored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const search = `?remote-override=${encodeURIComponent(`mf_auth=${LOCAL}`)}&remote-override=mf_home=&remote-override=mf_space=https://evil.example/e.js`;
    expect(applyOverrideParams(search, { mf_home: 'http://127.0.0.1:1/remoteEntry.js' })).toEqual({ mf_auth: LOCAL });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mf_space'));
    warn.mockRestore();
  });

  it('is ignored unless the manifest says overrides: true', async () => {
    const r = pair();
    window.history.replaceState(null, '', `/help?remote-override=${r.home.name}=${LOCAL}`);
    localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ [r.home.name]: LOCAL }));
    inlineManifest(r.manifest);
    await initRemotes();
    expect(await registeredUrl(r.home.name)).toBe(r.home.url);
    expect(overriddenRemotes()).toEqual([]);
    expect(window.location.search).toContain('remote-override');
  });

  it('with overrides: true, loads the remote from localhost, keeps it in localStorage, cleans the address, shows the note with a stop button', async () => {
    const r = pair({ shared: '9', singletons: {} });
    window.history.replaceState(null, '', `/help?remote-override=${r.home.name}=${encodeURIComponent(LOCAL)}`);
    inlineManifest({ ...r.manifest, overrides: true });
    // No routes.json beside the local entry: the published routes, contract unchecked.
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await initRemotes();
    warn.mockRestore();
    expect(urlOf(fetch.mock.calls[0]?.[0])).toBe('http://localhost:5174/routes.json');
    expect(await registeredUrl(r.home.name)).toBe(LOCAL);
    expect(refusedRemote(r.home.name)).toBeUndefined();
    expect(await registeredUrl(r.settings.name)).toBe(r.settings.url);
    expect(readStoredOverrides(localStorage)).toEqual({ [r.home.name]: LOCAL });
    expect(window.location.search).toBe('');
    expect(overriddenRemotes()).toEqual([r.home.name]);

    federation.getRemote.mockImplementation(async (name) => r.modules[name]);
    fakeServer(() => ok());
    renderShell('/help', { store: signedInStore(), manifest: r.manifest });
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    const note = screen.getByRole('complementary', { name: '本地模块' });
    expect(note.textContent).toContain(`正在使用本地模块：${r.home.name}`);
    expect(within(note).getByRole('button', { name: '停止使用本地模块' })).toBeTruthy();
  });

  it('takes the routes of the local build (a new route shows) and checks its contract when its routes.json is there', async () => {
    const r = pair();
    const other = pair();
    localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ [r.home.name]: LOCAL, [other.home.name]: 'http://127.0.0.1:5999/remoteEntry.js' }));
    const local = (name: string, contract: unknown) => ({
      name,
      routes: [
        { path: '/help', page: 'help', title: '帮助中心' },
        { path: '/new-page', page: 'help', title: '新页面' },
      ],
      contract,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        urlOf(input).startsWith('http://localhost:5174/')
          ? new Response(JSON.stringify(local(r.home.name, SHELL)))
          : new Response(JSON.stringify(local(other.home.name, { shared: '1', singletons: { ...SHELL.singletons, 'react-dom': '18.3.1' } }))),
      ),
    );
    inlineManifest({ remotes: [r.home, other.home], overrides: true });
    const manifest = await initRemotes();
    expect(manifest.remotes[0]!.routes.map((row) => row.path)).toEqual(['/help', '/new-page']);
    expect(await registeredUrl(r.home.name)).toBe(LOCAL);
    expect(refusedRemote(r.home.name)).toBeUndefined();
    // The other developer build was made against another React DOM: named, not loaded.
    expect(refusedRemote(other.home.name)).toBe('react-dom: remote 18.3.1, shell 19.3.1');
    expect(registeredNames()).not.toContain(other.home.name);
  });

  it('a later ?remote-override=name= clears the stored override', async () => {
    const r = pair();
    localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ [r.home.name]: LOCAL }));
    window.history.replaceState(null, '', `/?remote-override=${r.home.name}=`);
    inlineManifest({ ...r.manifest, overrides: true });
    await initRemotes();
    expect(await registeredUrl(r.home.name)).toBe(r.home.url);
    expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBeNull();
    expect(overriddenRemotes()).toEqual([]);
  });
});
