/**
 * Build-time rendering of mf-auth's public pages (/login, /register) into HTML and the CSS of their
 * styled components, inside the shell's real frame (App, Layout), so the server can send a page
 * that paints before any script has run (docs/adr/0008). Bundled for Node by tools/prerender.mjs
 * (not part of the remote's browser build); the browser hydrates this markup (docs/adr/0018). It lives in tools/, the
 * platform's assembly steps, because it composes two modules (the shell's frame, mf-auth's pages),
 * which no module may do (npm run check:boundaries).
 */
import type { ComponentType } from 'react';
import { initialAuthState } from '@xiaoba/shared';
import { fillAreaSlot, unitIdPrefix } from '@xiaoba/shared/page-render';
// The server renderer's entry points through shared: one copy of each library in this Node bundle.
import { createServerEntry } from '@xiaoba/shared/server';
import { render as renderFrame } from '../../shell/src/server';
import LoginPage from '../../mf-auth/src/login/LoginPage';
import RegisterPage from '../../mf-auth/src/register/RegisterPage';
import { parseUpdateNotes, PRERENDERED_NOTES_ID, setPrerenderNotes } from '../../mf-auth/src/register/UpdateNews';
import { routeTable } from '../../mf-auth/src/route-table';

const PAGES: Record<string, ComponentType> = { login: LoginPage, register: RegisterPage };
/** mf-auth's federation name: its area hydrates as a root with this prefix (unitIdPrefix). */
const REMOTE = 'mf_auth';
const area = createServerEntry({ routeTable: routeTable.filter((row) => !row.page || row.page in PAGES), pages: PAGES });

export interface Prerendered {
  /** The page's route path, e.g. /login. */
  path: string;
  page: string;
  title: string;
  /** The markup of what the shell's root shows: the frame, with mf-auth's area in its slot. */
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

/**
 * A first visit's page, as the site renders a signed-in one: the shell's frame (its server entry)
 * and mf-auth's area (shared's createServerEntry), each as the browser hydrates it; no session,
 * the default skin (the browser shows a stored user's skin once hydrated).
 */
export async function render(page: string, options: RenderOptions = {}): Promise<Prerendered> {
  const meta = routeTable.find((row) => row.page === page);
  if (!PAGES[page] || !meta?.path) throw new Error(`no prerenderable page ${page}`);
  const state = { auth: initialAuthState };
  const notes = options.updateNotes ? parseUpdateNotes(options.updateNotes) : null;
  setPrerenderNotes(notes);
  try {
    const frame = await renderFrame({ path: meta.path, state });
    const page = await area.render({ path: meta.path, state, idPrefix: unitIdPrefix(REMOTE) });
    const html = fillAreaSlot(frame.html, page.html);
    // Only a page that shows the notes carries them.
    const withNotes = notes && html.includes('id="xb-news-title"') ? html + notesElement(notes) : html;
    return { path: meta.path, page: meta.page!, title: meta.title ?? '', html: withNotes, css: frame.css + page.css };
  } finally {
    setPrerenderNotes(null);
  }
}

export { routeTable };
