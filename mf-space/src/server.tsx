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
import {
  api as http,
  baseApi,
  userApi,
  configureStore,
  Provider,
  rootReducer,
  themeFor,
  ThemeProvider,
  uiSlice,
  type RootState,
  type RouteObject,
} from '@xiaoba/shared';
import type { PlannedRequest, PlannedResponse } from '@xiaoba/shared/core';
import { createStaticHandler, createStaticRouter, renderToString, ServerStyleSheet, StaticRouterProvider } from '@xiaoba/shared/server';
import { prefetch } from './prefetch';
import { parseSpaceId } from './space/space-id';
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
  /**
   * The site's answers to what `plan` asked for the same path and user: the page's first-screen
   * queries are filled from them (through the same endpoints and cache keys as in the browser).
   */
  responses?: PlannedResponse[];
}

export interface ServerRenderResult {
  html: string;
  /** The <style> element(s) of the styled components in `html`. */
  css: string;
  /** RTK Query's cache as this render filled it (answered queries and their tags), for the browser to take over. */
  state: { api: { queries: RootState['api']['queries']; provided: RootState['api']['provided'] } };
}

export interface ServerPlanProps {
  path: string;
  state: { auth: RootState['auth'] };
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
    handle: { title: meta.title, page: meta.page },
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

type Store = ReturnType<typeof storeFrom>;
type HttpConfig = { url?: string; params?: Record<string, unknown> };

/** A request's path below /api with its query, as the site's server will send it (`encodeURIComponent`, like axios). */
function requestUrl({ url = '', params }: HttpConfig): string {
  const query = Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value as string | number | boolean))}`)
    .join('&');
  return query ? `${url}?${query}` : url;
}

/**
 * Runs the page's route prefetch (./prefetch.ts: the first screen's GETs, with exactly its hooks'
 * arguments) against `answer` in place of the network, and waits until every query has settled.
 * One render at a time per sandbox child (runner.ts), so the HTTP client's adapter is ours meanwhile.
 */
async function runPrefetch(store: Store, path: string, answer: (config: HttpConfig) => Promise<unknown>): Promise<void> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response || context.matches.length === 0) return;
  const match = [...context.matches].reverse().find((m) => (m.route.handle as { page?: string } | undefined)?.page);
  const page = (match?.route.handle as { page?: string } | undefined)?.page;
  const start = page ? prefetch[page] : undefined;
  const uid = store.getState().auth.user?.uid;
  if (!match || !start || uid === undefined) return;
  const saved = http.defaults.adapter;
  http.defaults.adapter = answer as NonNullable<typeof saved>;
  try {
    start({
      dispatch: store.dispatch,
      getState: store.getState,
      params: match.params,
      url: new URL(`http://localhost${path}`),
      whenSignedIn: (run) => run(uid),
    });
    // Another user's space also shows its owner (SpacePage's getUserInfo). The route prefetch leaves
    // it out because the call records a visit; a page request for that space is that visit.
    const owner = parseSpaceId(match.params.id);
    if (owner !== null && owner !== uid) store.dispatch(userApi.util.prefetch('getUserInfo', owner, { force: false }));
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
  } finally {
    http.defaults.adapter = saved;
  }
}

/** A planning request gets no answer: the plan only collects what the page asks. */
const NOT_ANSWERED = Object.assign(new Error('planning: not answered'), { isAxiosError: true, code: 'ERR_NETWORK' });

/** The first screen's GETs of `path` for this user, for the site's server to answer (under the user's own session). */
export async function plan(props: ServerPlanProps): Promise<{ requests: PlannedRequest[] }> {
  checkProps(props);
  const requests: PlannedRequest[] = [];
  await runPrefetch(storeFrom({ auth: props.state.auth }, undefined), props.path, (config) => {
    const url = requestUrl(config);
    if (!requests.some((r) => r.url === url)) requests.push({ url });
    return Promise.reject(NOT_ANSWERED);
  });
  return { requests };
}

/** An axios-shaped answer (or failure) from the site's response, so the endpoints read it as from the network. */
function replay(responses: PlannedResponse[]) {
  const byUrl = new Map(responses.map((r) => [r.url, r]));
  return (config: HttpConfig) => {
    const found = byUrl.get(requestUrl(config));
    if (!found) return Promise.reject(NOT_ANSWERED);
    const response = { data: found.body, status: found.status, statusText: '', headers: {}, config };
    if (found.status >= 200 && found.status < 300) return Promise.resolve(response);
    return Promise.reject(Object.assign(new Error(`status ${found.status}`), { isAxiosError: true, response }));
  };
}

function checkProps(props: { path?: unknown; state?: { auth?: unknown } }) {
  if (!props || typeof props.path !== 'string' || !props.path.startsWith('/')) throw new Error('render(props): props.path must be a path such as /my');
  if (!props.state || typeof props.state.auth !== 'object' || props.state.auth === null) throw new Error('render(props): props.state.auth is missing');
}

/** What the browser takes over: only answered queries (a failed one is asked again there, as today). */
function handOver(store: Store): ServerRenderResult['state'] {
  const { queries, provided } = store.getState().api;
  const answered = Object.fromEntries(Object.entries(queries).filter(([, q]) => q?.status === 'fulfilled'));
  return { api: { queries: answered, provided } };
}

export async function render(props: ServerRenderProps): Promise<ServerRenderResult> {
  checkProps(props);
  const context = await handler.query(new Request(`http://localhost${props.path}`));
  if (context instanceof Response) throw new Error(`${props.path} redirects (${context.status})`);
  if (context.statusCode === 404 || context.matches.length === 0) throw new Error(`${props.path} is not a page of mf-space`);
  const store = storeFrom(props.state, props.skin);
  if (props.responses) await runPrefetch(store, props.path, replay(props.responses));
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
    return { html, css: sheet.getStyleTags(), state: handOver(store) };
  } finally {
    sheet.seal();
  }
}
