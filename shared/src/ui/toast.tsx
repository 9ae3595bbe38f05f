/**
 * Toasts for every module (react-hot-toast, 3000 ms by default as on the original site). Remotes call
 * these through the shared singleton so every toast reaches the shell's one <Toaster/>.
 *
 * The library (with goober, its CSS-in-JS) is loaded by a dynamic import on the first `notify`
 * or once the page is idle, not with the first page (docs/adr/0012). A `notify` before it is there
 * is kept and shown, in order, as soon as it is; `<Toaster/>` renders react-hot-toast's own
 * toaster (each toast role=status, aria-live=polite) from then on, and nothing before, since
 * there is nothing to show.
 */
import { useSyncExternalStore } from 'react';
import type { ToasterProps } from 'react-hot-toast';
import { TOAST_MS } from '../core/constants';
import { lazyModule, whenIdle } from '../api/lazy';

type ToastModule = typeof import('react-hot-toast');

const library = lazyModule<ToastModule>(() => import('react-hot-toast'));
/** Calls made before the library was loaded, replayed in order once it is. */
let queued: ((toast: ToastModule['default']) => void)[] = [];
/** Mounted <Toaster/>s waiting for the library. */
const listeners = new Set<() => void>();

function load(): void {
  library.load().then(
    (module) => {
      listeners.forEach((listener) => listener());
      const calls = queued;
      queued = [];
      for (const call of calls) call(module.default);
    },
    () => {
      // A failed download keeps the queue: the next notify (or a later idle) tries again.
    },
  );
}

function run(call: (toast: ToastModule['default']) => void): void {
  const module = library.current;
  if (module && queued.length === 0) {
    call(module.default);
    return;
  }
  queued.push(call);
  load();
}

// The id is ours, so `notify` can return it at once even before the library is loaded.
let lastId = 0;
const nextId = () => `xb-toast-${++lastId}`;

function show(kind: 'success' | 'error' | 'info', message: string, duration: number): string {
  const id = nextId();
  run((toast) => {
    const options = { duration, id };
    if (kind === 'success') toast.success(message, options);
    else if (kind === 'error') toast.error(message, options);
    else toast(message, options);
  });
  return id;
}

export const notify = {
  success: (message: string, duration = TOAST_MS) => show('success', message, duration),
  error: (message: string, duration = TOAST_MS) => show('error', message, duration),
  info: (message: string, duration = TOAST_MS) => show('info', message, duration),
  dismiss: (id?: string) => {
    // Nothing was ever shown or asked for: nothing to dismiss, and no reason to load the library.
    if (!library.current && queued.length === 0) return;
    run((toast) => toast.dismiss(id));
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadedModule = () => library.current;
const notLoadedOnServer = () => undefined;

/** The shell's one toaster: react-hot-toast's own, with the same props, once the library is loaded. */
export function Toaster(props: ToasterProps) {
  const module = useSyncExternalStore(subscribe, loadedModule, notLoadedOnServer);
  return module ? <module.Toaster {...props} /> : null;
}

whenIdle(load);
