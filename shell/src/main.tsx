import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, RouterProvider } from '@xiaoba/shared';
import { App } from './App';
import { createRouter } from './router';
import { connectRemoteLoader, initRemotes } from './remotes/registry';
import { takeOverPrerendered } from './prerendered';
import { connectSession } from './session';
import { createStore } from './store';

async function start() {
  const root = document.getElementById('root')!;
  // /login and /register come prerendered: that markup stays until the live page matches it.
  const prerendered = takeOverPrerendered(root);
  const store = createStore();
  // Remotes must be registered before the router exists (its first route may need one).
  const manifest = await initRemotes();
  // Remotes that compose a fragment of another remote load it through this same registry.
  connectRemoteLoader();
  const router = createRouter(store, manifest);
  connectSession(store, () => void router.navigate('/login'));
  if (prerendered) {
    // A redirect (a session that is still valid goes to /home) shows the live app at once.
    const first = router.state.location.pathname;
    router.subscribe((state) => {
      if (state.location.pathname !== first || state.errors) prerendered.leave();
    });
  }
  const reactRoot = createRoot(root);
  // A transition: React renders the first page in slices of a few ms, yielding to the browser
  // between them, instead of one long task that blocks input on a slow phone (docs/adr/0011).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Provider store={store}>
          <App>
            <RouterProvider router={router} />
          </App>
        </Provider>
      </StrictMode>,
    ),
  );
}

void start();
