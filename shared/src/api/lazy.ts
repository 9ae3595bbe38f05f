/**
 * Libraries that no first paint needs (axios, react-hot-toast) are loaded by a dynamic import the
 * first time they are used, so they are lazy chunks of the build instead of part of the shared
 * singleton every page downloads first (docs/adr/0012). Once the page is idle they are fetched
 * anyway, so a visitor's first submit or toast does not wait for a download.
 */

export interface LazyModule<T> {
  /** The module, importing it on the first call; a failed import is tried again by the next call. */
  load(): Promise<T>;
  /** The module once an import has finished, else undefined. */
  readonly current: T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let current: T | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => (current = module),
        (error: unknown) => {
          // A chunk that failed to download (offline, a deploy in between) must not stay failed.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get current() {
      return current;
    },
  };
}

/** Upper bound of the wait for an idle moment after the load event. */
const IDLE_TIMEOUT_MS = 3000;
/** Browsers without requestIdleCallback (Safari): a short pause after the load event. */
const FALLBACK_DELAY_MS = 300;

/**
 * Runs `task` once, after the page's load event, when the main thread is idle: the download
 * competes with nothing the first paint needs. Does nothing outside a browser (the prerender).
 */
export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(task, FALLBACK_DELAY_MS);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
