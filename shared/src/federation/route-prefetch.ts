/**
 * Route prefetch (docs/architecture.md "Route prefetch"): a page's first-screen GETs start when
 * the router matches its route, in parallel with the page's chunk and its render, instead of from
 * the page's RTK Query hooks, which fire only once React has committed the page (measured on /my:
 * ~430 ms after the session was restored, unthrottled).
 *
 * A remote's `./routes` module may export `prefetch`: page key -> `PagePrefetch`. The shell's
 * loader of that page's row calls `startPagePrefetch` once the remote's module has loaded. The
 * page prefetch dispatches `api.util.prefetch(endpoint, args, { force: false })` with exactly the
 * arguments its components' hooks use: that keeps no subscription (the data is kept for the
 * endpoint's keepUnusedDataFor, 60 s, unless the hook subscribes first), does not ask again for
 * what is cached, and the hook finds the request in flight or its answer cached: one request.
 *
 * Order: React Router runs the matched loaders in parallel, so a page loader starts while the
 * guard (the root loader) may still be restoring the session; a prefetch needs the access token
 * and often the own uid. The shell wraps its guard in `withGuardVerdict`, which keeps the guard's
 * promise for the navigation's request (all loaders of one navigation share it); `whenSignedIn`
 * waits for that verdict and runs its callback only when the guard let the page through and the
 * store holds the session (at once after the guard, even during a first visit's restore), never
 * when the guard redirected (to /login): nothing waits beyond the navigation, nothing leaks.
 * Loaders never wait for it: the page renders at once and shows its own loading states. Only
 * GETs without side effects belong in a prefetch.
 */
import type { Params } from 'react-router-dom';
import type { AppDispatch, RootState } from '../store/root';

/** The store as a prefetch needs it (the shell's store, or a test's). */
export interface PrefetchStore {
  dispatch: AppDispatch;
  getState(): RootState;
}

export interface PrefetchContext {
  dispatch: AppDispatch;
  getState(): RootState;
  /** The matched route's params, e.g. `{ id: '100002' }` on /100002. */
  params: Readonly<Params<string>>;
  /** The navigation's address: a page whose first screen depends on its query (e.g. /home?feed=following) reads it here. */
  url: URL;
  /** Runs `start` with the own uid once the guard restored the session; not at all if it redirected. */
  whenSignedIn(start: (uid: number) => void): void;
}

/**
 * Starts a page's first-screen GETs; returns at once, or, for a prefetch whose code is a chunk of
 * its own, a promise of that code having loaded and started them (never of their answers).
 */
export type PagePrefetch = (context: PrefetchContext) => void | Promise<void>;

/** A remote's `./routes` `prefetch` export: page key (as in its route table) -> its prefetch. */
export type PagePrefetches = Record<string, PagePrefetch>;

/** A fragment's own prefetch (e.g. mf-space's `./feed`), called by the page that composes it. */
export type FragmentPrefetch = (dispatch: AppDispatch) => void;

const ownUid = (state: RootState): number | null => {
  const { token, user } = state.auth;
  return token && user ? user.uid : null;
};

/** The guard's result per navigation (a redirect Response, or null to show the page). */
const verdicts = new WeakMap<Request, Promise<unknown>>();

/** Wraps the root loader (the guard) so page loaders of the same navigation can wait for its verdict. */
export function withGuardVerdict<A extends { request: Request }, R>(guard: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return (args) => {
    const verdict = guard(args);
    verdicts.set(args.request, verdict);
    return verdict;
  };
}

/**
 * Calls `start(uid)` once the guard of this navigation (`request`) let it through with a session;
 * never when it redirected or failed. Without a recorded guard: only if signed in right now.
 */
export function whenSignedIn(store: PrefetchStore, request: Request, start: (uid: number) => void): void {
  const run = () => {
    const uid = ownUid(store.getState());
    if (uid === null) return;
    try {
      start(uid);
    } catch (error) {
      // An optimisation: the page's own hooks will ask and show any failure.
      console.error('route prefetch failed', error);
    }
  };
  const verdict = verdicts.get(request);
  if (!verdict) return run();
  verdict.then(
    (result) => {
      if (!(result instanceof Response) && !request.signal.aborted) run();
    },
    () => undefined, // the guard failed: the root's error page shows, nothing to prefetch
  );
}

/** The `prefetch` map a remote's routes module exports, if it has one. */
export function pagePrefetchesOf(module: unknown): PagePrefetches | undefined {
  const value = (module as { prefetch?: unknown } | null | undefined)?.prefetch;
  return typeof value === 'object' && value !== null ? (value as PagePrefetches) : undefined;
}

/**
 * The shell's hook: called by the loader of a remote's page row once the remote's `./routes`
 * module has loaded. Starts that page's prefetch, if the remote declares one; never throws.
 */
export function startPagePrefetch(
  store: PrefetchStore,
  module: unknown,
  page: string | undefined,
  { params, request }: { params: Readonly<Params<string>>; request: Request },
): Promise<void> {
  const prefetch = page ? pagePrefetchesOf(module)?.[page] : undefined;
  if (typeof prefetch !== 'function') return Promise.resolve();
  try {
    const started = prefetch({
      dispatch: store.dispatch,
      getState: store.getState,
      params,
      url: new URL(request.url),
      whenSignedIn: (start) => whenSignedIn(store, request, start),
    });
    // A chunk that fails to load asks nothing: the page shows its own error.
    return Promise.resolve(started).catch(() => undefined);
  } catch (error) {
    console.error(`route prefetch of ${page} failed`, error);
    return Promise.resolve();
  }
}
