-- follows_count(): keeps users.follows and users.fans true, in the statement's own transaction,
-- whatever adds or removes a follows row: a follow, an unfollow, a block (features/safety/queries.ts), a user's
-- deletion (cascade; the deleted user's own row is gone and its update matches nothing). Both
-- users' rows are locked in uid order first, so A following B while B follows A cannot deadlock.
-- The trigger itself is migration 018's (follows_count, AFTER INSERT OR DELETE ON follows).
CREATE OR REPLACE FUNCTION follows_count() RETURNS trigger
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
