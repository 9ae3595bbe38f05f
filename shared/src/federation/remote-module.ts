/**
 * How a remote reaches another remote's exposed module at run time (a fragment such as
 * mf-space's `./feed` inside mf-home's /home). The loading itself lives in ONE place, the shell's
 * registry (manifest, registration, 20 s timeout, cache-busting retry); the shell hands it over
 * at start with `setRemoteLoader`, the way it hands the token over with `setSessionHooks`.
 * Remotes only call `loadRemoteModule` and `resetRemoteModule`.
 */

export interface RemoteLoader {
  /** The exposed `module` (e.g. './feed') of the remote named `remote` (e.g. 'mf_space'). */
  load(remote: string, module: string): Promise<unknown>;
  /** After a failure: forget the remote's loads and register it afresh, so the next load retries. */
  reset(remote: string): Promise<void>;
}

export const NO_REMOTE_LOADER = '远程模块加载器尚未就绪';

let loader: RemoteLoader | undefined;

/** Called by the shell at start (and by tests); `undefined` disconnects. */
export function setRemoteLoader(next: RemoteLoader | undefined): void {
  loader = next;
}

/** Loads a remote's exposed module; rejects when it cannot arrive (or no shell set a loader). */
export function loadRemoteModule<T = unknown>(remote: string, module: string): Promise<T> {
  if (!loader) return Promise.reject(new Error(NO_REMOTE_LOADER));
  return loader.load(remote, module) as Promise<T>;
}

/** Prepares a retry after a failed `loadRemoteModule`; resolves even when the reset itself fails. */
export async function resetRemoteModule(remote: string): Promise<void> {
  if (!loader) return;
  try {
    await loader.reset(remote);
  } catch {
    // Nothing to reset with: the next load will fail again and offer its retry again.
  }
}
