/**
 * What other features use of the comments: adding one (tests, demo). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { insertComment } from './queries';
