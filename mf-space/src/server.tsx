/**
 * mf-space's server entry (docs/adr/0016-render-sandbox.md "Step 2"): built by `npm run build` into
 * dist/server/entry.mjs, one file with every library inside, and run by the site's render sandbox
 * (a child process that may read only this remote's folder, with none of the server's secrets).
 * It receives the data and returns the page's HTML and the CSS of its styled components; it asks
 * nothing of the network itself.
 *
 * The page is the same route element the browser shows, inside the same providers (the store
 * made from the given state, the theme of the skin, a router at `path`), as tools/prerender's
 * pages are: static imports instead of the lazy pages, so nothing suspends.
 */
import type { ComponentType, ReactNode } from 'react';
import { baseApi, configureStore, Provider, rootReducer, themeFor, ThemeProvider, uiSlice, type RootState, type RouteObject } from '@xiaoba/shared';
import { createStaticHandler, createStaticRouter, renderToString, ServerStyleSheet, StaticRouterProvider } from '@xiaoba/shared/server';
import MyBoardPage from './my/MyBoardPage';
import MyHomePage from './my/MyHomePage';
import { routeTable } from './route-table';
import SpaceBoardPage from './space/SpaceBoardPage';
import SpaceHomePage from './space/SpaceHomePage';
import SpacePage from './space/SpacePage';
import type { RouteMeta } from '@xiaoba/shared';

export interface ServerRenderProps {
  /** The page's path, e.g. /my (a search part is allowed). */
  path: string;
  /**
   * The Redux state the page reads, as the browser's store holds it: `auth` (the signed-in user),
   * `api` (RTK Query's slice: `queries` keyed by RTK's cache keys, e.g.
   * `getUserYy({"page":1,"uid":10001})`, the first screen's queries fulfilled) and optionally `ui`.
   * A query missing from `api.queries` renders as loading, as in the browser before its answer.
   */
  state: { auth: RootState['auth']; api?: Partial<RootState['api']>; ui?: Partial<RootState['ui']> };
  /** The skin shown (default: the user's own). */
  skin?: string;
}

export interface ServerRenderResult {
  html: string;
  /** The <style> element(s) of the styled components in `html`. */
  css: string;
}

/** The pages of the route table, imported statically: a lazy page would render its fallback. */
const PAGES: Record<string, ComponentType> = {
  myHome: MyHomePage,
  myBoard: MyBoardPage,
  space: SpacePage,
  spaceHome: SpaceHomePage,
  spaceBoard: SpaceBoardPage,
};

/** The route table as router rows, like the shell's remote-routes.tsx, minus loaders and Suspense. */
function toRoute(meta: RouteMeta): RouteObject {
  const Page = meta.page ? PAGES[meta.page] : undefined;
  if (meta.page && !Page) throw new Error(`no server page "${meta.page}"`);
  const location = meta.index ? { index: true as const } : { path: meta.path };
  return {
    ...location,
    handle: { title: meta.title },
    ...(Page ? { element: <Page /> } : {}),
    ...(meta.children ? { children: meta.children.map(toRoute) } : {}),
  } as RouteObject;
}

const routes = routeTable.filter((row) => !row.redirect).map(toRoute);
const handler = createStaticHandler(routes);

/** A store as the browser's: shared's root reducer, the given slices over their initial state. */
function storeFrom(state: ServerRenderProps['state'], skin: string | undefined) {
  const initial = configureStore({ reducer: rootReducer }).getState();
  const api = { ...initial.api, ...state.api, config: initial.api.config } as RootState['api'];
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: state.auth,
      // An unknown skin shows the default one, as in the browser (themeFor).
      ui: { ...uiSlice.getInitialState(), ...state.ui, skin: themeFor(skin ?? state.ui?.skin ?? state.auth.user?.skin).id },
      api,
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export async function render(props: ServerRenderProps): Promise<ServerRenderResult> {
  if (!props || typeof props.path !== 'string' || !props.path.startsWith('/')) throw new Error('render(props): props.path must be a path such as /my');
  if (!props.state || typeof props.state.auth !== 'object' || props.state.auth === null) throw new Error('render(props): props.state.auth is missing');
  const context = await handler.query(new Request(`http://localhost${props.path}`));
  if (context instanceof Response) throw new Error(`${props.path} redirects (${context.status})`);
  if (context.statusCode === 404 || context.matches.length === 0) throw new Error(`${props.path} is not a page of mf-space`);
  const store = storeFrom(props.state, props.skin);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const page: ReactNode = (
      <Provider store={store}>
        <ThemeProvider theme={themeFor(store.getState().ui.skin)}>
          {/* hydrate={false}: no inline script with router data (the CSP allows none). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ThemeProvider>
      </Provider>
    );
    const html = renderToString(sheet.collectStyles(page));
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
