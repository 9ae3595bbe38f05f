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

/** What was typed into a field before its part was hydrated: the field, the text, the caret if it had focus. */
type Typed = { field: Field; text: string; caret: [number | null, number | null] | null };

/**
 * The text typed into `unit`'s fields before hydration. Hydration keeps it in the fields, but the
 * components' state still holds the server's values (React wrote them to `defaultValue`), and the
 * next render would put those back: read it now, while the commit that hydrated the part runs.
 */
function typedIn(unit: Element): Typed[] {
  return [...unit.querySelectorAll<Field>(TEXT_FIELDS)]
    .filter((field) => unitOf(field) === unit && field.value !== field.defaultValue)
    .map((field) => ({
      field,
      text: field.value,
      caret: document.activeElement === field ? [field.selectionStart, field.selectionEnd] : null,
    }));
}

/**
 * Hands typed text to React, as if typed now: the field is set to the server's value through
 * React's own value tracker (the element's setter), then to the text through the prototype's setter
 * (which the tracker does not see), and an input event makes the component's onChange take it.
 * Not during React's commit, whose event handling is off.
 */
function handOverTyped(typed: Typed[], unit: Element): void {
  for (const { field, text, caret } of typed) {
    if (!field.isConnected) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (caret && caret[0] !== null) field.setSelectionRange(caret[0], caret[1]);
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

/**
 * `unit` is hydrated (called from the commit that did it): mark it live, hand over what was typed
 * right after the commit, then, once React has applied that, replay the held taps.
 */
export function markLive(unit: Element): void {
  if (unit.hasAttribute(LIVE_ATTR)) return;
  unit.setAttribute(LIVE_ATTR, '');
  const typed = typedIn(unit);
  queueMicrotask(() => {
    handOverTyped(typed, unit);
    setTimeout(() => replayTaps(unit), 0);
  });
}

/** Drops the taps held for a part that will not become live (its code failed to load). */
export function dropTaps(unit: Element): void {
  const queue = earlyTaps();
  for (const tap of queue.filter((t) => !t.el.isConnected || unit.contains(t.el))) queue.splice(queue.indexOf(tap), 1);
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/** Calls `onLive` once, after the first commit of the root it is rendered in (its hydration, or first render). */
export function WhenCommitted({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useLayoutEffect(() => onLive(), [onLive]);
  return children;
}

export interface UnitRootOptions {
  /** `identifierPrefix` of the root: the same as the server's render of this part used (page-render.ts unitIdPrefix). */
  idPrefix: string;
  /**
   * What `render` reads (the page's component, the store, theme and router contexts, props): the
   * root renders again only when one of them changed, not on every render of the host (each would
   * be a whole render of the part, not split into small tasks like a hydration).
   */
  deps: readonly unknown[];
  /** A render error the root did not catch (its part shows its failure instead). */
  onError?: (error: unknown) => void;
}

/**
 * Keeps a root in `container` showing `render(hydrating, live)`: hydrating the markup found there on
 * the first render when there is any, rendering afresh otherwise; `render` is called again on every
 * commit of the host (the root follows the host's props and contexts). Nothing is rendered while
 * `render` gives null (the part's code is still loading: the server's markup stays as it is).
 * `live(content)` wraps the part's content, inside any Suspense boundary the host puts around it (a
 * boundary is hydrated after the root around it): the part is live (markLive) once its content is.
 * A hydrating host puts none: the whole part hydrates in one pass, its code loaded beforehand.
 * The root is unmounted with the host.
 */
export function useUnitRoot(
  container: RefObject<HTMLElement | null>,
  render: (hydrating: boolean, live: (content: ReactNode) => ReactNode) => ReactNode | null,
  { idPrefix, onError, deps }: UnitRootOptions,
): void {
  const state = useRef<{
    root: Root;
    hydrating: boolean;
    isLive: boolean;
    latest: ReactNode;
    /** The deps `latest` was made with, and those the root shows. */
    latestDeps: readonly unknown[];
    shownDeps: readonly unknown[];
    live: (content: ReactNode) => ReactNode;
  } | null>(null);
  const errorHandler = useRef(onError);
  errorHandler.current = onError;

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const unit = state.current;
    if (unit) {
      if (sameDeps(unit.latestDeps, deps)) return;
      const element = render(unit.hydrating, unit.live);
      if (element === null) return;
      unit.latest = element;
      unit.latestDeps = deps;
      // Not before the hydration has committed: a render then would throw the server's markup away.
      if (unit.isLive) {
        unit.root.render(element);
        unit.shownDeps = deps;
      }
      return;
    }
    const hydrating = holdsServerMarkup(el);
    const onLive = () => {
      const current = state.current;
      if (!current || current.isLive) return;
      current.isLive = true;
      markLive(el);
      // What the host asked for while the hydration ran (new props, a skin, a navigation).
      if (!sameDeps(current.shownDeps, current.latestDeps)) {
        current.root.render(current.latest);
        current.shownDeps = current.latestDeps;
      }
    };
    const live = (content: ReactNode) => <WhenCommitted onLive={onLive}>{content}</WhenCommitted>;
    const element = render(hydrating, live);
    if (element === null) return;
    const options = { identifierPrefix: idPrefix, onUncaughtError: (error: unknown) => errorHandler.current?.(error) };
    const root = hydrating
      ? hydrateRoot(el, element, {
          ...options,
          onRecoverableError: (error, info) => console.error(`hydration of ${idPrefix}`, error, info.componentStack),
        })
      : createRoot(el, options);
    state.current = { root, hydrating, isLive: false, latest: element, latestDeps: deps, shownDeps: deps, live };
    if (!hydrating) root.render(element);
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
