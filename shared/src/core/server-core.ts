/**
 * `@xiaoba/shared/core`, what the server imports: the pure part every page loads (./index.ts) and
 * the parts only some pages bundle (./space-features.ts; the forms' rules of `@xiaoba/shared/forms`),
 * under one name.
 */
export * from './index';
export * from './space-features';
export * from './form-rules';
export * from './birthday-value';
