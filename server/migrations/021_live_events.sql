-- Live updates (docs/api.md "Live updates", shared/src/core/live.ts).
--
-- What makes a notice or a new yy also signals the channel `xiaoba_live` (LIVE_CHANNEL), from an
-- AFTER INSERT trigger: in the write's own transaction, so PostgreSQL delivers the signal on
-- commit and never for a write rolled back, whichever API process (or the moderator CLI) wrote
-- it. Every process LISTENs on one connection of its own (server/src/features/live/listener.ts) and passes
-- the signal to its open streams.
--
-- Payloads carry ids only, never content: {"t":"notice","uid":<recipient>,"kind":"comment"|"fan"|"system"},
-- {"t":"yy","uid":<author>,"id":<weibo_id>}, {"t":"ban","uid":<user>}. Far below NOTIFY's 8000 bytes.
-- A notice's payload names no row, so one transaction that makes many notices of one kind for one
-- user signals once: PostgreSQL folds identical payloads of a transaction into one.
--
-- Not signalled: imported rows (origin IS NOT NULL, migration 007/011: an import restores the past,
-- it must not flood the channel nor light up anyone's feed; an import writes no notices either),
-- notices born read (the rows migrations 004 and the demo seed write as already read), and rows a
-- restore loads (operations/restore.ts loads with triggers off).

-- 回复我的: a comment on the recipient's yy or a reply to their comment (migration 004), unless the
-- recipient blocked its author (features/notices/queries.ts does not show it then either).
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_comment_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM yy_comments c JOIN blocks b ON b.uid = NEW.uid AND b.blocked_uid = c.uid WHERE c.comment_id = NEW.comment_id) THEN
    PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'comment')::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER live_comment_notice AFTER INSERT ON comment_notices
  FOR EACH ROW WHEN (NEW.unread) EXECUTE FUNCTION live_comment_notice();

-- 新粉丝: a follow row is its followee's notice (migration 018).
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_fan_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.followed_uid, 'kind', 'fan')::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_fan_notice AFTER INSERT ON follows
  FOR EACH ROW WHEN (NEW.unread) EXECUTE FUNCTION live_fan_notice();

-- 系统通知: the moderators' notices (migration 016).
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_system_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'system')::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_system_notice AFTER INSERT ON system_notices
  FOR EACH ROW WHEN (NEW.unread) EXECUTE FUNCTION live_system_notice();

-- A new yy, originals and reposts alike (a repost is a new entry of the feeds); not imported ones.
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_yy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'yy', 'uid', NEW.uid, 'id', NEW.weibo_id)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_yy AFTER INSERT ON yy
  FOR EACH ROW WHEN (NEW.origin IS NULL AND NEW.removed_at IS NULL) EXECUTE FUNCTION live_yy();

-- A ban (migration 016) ends the user's open streams at once, in every process (no event is sent:
-- the client's reconnect is refused with 401 like any call of a banned user).
-- Its current text: server/sql/10_live_events.sql; this one is history, run first on a fresh database.
CREATE FUNCTION live_ban() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'ban', 'uid', NEW.uid)::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_ban AFTER UPDATE OF banned_at ON users
  FOR EACH ROW WHEN (NEW.banned_at IS NOT NULL AND OLD.banned_at IS NULL) EXECUTE FUNCTION live_ban();
