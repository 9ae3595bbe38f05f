/**
 * The tags live in this browser only, in localStorage per user uid, so two
 * people sharing a computer keep their own. Missing, blocked or corrupt storage reads as no tags.
 */
import { TAGS_MAX } from './tag-rules';

export const tagsKey = (uid: number) => `xiaoba:tags:${uid}`;

export function loadTags(uid: number): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(tagsKey(uid));
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return [];
    return [...new Set(list.filter((t): t is string => typeof t === 'string' && t.trim() !== ''))].slice(0, TAGS_MAX);
  } catch {
    return [];
  }
}

export function saveTags(uid: number, tags: readonly string[]) {
  try {
    if (tags.length) globalThis.localStorage?.setItem(tagsKey(uid), JSON.stringify(tags));
    else globalThis.localStorage?.removeItem(tagsKey(uid));
  } catch {
    // Quota or privacy mode: the tags still work for this visit.
  }
}
