/**
 * Stored text -> display tokens: line breaks, emoji codes
 * within their pack's range, and text. The browser renders tokens as text nodes, <img> and <br>
 * only (shared/src/ui/RichText.tsx), so no input can become markup. Pure: safe for the server.
 */
import { emojiByCode, emojiUrl } from './emoji';

export type ContentToken = { type: 'text'; text: string } | { type: 'emoji'; code: string; alt: string; src: string } | { type: 'break' };

// A line end (\r\n, \r or \n), or a code: [ + one lowercase pack letter + a number without
// leading zeros + ]. Whether the number is in its pack's range is decided by the table.
const PIECE = /\r\n|\r|\n|\[([a-z][1-9]\d{0,2})\]/g;

/** Splits text into text, emoji and line-break tokens; codes out of range stay text as typed. */
export function tokenizeContent(text: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let pending = '';
  let last = 0;
  const flush = () => {
    if (pending) tokens.push({ type: 'text', text: pending });
    pending = '';
  };
  for (const match of text.matchAll(PIECE)) {
    pending += text.slice(last, match.index);
    last = match.index + match[0].length;
    const code = match[1];
    if (code === undefined) {
      flush();
      tokens.push({ type: 'break' });
      continue;
    }
    const emoji = emojiByCode(code);
    if (!emoji) {
      pending += match[0];
      continue;
    }
    flush();
    tokens.push({ type: 'emoji', code: emoji.code, alt: emoji.alt, src: emojiUrl(emoji.code) });
  }
  pending += text.slice(last);
  flush();
  return tokens;
}
