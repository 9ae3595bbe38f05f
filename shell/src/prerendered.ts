/**
 * A public page (/login, /register) arrives rendered at build time in `#xb-prerender`, a signed-in
 * page rendered by the server (with its area in `#xb-area`), so it paints before any script runs
 * (docs/adr/0008, 0016). The live app renders meanwhile into the hidden `#root`; once the live page
 * shows (see pageShown), or the router has gone elsewhere, the two are swapped in one step: what the visitor typed, ticked and where the cursor was are
 * carried over, and a submit tried on the prerendered form is repeated on the live one. Both have
 * the same markup and styles, so nothing moves.
 */

export const PRERENDER_ID = 'xb-prerender';
/** After this long the live app is shown whatever it shows (past the 20 s remote timeout: its error). */
export const SWAP_TIMEOUT_MS = 25_000;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const CONTROLS = 'input, textarea, select';
const FOCUSABLE = 'input, textarea, select, button, a[href], [tabindex]';

const controls = (root: ParentNode) => [...root.querySelectorAll<Control>(CONTROLS)];
const kind = (el: Element) => `${el.tagName}:${(el as HTMLInputElement).type ?? ''}`;

/** Sets a value the way typing does, so React's onChange sees it (its tracker ignores plain assignment). */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Copies what the visitor changed in `from` onto the same control (by position and type) in `to`. */
export function carryOver(from: ParentNode, to: ParentNode): void {
  const source = controls(from);
  const target = controls(to);
  source.forEach((el, i) => {
    const live = target[i];
    if (!live || kind(live) !== kind(el)) return;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // A click, as the visitor would: React's onChange and any linked state follow.
      if (el.checked !== el.defaultChecked && (live as HTMLInputElement).checked !== el.checked) (live as HTMLInputElement).click();
      return;
    }
    if (el instanceof HTMLInputElement && el.type === 'file') {
      // Pictures or a ZIP chosen before the takeover go with the live input, as if chosen there.
      if (el.files?.length) {
        (live as HTMLInputElement).files = el.files;
        live.dispatchEvent(new Event('change', { bubbles: true }));
      }
      return;
    }
    if (el instanceof HTMLInputElement && el.type === 'hidden') return;
    const typed = el instanceof HTMLSelectElement ? el.value : el.value !== el.defaultValue ? el.value : null;
    if (typed !== null && live.value !== typed) typeInto(live, typed);
  });
}

/** Moves focus (and the caret) from the prerendered element that has it to its live twin. */
function carryFocus(from: HTMLElement, to: HTMLElement): void {
  const active = document.activeElement;
  if (!active || !from.contains(active)) return;
  const index = [...from.querySelectorAll(FOCUSABLE)].indexOf(active);
  const twin = to.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
  if (!twin) return;
  twin.focus({ preventScroll: true });
  if ((active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && twin instanceof HTMLInputElement) {
    try {
      twin.setSelectionRange(active.selectionStart, active.selectionEnd);
    } catch {
      // Types without a caret (checkbox, email in some browsers).
    }
  }
}

/** shared's SERVER_AREA_ID, written out: importing it would cost this module its own await of shared (first-load bytes). */
const AREA = 'xb-area';

/**
 * The live page is ready to replace the prerendered one: its <main> has form controls (React
 * commits a page whole; the loading indicator has none) or shows that the page failed. A signed-in
 * page (`area`) may have no control (another user's space): there, <main> has content that does not
 * start with a status, the form of every page-wide loading state (the shell's PageLoading, mf-space's
 * Pending, a list page's 正在加载…), while a status further in (a list still loading) is the page's
 * own. Checked in the MutationObserver's microtask right after that commit, so the two are never both
 * in the page for any other task to see.
 */
export function pageShown(live: ParentNode, area?: boolean): boolean {
  const main = live.querySelector('main');
  if (!main) return false;
  if (area) return !!main.firstElementChild && !main.firstElementChild.matches('[role="status"]');
  // The page, or the remote's 页面加载失败 panel (an alert outside any form): either beats a dead form.
  return controls(main).length > 0 || [...main.querySelectorAll('[role="alert"]')].some((el) => !el.closest('form'));
}

const SUBMITTERS = 'button, input[type=submit]';
const APP_BUTTONS = 'button[type=button]';

/** Notes which form and button of the prerendered page were used to submit (as the boot script does before the app runs). */
function rememberSubmit(prerendered: HTMLElement, event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (!prerendered.contains(form)) return;
  event.preventDefault();
  prerendered.dataset.submitForm = String([...prerendered.querySelectorAll('form')].indexOf(form));
  prerendered.dataset.submitButton = String(event.submitter ? [...form.querySelectorAll(SUBMITTERS)].indexOf(event.submitter) : -1);
}

export interface PrerenderSwap {
  /** Call when the router's location is no longer the prerendered page (a redirect). */
  leave(): void;
}

/**
 * Keeps `root` hidden while the prerendered page shows, then swaps them (see the top). Does
 * nothing and returns null when the page was not prerendered.
 */
export function takeOverPrerendered(root: HTMLElement, doc: Document = document): PrerenderSwap | null {
  const prerendered = doc.getElementById(PRERENDER_ID);
  if (!prerendered) return null;
  root.hidden = true;
  const area = !!doc.getElementById(AREA);

  // A submit on the prerendered form (a no-op there: method="dialog") is remembered on the element,
  // by the boot script (shell/public/boot.js) until now, from now on by this listener.
  prerendered.addEventListener('submit', (event) => rememberSubmit(prerendered, event as SubmitEvent), true);
  // A click on a button only the app can answer (退出, 编辑…) is repeated on its live twin after the
  // swap, not lost. /login's such buttons take no pointer events (tools/prerender.mjs): none there.
  let clicked = -1;
  prerendered.addEventListener(
    'click',
    (event) => (clicked = [...prerendered.querySelectorAll(APP_BUTTONS)].indexOf((event.target as Element).closest(APP_BUTTONS)!)),
    true,
  );

  let done = false;
  const swap = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    carryOver(prerendered, root);
    root.hidden = false;
    carryFocus(prerendered, root);
    prerendered.remove();
    doc.querySelectorAll('style[data-xb-prerender]').forEach((style) => style.remove());
    const submitted = { form: Number(prerendered.dataset.submitForm ?? -1), button: Number(prerendered.dataset.submitButton ?? -1) };
    if (submitted.form >= 0) {
      const form = root.querySelectorAll('form')[submitted.form];
      const button = form?.querySelectorAll<HTMLButtonElement>(SUBMITTERS)[submitted.button];
      // After React has applied the carried values.
      if (form) setTimeout(() => form.requestSubmit(button && button.type === 'submit' ? button : undefined), 0);
    }
    if (clicked >= 0) setTimeout(() => root.querySelectorAll<HTMLElement>(APP_BUTTONS)[clicked]?.click(), 0);
  };
  const check = () => {
    if (pageShown(root, area)) swap();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(swap, SWAP_TIMEOUT_MS);
  return { leave: swap };
}
