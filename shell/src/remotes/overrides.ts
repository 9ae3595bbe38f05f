/**
 * Local development against the real site (docs/architecture.md "Deploying one remote"): when the
 * operator sets REMOTE_OVERRIDES=1 the manifest says `overrides: true`, and a developer opens
 * `https://site/?remote-override=mf_auth=http://localhost:5174/remoteEntry.js`. The shell then
 * loads that remote from there, in this browser only (kept in localStorage until
 * `?remote-override=mf_auth=` clears it), and only from localhost or 127.0.0.1: a link someone
 * else sends cannot make this browser run code from another host. Without `overrides: true` the
 * parameter and anything stored are ignored.
 */
export const OVERRIDE_PARAM = 'remote-override';
export const OVERRIDES_STORAGE_KEY = 'xb-remote-overrides';

/**
 * Remotes this page loads from the developer's machine, set by the registry at start. Kept here,
 * not in registry.ts, so the layout's note needs no federation runtime (tools/prerender.mjs
 * renders the layout without one).
 */
let active: readonly string[] = [];
export const activeOverrides = (): readonly string[] => active;
export function setActiveOverrides(names: readonly string[]): void {
  active = [...names];
}

/** The only hosts an override may load from: the developer's own machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** An http(s) URL on localhost or 127.0.0.1 (any port), with no user name or password. */
export function isLocalUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname) && !url.username && !url.password;
}

/** Federation name → local URL, as stored; anything malformed or not local is dropped. */
export function readStoredOverrides(storage: Pick<Storage, 'getItem'> | undefined): Record<string, string> {
  try {
    const value = JSON.parse(storage?.getItem(OVERRIDES_STORAGE_KEY) ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string' && isLocalUrl(e[1])));
  } catch {
    return {};
  }
}

export function writeStoredOverrides(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, overrides: Record<string, string>): void {
  try {
    if (Object.keys(overrides).length) storage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
    else storage?.removeItem(OVERRIDES_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the override then lasts for this page only.
  }
}

/**
 * The stored overrides updated by the page's `?remote-override=name=url` parameters (several
 * allowed; an empty url clears that name). A URL that is not local is ignored, with a warning in
 * the console for the developer.
 */
export function applyOverrideParams(search: string, stored: Record<string, string>): Record<string, string> {
  const next = { ...stored };
  for (const value of new URLSearchParams(search).getAll(OVERRIDE_PARAM)) {
    const at = value.indexOf('=');
    const name = (at < 0 ? value : value.slice(0, at)).trim();
    const url = at < 0 ? '' : value.slice(at + 1).trim();
    if (!name) continue;
    if (!url) delete next[name];
    else if (isLocalUrl(url)) next[name] = url;
    else console.warn(`remote-override ignored for ${name}: only http://localhost or http://127.0.0.1 URLs are allowed`);
  }
  return next;
}

/** The page's URL without its `remote-override` parameters (so a reload or a shared link carries none). */
export function withoutOverrideParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(OVERRIDE_PARAM);
  return url.toString();
}

/**
 * At start: when the site allows overrides, takes the page's parameters into storage, removes them
 * from the address bar, and returns the overrides to use; otherwise returns none.
 */
export function takeOverrides(
  allowed: boolean | undefined,
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): Record<string, string> {
  if (!allowed || !win) return {};
  const storage = safeStorage(win);
  const search = win.location.search;
  const overrides = applyOverrideParams(search, readStoredOverrides(storage));
  if (new URLSearchParams(search).has(OVERRIDE_PARAM)) {
    writeStoredOverrides(storage, overrides);
    win.history.replaceState(win.history.state, '', withoutOverrideParams(win.location.href));
  }
  return overrides;
}

/** Stops every override (the note's button) and reloads so the published remotes load instead. */
export function stopOverrides(win: Window = window): void {
  writeStoredOverrides(safeStorage(win), {});
  win.location.reload();
}

function safeStorage(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}
