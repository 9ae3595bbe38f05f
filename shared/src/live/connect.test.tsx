import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../core/api-types';
import type { LiveEvent } from '../core/live';
import { connectLiveUpdates, LIVE_START_DELAY_MS, type LiveStore } from './connect';
import { liveBus, useLiveConnected, useLiveEvent } from './live-bus';
import type { LiveStreamOptions } from './stream';

const user = (uid: number) => ({ uid, name: `u${uid}` }) as UserInfo;

type State = ReturnType<LiveStore['getState']>;

/** A store holding the auth and ui slices the connection reads. */
function fakeStore(auth: Partial<State['auth']>, archive = false) {
  const listeners = new Set<() => void>();
  let state = { auth: { token: null, user: null, today: '', myspace: true, ...auth }, ui: { loading: false, skin: '', archive } } as State;
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: Partial<State['auth']>) {
      state = { ...state, auth: { ...state.auth, ...next } };
      listeners.forEach((l) => l());
    },
  };
}

/** The stream module, faked: records each stream opened and whether it was closed. */
function fakeStreams() {
  const opened: Array<{ options: LiveStreamOptions; closed: boolean }> = [];
  const load = vi.fn(async () => ({
    openLiveStream(options: LiveStreamOptions) {
      const entry = { options, closed: false };
      opened.push(entry);
      return { close: () => void (entry.closed = true) };
    },
  }));
  return { opened, load };
}

const now = (task: () => void) => task();
let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

describe('the tab’s live stream follows the session', () => {
  it('opens no stream (and loads none of its code) while signed out', async () => {
    const store = fakeStore({});
    const { opened, load } = fakeStreams();
    disconnect = connectLiveUpdates(store, { idle: now, load });
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(opened).toHaveLength(0);
  });

  it('opens one stream once signed in, when the page is idle, and closes it on sign-out', async () => {
    const store = fakeStore({});
    const { opened, load } = fakeStreams();
    const idleTasks: Array<() => void> = [];
    disconnect = connectLiveUpdates(store, { idle: (t) => idleTasks.push(t), load });
    store.set({ token: 't1', user: user(1) });
    store.set({ token: 't2' }); // a refreshed token is the same session: no new stream
    expect(load).not.toHaveBeenCalled();
    expect(idleTasks).toHaveLength(1);
    await act(async () => idleTasks[0]!());
    expect(opened).toHaveLength(1);
    expect(opened[0]!.options.url).toBe('/api/live/stream');
    store.set({ token: null, user: null });
    expect(opened[0]!.closed).toBe(true);
    expect(opened).toHaveLength(1);
  });

  it('by default waits for the page to be idle and LIVE_START_DELAY_MS more before loading the stream', async () => {
    vi.useFakeTimers();
    try {
      const store = fakeStore({ token: 't', user: user(1) });
      const { opened, load } = fakeStreams();
      disconnect = connectLiveUpdates(store, { load });
      await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
      expect(load).not.toHaveBeenCalled();
      // The idle moment: at most 3 s after the load event (300 ms where requestIdleCallback is missing).
      await vi.advanceTimersByTimeAsync(3_000);
      expect(opened).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('another user signing in in the same tab gets a stream of their own', async () => {
    const store = fakeStore({ token: 't', user: user(1) });
    const { opened, load } = fakeStreams();
    disconnect = connectLiveUpdates(store, { idle: now, load });
    await act(async () => {});
    store.set({ token: 'u', user: user(2) });
    await act(async () => {});
    expect(opened.map((s) => s.closed)).toEqual([true, false]);
  });

  it('a sign-out before the code arrived opens nothing', async () => {
    const store = fakeStore({ token: 't', user: user(1) });
    const { opened, load } = fakeStreams();
    disconnect = connectLiveUpdates(store, { idle: now, load });
    store.set({ token: null, user: null });
    await act(async () => {});
    expect(opened).toHaveLength(0);
  });

  it('opens nothing in archive mode', async () => {
    const store = fakeStore({ token: 't', user: user(1) }, true);
    const { opened, load } = fakeStreams();
    disconnect = connectLiveUpdates(store, { idle: now, load });
    await act(async () => {});
    expect(opened).toHaveLength(0);
  });
});

describe('useLiveEvent and useLiveConnected (what the modules use)', () => {
  it('the stream’s events reach subscribers of their type; connected follows the stream', async () => {
    const store = fakeStore({ token: 't', user: user(1) });
    const { opened, load } = fakeStreams();
    disconnect = connectLiveUpdates(store, { idle: now, load });
    await act(async () => {});
    const notices: LiveEvent[] = [];
    const hellos = vi.fn();
    const { result, unmount } = renderHook(() => {
      useLiveEvent('notice', (e) => notices.push(e));
      useLiveEvent('hello', hellos);
      return useLiveConnected();
    });
    expect(result.current).toBe(false);
    const { onEvent, onConnected } = opened[0]!.options;
    act(() => {
      onConnected(true);
      onEvent({ type: 'hello', uid: 1 });
      onEvent({ type: 'notice', kind: 'fan' });
      onEvent({ type: 'yy', weiboId: 3, uid: 2, following: false });
    });
    expect(result.current).toBe(true);
    expect(hellos).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ type: 'notice', kind: 'fan' }]);
    // Sign-out: disconnected at once, so the pages poll again (and not at all once signed out).
    act(() => store.set({ token: null, user: null }));
    expect(result.current).toBe(false);
    unmount();
    liveBus.emit({ type: 'notice', kind: 'comment' });
    expect(notices).toHaveLength(1);
  });
});
