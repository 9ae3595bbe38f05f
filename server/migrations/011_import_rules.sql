-- An import is held to the site's rules (docs/export-format.md "Import").

-- Origin keys are unique per author, no longer site-wide: the key one user's import chose can
-- never stand for (and so hide, capture or squat) a row another user writes or imports later.
DROP INDEX yy_origin_idx;
CREATE UNIQUE INDEX yy_origin_idx ON yy (origin, uid) WHERE origin IS NOT NULL;
DROP INDEX yy_comments_origin_idx;
CREATE UNIQUE INDEX yy_comments_origin_idx ON yy_comments (origin, uid) WHERE origin IS NOT NULL;
DROP INDEX leaves_origin_idx;
CREATE UNIQUE INDEX leaves_origin_idx ON leaves (origin, uid) WHERE origin IS NOT NULL;
DROP INDEX leave_replies_origin_idx;
CREATE UNIQUE INDEX leave_replies_origin_idx ON leave_replies (origin, uid) WHERE origin IS NOT NULL;

-- What is deleted stays deleted: an imported row that is removed (by its author, the board's or
-- yy's owner, or with its yy) leaves its key here, so importing an older export does not bring
-- another user's words back. A row written on this site needs no entry: its id is never reused,
-- so its absence already says it was deleted.
CREATE TABLE deleted_origins (
  kind text NOT NULL CHECK (kind IN ('yy', 'comment', 'leave', 'leaveReply')),
  origin text NOT NULL,
  -- The author of the deleted row.
  uid bigint NOT NULL,
  deleted_at timestamp(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, origin, uid)
);

-- Its current text: server/sql/10_deleted_origins.sql; this one is history, run first on a fresh database.
CREATE FUNCTION remember_deleted_origin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_origins (kind, origin, uid) VALUES (TG_ARGV[0], OLD.origin, OLD.uid) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER yy_deleted_origin AFTER DELETE ON yy
  FOR EACH ROW WHEN (OLD.origin IS NOT NULL) EXECUTE FUNCTION remember_deleted_origin('yy');
CREATE TRIGGER yy_comments_deleted_origin AFTER DELETE ON yy_comments
  FOR EACH ROW WHEN (OLD.origin IS NOT NULL) EXECUTE FUNCTION remember_deleted_origin('comment');
CREATE TRIGGER leaves_deleted_origin AFTER DELETE ON leaves
  FOR EACH ROW WHEN (OLD.origin IS NOT NULL) EXECUTE FUNCTION remember_deleted_origin('leave');
CREATE TRIGGER leave_replies_deleted_origin AFTER DELETE ON leave_replies
  FOR EACH ROW WHEN (OLD.origin IS NOT NULL) EXECUTE FUNCTION remember_deleted_origin('leaveReply');

-- The import quota: what each import created from content this site could not verify (its own
-- signature), so that within any 24 hours an import creates no more than a day of the posting limits.
CREATE TABLE import_usage (
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  at timestamp(3) NOT NULL DEFAULT now(),
  yy integer NOT NULL DEFAULT 0,
  comments integer NOT NULL DEFAULT 0,
  leaves integer NOT NULL DEFAULT 0,
  leave_replies integer NOT NULL DEFAULT 0,
  images integer NOT NULL DEFAULT 0
);
CREATE INDEX import_usage_uid_idx ON import_usage (uid, at);

-- A picture is stored once however often an import's yy reference it: several rows of one user
-- may name one file. The file is removed when its last row is (features/yy/queries.ts deleteYy).
ALTER TABLE uploads DROP CONSTRAINT uploads_file_key;
CREATE INDEX uploads_file_idx ON uploads (file);

-- Hot topics leave imported posts out (features/spaces/queries.ts): a restore is not what is being talked about now.
