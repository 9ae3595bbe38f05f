/**
 * What other features use of moderation: filing a report (safety), the system notices
 * (notices, live) and removing an item (the tests of the lists it hides from). Other slices import
 * this feature only through this file (tools/check-boundaries.mjs).
 */
export { insertReport, lockReporter, reportExists, reportsInLastHour, visibleTargetAuthor } from './queries/filing';
export { removeItem } from './queries/removal';
export { addSystemNotice, markSystemNoticesRead, systemNoticePage } from './queries/system-notices';
