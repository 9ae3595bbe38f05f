/**
 * Where a conversation's scroll box stays as its notes change, like a chat: at the bottom when it
 * opens; older notes loaded above leave the notes on screen where they were (the box grows
 * upwards); a new note at the bottom is followed when the reader was at the bottom (or just sent
 * it), and moves nothing when they were reading further up. Anything else (a note deleted) keeps
 * the scroll position.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Closer than this to the bottom (px) counts as at the bottom. */
const AT_BOTTOM_PX = 40;

interface Seen {
  first: number | undefined;
  last: number | undefined;
  scrollTop: number;
  scrollHeight: number;
  atBottom: boolean;
}

export function useChatScroll(box: RefObject<HTMLElement | null>, ids: readonly number[]) {
  const seen = useRef<Seen | null>(null);
  /** The next change goes to the bottom whatever the reader was looking at (they sent a note). */
  const stick = useRef(false);

  const remember = () => {
    const el = box.current;
    if (!el) return;
    seen.current = {
      first: ids[0],
      last: ids.at(-1),
      scrollTop: el.scrollTop,
      scrollHeight: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX,
    };
  };

  const first = ids[0];
  const last = ids.at(-1);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    const toBottom = () => (el.scrollTop = el.scrollHeight);
    if (!before || before.last === undefined) toBottom();
    else if (last !== before.last && (before.atBottom || stick.current)) toBottom();
    else if (first !== before.first && last === before.last) el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight);
    if (last !== before?.last) stick.current = false;
    remember();
    // Only a change of the notes moves the box; the reader's own scrolling is remembered by onScroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first, last, ids.length]);

  return {
    /** The box's onScroll: what the reader looks at now. */
    onScroll: remember,
    /** The reader sent a note: follow it to the bottom when it shows. */
    followNext: () => void (stick.current = true),
  };
}
