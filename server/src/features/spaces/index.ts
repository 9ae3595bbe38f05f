/**
 * What other features use of the spaces: the hot topics (their tests read them after an import or a removal). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { computeHotTopics } from './queries';
