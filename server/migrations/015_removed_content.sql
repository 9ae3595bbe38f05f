-- Removed content (docs/api.md "Safety" → "Removed content and what a
-- blocker sees"): a moderator hides a yy, comment, board message or reply everywhere without
-- deleting it, so a mistake can be undone (restore clears the three columns) until an operator
-- purges it. NULL removed_at = visible. removed_by is the moderator's uid, kept as a plain number
-- (no foreign key: the audit log names them even if their account goes).
--
-- The counters that reads show (users.yy_count, users.leave_count, site_counters 'yy',
-- yy.comment_count) count visible rows only: removal takes one off and restore puts it back, in
-- the same transaction as the columns (server/src/features/moderation/queries/removal.ts), so no read subtracts anything.
ALTER TABLE yy
  ADD COLUMN removed_at timestamp(3),
  ADD COLUMN removed_by bigint,
  ADD COLUMN removed_reason text;
ALTER TABLE yy_comments
  ADD COLUMN removed_at timestamp(3),
  ADD COLUMN removed_by bigint,
  ADD COLUMN removed_reason text;
ALTER TABLE leaves
  ADD COLUMN removed_at timestamp(3),
  ADD COLUMN removed_by bigint,
  ADD COLUMN removed_reason text;
ALTER TABLE leave_replies
  ADD COLUMN removed_at timestamp(3),
  ADD COLUMN removed_by bigint,
  ADD COLUMN removed_reason text;
