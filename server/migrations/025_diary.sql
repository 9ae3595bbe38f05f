-- 日志 (diary, docs/api.md "日志"): entries a user writes in their space, each with its own
-- visibility (shared/src/core/visibility.ts; who sees one is content_visible, server/sql/
-- 10_content_visible.sql), their comments, their pictures and their notices.

-- One entry. `removed_*` as in 015: a moderator hides it everywhere, its owner included, until a
-- restore. `comment_count` counts its visible comments, kept in the writes' transactions.
-- The medals read (uid, ctime, removed_at): keep those names.
CREATE TABLE diaries (
  diary_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  title text NOT NULL,
  -- HTML stripped, line breaks kept; may hold emoji codes like [b12].
  content text NOT NULL,
  visibility text NOT NULL CHECK (visibility IN ('public', 'followers', 'mutual', 'self')),
  comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  ctime timestamp(3) NOT NULL DEFAULT now(),
  -- The last edit; NULL for never.
  mtime timestamp(3),
  removed_at timestamp(3),
  removed_by bigint,
  removed_reason text
);
-- A user's list, newest first, and the site-wide order of search.
CREATE INDEX diaries_uid_ctime_idx ON diaries (uid, ctime, diary_id);
CREATE INDEX diaries_ctime_idx ON diaries (ctime, diary_id);
-- Search: the title and the body, with the grams of migration 020.
CREATE INDEX diaries_search_idx ON diaries USING gin (search_grams(title || ' ' || content)) WHERE removed_at IS NULL;

-- A comment on an entry, like yy_comments. Its id comes from yy_comments' sequence: the notices of
-- both kinds of comments are marked read "up to" one comment id (POST /api/count/clearcomments),
-- so the ids of both grow together.
CREATE TABLE diary_comments (
  comment_id bigint PRIMARY KEY DEFAULT nextval(pg_get_serial_sequence('yy_comments', 'comment_id')::regclass),
  diary_id bigint NOT NULL REFERENCES diaries (diary_id) ON DELETE CASCADE,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  content text NOT NULL,
  -- The comment (of the same entry) and its author this one answers; NULL for a plain comment.
  reply_comment_id bigint,
  reply_uid bigint,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  removed_at timestamp(3),
  removed_by bigint,
  removed_reason text,
  CHECK ((reply_comment_id IS NULL) = (reply_uid IS NULL))
);
CREATE INDEX diary_comments_diary_idx ON diary_comments (diary_id, ctime, comment_id);
CREATE INDEX diary_comments_uid_idx ON diary_comments (uid);

-- 回复我的 of diary comments: the shape of comment_notices (004).
CREATE TABLE diary_comment_notices (
  comment_id bigint NOT NULL REFERENCES diary_comments (comment_id) ON DELETE CASCADE,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('comment', 'reply')),
  ctime timestamp(3) NOT NULL,
  unread boolean NOT NULL DEFAULT true,
  PRIMARY KEY (comment_id, uid)
);
CREATE INDEX diary_comment_notices_list_idx ON diary_comment_notices (uid, ctime, comment_id);
CREATE INDEX diary_comment_notices_unread_idx ON diary_comment_notices (uid, comment_id) WHERE unread;
-- Live updates like a yy comment's notice. Current text: server/sql/10_live_events.sql.
CREATE FUNCTION live_diary_comment_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'comment')::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_diary_comment_notice AFTER INSERT ON diary_comment_notices
  FOR EACH ROW WHEN (NEW.unread) EXECUTE FUNCTION live_diary_comment_notice();

-- An entry's pictures are uploads, like a yy's: a row is used by a yy or by an entry, never both,
-- in the order `position`. Deleting the entry deletes the rows (the files go after the commit).
ALTER TABLE uploads ADD COLUMN diary_id bigint REFERENCES diaries (diary_id) ON DELETE CASCADE;
ALTER TABLE uploads DROP CONSTRAINT uploads_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_check
  CHECK ((weibo_id IS NULL OR diary_id IS NULL) AND ((weibo_id IS NULL AND diary_id IS NULL) = (position IS NULL)));
CREATE UNIQUE INDEX uploads_diary_idx ON uploads (diary_id, position) WHERE diary_id IS NOT NULL;
DROP INDEX uploads_unused_idx;
CREATE INDEX uploads_unused_idx ON uploads (ctime) WHERE weibo_id IS NULL AND diary_id IS NULL;

-- LIMIT_DIARIES: one post_log row per entry.
ALTER TABLE post_log DROP CONSTRAINT post_log_kind_check;
ALTER TABLE post_log ADD CONSTRAINT post_log_kind_check
  CHECK (kind IN ('yy', 'comment', 'upload', 'leave', 'leave_reply', 'follow', 'scrip', 'diary'));

-- An entry and a diary comment can be reported, removed and restored like other content.
ALTER TABLE reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_kind_check
  CHECK (target_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip', 'diary', 'diary_comment'));
ALTER TABLE sanctions DROP CONSTRAINT sanctions_item_kind_check;
ALTER TABLE sanctions ADD CONSTRAINT sanctions_item_kind_check
  CHECK (item_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'scrip', 'diary', 'diary_comment'));
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_item_kind_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_item_kind_check
  CHECK (item_kind IN ('', 'yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip', 'diary', 'diary_comment'));
