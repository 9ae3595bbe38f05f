/** Business constants and limits, most of them the original site's. One place, imported by browser and server. */
export const PRODUCT_NAME = '校巴';
/** A page's <title>, in the browser and in the server's render: `春游 - 校巴`, the product's name alone when nothing names the page. */
export const documentTitle = (title: string | undefined) => (title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME);
export const REQUEST_TIMEOUT_MS = 5000;
export const TOAST_MS = 3000;
export const FORGOT_NOTICE_MS = 3000;
export const CAROUSEL_INTERVAL_MS = 3000;
export const RULES_REMINDER_MS = 1500;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 6;
export const BIG_SIGNATURE_MAX = 11;
export const SMALL_SIGNATURE_MAX = 25;
export const TEXT_MAX = 233;
export const EMAIL_MAX = 254;
export const QUIZ_ANSWER_MAX = 32;

export const BIRTH_YEAR_MIN = 1996;
/** Youngest allowed birth year: this year minus 10. */
export const BIRTH_YEAR_OFFSET = 10;
export const LEVEL_MAX = 100;
export const YY_PAGE_SIZE = 20;
/** Largest page any list call serves; a bigger pageSize is capped to it. */
export const PAGE_SIZE_MAX = 50;
/** A yy's text (our choice, docs/api.md): the original site fixed only comments and leave messages. */
export const YY_TEXT_MAX = 500;
/** Preset faces (头像) a user can pick: codes 0 to FACE_COUNT - 1; 0 is the default. */
export const FACE_COUNT = 12;
/** An uploaded avatar is stored square, this many pixels a side. */
export const AVATAR_SIZE = 256;
export const COMMENT_MAX = 233;
export const YY_IMAGES_MAX = 9;
/** Largest picture accepted for upload, in bytes (5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Leave messages per board page (our choice). */
export const LEAVE_PAGE_SIZE = 10;
export const VISITORS_SHOWN = 9;
export const VISITORS_PER_SLIDE = 3;
export const HOT_TOPICS_MAX = 10;
export const REGISTERED_COUNT = 1265;
export const DEFAULT_SMALL_SIGNATURE = '我的地盘我做主！';
export const TERRITORY_WORD = '的地盘';

/** Skin class names; '' is the default theme (no class). Order is the original site's 0..5. */
export const SKINS = [
  { id: '', name: '默认主题' },
  { id: 'goldchild', name: '金色童年' },
  { id: 'pinkcat', name: '萌萌猫' },
  { id: 'moon', name: '孤独剑客' },
  { id: 'town', name: '童话小镇' },
  { id: 'dodo', name: '摩尔多多' },
  { id: 'rain', name: '雨的回忆' },
] as const;
export type SkinId = (typeof SKINS)[number]['id'];
export function isSkinId(value: unknown): value is SkinId {
  return typeof value === 'string' && SKINS.some((s) => s.id === value);
}

/** Paths the navigation guard treats as public: the sign-in and registration pages. */
export const PUBLIC_PATHS = ['/login', '/', '/register', '/oldlogin', '/usercard'] as const;

/** The shell's not-found page (页面不存在), where a page that does not exist sends the browser. */
export const NOT_FOUND_PATH = '/notfound';
export const NOT_FOUND_TITLE = '页面不存在';

/**
 * Emoji packs: a code is written `[b12]` (pack letter + number in brackets) and
 * becomes a picture only when the number is within its pack's range.
 */
export const EMOJI_PACKS = [
  { code: 'b', name: '校巴', first: 1, last: 54 },
  { code: 'm', name: '摩尔', first: 55, last: 92 },
  { code: 's', name: '赛尔', first: 93, last: 122 },
  { code: 'f', name: '花花', first: 123, last: 143 },
  { code: 'k', name: '功夫', first: 144, last: 167 },
] as const;
export type EmojiPackCode = (typeof EMOJI_PACKS)[number]['code'];
