/**
 * Opens the tab's one live stream while a user is signed in and closes it at sign-out (the shell
 * calls `connectLiveUpdates(store)` once at start). The stream's code is a lazy chunk imported
 * a few seconds after the page is idle, so no page's first load carries it (docs/adr/0012) and the
 * stream, which holds one of the browser's connections for as long as the page lives, competes with
 * nothing the first screen needs (nor keeps a test's "network idle" from ever coming). Until then
 * the pages poll as before; the stream's `hello` makes them re-read what came meanwhile. Not in
 * archive mode: a read-only site has nothing new to tell.
 */
import type { RootState } from '../store/root';
import { api, currentToken, refreshAccessToken } from '../api/client';
import { lazyModule, whenIdle } from '../api/lazy';
import { LIVE_STREAM_URL } from '../core/live';
import { LIVE_RULES } from './events';
import { liveBus } from './live-bus';
import type { LiveStream, LiveStreamOptions } from './stream';

type StreamModule = { openLiveStream(options: LiveStreamOptions): LiveStream };

const siteStream = lazyModule<StreamModule>(() => import('./stream'));

/** The wait after the page is idle before the stream opens. */
export const LIVE_START_DELAY_MS = 3_000;
const afterIdle = (task: () => void) => whenIdle(() => void setTimeout(task, LIVE_START_DELAY_MS));

export interface LiveStore {
  getState(): Pick<RootState, 'auth' | 'ui'>;
  subscribe(listener: () => void): () => void;
}

export interface ConnectLiveOptions {
  /** Runs the import once the page is idle and LIVE_START_DELAY_MS more have passed (tests run it at once). */
  idle?: (task: () => void) => void;
  load?: () => Promise<StreamModule>;
  fetch?: typeof fetch;
}

/** The signed-in user whose stream the tab should hold, or null for none. */
function streamOwner(state: Pick<RootState, 'auth' | 'ui'>): number | null {
  const { token, user } = state.auth;
  return token && user && !state.ui.archive ? user.uid : null;
}

/** Keeps the stream in line with the session; returns a function that stops doing so (and closes it). */
export function connectLiveUpdates(store: LiveStore, options: ConnectLiveOptions = {}): () => void {
  const idle = options.idle ?? afterIdle;
  const load = options.load ?? (() => siteStream.load());
  let owner: number | null = null;
  let stream: LiveStream | null = null;
  /** Bumped at each change of owner: an import that finishes later for an older owner opens nothing. */
  let generation = 0;

  function open(uid: number, gen: number) {
    idle(() => {
      load().then(
        ({ openLiveStream }) => {
          if (gen !== generation || owner !== uid) return;
          stream = openLiveStream({
            url: `${api.defaults.baseURL ?? '/api'}${LIVE_STREAM_URL}`,
            rules: LIVE_RULES,
            getToken: currentToken,
            refresh: refreshAccessToken,
            onEvent: liveBus.emit,
            onConnected: liveBus.setConnected,
            ...(options.fetch ? { fetch: options.fetch } : {}),
          });
        },
        () => {
          // The chunk did not arrive: the pages keep polling; the next sign-in tries again.
        },
      );
    });
  }

  function sync() {
    const next = streamOwner(store.getState());
    if (next === owner) return;
    owner = next;
    generation += 1;
    stream?.close();
    stream = null;
    liveBus.setConnected(false);
    if (next !== null) open(next, generation);
  }

  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    generation += 1;
    owner = null;
    stream?.close();
    stream = null;
    liveBus.setConnected(false);
  };
}
