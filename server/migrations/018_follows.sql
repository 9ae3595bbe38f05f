-- Follows and fans (docs/api.md "Follows").
--
-- `uid` follows `followed_uid`. The primary key serves "whom does uid follow" (the following
-- feed probes it, the follow button reads it); the second index serves a user's fans newest
-- first (the 我的粉丝 tab, the "X 关注了你" notices), the third a user's follows newest first.
--
-- A follow row is also its own "X 关注了你" notice: `unread` is the per-row read mark, the
-- same race-free shape as comment_notices (004): clearing marks read only rows that exist, so a
-- follow committing late is never lost under a "cleared at" time. Unfollowing deletes the row,
-- and with it the notice: the notices show who follows the user now.
CREATE TABLE follows (
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  followed_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  unread boolean NOT NULL DEFAULT true,
  PRIMARY KEY (uid, followed_uid),
  CHECK (uid <> followed_uid)
);
CREATE INDEX follows_fans_idx ON follows (followed_uid, ctime, uid);
CREATE INDEX follows_follows_idx ON follows (uid, ctime, followed_uid);
-- The fan-notice badge: counts only unread rows, however many fans a user has.
CREATE INDEX follows_unread_idx ON follows (followed_uid, uid) WHERE unread;

-- users.follows and users.fans (001) are kept true by this trigger, in the statement's own
-- transaction, whatever removes a row: an unfollow, a block (features/safety/queries.ts), a user's deletion
-- (cascade; the deleted user's own row is gone and its update matches nothing). Both users'
-- rows are locked in uid order first, so A following B while B follows A cannot deadlock.
-- Its current text: server/sql/10_follows_count.sql; this one is history, run first on a fresh database.
CREATE FUNCTION follows_count() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f follows;
  step integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    f := NEW;
    step := 1;
  ELSE
    f := OLD;
    step := -1;
  END IF;
  PERFORM 1 FROM users WHERE uid IN (f.uid, f.followed_uid) ORDER BY uid FOR NO KEY UPDATE;
  UPDATE users SET follows = greatest(follows + step, 0) WHERE uid = f.uid;
  UPDATE users SET fans = greatest(fans + step, 0) WHERE uid = f.followed_uid;
  RETURN NULL;
END
$$;
CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION follows_count();

-- The counters held made-up numbers until now (the demo's): make them the real counts (zero
-- before this migration, as there were no follows).
UPDATE users SET follows = 0, fans = 0 WHERE follows <> 0 OR fans <> 0;

-- Privacy (shared/src/core/safety.ts PrivacySettings.showFollows): others may see the user's
-- follow and fan lists. The owner always sees theirs.
ALTER TABLE users ADD COLUMN show_follows boolean NOT NULL DEFAULT true;

-- Follows are limited per user like posts (LIMIT_FOLLOWS an hour): one post_log row per new follow.
ALTER TABLE post_log DROP CONSTRAINT post_log_kind_check;
ALTER TABLE post_log ADD CONSTRAINT post_log_kind_check
  CHECK (kind IN ('yy', 'comment', 'upload', 'leave', 'leave_reply', 'follow'));
