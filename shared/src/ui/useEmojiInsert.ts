/**
 * Puts an emoji code at the caret of a controlled textarea and leaves the caret after it, so
 * typing goes on where it was. The caret can only be placed once React has written the new value.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { insertAtCursor } from './insert-at-cursor';

export function useEmojiInsert(ref: RefObject<HTMLTextAreaElement | null>, value: string, setValue: (next: string) => void, max: number) {
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const textarea = ref.current;
    if (caret.current === null || !textarea) return;
    textarea.focus();
    textarea.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (code: string) => {
    const textarea = ref.current;
    if (!textarea) return;
    const next = insertAtCursor(textarea, value, code, max);
    caret.current = next.caret;
    if (next.value === value) {
      // It did not fit: nothing to render, so place the caret now.
      textarea.focus();
      textarea.setSelectionRange(next.caret, next.caret);
      caret.current = null;
    } else {
      setValue(next.value);
    }
  };
}
