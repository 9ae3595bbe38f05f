/**
 * What every remote's server entry does (docs/adr/0016 "Step 3"), so a remote's `src/server.tsx`
 * only names its pages and fragments: `createServerEntry({...})` gives the two exports the render
 * sandbox calls (server/src/platform/render/runner.ts).
 *
 * - `plan({ path, state: { auth }, fragment? })`: the first screen's GETs. The page's route
 *   prefetch (route-prefetch.ts: exactly the arguments its hooks use), or the fragment's, is run
 *   against the HTTP client with an adapter that records each request instead of sending it.
 * - `render({ path, state, skin?, responses?, fragment? })`: the same prefetch answered from the
 *   site's `responses`, so the queries sit in RTK Query's cache under the browser's own keys; then
 *   the page's route element (or the fragment) inside the providers the browser gives it, to HTML
 *   and the CSS of its styled components; and the cache the browser takes over (`state.api`).
 *
 * The render asks nothing of the network itself; one render at a time per sandbox child, so the
 * HTTP client's adapter is the render's meanwhile. Static imports of the pages: nothing suspends.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  redirect as routerRedirect,
  StaticRouterProvider,
  type Params,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from './api/base-api';
import { api as http } from './api/client';
import type { PlannedRequest, PlannedResponse } from './core/page-render';
import { AreaTree, CaptureRouterContexts, type RouterContexts } from './federation/area-tree';
import { ServerRedirectContext } from './federation/navigate';
import { ServerTitleContext } from './federation/page-title';
import type { PagePrefetches } from './federation/route-prefetch';
import type { RouteMeta } from './federation/route-table';
import { rootReducer, type AppDispatch, type RootState } from './store/root';
import { uiSlice } from './store/ui-slice';
import { themeFor } from './theme/skins';
import { setPaintedAt } from './ui/clock';

type Store = ReturnType<typeof storeFrom>;
type HttpConfig = { url?: string; params?: Record<string, unknown> };
type ApiCache = { queries: RootState['api']['queries']; provided: RootState['api']['provided'] };

/** A fragment another remote's page composes (ADR 6), as its server entry renders it. */
export interface ServerFragment {
  component: ComponentType<Record<string, unknown>>;
  /** Its first screen's GETs for these props (the fragment's own prefetch). */
  prefetch?: (dispatch: AppDispatch, props: Readonly<Record<string, unknown>>) => void;
}

export interface ServerEntryOptions {
  routeTable: RouteMeta[];
  /** The route table's pages, imported statically. */
  pages: Record<string, ComponentType>;
  /** The remote's route prefetch (its `./routes` module's `prefetch`). */
  prefetch?: PagePrefetches;
  /** Reads a server render adds to a page's prefetch (e.g. one the route prefetch leaves out because it records a visit). */
  serverReads?: (context: { dispatch: AppDispatch; params: Readonly<Params<string>>; uid: number }) => void;
  /** Exposed fragments by module name, e.g. `./feed`. */
  fragments?: Record<string, ServerFragment>;
}

export interface ServerEntryProps {
  /** The page's path, e.g. /my (a search part is allowed). */
  path: string;
  /** The store's slices as the browser holds them; `api` (RTK Query's slice) is filled from `responses` when given. */
  state: { auth: RootState['auth']; api?: Partial<RootState['api']>; ui?: Partial<RootState['ui']> };
  /** The skin shown (default: the user's own). */
  skin?: string;
  /** The site's answers to what `plan` asked for the same props. */
  responses?: PlannedResponse[];
  /** Render this exposed fragment with these props instead of the page. */
  fragment?: { module: string; props?: Record<string, unknown> };
  /** The instant (ms) the page is rendered at: every time the area shows is said as of then (ui/clock.tsx). */
  paintedAt?: number;
  /** React's `identifierPrefix` for the area's root: the one the browser hydrates it with (page-render.ts unitIdPrefix). */
  idPrefix?: string;
}

export interface ServerEntryResult {
  html: string;
  /** The <style> element(s) of the styled components in `html`. */
  css: string;
  /**
   * `api`: RTK Query's cache as this render filled it (answered queries and their tags), for the
   * browser to take over. `redirect`: where the page sends the browser instead (the path of the
   * first `<Navigate>` it rendered, e.g. /notfound for a space that does not exist); the site
   * answers the page request with that redirect. `title`: what the page names itself
   * (`usePageTitle`, e.g. an entry's title), for the site to write into the page's <title>.
   */
  state: { api: ApiCache; redirect?: string; title?: string };
}

/** A request's path below /api with its query, as the site's server will send it (encoded like axios). */
export function requestUrl({ url = '', params }: HttpConfig): string {
  const query = Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value as string | number | boolean))}`)
    .join('&');
  return query ? `${url}?${query}` : url;
}

/** A store as the browser's: shared's root reducer, the given slices over their initial state. */
/** RTK Query's slice as a new store starts it (its `config` is the middleware's own), once for every render. */
const INITIAL_API = rootReducer(undefined, { type: 'xb/server-entry-init' }).api;

function storeFrom(state: Partial<ServerEntryProps['state']>, skin: string | undefined) {
  const api = { ...INITIAL_API, ...state.api, config: INITIAL_API.config } as RootState['api'];
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      ...(state.auth ? { auth: state.auth } : {}),
      // An unknown skin shows the default one, as in the browser (themeFor).
      ui: { ...uiSlice.getInitialState(), ...state.ui, skin: themeFor(skin ?? state.ui?.skin ?? state.auth?.user?.skin).id },
      api,
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

/** A planning request gets no answer: the plan only collects what the page asks. */
const notAnswered = () => Promise.reject(Object.assign(new Error('not answered on the server'), { isAxiosError: true, code: 'ERR_NETWORK' }));

/** An axios-shaped answer (or failure) from the site's responses, so the endpoints read it as from the network. */
function replay(responses: PlannedResponse[]) {
  const byUrl = new Map(responses.map((r) => [r.url, r]));
  return (config: HttpConfig) => {
    const found = byUrl.get(requestUrl(config));
    if (!found) return notAnswered();
    const response = { data: found.body, status: found.status, statusText: '', headers: {}, config };
    if (found.status >= 200 && found.status < 300) return Promise.resolve(response);
    return Promise.reject(Object.assign(new Error(`status ${found.status}`), { isAxiosError: true, response }));
  };
}

function checkProps(props: Partial<ServerEntryProps> | null | undefined): asserts props is ServerEntryProps {
  if (!props || typeof props.path !== 'string' || !props.path.startsWith('/')) throw new Error('props.path must be a path such as /my');
  if (!props.state || typeof props.state.auth !== 'object' || props.state.auth === null) throw new Error('props.state.auth is missing');
}

/** What the browser takes over: only answered queries (a failed one is asked again there, as without a server render). */
function handOver(store: Store): ServerEntryResult['state'] {
  const { queries, provided } = store.getState().api;
  return { api: { queries: Object.fromEntries(Object.entries(queries).filter(([, q]) => q?.status === 'fulfilled')), provided } };
}

/**
 * The route `context` matched of `handler`, rendered to HTML inside `wrap` (the providers), with
 * the CSS of its styled components. `hydrate={false}`: no inline script with router data (the CSP
 * allows none).
 */
export function renderRoute(
  handler: ReturnType<typeof createStaticHandler>,
  context: StaticHandlerContext,
  wrap: (routes: ReactNode) => ReactNode,
): { html: string; css: string } {
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(wrap(<StaticRouterProvider router={router} context={context} hydrate={false} />)));
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** Where the area's top element and the router's contexts at its place are handed over (the render's first pass). */
type AreaFound = { router: RouterContexts; node: ReactNode };
const AreaCaptureContext = createContext<((found: AreaFound) => void) | null>(null);

/** The area's top in the router's tree: renders nothing, tells the render what the area's root shows and with which router contexts. */
function AreaTop({ node }: { node: ReactNode }) {
  const found = useContext(AreaCaptureContext);
  return <CaptureRouterContexts onContexts={(router) => found?.({ router, node })} />;
}

/**
 * The area as a React root of its own (area-tree.tsx), to HTML, as the browser hydrates it. First
 * the router alone, to find the area's top row and the router's contexts there; then the area's
 * tree with those contexts, its pages below the top reached through `<Outlet>` as in the browser.
 */
export async function renderArea(
  handler: ReturnType<typeof createStaticHandler>,
  context: StaticHandlerContext,
  area: { store: Store; idPrefix: string; wrap?: (tree: ReactNode) => ReactNode },
): Promise<{ html: string; css: string }> {
  const router = createStaticRouter(handler.dataRoutes, context);
  let found: AreaFound | undefined;
  renderToString(
    <AreaCaptureContext.Provider value={(f) => (found ??= f)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AreaCaptureContext.Provider>,
  );
  if (!found) throw new Error('no page of this remote at this path');
  const { store, idPrefix, wrap = (tree) => tree } = area;
  const sheet = new ServerStyleSheet();
  try {
    // No Suspense boundary: the browser hydrates the area whole, in one pass, once the code of
    // its pages has arrived (a boundary would hydrate after the root around it).
    const tree = (
      <AreaTree store={store} theme={themeFor(store.getState().ui.skin)} router={found.router}>
        {found.node}
      </AreaTree>
    );
    // Prerendered: a part loaded on demand (React.lazy) is waited for and rendered, never left to
    // the browser as a boundary to render again (which hydration would report as an error).
    const { prelude } = await prerenderToNodeStream(sheet.collectStyles(wrap(tree)), { identifierPrefix: idPrefix });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return { html: Buffer.concat(chunks).toString('utf8'), css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

export function createServerEntry(options: ServerEntryOptions) {
  /** A row's element: the area's top for the first page on a path, the page itself below it (reached through <Outlet>). */
  const toRoute = (meta: RouteMeta, inArea = false): RouteObject => {
    const Page = meta.page ? options.pages[meta.page] : undefined;
    if (meta.page && !Page) throw new Error(`no server page "${meta.page}"`);
    const location = meta.index ? { index: true as const } : { path: meta.path };
    // A row that sends the browser on (/setting to /setting/avatar): the site answers with that redirect.
    if (meta.redirect) return { ...location, loader: () => routerRedirect(meta.redirect!) } as RouteObject;
    const element = Page ? inArea ? <Page /> : <AreaTop node={<Page />} /> : undefined;
    return {
      ...location,
      handle: { title: meta.title, page: meta.page },
      ...(element ? { element } : {}),
      ...(meta.children ? { children: meta.children.map((child) => toRoute(child, inArea || Boolean(Page))) } : {}),
    } as RouteObject;
  };
  const pageHandler = createStaticHandler(options.routeTable.map((row) => toRoute(row)));

  function fragmentOf(props: ServerEntryProps): ServerFragment | null {
    if (!props.fragment) return null;
    const fragment = options.fragments?.[props.fragment.module];
    if (!fragment) throw new Error(`no server fragment "${props.fragment.module}"`);
    return fragment;
  }

  /** Runs the first screen's prefetch against `answer` in place of the network, until every query has settled. */
  async function prefetch(store: Store, props: ServerEntryProps, answer: (config: HttpConfig) => Promise<unknown>): Promise<void> {
    const uid = store.getState().auth.user?.uid;
    if (uid === undefined) return;
    let start: (() => void) | undefined;
    const fragment = fragmentOf(props);
    if (fragment) {
      start = fragment.prefetch && (() => fragment.prefetch!(store.dispatch, props.fragment?.props ?? {}));
    } else {
      const context = await pageHandler.query(new Request(`http://localhost${props.path}`));
      if (context instanceof Response) return;
      const match = [...context.matches].reverse().find((m) => (m.route.handle as { page?: string } | undefined)?.page);
      const page = (match?.route.handle as { page?: string } | undefined)?.page;
      const pagePrefetch = page ? options.prefetch?.[page] : undefined;
      if (!match) return;
      start = () => {
        // The server's table holds the prefetches themselves (no chunk to wait for): they dispatch at once.
        void pagePrefetch?.({
          dispatch: store.dispatch,
          getState: store.getState,
          params: match.params,
          url: new URL(`http://localhost${props.path}`),
          whenSignedIn: (run) => run(uid),
        });
        options.serverReads?.({ dispatch: store.dispatch, params: match.params, uid });
      };
    }
    if (!start) return;
    const saved = http.defaults.adapter;
    http.defaults.adapter = answer as NonNullable<typeof saved>;
    try {
      start();
      await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
    } finally {
      http.defaults.adapter = saved;
    }
  }

  async function plan(props: ServerEntryProps): Promise<{ requests: PlannedRequest[] }> {
    checkProps(props);
    const requests: PlannedRequest[] = [];
    await prefetch(storeFrom({ auth: props.state.auth }, undefined), props, (config) => {
      const url = requestUrl(config);
      if (!requests.some((r) => r.url === url)) requests.push({ url });
      return notAnswered();
    });
    return { requests };
  }

  async function render(props: ServerEntryProps): Promise<ServerEntryResult> {
    checkProps(props);
    const fragment = fragmentOf(props);
    // A fragment is shown at any path of the page composing it; a page only at its own.
    const handler = fragment
      ? createStaticHandler([{ path: '*', element: <AreaTop node={<fragment.component {...(props.fragment?.props ?? {})} />} /> }])
      : pageHandler;
    const context = await handler.query(new Request(`http://localhost${props.path}`));
    if (context instanceof Response) {
      const to = context.headers.get('Location');
      if (!to) throw new Error(`${props.path} answers ${context.status}`);
      return { html: '', css: '', state: { api: handOver(storeFrom(props.state, props.skin)).api, redirect: to } };
    }
    if (context.statusCode === 404 || context.matches.length === 0) throw new Error(`${props.path} is not a page of this remote`);
    const store = storeFrom(props.state, props.skin);
    if (props.responses) await prefetch(store, props, replay(props.responses));
    setPaintedAt(typeof props.paintedAt === 'number' ? props.paintedAt : Date.now());
    let redirect: string | undefined;
    let title: string | undefined;
    const { html, css } = await renderArea(handler, context, {
      store,
      idPrefix: typeof props.idPrefix === 'string' ? props.idPrefix : '',
      wrap: (tree) => (
        <ServerRedirectContext.Provider value={(path) => (redirect ??= path)}>
          <ServerTitleContext.Provider value={(named) => (title = named)}>{tree}</ServerTitleContext.Provider>
        </ServerRedirectContext.Provider>
      ),
    });
    return {
      html,
      css,
      state: { ...handOver(store), ...(redirect === undefined ? {} : { redirect }), ...(title === undefined ? {} : { title }) },
    };
  }

  return { plan, render };
}
