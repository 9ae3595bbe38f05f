/**
 * What other features use of the yy: its key (a comment locks it), the row mapping the search's
 * yy list shares, and posting one (tests, demo). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { findYyKey, insertYy, toYy, type PageRow, type YyKey } from './queries';
