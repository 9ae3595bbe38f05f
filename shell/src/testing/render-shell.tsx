/**
 * Test helper: renders the shell the way main.tsx does (store, App, the real router with guard,
 * Layout and remote routes), starting at `path` in happy-dom's history. Tests that reach a
 * remote must `vi.mock('virtual:__federation__', ...)` themselves (vitest.config.ts stubs it).
 */
import { act, render } from '@testing-library/react';
import { Provider, RouterProvider, type RemotesManifest } from '@xiaoba/shared';
import { App } from '../App';
import { createRouter, type AppRouter } from '../router';
import { createStore, type AppStore } from '../store';

const mounted: AppRouter[] = [];

export function renderShell(path: string, options: { store: AppStore; manifest: RemotesManifest }) {
  window.history.replaceState(null, '', path);
  const router = createRouter(options.store, options.manifest);
  mounted.push(router);
  const view = render(
    <Provider store={options.store}>
      <App>
        <RouterProvider router={router} />
      </App>
    </Provider>,
  );
  const navigate = (to: string) => act(() => router.navigate(to));
  return { ...view, router, store: options.store, navigate, pathname: () => router.state.location.pathname };
}

/** Stops the routers a test made (call in afterEach, after the rendered tree is unmounted). */
export function disposeRouters() {
  for (const router of mounted.splice(0)) router.dispose();
}

export type { AppStore };
export { createStore };
