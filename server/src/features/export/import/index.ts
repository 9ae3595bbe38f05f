/**
 * Importing an export ZIP back (docs/export-format.md "Import"): on this site after a reset, or on
 * another instance of the project. Everything is checked before anything is written. An import is
 * held to what posting is held to:
 * - texts pass the site's rules (cleanText, lengths); times are real and never later than now
 *   (schema.ts);
 * - what this site cannot verify (its own signature on data.json) counts against a quota of a
 *   day's worth of the posting limits, may not be dated within the last 24 hours (so it never
 *   ranks above what was posted today) and may not repeat a text within 60 seconds (quota.ts,
 *   plan-state.ts);
 * - existing rows are matched only where they are the same author's, on the same yy or board, and
 *   replies only where the site's routes would allow them; origin keys are unique per author
 *   (here.ts, plan-*.ts);
 * - another user's words that were deleted since the export are never brought back;
 * - each picture is stored once however often it is referenced, within the user's storage quota
 *   and the disk's free-space floor, and written BEFORE the rows that name it (a crash leaves at
 *   most an unused file, never a row without its picture) (pictures.ts, run.ts);
 * - the rows go in one transaction whose locks on rows other writers need (counters) are taken in
 *   its last statements, so other users never wait for an import (write.ts).
 * Each imported row keeps its original time and an origin key ('<instance>:<original id>'), so
 * importing the same ZIP twice creates nothing twice. What cannot be restored is reported.
 * The ZIP itself is read by zip.ts; one import runs at a time per user (lock.ts).
 */
export { IMPORT_KINDS, IMPORT_MSG, type ImportCounts, type ImportKind, type ImportReport, type Unrestorable } from './messages';
export { IMPORT_QUOTA_HOURS, IMPORT_RECENT_HOURS, importQuota, purgeOldImportUsage, type ImportRules, type QuotaKind } from './quota';
export { EARLIEST_IMPORT_TIME, isRealTime, type ImportData } from './schema';
export { openExport, type OpenedExport } from './zip';
export { IMPORTS_PER_PROCESS, withImportLock } from './lock';
export type { ImportTarget } from './plan-state';
export { importExport } from './run';
