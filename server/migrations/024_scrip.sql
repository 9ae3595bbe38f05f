-- 小纸条: private notes between two users, one conversation per pair (docs/api.md "小纸条").

-- Who may write notes to the user (shared/src/core/scrip.ts SCRIP_WHO): people who follow each
-- other with them, people they follow, or nobody. No "everyone". Adults start with 'following',
-- minors (and accounts without a birthday) with 'mutual' (safety.ts DEFAULT_PRIVACY, CHILD_PRIVACY).
-- Constant default: no table rewrite; today's minors are set below.
ALTER TABLE users
  ADD COLUMN privacy_scrip text NOT NULL DEFAULT 'following' CHECK (privacy_scrip IN ('mutual', 'following', 'nobody'));
-- The age rule is isMinor's (domain.ts), as in 023: under 18 by the whole date, or no birthday.
UPDATE users SET privacy_scrip = 'mutual' WHERE birthday IS NULL OR birthday > current_date - interval '18 years';

-- One note. Deleting hides it for one side only (`hidden_by_from`, `hidden_by_to`); a moderator's
-- removal (`removed_*`, as in 015) hides it for both. There is no read mark on the note: no read
-- receipts; what a user has read is their conversation's `read_through` below.
CREATE TABLE scrips (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  to_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  content text NOT NULL,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  hidden_by_from boolean NOT NULL DEFAULT false,
  hidden_by_to boolean NOT NULL DEFAULT false,
  removed_at timestamp(3),
  removed_by bigint REFERENCES users (uid) ON DELETE SET NULL,
  removed_reason text,
  CHECK (from_uid <> to_uid)
);
-- A conversation, whoever wrote: its pages newest first, the notes around a reported one.
CREATE INDEX scrips_pair_idx ON scrips (least(from_uid, to_uid), greatest(from_uid, to_uid), id);
-- The same text to the same person within 60 s (a handful of rows: LIMIT_SCRIPS bounds them).
CREATE INDEX scrips_from_ctime_idx ON scrips (from_uid, ctime);
-- A user's notes removed by moderators (the moderators' page of that user).
CREATE INDEX scrips_removed_idx ON scrips (from_uid, removed_at) WHERE removed_at IS NOT NULL;

-- One row per user and conversation, kept in the writes' transactions so the list, the unread
-- count and a page's total never count notes:
-- - `last_id`: the newest note `uid` still sees (the list's order and its last note); NULL when
--   they see none (all deleted): the conversation is not listed;
-- - `cleared_through`: notes up to this id are deleted for `uid` (DELETE /api/scrip/thread);
-- - `last_in_id`, `read_through`: the newest note from `other_uid`, and the newest one `uid` has
--   read (opening the conversation); `unread`: the visible ones between;
-- - `notes`: the notes `uid` sees (a page's total).
CREATE TABLE scrip_threads (
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  other_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  last_id bigint,
  cleared_through bigint NOT NULL DEFAULT 0,
  last_in_id bigint NOT NULL DEFAULT 0,
  read_through bigint NOT NULL DEFAULT 0,
  unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0),
  notes integer NOT NULL DEFAULT 0 CHECK (notes >= 0),
  PRIMARY KEY (uid, other_uid),
  CHECK (uid <> other_uid)
);
CREATE INDEX scrip_threads_list_idx ON scrip_threads (uid, last_id) WHERE last_id IS NOT NULL;
-- The header's count: only the conversations with unread notes.
CREATE INDEX scrip_threads_unread_idx ON scrip_threads (uid) INCLUDE (unread) WHERE unread > 0;

-- LIMIT_SCRIPS: one post_log row per note.
ALTER TABLE post_log DROP CONSTRAINT post_log_kind_check;
ALTER TABLE post_log ADD CONSTRAINT post_log_kind_check
  CHECK (kind IN ('yy', 'comment', 'upload', 'leave', 'leave_reply', 'follow', 'scrip'));

-- A note can be reported, removed and restored like other content; a moderator's reading of a
-- reported conversation is an entry of the audit log ('view').
ALTER TABLE reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_kind_check
  CHECK (target_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip'));
ALTER TABLE sanctions DROP CONSTRAINT sanctions_item_kind_check;
ALTER TABLE sanctions ADD CONSTRAINT sanctions_item_kind_check
  CHECK (item_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'scrip'));
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('dismiss', 'remove', 'restore', 'warn', 'freeze', 'ban', 'lift', 'view'));
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_item_kind_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_item_kind_check
  CHECK (item_kind IN ('', 'yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip'));

-- Live updates: a new note signals its two users (ids only, like 021's signals).
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_scrip() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'scrip', 'id', NEW.id, 'uid', NEW.from_uid, 'to', NEW.to_uid)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_scrip AFTER INSERT ON scrips
  FOR EACH ROW EXECUTE FUNCTION live_scrip();
