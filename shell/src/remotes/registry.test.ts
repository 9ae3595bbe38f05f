import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteManifestEntry, RemotesManifest } from '@xiaoba/shared';

const federation = vi.hoisted(() => ({
  getRemote: vi.fn<(name: string, exposed: string) => Promise<unknown>>(),
  setRemote: vi.fn<(name: string, config: { url: string | (() => Promise<string>); format: string; from: string }) => void>(),
}));
vi.mock('virtual:__federation__', () => ({
  __federation_method_getRemote: federation.getRemote,
  __federation_method_setRemote: federation.setRemote,
  __federation_method_unwrapDefault: (m: unknown) => m,
}));

import { loadRemoteModule as loadFromRemote, resetRemoteModule, setRemoteLoader } from '@xiaoba/shared';
import { inlineManifest, removeInlinedManifest } from './inline-manifest';
import {
  connectRemoteLoader,
  fetchManifest,
  initRemotes,
  loadedRemote,
  loadRemote,
  loadRemoteModule,
  readInlinedManifest,
  REMOTE_LOAD_TIMEOUT_MS,
  resetRemote,
} from './registry';

let n = 0;
/** A remote with a name of its own: the registry keeps loaded remotes for the page's lifetime. */
function entry(url = '/remotes/mf_x/remoteEntry.abc.js'): RemoteManifestEntry {
  n += 1;
  return { name: `mf_reg_${n}`, url, version: '1.0.0', routes: [] };
}

/** The URL the federation runtime will import for the `index`-th registration of `name`. */
async function registeredUrl(name: string, index = -1): Promise<string> {
  const configs = federation.setRemote.mock.calls.filter(([n]) => n === name).map(([, c]) => c);
  const config = configs.at(index);
  expect(config).toBeDefined();
  expect(config).toMatchObject({ format: 'esm', from: 'vite' });
  return typeof config!.url === 'function' ? await config!.url() : config!.url;
}

function stubManifestFetch(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  federation.getRemote.mockReset();
  federation.setRemote.mockReset();
});
afterEach(() => {
  removeInlinedManifest();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('initRemotes', () => {
  it('registers every remote of the inlined manifest without fetching', async () => {
    const a = entry('/remotes/a/remoteEntry.1.js');
    const b = entry('/remotes/b/remoteEntry.2.js');
    inlineManifest({ remotes: [a, b] });
    const fetch = stubManifestFetch(() => json({ remotes: [] }));
    expect(await initRemotes()).toEqual({ remotes: [a, b] });
    expect(fetch).not.toHaveBeenCalled();
    expect(await registeredUrl(a.name)).toBe('/remotes/a/remoteEntry.1.js');
    expect(await registeredUrl(b.name)).toBe('/remotes/b/remoteEntry.2.js');
  });

  it('reads titles with markup from the escaped JSON (as the server inlines it) unchanged', async () => {
    const a = { ...entry(), routes: [{ path: '/x', page: 'x', title: '</script><b>x</b>' }] };
    inlineManifest({ remotes: [a] });
    expect(document.getElementById('xb-manifest')?.textContent).not.toContain('<');
    expect(readInlinedManifest()).toEqual({ remotes: [a] });
  });

  it.each([
    ['broken JSON', '{"remotes": ['],
    ['JSON that is not a manifest', '{"remote": []}'],
    ['an empty element', ''],
  ])('fetches /remotes.json when the inlined manifest is %s', async (_what, text) => {
    const a = entry();
    inlineManifest(text);
    const fetch = stubManifestFetch(() => json({ remotes: [a] }));
    expect(await initRemotes()).toEqual({ remotes: [a] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches /remotes.json, uncached, when nothing is inlined', async () => {
    const a = entry();
    const fetch = stubManifestFetch(() => json({ remotes: [a] }));
    expect(await initRemotes()).toEqual({ remotes: [a] });
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(federation.setRemote).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a 404', () => new Response('', { status: 404 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as [string, () => Response | Promise<Response>][])('keeps the shell working with no remotes after %s', async (_name, answer) => {
    stubManifestFetch(answer);
    expect(await initRemotes()).toEqual({ remotes: [] } satisfies RemotesManifest);
    expect(federation.setRemote).not.toHaveBeenCalled();
  });

  it('fetchManifest rejects on a non-2xx answer', async () => {
    stubManifestFetch(() => new Response('', { status: 503 }));
    await expect(fetchManifest()).rejects.toThrow('503');
  });
});

describe('loadRemote', () => {
  it('loads the ./routes module once, even for concurrent visits', async () => {
    const module = { pages: {} };
    const { name } = entry();
    federation.getRemote.mockResolvedValue(module);
    const [first, second] = await Promise.all([loadRemote(name), loadRemote(name)]);
    expect(await loadRemote(name)).toBe(module);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(loadedRemote(name)).toBe(module);
    expect(federation.getRemote).toHaveBeenCalledTimes(1);
    expect(federation.getRemote).toHaveBeenCalledWith(name, './routes');
  });

  it('does not cache a failure, so a later try can succeed', async () => {
    const module = { pages: {} };
    const { name } = entry();
    federation.getRemote.mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(module);
    await expect(loadRemote(name)).rejects.toThrow('chunk failed');
    expect(loadedRemote(name)).toBeUndefined();
    expect(await loadRemote(name)).toBe(module);
    expect(federation.getRemote).toHaveBeenCalledTimes(2);
  });
});

describe('loadRemote timeout', () => {
  it('fails a load that hangs, so the route can offer its retry', async () => {
    vi.useFakeTimers();
    const { name } = entry();
    federation.getRemote.mockReturnValue(new Promise(() => {}));
    const load = loadRemote(name);
    const settled = vi.fn();
    load.catch(settled);
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(load).rejects.toThrow(name);
    expect(loadedRemote(name)).toBeUndefined();
  });
});

describe('resetRemote', () => {
  it('forgets a hanging load and a loaded module, so the next visit imports again', async () => {
    const known = entry();
    inlineManifest({ remotes: [known] });
    await initRemotes();
    stubManifestFetch(() => Promise.reject(new TypeError('offline')));

    federation.getRemote.mockReturnValueOnce(new Promise(() => {}));
    void loadRemote(known.name);
    await resetRemote(known.name);
    const fresh = { pages: {} };
    federation.getRemote.mockResolvedValueOnce(fresh);
    expect(await loadRemote(known.name)).toBe(fresh);

    await resetRemote(known.name);
    expect(loadedRemote(known.name)).toBeUndefined();
    const newer = { pages: {} };
    federation.getRemote.mockResolvedValueOnce(newer);
    expect(await loadRemote(known.name)).toBe(newer);
    expect(federation.getRemote).toHaveBeenCalledTimes(3);
  });

  it('re-registers the newest manifest entry under a cache-busting URL', async () => {
    const old = entry('/remotes/x/remoteEntry.old.js');
    inlineManifest({ remotes: [old] });
    await initRemotes();
    stubManifestFetch(() => json({ remotes: [{ ...old, url: '/remotes/x/remoteEntry.new.js?v=2' }] }));
    await resetRemote(old.name);
    expect(await registeredUrl(old.name)).toMatch(/^\/remotes\/x\/remoteEntry\.new\.js\?v=2&retry=\d+$/);
  });

  it('retries with the known entry when the manifest is unreachable', async () => {
    const known = entry('/remotes/y/remoteEntry.1.js');
    inlineManifest({ remotes: [known] });
    await initRemotes();
    stubManifestFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await resetRemote(known.name);
    expect(federation.setRemote).toHaveBeenCalledTimes(2);
    expect(await registeredUrl(known.name)).toMatch(/^\/remotes\/y\/remoteEntry\.1\.js\?retry=\d+$/);
  });
});

describe('other exposed modules (fragments)', () => {
  afterEach(() => setRemoteLoader(undefined));

  it('loads each exposed module once, beside ./routes, and a reset forgets all of them', async () => {
    const known = entry();
    inlineManifest({ remotes: [known] });
    await initRemotes();
    stubManifestFetch(() => Promise.reject(new TypeError('offline')));
    const feed = { default: () => null };
    const routes = { pages: {} };
    federation.getRemote.mockImplementation(async (_name, exposed) => (exposed === './feed' ? feed : routes));
    const [a, b] = await Promise.all([loadRemoteModule(known.name, './feed'), loadRemoteModule(known.name, './feed')]);
    expect(a).toBe(feed);
    expect(b).toBe(feed);
    expect(await loadRemote(known.name)).toBe(routes);
    expect(federation.getRemote.mock.calls).toEqual([
      [known.name, './feed'],
      [known.name, './routes'],
    ]);

    await resetRemote(known.name);
    expect(loadedRemote(known.name)).toBeUndefined();
    expect(await loadRemoteModule(known.name, './feed')).toBe(feed);
    expect(federation.getRemote).toHaveBeenCalledTimes(3);
  });

  it('fails a fragment that hangs after the same timeout', async () => {
    vi.useFakeTimers();
    const { name } = entry();
    federation.getRemote.mockReturnValue(new Promise(() => {}));
    const load = loadRemoteModule(name, './feed');
    load.catch(() => {});
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    await expect(load).rejects.toThrow(name);
  });

  it("connectRemoteLoader makes shared's loadRemoteModule and resetRemoteModule use this registry", async () => {
    const known = entry('/remotes/z/remoteEntry.1.js');
    inlineManifest({ remotes: [known] });
    await initRemotes();
    stubManifestFetch(() => Promise.reject(new TypeError('offline')));
    connectRemoteLoader();
    const feed = { default: () => null };
    federation.getRemote.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(feed);
    await expect(loadFromRemote(known.name, './feed')).rejects.toThrow('Failed to fetch');
    await resetRemoteModule(known.name);
    expect(await registeredUrl(known.name)).toMatch(/^\/remotes\/z\/remoteEntry\.1\.js\?retry=\d+$/);
    expect(await loadFromRemote(known.name, './feed')).toBe(feed);
    expect(federation.getRemote).toHaveBeenLastCalledWith(known.name, './feed');
  });
});
