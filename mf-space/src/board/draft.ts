/**
 * The words being written on a board, kept in localStorage per writer and per board, so a reload,
 * a lost connection or a failed send never loses them. Without storage (private mode, full
 * quota) the draft lives on the screen only.
 */
export const leaveDraftKey = (writer: number, fuid: number) => `xiaoba:leave-draft:${writer}:${fuid}`;

export function loadLeaveDraft(writer: number, fuid: number): string {
  try {
    return globalThis.localStorage?.getItem(leaveDraftKey(writer, fuid)) ?? '';
  } catch {
    return '';
  }
}

export function saveLeaveDraft(writer: number, fuid: number, text: string) {
  try {
    if (text) globalThis.localStorage?.setItem(leaveDraftKey(writer, fuid), text);
    else globalThis.localStorage?.removeItem(leaveDraftKey(writer, fuid));
  } catch {
    // Quota or privacy mode: the text is still on the screen.
  }
}
