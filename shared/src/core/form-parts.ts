/**
 * What the forms' rules (./form-rules.ts, ./birthday-value.ts) use from the rest of shared. The
 * server and the tests read these files; a remote's browser build puts ../forms-from-singleton.ts
 * in this file's place (shared/build/federation.mjs), which takes the same names from the
 * `@xiaoba/shared` singleton: relative imports would bundle a second copy of the core's constants,
 * rules and valibot into the page, beside the singleton that has them.
 */
export { formValibot } from './form-valibot';
export { EMAIL_MAX, NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MAX, PASSWORD_MIN, QUIZ_ANSWER_MAX } from './constants';
export { birthDays, daysInMonth, formatBirthday, isAllowedBirthday, parseBirthday } from './domain';
export { BAD_REQUEST, charCount } from './validation';
