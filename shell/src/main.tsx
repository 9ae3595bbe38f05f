import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  connectLiveUpdates,
  dropTaps,
  holdsServerMarkup,
  markLive,
  preloadApiClient,
  Provider,
  RouterProvider,
  setPaintedAt,
  uiActions,
  WhenCommitted,
} from '@xiaoba/shared';
import { App } from './App';
import { createRouter, routerReady } from './router';
import { connectRemoteLoader, initRemotes } from './remotes/registry';
import { connectSession, mayHaveSession } from './session';
import { createStore, takePageState } from './store';

async function start() {
  const root = document.getElementById('root')!;
  // A signed-in page comes rendered by the server with its state (session and first screen's data),
  // /login and /register rendered at build time: that markup is hydrated, not rendered again
  // (docs/adr/0018). Any other page holds a splash until the app renders.
  const page = takePageState();
  setPaintedAt(page?.paintedAt ?? null);
  const painted = holdsServerMarkup(root);
  const paintedPath = window.location.pathname;
  // A returning visitor's page calls the API at once: start loading the HTTP client now, while
  // the remotes register, rather than at the guard's first request (docs/adr/0012). Not on a
  // server-rendered page: its first screen came with its data, the client loads when idle.
  if (!page && mayHaveSession()) void preloadApiClient();
  const store = createStore(undefined, page);
  // /login and /register were painted at build time in the default skin: hydrated in it, then shown
  // in the skin of the user this browser remembers (a server-rendered page came in the user's own).
  const ownSkin = store.getState().ui.skin;
  if (painted && !page) store.dispatch(uiActions.showSkin(''));
  // Remotes must be registered before the router exists (its first route may need one).
  const manifest = await initRemotes();
  // Remotes that compose a fragment of another remote load it through this same registry.
  connectRemoteLoader();
  let firstNavigation = painted;
  const router = createRouter(store, manifest, { painted: () => firstNavigation });
  connectSession(store, () => void router.navigate('/login'));
  // The tab's live stream: open while signed in, closed on sign-out; its code loads when idle.
  connectLiveUpdates(store);
  const app = (
    <StrictMode>
      <Provider store={store}>
        <App>
          <RouterProvider router={router} />
        </App>
      </Provider>
    </StrictMode>
  );
  const live = () => {
    markLive(root);
    if (store.getState().ui.skin !== ownSkin) store.dispatch(uiActions.showSkin(ownSkin));
  };
  if (!painted) {
    createRoot(root).render(<WhenCommitted onLive={live}>{app}</WhenCommitted>);
    return;
  }
  // The first navigation's loaders wait for nothing on a painted page (the guard's verdict only).
  await routerReady(router);
  firstNavigation = false;
  if (router.state.location.pathname !== paintedPath || router.state.errors) {
    // Sent elsewhere (a valid session on /login goes to /home): the painted page is not the one shown.
    dropTaps(root);
    root.replaceChildren();
    createRoot(root).render(<WhenCommitted onLive={live}>{app}</WhenCommitted>);
    return;
  }
  hydrateRoot(root, <WhenCommitted onLive={live}>{app}</WhenCommitted>, {
    onRecoverableError: (error) => console.error('hydration of the frame', error),
  });
}

void start();
