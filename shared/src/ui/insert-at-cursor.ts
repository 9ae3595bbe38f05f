/**
 * Inserting at the caret of a composer (an emoji code from EmojiPicker): the new value and where
 * the caret goes, from the textarea's selection. The selection is replaced. With `max` (counted by
 * `charCount`, as the validation rules count), an insert that would not fit whole is not made:
 * half an emoji code would be garbage, so the value stays and the caret stays at the selection end.
 */
import { charCount } from '../core/validation';

export function insertAtCursor(textarea: HTMLTextAreaElement, value: string, insert: string, max?: number): { value: string; caret: number } {
  const clamp = (n: number | null | undefined, fallback: number) =>
    Math.min(Math.max(0, typeof n === 'number' && Number.isFinite(n) ? n : fallback), value.length);
  const end = clamp(textarea.selectionEnd, value.length);
  const start = Math.min(clamp(textarea.selectionStart, end), end);
  const next = value.slice(0, start) + insert + value.slice(end);
  if (max !== undefined && charCount(next) > max) return { value, caret: end };
  return { value: next, caret: start + insert.length };
}
