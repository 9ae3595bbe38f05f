/**
 * What other features use of the accounts: the lock of a user's row (an import takes it), and a
 * user's row as a space shows it (features/spaces). Other slices import this feature only through
 * this file (tools/check-boundaries.mjs).
 */
export { findUserByUid, lockUser, toSpaceUser } from './queries';
