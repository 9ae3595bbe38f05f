/**
 * What other features use of the visits: the space's visit (the space info) and recording one. Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { recordVisit, visitSpace } from './queries';
