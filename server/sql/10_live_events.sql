-- The live updates' signals (docs/api.md "Live updates", shared/src/core/live.ts): what makes a
-- notice or a new yy also signals the channel `xiaoba_live` (LIVE_CHANNEL) from an AFTER trigger,
-- in the write's own transaction, so PostgreSQL delivers the signal on commit and never for a
-- write rolled back, whichever API process (or the moderator CLI) wrote it. Every process LISTENs
-- on one connection of its own (server/src/features/live/listener.ts) and passes the signal to its streams.
--
-- Payloads carry ids only, never content: {"t":"notice","uid":<recipient>,"kind":"comment"|"fan"|"system"},
-- {"t":"yy","uid":<author>,"id":<weibo_id>}, {"t":"ban","uid":<user>},
-- {"t":"scrip","id":<note>,"uid":<writer>,"to":<reader>}. Far below NOTIFY's 8000 bytes.
-- A notice's payload names no row, so one transaction that makes many notices of one kind for one
-- user signals once: PostgreSQL folds identical payloads of a transaction into one.
--
-- The triggers themselves, with their WHEN conditions (what is not signalled: imported rows,
-- notices born read, rows a restore loads with triggers off), are migration 021's (024's for notes).

-- 回复我的: a comment on the recipient's yy or a reply to their comment, unless the recipient
-- blocked its author (features/notices/queries.ts does not show it then either).
CREATE OR REPLACE FUNCTION live_comment_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM yy_comments c JOIN blocks b ON b.uid = NEW.uid AND b.blocked_uid = c.uid WHERE c.comment_id = NEW.comment_id) THEN
    PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'comment')::text);
  END IF;
  RETURN NULL;
END
$$;

-- 新粉丝: a follow row is its followee's notice.
CREATE OR REPLACE FUNCTION live_fan_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.followed_uid, 'kind', 'fan')::text);
  RETURN NULL;
END
$$;

-- 系统通知: the moderators' notices.
CREATE OR REPLACE FUNCTION live_system_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'system')::text);
  RETURN NULL;
END
$$;

-- A new yy, originals and reposts alike (a repost is a new entry of the feeds); not imported ones.
CREATE OR REPLACE FUNCTION live_yy() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'yy', 'uid', NEW.uid, 'id', NEW.weibo_id)::text);
  RETURN NULL;
END
$$;

-- A ban ends the user's open streams at once, in every process (no event is sent: the client's
-- reconnect is refused with 401 like any call of a banned user).
CREATE OR REPLACE FUNCTION live_ban() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'ban', 'uid', NEW.uid)::text);
  RETURN NULL;
END
$$;

-- 小纸条: a new note, to its reader's streams (the unread count) and its writer's other tabs.
CREATE OR REPLACE FUNCTION live_scrip() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xiaoba_live', json_build_object('t', 'scrip', 'id', NEW.id, 'uid', NEW.from_uid, 'to', NEW.to_uid)::text);
  RETURN NULL;
END
$$;

-- A diary comment's notice (migration 025), like a yy comment's: not signalled when the recipient
-- blocked the comment's author (the list would not show it).
CREATE OR REPLACE FUNCTION live_diary_comment_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM diary_comments c JOIN blocks b ON b.uid = NEW.uid AND b.blocked_uid = c.uid WHERE c.comment_id = NEW.comment_id) THEN
    PERFORM pg_notify('xiaoba_live', json_build_object('t', 'notice', 'uid', NEW.uid, 'kind', 'comment')::text);
  END IF;
  RETURN NULL;
END
$$;
