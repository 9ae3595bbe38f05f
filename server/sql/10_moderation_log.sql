-- moderation_log_append_only(): the moderators' log is never changed nor shortened; an UPDATE or
-- DELETE of a row fails. The trigger itself is migration 016's (moderation_log_append_only).
CREATE OR REPLACE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only';
END $$;
