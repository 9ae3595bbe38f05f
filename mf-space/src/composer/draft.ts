/**
 * The composer's words kept in localStorage per user, so a reload, a lost connection or a failed
 * post never loses them. Storage can be missing or full (private mode, old phones): then the
 * draft simply lives in memory only.
 */
const key = (uid: number) => `xiaoba:yy-draft:${uid}`;

export function loadDraft(uid: number): string {
  try {
    return globalThis.localStorage?.getItem(key(uid)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(uid: number, text: string) {
  try {
    if (text) globalThis.localStorage?.setItem(key(uid), text);
    else globalThis.localStorage?.removeItem(key(uid));
  } catch {
    // Quota or privacy mode: nothing more to do; the text is still on the screen.
  }
}
