/**
 * A part of the page that is a React root of its own: a remote's area inside the shell's <main>,
 * a fragment of another remote inside a page (see area-tree.tsx for why). Its host renders an
 * element React leaves alone (`<div dangerouslySetInnerHTML={KEEP_MARKUP}>`) and keeps a root in it:
 *
 * - When the element holds the server's markup, the root hydrates it in place: the same DOM nodes
 *   become live, nothing is rendered twice or swapped. Otherwise (a later navigation, a part the
 *   server did not render) the root renders afresh.
 * - Once hydrated, the part is marked live (LIVE_ATTR); what the visitor typed into it meanwhile is
 *   handed to React, and the taps the boot script held for it are replayed on the same elements
 *   (markLive). The shell does the same for its frame.
 */
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { CLIENT_RENDER_ATTR, EARLY_TAPS_KEY, LIVE_ATTR, UNIT_SELECTOR } from '../core/page-render';

/** Whether `el` holds server markup to hydrate (not empty, not a placeholder marked CLIENT_RENDER_ATTR). */
export const holdsServerMarkup = (el: Element): boolean => el.hasChildNodes() && !el.querySelector(`:scope > [${CLIENT_RENDER_ATTR}]`);

/** The host element's markup is the unit root's, never React's of the host: an object that never changes. */
export const KEEP_MARKUP = Object.freeze({ __html: '' });

/** A tap or submit the boot script held until its part of the page was live. */
interface EarlyTap {
  type: 'click' | 'submit';
  el: Element;
  submitter?: HTMLElement | null;
}

function earlyTaps(): EarlyTap[] {
  const held = (document as unknown as Record<string, { queue?: EarlyTap[] } | undefined>)[EARLY_TAPS_KEY];
  return held?.queue ?? [];
}

/** The unit an element belongs to: the innermost part of the page that hydrates on its own. */
const unitOf = (el: Element) => el.closest(UNIT_SELECTOR);

type Field = HTMLInputElement | HTMLTextAreaElement;
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]):not([type=submit]):not([type=button]), textarea';

/**
 * Hands text typed before hydration to React. Hydration keeps the typed value in the field, but the
 * component's state still holds the server's (React wrote it to `defaultValue`): the field is set
 * back through React's own value tracker, then typed into, so its onChange sees the text.
 */
export function handOverTyped(unit: Element): void {
  for (const field of unit.querySelectorAll<Field>(TEXT_FIELDS)) {
    if (unitOf(field) !== unit || field.value === field.defaultValue) continue;
    const typed = field.value;
    const focused = document.activeElement === field;
    const [start, end] = focused ? [field.selectionStart, field.selectionEnd] : [null, null];
    // The element's own setter (React's tracker) learns the server's value; the prototype's does not learn the typed one.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (focused && start !== null) field.setSelectionRange(start, end);
  }
  for (const input of unit.querySelectorAll<HTMLInputElement>('input[type=file]')) {
    if (unitOf(input) === unit && input.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Replays, in order, the taps and submits held for `unit` (at most one per control: a double tap opens once). */
function replayTaps(unit: Element): void {
  const queue = earlyTaps();
  const mine = queue.filter((tap) => tap.el.isConnected && unitOf(tap.el) === unit);
  for (const tap of mine) queue.splice(queue.indexOf(tap), 1);
  for (const tap of mine) {
    if (tap.type === 'click') (tap.el as HTMLElement).click();
    else (tap.el as HTMLFormElement).requestSubmit(tap.submitter && (tap.submitter as HTMLButtonElement).type === 'submit' ? tap.submitter : undefined);
  }
}

/** `unit` is hydrated: mark it live, hand over what was typed, then (once React has applied it) replay the held taps. */
export function markLive(unit: Element): void {
  if (unit.hasAttribute(LIVE_ATTR)) return;
  unit.setAttribute(LIVE_ATTR, '');
  handOverTyped(unit);
  setTimeout(() => replayTaps(unit), 0);
}

/** Drops the taps held for a part that will not become live (its code failed to load). */
export function dropTaps(unit: Element): void {
  const queue = earlyTaps();
  for (const tap of queue.filter((t) => !t.el.isConnected || unit.contains(t.el))) queue.splice(queue.indexOf(tap), 1);
}

/** Calls `onLive` once, after the first commit of the root it is rendered in (its hydration, or first render). */
export function WhenCommitted({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useLayoutEffect(() => onLive(), [onLive]);
  return children;
}

export interface UnitRootOptions {
  /** `identifierPrefix` of the root: the same as the server's render of this part used (page-render.ts unitIdPrefix). */
  idPrefix: string;
  /** A render error the root did not catch (its part shows its failure instead). */
  onError?: (error: unknown) => void;
}

/**
 * Keeps a root in `container` showing `render(hydrating)`: hydrating the markup found there on the
 * first render when there is any, rendering afresh otherwise; `render` is called again on every
 * commit of the host (the root follows the host's props and contexts). Nothing is rendered while
 * `render` gives null (the part's code is still loading: the server's markup stays as it is).
 * The root is unmounted with the host.
 */
export function useUnitRoot(
  container: RefObject<HTMLElement | null>,
  render: (hydrating: boolean) => ReactNode | null,
  { idPrefix, onError }: UnitRootOptions,
): void {
  const state = useRef<{ root: Root; hydrating: boolean; live: boolean; latest: ReactNode; onLive: () => void } | null>(null);
  const errorHandler = useRef(onError);
  errorHandler.current = onError;

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const unit = state.current;
    if (unit) {
      const element = render(unit.hydrating);
      if (element === null) return;
      unit.latest = element;
      // Not before the hydration has committed: a render then would throw the server's markup away.
      if (unit.live) unit.root.render(<WhenCommitted onLive={unit.onLive}>{element}</WhenCommitted>);
      return;
    }
    const hydrating = holdsServerMarkup(el);
    const element = render(hydrating);
    if (element === null) return;
    const options = { identifierPrefix: idPrefix, onUncaughtError: (error: unknown) => errorHandler.current?.(error) };
    const onLive = () => {
      const current = state.current;
      if (!current || current.live) return;
      current.live = true;
      markLive(el);
      // What the host asked for while the hydration ran (new props, a skin, a navigation).
      if (current.latest !== element) current.root.render(<WhenCommitted onLive={onLive}>{current.latest}</WhenCommitted>);
    };
    const tree = <WhenCommitted onLive={onLive}>{element}</WhenCommitted>;
    const root = hydrating
      ? hydrateRoot(el, tree, { ...options, onRecoverableError: (error, info) => console.error(`hydration of ${idPrefix}`, error, info.componentStack) })
      : createRoot(el, options);
    state.current = { root, hydrating, live: false, latest: element, onLive };
    if (!hydrating) root.render(tree);
  });

  useLayoutEffect(
    () => () => {
      const root = state.current?.root;
      state.current = null;
      // Not while the host's own root is committing (React refuses a synchronous unmount then).
      if (root) setTimeout(() => root.unmount(), 0);
    },
    [],
  );
}
