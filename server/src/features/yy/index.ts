/**
 * What other features use of the yy: its key (a comment locks it), the reading of a yy list's rows
 * (search's yy list answers the feeds' records), and posting one (tests, demo). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { findYyKey, insertYy, yyList, type YyKey, type YyListRow } from './queries';
