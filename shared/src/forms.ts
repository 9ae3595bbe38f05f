/**
 * `@xiaoba/shared/forms`: what only the sign-in, registration and profile forms use (/login,
 * /register, /usercard, /card, /setting/profile): their rules, the birthday value and the birthday
 * and sex fields. Outside the federated singleton, so no other page's first load carries them: a
 * page that imports this entry gets the part it uses bundled into its own chunks. The fields take
 * `styled` from `@xiaoba/shared` (the singleton), so no page bundles a second styled-components.
 * The server has the rules in `@xiaoba/shared/core`.
 */
export * from './core/form-rules';
export * from './core/birthday-value';
export { BirthdaySelects } from './ui/BirthdaySelects';
export { SexRadioGroup, SEX_LABELS } from './ui/SexRadioGroup';
