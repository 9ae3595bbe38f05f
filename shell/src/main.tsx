import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectLiveUpdates, preloadApiClient, Provider, RouterProvider } from '@xiaoba/shared';
import { App } from './App';
import { createRouter } from './router';
import { connectRemoteLoader, initRemotes } from './remotes/registry';
import { takeOverPrerendered } from './prerendered';
import { connectSession, mayHaveSession } from './session';
import { createStore, takePageState } from './store';

async function start() {
  const root = document.getElementById('root')!;
  // /login and /register come prerendered, a signed-in page server-rendered with its state (session
  // and first screen's data): that markup stays until the live page matches it.
  const page = takePageState();
  const prerendered = takeOverPrerendered(root);
  // A returning visitor's page calls the API at once: start loading the HTTP client now, while
  // the remotes register, rather than at the guard's first request (docs/adr/0012). Not on a
  // server-rendered page: its first screen came with its data, the client loads when idle.
  if (!page && mayHaveSession()) void preloadApiClient();
  const store = createStore(undefined, page);
  // Remotes must be registered before the router exists (its first route may need one).
  const manifest = await initRemotes();
  // Remotes that compose a fragment of another remote load it through this same registry.
  connectRemoteLoader();
  const router = createRouter(store, manifest);
  connectSession(store, () => void router.navigate('/login'));
  // The tab's live stream: open while signed in, closed on sign-out; its code loads when idle.
  connectLiveUpdates(store);
  if (prerendered) {
    // A redirect (a session that is still valid goes to /home) shows the live app at once.
    const first = router.state.location.pathname;
    router.subscribe((state) => {
      if (state.location.pathname !== first || state.errors) prerendered.leave();
    });
  }
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <App>
          <RouterProvider router={router} />
        </App>
      </Provider>
    </StrictMode>,
  );
}

void start();
