/**
 * The tag box's rules (trimmed, non-empty, no duplicates; local only), with
 * two limits of our own so one browser's storage stays small: 10 characters a tag, 20 tags.
 */
import { charCount } from '@xiaoba/shared';

export const TAG_MAX = 10;
export const TAGS_MAX = 20;
export const TAG_EMPTY = '标签不能为空';
export const TAG_DUPLICATE = '这个标签已经有了';
export const TAG_TOO_LONG = `标签不能超过${TAG_MAX}个字`;
export const TAGS_FULL = `最多只能添加${TAGS_MAX}个标签`;

export type AddResult = { ok: true; tags: string[] } | { ok: false; message: string };

export function addTag(tags: readonly string[], input: string): AddResult {
  const tag = input.trim();
  if (tag === '') return { ok: false, message: TAG_EMPTY };
  if (charCount(tag) > TAG_MAX) return { ok: false, message: TAG_TOO_LONG };
  if (tags.includes(tag)) return { ok: false, message: TAG_DUPLICATE };
  if (tags.length >= TAGS_MAX) return { ok: false, message: TAGS_FULL };
  return { ok: true, tags: [...tags, tag] };
}

export const removeTag = (tags: readonly string[], tag: string): string[] => tags.filter((t) => t !== tag);
