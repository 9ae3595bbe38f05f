/**
 * What other features use of the accounts: the lock of a user's row (an import takes it). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { lockUser } from './queries';
