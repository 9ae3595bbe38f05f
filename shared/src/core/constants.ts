/** Business constants from the product spec, section 9. One place, imported by browser and server. */
export const PRODUCT_NAME = '校巴';
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
export const REGISTERED_COUNT = 1265;
export const DEFAULT_SMALL_SIGNATURE = '我的地盘我做主！';
export const TERRITORY_WORD = '的地盘';

/** Skin class names; '' is the default theme (no class). Order is the spec's 0..5. */
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

/** Paths the navigation guard treats as public (spec section 2). */
export const PUBLIC_PATHS = ['/login', '/', '/register', '/oldlogin', '/usercard'] as const;
