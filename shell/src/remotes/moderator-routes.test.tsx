/**
 * The moderators' remote (mf-admin, ADR 14) through the real router: a non-moderator's /admin is
 * the not-found page and nothing of mf-admin is asked or fetched; a moderator's first unknown
 * navigation asks /api/mod/remote once, registers mf-admin and shows its page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { authActions, Navigate, STORAGE_KEY, useParams, type RemoteManifestEntry, type RemoteRoutesModule, type UserInfo } from '@xiaoba/shared';
import { localDate } from '../guard/guard';
import { createStore } from '../store';
import { connectSession } from '../session';
import { fail, fakeServer, memoryStorage, ok, restoreApi, user as plainUser, type Call, type Reply } from '../testing/fake-server';
import { disposeRouters, renderShell } from '../testing/render-shell';
import { initRemotes } from './registry';
import { inlineManifest, removeInlinedManifest } from './inline-manifest';

const federation = vi.hoisted(() => ({
  getRemote: vi.fn<(name: string, exposed: string) => Promise<unknown>>(),
  setRemote: vi.fn<(name: string, config: { url: string | (() => Promise<string>); format: string; from: string }) => void>(),
}));
vi.mock('virtual:__federation__', () => ({
  __federation_method_getRemote: federation.getRemote,
  __federation_method_setRemote: federation.setRemote,
  __federation_method_unwrapDefault: (m: unknown) => m,
}));

const moderatorUser: UserInfo = { ...plainUser, uid: 10002, name: '管理员', role: 'moderator' };

/** mf-space's /:id as the real one behaves: a path that is no 米米号 goes to /notfound. */
function SpacePage() {
  const { id } = useParams();
  return /^\d+$/.test(id ?? '') ? <h1>空间 {id}</h1> : <Navigate to="/notfound" replace />;
}

let n = 0;
function site() {
  n += 1; // fresh names: the registry keeps a loaded remote for the page's lifetime
  const space: RemoteManifestEntry = {
    name: `mf_space_${n}`,
    url: `/remotes/mf-space/remoteEntry.${n}.js`,
    version: '1',
    routes: [
      { path: '/my', page: 'my', title: '我的空间' },
      { path: '/:id', page: 'space', title: '空间' },
    ],
  };
  const admin: RemoteManifestEntry = {
    name: `mf_admin_${n}`,
    url: `/remotes/mf-admin/remoteEntry.js?v=${n}`,
    version: String(n),
    routes: [
      { path: '/admin', page: 'reports', title: '举报处理' },
      { path: '/admin/log', page: 'log', title: '操作记录' },
    ],
  };
  const modules: Record<string, RemoteRoutesModule> = {
    [space.name]: { pages: { my: () => <h1>我的空间</h1>, space: SpacePage } },
    [admin.name]: { pages: { reports: () => <h1>举报处理页</h1>, log: () => <h1>操作记录页</h1> } },
  };
  return { space, admin, modules };
}

/** The store as main.tsx makes it: the user from storage, the client wired to its token. */
function storeFor(who: UserInfo, token: string | null = 'token-abc') {
  const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ user: who, today: localDate(), myspace: true }) });
  const store = createStore(storage);
  if (token) store.dispatch(authActions.tokenRefreshed(token));
  connectSession(store, () => {});
  return store;
}

/** The shell at `path` for `who`, with /api/mod/remote answering `modRemote`. */
async function start(
  path: string,
  who: UserInfo,
  modRemote: (admin: RemoteManifestEntry, call: Call) => Reply,
  { token = 'token-abc' as string | null, other = (_call: Call): Reply => ok() } = {},
) {
  const s = site();
  const manifest = { remotes: [s.space] };
  inlineManifest(manifest);
  await initRemotes();
  federation.getRemote.mockImplementation(async (name) => {
    const module = s.modules[name];
    if (!module) throw new Error(`unknown remote ${name}`);
    return module;
  });
  const calls = fakeServer((call) => (call.path === '/mod/remote' ? modRemote(s.admin, call) : other(call)));
  const view = renderShell(path, { store: storeFor(who, token), manifest });
  return { ...s, ...view, calls };
}

const modCalls = (calls: Call[]) => calls.filter((c) => c.path === '/mod/remote');
const touched = (name: string) => [...federation.setRemote.mock.calls, ...federation.getRemote.mock.calls].filter(([remote]) => remote === name);

beforeEach(() => {
  federation.getRemote.mockReset();
  federation.setRemote.mockReset();
});

afterEach(() => {
  disposeRouters();
  restoreApi();
  removeInlinedManifest();
});

describe('the moderation area for a user who is not a moderator', () => {
  it('/admin is the not-found page; /api/mod/remote is never asked and nothing of mf-admin is registered or fetched', async () => {
    const { calls, admin, navigate, pathname } = await start('/admin', plainUser, (a) => ok({ remotes: [a] }));
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(pathname()).toBe('/notfound');
    await navigate('/admin/log');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(modCalls(calls)).toEqual([]);
    expect(touched(admin.name)).toEqual([]);
    expect(screen.queryByRole('link', { name: '管理' })).toBeNull();
  });
});

describe('the moderation area for a moderator', () => {
  it('asks /api/mod/remote with the token, registers mf-admin and shows its page with its title', async () => {
    const { calls, admin } = await start('/admin', moderatorUser, (a) => ok({ remotes: [a] }));
    expect(await screen.findByRole('heading', { name: '举报处理页' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('举报处理 - 校巴'));
    expect(modCalls(calls)).toHaveLength(1);
    expect(modCalls(calls)[0]!.auth).toBe('Bearer token-abc');
    const config = federation.setRemote.mock.calls.find(([name]) => name === admin.name)?.[1];
    // The url function never rejects (ARCHITECTURE.md "Module federation").
    expect(typeof config?.url === 'function' ? await config.url() : config?.url).toBe(admin.url);
    expect(federation.getRemote).toHaveBeenCalledWith(admin.name, './routes');
    expect(screen.getByRole('link', { name: '管理' }).getAttribute('href')).toBe('/admin');
  });

  it('on a fresh page (no token yet: a reload or a bookmark of /admin) the session is restored first, then asked; the guard then needs no round trip', async () => {
    document.cookie = 'xb_session=1; path=/';
    try {
      const { calls, store } = await start(
        '/admin',
        moderatorUser,
        // As the server answers: 404 without a moderator's token (not 401: /api/mod/* is not there for anyone else).
        (a, call) => (call.auth === 'Bearer fresh-token' ? ok({ remotes: [a] }) : fail(404, '接口不存在')),
        {
          token: null,
          other: (call) =>
            call.path === '/user/refresh' ? ok({ token: 'fresh-token', user: moderatorUser }) : call.path === '/user/checkcookie' ? ok({ code: 200 }) : ok(),
        },
      );
      expect(await screen.findByRole('heading', { name: '举报处理页' })).toBeTruthy();
      expect(store.getState().auth.token).toBe('fresh-token');
      expect(calls.map((c) => c.path).filter((p) => p !== '/user/updatelogin' && p !== '/count/getscrip')).toEqual([
        '/user/checkcookie',
        '/user/refresh',
        '/mod/remote',
      ]);
    } finally {
      document.cookie = 'xb_session=; path=/; max-age=0';
    }
  });

  it('asks once: later pages of mf-admin and other dynamic paths use the rows already added', async () => {
    const { calls, navigate } = await start('/100002', moderatorUser, (a) => ok({ remotes: [a] }));
    expect(await screen.findByRole('heading', { name: '空间 100002' })).toBeTruthy();
    // Knowing the routes costs no code: mf-admin itself loads only when one of its pages is visited.
    await waitFor(() => expect(modCalls(calls)).toHaveLength(1));
    expect(federation.getRemote.mock.calls.filter(([name]) => name.startsWith('mf_admin'))).toEqual([]);
    await navigate('/admin/log');
    expect(await screen.findByRole('heading', { name: '操作记录页' })).toBeTruthy();
    await navigate('/admin');
    expect(await screen.findByRole('heading', { name: '举报处理页' })).toBeTruthy();
    await navigate('/100003');
    expect(await screen.findByRole('heading', { name: '空间 100003' })).toBeTruthy();
    expect(modCalls(calls)).toHaveLength(1);
  });

  it('a role the server no longer grants (404) leaves /admin the not-found page, with nothing of mf-admin fetched', async () => {
    const { calls, admin, pathname } = await start('/admin', moderatorUser, () => fail(404, '接口不存在'));
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(pathname()).toBe('/notfound');
    expect(modCalls(calls).length).toBeGreaterThanOrEqual(1);
    expect(touched(admin.name)).toEqual([]);
  });

  it('rows added for a moderator answer not-found once a user who is not one is signed in in the same tab', async () => {
    const { store, navigate } = await start('/admin', moderatorUser, (a) => ok({ remotes: [a] }));
    expect(await screen.findByRole('heading', { name: '举报处理页' })).toBeTruthy();
    act(() => void store.dispatch(authActions.userLoaded(plainUser)));
    await navigate('/admin/log');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '操作记录页' })).toBeNull();
  });
});
