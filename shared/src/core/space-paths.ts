/**
 * The addresses of the 日志, 相册 and 勋章 pages. Here, in what every page loads, and not with their
 * rules (./space-features.ts): pages that only link to them (/home's notices, /system/notify)
 * need no more than these.
 */

/** A space's 日志 (`/my/diary` for one's own) and one entry. */
export const diaryListPath = (uid: number | 'my') => `/${uid}/diary`;
export const diaryPath = (uid: number, diaryId: number) => `/${uid}/diary/${diaryId}`;

/** A space's albums (`/my/photo` for one's own) and one album. */
export const albumListPath = (uid: number | 'my') => `/${uid}/photo`;
export const albumPath = (uid: number, albumId: number) => `/${uid}/photo/${albumId}`;

/** The own medal page (mf-space's); another user's is /{uid}/medal. The medal notice links here. */
export const MY_MEDAL_PATH = '/my/medal';
