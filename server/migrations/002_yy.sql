-- Spaces, part 1: yy posts, their images (uploads), comments, and the per-user posting log.
-- Timestamps are timestamp(3) in UTC; the API speaks unix seconds. Indexes are plain ascending
-- composites: PostgreSQL scans them backwards for ORDER BY ... DESC (a DESC NULLS LAST index was
-- measured not to be used for that).

-- Counters kept in the same transaction as every insert and delete, so a page never needs a
-- count(*) over a user's (or the whole site's) posts.
ALTER TABLE users ADD COLUMN yy_count integer NOT NULL DEFAULT 0 CHECK (yy_count >= 0);

CREATE TABLE site_counters (
  name text PRIMARY KEY,
  value bigint NOT NULL DEFAULT 0 CHECK (value >= 0)
);
INSERT INTO site_counters (name, value) VALUES ('yy', 0);

CREATE TABLE yy (
  weibo_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- HTML stripped and trimmed; may hold emoji codes like [b12]. For a repost: the reposter's words.
  content text NOT NULL,
  -- The reposted yy (always an original: reposting a repost reposts its root), NULL for an original.
  -- No foreign key on purpose: the original may be deleted and the repost keeps showing.
  transpond_id bigint CHECK (transpond_id > 0),
  comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  ctime timestamp(3) NOT NULL DEFAULT now()
);
-- A user's space, newest first, and the site-wide list.
CREATE INDEX yy_uid_ctime_idx ON yy (uid, ctime, weibo_id);
CREATE INDEX yy_ctime_idx ON yy (ctime, weibo_id);

-- Stored pictures (UPLOADS_DIR/<file>). An upload belongs to its uploader and is used by at most
-- one yy (weibo_id, in the order `position`); unused ones older than 24 hours are purged.
CREATE TABLE uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- Relative to UPLOADS_DIR, e.g. 'yy/0f3c….webp'; served at /uploads/<file>.
  file text NOT NULL UNIQUE,
  size integer NOT NULL CHECK (size > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  weibo_id bigint REFERENCES yy (weibo_id) ON DELETE CASCADE,
  position smallint,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  CHECK ((weibo_id IS NULL) = (position IS NULL))
);
CREATE UNIQUE INDEX uploads_yy_idx ON uploads (weibo_id, position);
CREATE INDEX uploads_unused_idx ON uploads (ctime) WHERE weibo_id IS NULL;

CREATE TABLE yy_comments (
  comment_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  weibo_id bigint NOT NULL REFERENCES yy (weibo_id) ON DELETE CASCADE,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  content text NOT NULL,
  -- The comment (of the same yy) and its author this one answers; NULL for a plain comment.
  -- No foreign key: a reply stays when the comment it answers is deleted.
  reply_comment_id bigint,
  reply_uid bigint,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  CHECK ((reply_comment_id IS NULL) = (reply_uid IS NULL))
);
CREATE INDEX yy_comments_yy_idx ON yy_comments (weibo_id, ctime, comment_id);

-- Anti-spam: one row per accepted yy, comment or upload, counted per user within the window
-- (shared by every API process); rows older than a day are purged.
CREATE TABLE post_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('yy', 'comment', 'upload')),
  at timestamp(3) NOT NULL DEFAULT now()
);
CREATE INDEX post_log_uid_idx ON post_log (uid, kind, at);
CREATE INDEX post_log_at_idx ON post_log (at);
