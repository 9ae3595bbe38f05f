-- remember_deleted_origin(): what is deleted stays deleted. An imported row that is removed (by
-- its author, the board's or yy's owner, or with its yy) leaves its origin key in deleted_origins,
-- so importing an older export does not bring another user's words back (docs/export-format.md
-- "Import"). A row written on this site needs no entry: its id is never reused. The trigger's
-- argument is the row's kind. The triggers themselves are migration 011's (yy_deleted_origin,
-- yy_comments_deleted_origin, leaves_deleted_origin, leave_replies_deleted_origin).
CREATE OR REPLACE FUNCTION remember_deleted_origin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_origins (kind, origin, uid) VALUES (TG_ARGV[0], OLD.origin, OLD.uid) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
