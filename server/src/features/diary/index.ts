/**
 * What other features use of the 日志: a reported entry or comment as a moderator sees it, and a
 * user's entries (export) and their restoring (import). Other slices import this feature only
 * through this file (tools/check-boundaries.mjs).
 */
export {};
