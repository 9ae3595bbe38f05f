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
/** The frame's HTML with the area's HTML in its slot (the slot must be there once). */
export const fillAreaSlot = (frame: string, area: string): string => frame.replace(SERVER_AREA_SLOT, () => `<div id="${SERVER_AREA_ID}">${area}</div>`);

/**
 * A part of a server-painted page that React has hydrated carries this attribute: the shell's
 * `#root` (the frame), `#xb-area` (the page's remote), each fragment slot. Until then the boot
 * script (shell/public/boot.js) holds the taps made on that part, and the part replays them once
 * it is live (federation/unit-root.tsx).
 */
export const LIVE_ATTR = 'data-xb-live';
/**
 * On markup that only holds a place until the browser renders that part (the splash of a page or
 * area the server did not render): such markup is never hydrated, the part renders afresh.
 */
export const CLIENT_RENDER_ATTR = 'data-xb-client';
/** Where the boot script keeps the taps and submits it held: `document[EARLY_TAPS_KEY]`. */
export const EARLY_TAPS_KEY = '__xbEarlyTaps';
/** The parts of a page that hydrate on their own, innermost first when matched with `closest`. */
export const UNIT_SELECTOR = '[data-xb-fragment], #xb-area, #root';

/**
 * The `identifierPrefix` of a remote's area (or of one of its fragments) as a React root of its
 * own, the same in the server's render and the browser's hydration, so `useId` gives the same ids
 * on both sides and never collides with the frame's or another remote's.
 */
export function unitIdPrefix(remote: string, module?: string): string {
  return `${remote}${module ? `-${module.replace(/[^\w]/g, '')}` : ''}-`;
}
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
  /** The instant (ms) the page's renders used for the times they show: the browser's hydration shows the same (shared's ui/clock). */
  paintedAt?: number;
}

/**
 * A fragment of another remote (ADR 6) in a server render: the composing page's render leaves it
 * as an empty `<div tabindex="-1" data-xb-fragment="<remote> <module>" data-xb-props="<JSON>">`
 * (the wrapper the browser's RemoteFragment shows it in), which the site's server fills with that
 * remote's render of the fragment.
 */
export const SERVER_FRAGMENT_ATTR = 'data-xb-fragment';
export const SERVER_FRAGMENT_PROPS_ATTR = 'data-xb-props';
