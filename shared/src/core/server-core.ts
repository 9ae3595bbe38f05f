/**
 * `@xiaoba/shared/core`, what the server imports: the pure part every page loads (./index.ts) and
 * the part only some pages bundle (./space-features.ts), under one name.
 */
export * from './index';
export * from './space-features';
