/**
 * What other features use of the message board: its message count (the space info). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { boardLeaveCount } from './queries';
