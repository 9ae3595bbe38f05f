/**
 * What someone is writing on the 日志 pages, kept in localStorage per user and per place (a new
 * entry, an edit, a comment on one entry), so a reload or a failed send never loses it. Read after
 * the page is live (never in the first render, which must match the server's). Storage can be
 * missing or full: the words then live on the screen only.
 */
const PREFIX = 'xiaoba:diary-draft:';

export const draftKey = (uid: number, place: string) => `${PREFIX}${uid}:${place}`;

export function loadDraft<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps `value`, or forgets the draft when it is null (sent, or emptied). */
export function saveDraft(key: string, value: unknown) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the words are still on the screen.
  }
}
