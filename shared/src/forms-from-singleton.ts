/**
 * core/form-parts.ts as a remote's browser build has it (shared/build/federation.mjs swaps the
 * files): the same names, from the `@xiaoba/shared` singleton the page has already loaded.
 */
import * as singleton from '@xiaoba/shared';
import type * as Parts from './core/form-parts';

// Typed as the file it replaces: a name added there that the singleton lacks fails the type check.
const parts: typeof Parts = singleton;
export const {
  BAD_REQUEST,
  birthDays,
  charCount,
  daysInMonth,
  EMAIL_MAX,
  formatBirthday,
  formValibot,
  isAllowedBirthday,
  NICKNAME_MAX,
  NICKNAME_MIN,
  parseBirthday,
  PASSWORD_MAX,
  PASSWORD_MIN,
  QUIZ_ANSWER_MAX,
} = parts;
