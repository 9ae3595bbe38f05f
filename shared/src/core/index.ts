/**
 * The pure part of `shared` every page loads (the browser's `@xiaoba/shared` singleton exports it):
 * no DOM and no React, safe for the API server, which imports it with ./space-features.ts and the
 * forms' rules (./form-rules.ts, ./birthday-value.ts) as `@xiaoba/shared/core` (./server-core.ts).
 */
export * from './constants';
export * from './route-match';
export * from './skin-palettes';
export * from './contract';
export * from './domain';
export * from './validation';
export * from './api-types';
export * from './text';
export * from './emoji';
export * from './content';
export * from './time';
export * from './safety';
export * from './follows';
export * from './search';
export * from './live';
export * from './scrip';
export * from './space-paths';
