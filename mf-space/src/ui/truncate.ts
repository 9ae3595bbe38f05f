import { charCount } from '@xiaoba/shared';

/** Cuts typed or pasted text to `max` characters as the rules count them (code points). */
export function truncate(text: string, max: number): string {
  return charCount(text) > max ? Array.from(text).slice(0, max).join('') : text;
}
