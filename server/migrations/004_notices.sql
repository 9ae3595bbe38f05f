-- Notices of new comments (回复我的, docs/api.md "Notices"): comments and replies on a user's own
-- yy, and replies to a user's own comments on anyone's yy, written by someone else.
--
-- Why a table of notices rather than a `notify_uid` column on yy_comments: one comment may notify
-- two users (the yy's owner, and the author of the comment it answers), and a denormalised column
-- holds only one. One row per (comment, recipient) also gives each user their own read mark, so
-- clearing is per caller and race-free: it marks read only the rows the caller had seen (no
-- "last cleared at" time that a transaction committing late, with an earlier ctime, would slip
-- under). Rows are written in the same transaction as the comment (features/notices/queries.ts, called by
-- insertComment); deleting a comment (or its yy, or a user) removes its notices by cascade.
CREATE TABLE comment_notices (
  comment_id bigint NOT NULL REFERENCES yy_comments (comment_id) ON DELETE CASCADE,
  -- The recipient: never the comment's author (CHECKed in the code that inserts).
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- 'comment': on the recipient's yy; 'reply': answers the recipient's comment. A reply to the
  -- owner on the owner's own yy is one notice, of kind 'reply'.
  kind text NOT NULL CHECK (kind IN ('comment', 'reply')),
  -- The comment's ctime, copied so a user's list is one index scan.
  ctime timestamp(3) NOT NULL,
  unread boolean NOT NULL DEFAULT true,
  -- Also serves the cascade from yy_comments.
  PRIMARY KEY (comment_id, uid)
);
-- A user's newest notices (scanned backwards).
CREATE INDEX comment_notices_list_idx ON comment_notices (uid, ctime, comment_id);
-- The badge: counts only the unread rows, however many notices a user has had.
CREATE INDEX comment_notices_unread_idx ON comment_notices (uid, comment_id) WHERE unread;

-- Comments written before this migration become notices already read: they show in the list,
-- the badge starts at 0.
INSERT INTO comment_notices (comment_id, uid, kind, ctime, unread)
SELECT c.comment_id, c.reply_uid, 'reply', c.ctime, false
FROM yy_comments c
WHERE c.reply_uid IS NOT NULL AND c.reply_uid <> c.uid AND EXISTS (SELECT 1 FROM users u WHERE u.uid = c.reply_uid);
INSERT INTO comment_notices (comment_id, uid, kind, ctime, unread)
SELECT c.comment_id, y.uid, 'comment', c.ctime, false
FROM yy_comments c JOIN yy y ON y.weibo_id = c.weibo_id
WHERE y.uid <> c.uid
ON CONFLICT (comment_id, uid) DO NOTHING;
