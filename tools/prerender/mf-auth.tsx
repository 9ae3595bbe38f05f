/**
 * Build-time rendering of mf-auth's public pages (/login, /register) into HTML and the CSS of their
 * styled components, inside the shell's real frame (App, Layout), so the server can send a page
 * that paints before any script has run (docs/adr/0008). Bundled for Node by tools/prerender.mjs
 * (not part of the remote's browser build); the shell later replaces this markup with the live
 * page, carrying over what the visitor typed (shell/src/prerendered.ts). It lives in tools/, the
 * platform's assembly steps, because it composes two modules (the shell's frame, mf-auth's pages),
 * which no module may do (npm run check:boundaries).
 */
import type { ComponentType } from 'react';
import { Provider, type RouteObject } from '@xiaoba/shared';
// The server renderer's entry points through shared: one copy of each library in this Node bundle.
// memoryStorage: a first visit, nothing stored (the stored user, if any, changes the skin once live).
import { createStaticHandler, memoryStorage, renderRoute } from '@xiaoba/shared/server';
import { App } from '../../shell/src/App';
import { Layout } from '../../shell/src/layout/Layout';
import { createStore } from '../../shell/src/store';
import LoginPage from '../../mf-auth/src/login/LoginPage';
import RegisterPage from '../../mf-auth/src/register/RegisterPage';
import { parseUpdateNotes, PRERENDERED_NOTES_ID, setPrerenderNotes } from '../../mf-auth/src/register/UpdateNews';
import { routeTable } from '../../mf-auth/src/route-table';

const PAGES: Record<string, ComponentType> = { login: LoginPage, register: RegisterPage };

export interface Prerendered {
  /** The page's route path, e.g. /login. */
  path: string;
  page: string;
  title: string;
  /** The markup of what the shell's root would show. */
  html: string;
  /** The <style> element(s) of the styled components in that markup. */
  css: string;
}

export interface RenderOptions {
  /** The text of /showupdate.txt at build time: /register shows these notes at once. */
  updateNotes?: string | null;
}

/** Non-executable JSON (the CSP allows no inline script), read by the live UpdateNews. */
const notesElement = (notes: string[]) =>
  `<script type="application/json" id="${PRERENDERED_NOTES_ID}">${JSON.stringify(notes).replace(/</g, '\\u003c')}</script>`;

export async function render(page: string, options: RenderOptions = {}): Promise<Prerendered> {
  const Page = PAGES[page];
  const meta = routeTable.find((row) => row.page === page);
  if (!Page || !meta) throw new Error(`no prerenderable page ${page}`);
  const store = createStore(memoryStorage());
  const routes: RouteObject[] = [
    { id: 'root', path: '/', element: <Layout />, children: [{ path: meta.path, element: <Page />, handle: { title: meta.title } }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${meta.path}`));
  if (context instanceof Response) throw new Error(`${meta.path} redirects while prerendering`);
  const notes = options.updateNotes ? parseUpdateNotes(options.updateNotes) : null;
  setPrerenderNotes(notes);
  try {
    const { html, css } = renderRoute(handler, context, (tree) => (
      <Provider store={store}>
        <App>{tree}</App>
      </Provider>
    ));
    // Only a page that shows the notes carries them.
    const withNotes = notes && html.includes('id="xb-news-title"') ? html + notesElement(notes) : html;
    return { path: meta.path, page, title: meta.title ?? '', html: withNotes, css };
  } finally {
    setPrerenderNotes(null);
  }
}

export { routeTable };
