/**
 * Remotes are found at run time: the server publishes the manifest (inlined into index.html as
 * non-executable JSON, `<script type="application/json" id="xb-manifest">`, or fetched from
 * /remotes.json), the shell registers every remote, and a remote's code is fetched only when one
 * of its routes is first visited (`loadRemote`).
 */
import { __federation_method_getRemote as getRemote, __federation_method_setRemote as setRemote } from 'virtual:__federation__';
import {
  api,
  contractMismatch,
  retryFailedPages,
  setRemoteLoader,
  type ApiEnvelope,
  type RemoteManifestEntry,
  type RemoteRoutesModule,
  type RemotesManifest,
} from '@xiaoba/shared';
import { SHELL_CONTRACT } from './own-contract';
import { setActiveOverrides, takeOverrides } from './overrides';

/** The id of the inlined manifest's element (the server's `manifestScript`). */
export const MANIFEST_ELEMENT_ID = 'xb-manifest';

/** A remote that has not arrived by then counts as failed, so the user gets the retry button. */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

const entries = new Map<string, RemoteManifestEntry>();
const loaded = new Map<string, unknown>();
const pending = new Map<string, Promise<unknown>>();
/** Remotes not loaded because their build contract differs from the shell's, with the first difference. */
const refused = new Map<string, string>();
/** Remotes loaded from the developer's machine (`?remote-override=`), with that URL. */
let overrides: Record<string, string> = {};

/**
 * A remote built against other shared libraries than the shell (another React, another
 * @xiaoba/shared contract) would break the page it runs in, so it is never loaded: its routes
 * show the remote's error area with this error's `mismatch` instead.
 */
export class RemoteContractError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatch: string,
  ) {
    super(`${remote} was built for another version of the site: ${mismatch}`);
    this.name = 'RemoteContractError';
  }
}

/** Remotes loaded from a developer's machine in this browser (shown in the override note). */
export function overriddenRemotes(): string[] {
  return Object.keys(overrides).filter((name) => entries.has(name));
}

/** Why a remote is not loaded (its contract's first difference from the shell's), if it is not. */
export function refusedRemote(name: string): string | undefined {
  return refused.get(name);
}

/** An overridden entry whose contract came from the developer's routes.json, so it can be checked. */
type LocalEntry = RemoteManifestEntry & { checkContract?: boolean };

function register(entry: RemoteManifestEntry, bust?: number) {
  const local = overrides[entry.name];
  const checked = !local || (entry as LocalEntry).checkContract === true;
  if (local) entry = { ...entry, url: local };
  entries.set(entry.name, entry);
  // A local override whose routes.json could not be read is the developer's build, unchecked (the note shows it is on).
  const mismatch = !checked || !SHELL_CONTRACT ? null : contractMismatch(entry.contract, SHELL_CONTRACT);
  if (mismatch) {
    refused.set(entry.name, mismatch);
    console.error(`remote ${entry.name} not loaded: its build contract differs from the shell's (${mismatch})`);
    return;
  }
  refused.delete(entry.name);
  const url = bust ? `${entry.url}${entry.url.includes('?') ? '&' : '?'}retry=${bust}` : entry.url;
  // A fresh config object makes the plugin import the entry again; the url function never rejects.
  setRemote(entry.name, { url: () => Promise.resolve(url), format: 'esm', from: 'vite' });
}

/** GET /api/mod/remote's data: entries shaped like the manifest's (docs/api.md "Safety"). */
interface ModeratorRemotes {
  remotes?: unknown;
}

/**
 * The remotes only moderators may load (mf-admin), which the public manifest leaves out: asked
 * from the API with the user's token (the server reads the role; anyone else gets 404, which
 * rejects here) and registered like the public ones (ADR 14).
 */
export async function loadModeratorRemotes(): Promise<RemoteManifestEntry[]> {
  const res = await api.get<ApiEnvelope<ModeratorRemotes>>(MODERATOR_REMOTES_URL);
  const list = res.data.data?.remotes;
  const remotes = Array.isArray(list) ? list.filter(isManifestEntry) : [];
  for (const entry of remotes) register(entry);
  return remotes.map((entry) => entries.get(entry.name) ?? entry);
}

/** Below /api, as the shared client takes it. */
export const MODERATOR_REMOTES_URL = '/mod/remote';

const isManifestEntry = (value: unknown): value is RemoteManifestEntry => {
  const e = value as Partial<RemoteManifestEntry> | null;
  return typeof e?.name === 'string' && typeof e.url === 'string' && Array.isArray(e.routes);
};

export async function fetchManifest(): Promise<RemotesManifest> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`manifest ${res.status}`);
  return (await res.json()) as RemotesManifest;
}

/**
 * The manifest inlined into the page, or undefined when there is none or it is not a manifest.
 * JSON, not a script: the Content-Security-Policy runs no inline script.
 */
export function readInlinedManifest(doc: Document = document): RemotesManifest | undefined {
  const text = doc.getElementById(MANIFEST_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    const remotes = (value as { remotes?: unknown } | null)?.remotes;
    return Array.isArray(remotes) ? (value as RemotesManifest) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the manifest once at start; a missing manifest leaves the shell working with no remotes. */
export async function initRemotes(): Promise<RemotesManifest> {
  let manifest = readInlinedManifest();
  if (!manifest) {
    try {
      manifest = await fetchManifest();
    } catch {
      manifest = { remotes: [] };
    }
  }
  overrides = takeOverrides(manifest.overrides);
  if (Object.keys(overrides).length) {
    manifest = { ...manifest, remotes: await Promise.all(manifest.remotes.map(withLocalBuild)) };
  }
  for (const entry of manifest.remotes) register(entry);
  setActiveOverrides(overriddenRemotes());
  return manifest;
}

/** How long start-up waits for an overridden remote's local routes.json. */
const LOCAL_ROUTES_TIMEOUT_MS = 3000;

/**
 * An overridden remote's entry with the routes, fragments and contract of the developer's build
 * (routes.json beside its remoteEntry.js), so a new route shows and a build against other shared
 * libraries is named; the published entry when that file cannot be read.
 */
async function withLocalBuild(entry: RemoteManifestEntry): Promise<LocalEntry> {
  const url = overrides[entry.name];
  if (!url) return entry;
  try {
    const res = await fetch(new URL('routes.json', url), { cache: 'no-store', signal: AbortSignal.timeout(LOCAL_ROUTES_TIMEOUT_MS) });
    const local = (await res.json()) as Partial<RemoteManifestEntry> & { name?: unknown };
    if (!res.ok || local.name !== entry.name || !Array.isArray(local.routes)) throw new Error('not this remote');
    return { ...entry, url, routes: local.routes, fragments: local.fragments, contract: local.contract, checkContract: true };
  } catch {
    console.warn(`remote-override ${entry.name}: no routes.json beside ${url}; using the published routes, contract unchecked`);
    return entry;
  }
}

/** Key of one exposed module of one remote in the caches below. */
const key = (name: string, module: string) => `${name}\u0000${module}`;

/**
 * An exposed module of a remote (its `./routes`, or a fragment such as mf-space's `./feed`),
 * loaded once; a failure is not cached so a retry can succeed, and a load that hangs fails after
 * REMOTE_LOAD_TIMEOUT_MS. Remotes reach it through shared's `loadRemoteModule` (see `connectRemoteLoader`).
 */
export function loadRemoteModule(name: string, module: string): Promise<unknown> {
  const mismatch = refused.get(name);
  if (mismatch !== undefined) return Promise.reject(new RemoteContractError(name, mismatch));
  const id = key(name, module);
  if (loaded.has(id)) return Promise.resolve(loaded.get(id));
  let promise = pending.get(id);
  if (!promise) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} did not load in time`)), REMOTE_LOAD_TIMEOUT_MS);
    });
    const current: Promise<unknown> = Promise.race([getRemote(name, module), timeout])
      .then((value) => {
        loaded.set(id, value);
        return value;
      })
      .finally(() => {
        clearTimeout(timer);
        // A reset may have started a newer load meanwhile: leave that one alone.
        if (pending.get(id) === current) pending.delete(id);
      });
    promise = current;
    pending.set(id, promise);
  }
  return promise;
}

/** The remote's route module, loaded once (see `loadRemoteModule`). */
export function loadRemote(name: string): Promise<RemoteRoutesModule> {
  return loadRemoteModule(name, './routes') as Promise<RemoteRoutesModule>;
}

export function loadedRemote(name: string): RemoteRoutesModule | undefined {
  return loaded.get(key(name, './routes')) as RemoteRoutesModule | undefined;
}

/**
 * After a failure: take the newest manifest entry (the remote may have been redeployed) and
 * register it under a cache-busting URL, since the browser remembers a failed module import.
 */
export async function resetRemote(name: string): Promise<void> {
  let entry = entries.get(name);
  try {
    const fresh = (await fetchManifest()).remotes.find((r) => r.name === name);
    // An overridden remote keeps the developer's entry (its routes and checked contract).
    if (fresh && !overrides[name]) entry = fresh;
  } catch {
    // The manifest itself is unreachable: retry with what we have.
  }
  // Forget a load still hanging on the old URL, and any module a failed page chunk came from.
  for (const map of [pending, loaded]) {
    for (const id of map.keys()) if (id.startsWith(key(name, ''))) map.delete(id);
  }
  retryFailedPages();
  if (entry) register(entry, Date.now());
}

/** Lets remotes load other remotes' exposed modules through this registry (shared's `loadRemoteModule`). */
export function connectRemoteLoader(): void {
  setRemoteLoader({ load: loadRemoteModule, reset: resetRemote });
}
