/**
 * What other features use of the export: the data an export holds (the moderation tests read it). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { readExportData } from './data';
