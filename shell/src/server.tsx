/**
 * The shell's server entry (docs/adr/0016 "Step 3"): the frame of a signed-in page (the
 * providers of App.tsx and Layout.tsx: skip link, header with the signed-in user, archive note,
 * progress bar, <main>, overlays) rendered to HTML, with the page's area left as an empty slot
 * (SERVER_AREA_SLOT) that the site's server fills with the remote's render. Built by `npm run
 * build` into dist/server/entry.mjs (hostConfig's server build) and run in the render sandbox, like
 * a remote's entry.
 *
 * It imports neither the remotes' registry nor anything of `virtual:__federation__`: the frame
 * needs no remote, and the server build has no federation runtime.
 */
import { authActions, KEEP_MARKUP, NOT_FOUND_TITLE, Provider, themeFor, uiActions, type AuthState, type RouteObject, type UiState } from '@xiaoba/shared';
import { SERVER_AREA_ID } from '@xiaoba/shared/page-render';
import { createStaticHandler, memoryStorage, renderRoute } from '@xiaoba/shared/server';
import { App } from './App';
import { Layout } from './layout/Layout';
import { NotFound } from './pages/NotFound';
import { createStore } from './store';

export interface ShellRenderProps {
  /** The page's path, e.g. /my (a search part is allowed). */
  path: string;
  /** The signed-in session (`auth` as the browser's store holds it) and optionally the UI state. */
  state: { auth: AuthState; ui?: Partial<UiState> };
  /** The skin shown (default: `state.ui.skin`, then the user's own). */
  skin?: string;
  /** The operator's archive mode: the frame shows the archive note. */
  archive?: boolean;
  /** No route of the site owns the path (the site knows the remotes' routes): the area is the not-found page. */
  notFound?: boolean;
}

export interface ShellRenderResult {
  /** The frame's markup; its <main> holds SERVER_AREA_SLOT once, or the not-found page (`notFound`). */
  html: string;
  /** The <style> element(s) of the styled components in `html`. */
  css: string;
  /** The not-found page's title (`notFound`). */
  state: { title?: string };
}

const frame = (children: RouteObject[]): RouteObject[] => [{ id: 'root', path: '/', element: <Layout />, children }];
/**
 * The frame around any page: every path reaches Layout, whose <main> holds the empty area, as the
 * browser's AreaHost renders it (the element whose content is the area's own root).
 */
const slot = <div id={SERVER_AREA_ID} dangerouslySetInnerHTML={KEEP_MARKUP} />;
const handler = createStaticHandler(
  frame([
    { index: true, element: slot },
    { path: '*', element: slot },
  ]),
);
/**
 * A path no route of the site owns (`notFound`): <main> holds the shell's not-found page, as the
 * browser's `*` and /notfound routes show it (where the server's redirect for a space that does
 * not exist lands).
 */
const notFoundHandler = createStaticHandler(frame([{ path: '*', element: <NotFound /> }]));

/** The shell's own store (store.ts), brought to the given session and UI state by its actions. */
function storeFrom({ state, skin, archive }: ShellRenderProps) {
  const store = createStore(memoryStorage());
  const { auth, ui = {} } = state;
  if (auth.user) store.dispatch(authActions.userLoaded(auth.user));
  if (auth.token) store.dispatch(authActions.tokenRefreshed(auth.token));
  if (auth.today) store.dispatch(authActions.loginRecorded(auth.today));
  if (typeof auth.myspace === 'boolean') store.dispatch(authActions.setMyspace(auth.myspace));
  if (ui.loading) store.dispatch(uiActions.setLoading(true));
  store.dispatch(uiActions.setArchive(archive ?? ui.archive ?? false));
  // An unknown skin shows the default one, as in the browser (themeFor).
  store.dispatch(uiActions.showSkin(themeFor(skin ?? ui.skin ?? auth.user?.skin).id));
  return store;
}

export async function render(props: ShellRenderProps): Promise<ShellRenderResult> {
  if (!props || typeof props.path !== 'string' || !props.path.startsWith('/')) throw new Error('render(props): props.path must be a path such as /my');
  if (!props.state || typeof props.state.auth !== 'object' || props.state.auth === null) throw new Error('render(props): props.state.auth is missing');
  const pageHandler = props.notFound ? notFoundHandler : handler;
  const context = await pageHandler.query(new Request(`http://localhost${props.path}`));
  if (context instanceof Response) throw new Error(`${props.path} redirects (${context.status})`);
  const store = storeFrom(props);
  const { html, css } = renderRoute(pageHandler, context, (routes) => (
    <Provider store={store}>
      <App>{routes}</App>
    </Provider>
  ));
  return { html, css, state: props.notFound ? { title: NOT_FOUND_TITLE } : {} };
}
