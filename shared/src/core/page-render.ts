/**
 * Server-rendered signed-in pages (docs/adr/0016 "Step 3"): the names the site's server,
 * the shell and the remotes' server entries agree on. Pure data: no DOM, no React.
 */

/**
 * The element the shell's server render leaves empty inside its <main> for the page's remote area:
 * the server puts the remote's HTML inside it (or, when that render failed, the loading state the
 * browser would show first).
 */
export const SERVER_AREA_ID = 'xb-area';
/** That element as React renders it, empty: what the server looks for in the frame's HTML. */
export const SERVER_AREA_SLOT = `<div id="${SERVER_AREA_ID}"></div>`;

/** The element holding a server-rendered page (frame and area) until the live app takes over. */
export const SERVER_PAGE_ID = 'xb-prerender';
/** `<script type="application/json">` with the page's state (PageState), read once by the shell. */
export const PAGE_STATE_ID = 'xb-page-state';

/** One GET a remote's page needs for its first screen, as its server entry's `plan` names it. */
export interface PlannedRequest {
  /** Path below /api, with its query string: e.g. `/yy/getyy?page=1&uid=100001`. */
  url: string;
}

/** What the server answered for a planned request: the JSON envelope, or the HTTP status of a failure. */
export interface PlannedResponse {
  url: string;
  status: number;
  body: unknown;
}

/**
 * The state a server-rendered page hands to the browser (JSON in #xb-page-state): the session
 * (the access token minted for this page and the user), and RTK Query's cache as the server's
 * render filled it (`queries` and `provided`, merged by RTK's rehydration), so the live app sends
 * none of the first screen's requests again.
 */
export interface PageState {
  auth: { token: string; user: unknown };
  api?: { queries: Record<string, unknown>; provided?: unknown };
}

/**
 * A fragment of another remote (ADR 6) in a server render: the composing page's render leaves it
 * as an empty `<div tabindex="-1" data-xb-fragment="<remote> <module>" data-xb-props="<JSON>">`
 * (the wrapper the browser's RemoteFragment shows it in), which the site's server fills with that
 * remote's render of the fragment.
 */
export const SERVER_FRAGMENT_ATTR = 'data-xb-fragment';
export const SERVER_FRAGMENT_PROPS_ATTR = 'data-xb-props';
