/**
 * What other features use of 小纸条: the unread count (live updates), a reported note as a moderator
 * sees it and both users' conversations after a removal or restore (moderation), and a user's notes
 * (export). Other slices import this feature only through this file (tools/check-boundaries.mjs).
 */
export { exportScrips, refreshScripNote, reportedScripView, unreadScrips, type ScripExportThread } from './queries';
