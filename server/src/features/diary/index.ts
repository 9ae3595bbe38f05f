/**
 * What other features use of the 日志: a user's entries for their export. Other slices import this
 * feature only through this file (tools/check-boundaries.mjs).
 */
export { exportDiaries, type DiaryExportComment, type DiaryExportEntry, type DiaryExportPicture } from './export';
