import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, NO_REMOTE_LOADER, resetRemoteModule, setRemoteLoader } from './remote-module';

afterEach(() => setRemoteLoader(undefined));

describe('loadRemoteModule', () => {
  it('rejects with a clear error while no shell has set a loader', async () => {
    await expect(loadRemoteModule('mf_space', './feed')).rejects.toThrow(NO_REMOTE_LOADER);
    await expect(resetRemoteModule('mf_space')).resolves.toBeUndefined();
  });

  it('goes through the loader the shell set, with the remote and module names', async () => {
    const module = { default: () => null };
    const load = vi.fn(async () => module);
    const reset = vi.fn(async () => {});
    setRemoteLoader({ load, reset });
    expect(await loadRemoteModule('mf_space', './feed')).toBe(module);
    expect(load).toHaveBeenCalledWith('mf_space', './feed');
    await resetRemoteModule('mf_space');
    expect(reset).toHaveBeenCalledWith('mf_space');
  });

  it('passes a failed load on, and a failing reset never throws (the next load fails again instead)', async () => {
    setRemoteLoader({
      load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reset: () => Promise.reject(new Error('manifest down')),
    });
    await expect(loadRemoteModule('mf_space', './feed')).rejects.toThrow('Failed to fetch');
    await expect(resetRemoteModule('mf_space')).resolves.toBeUndefined();
  });
});
