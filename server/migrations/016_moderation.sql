-- Moderation (docs/api.md "Safety"): roles, the four sanctions, reports, the audit log
-- and the moderators' notices to users.

-- The user's standing, kept on the row the guard already reads by primary key: one indexed read per
-- request tells whether the caller is a moderator, frozen or banned (server/src/api/auth/standing.ts). The
-- `sanctions` table is the history; these columns are its current effect, written in the same
-- transaction as the sanction (or its lifting).
ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator')),
  -- A freeze in force ends at frozen_until (NULL: not frozen; a past time: the freeze is over).
  ADD COLUMN frozen_until timestamp(3),
  ADD COLUMN frozen_reason text NOT NULL DEFAULT '',
  -- A ban is permanent until lifted: banned_at NULL means not banned.
  ADD COLUMN banned_at timestamp(3),
  ADD COLUMN ban_reason text NOT NULL DEFAULT '';
-- `npm run moderator -- list`.
CREATE INDEX users_moderators_idx ON users (uid) WHERE role = 'moderator';

-- One report of one item (or user) by one user. A second report of the same target by the same
-- user is a no-op (the unique key), whatever became of the first.
CREATE TABLE reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  target_kind text NOT NULL CHECK (target_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'user')),
  -- The item's id, or the uid for 'user'. No foreign key: the report outlives an item its author deletes.
  target_id bigint NOT NULL,
  -- The item's author (the user for 'user'), copied so a user's page lists the reports against them.
  target_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('bullying', 'sexual', 'personal', 'spam', 'dangerous', 'impersonation', 'other')),
  note text NOT NULL DEFAULT '',
  ctime timestamp(3) NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  handled_by bigint REFERENCES users (uid) ON DELETE SET NULL,
  handled_at timestamp(3),
  -- What was done, in the words the reporter's notice used (e.g. '内容已删除').
  outcome text NOT NULL DEFAULT '',
  UNIQUE (reporter_uid, target_kind, target_id)
);
-- The queue: open reports by target, newest first.
CREATE INDEX reports_open_idx ON reports (target_kind, target_id, ctime) WHERE status = 'open';
CREATE INDEX reports_open_ctime_idx ON reports (ctime) WHERE status = 'open';
-- A user's page: the reports against them.
CREATE INDEX reports_target_uid_idx ON reports (target_uid, ctime);
-- The per-reporter limit (LIMIT_REPORTS an hour) counts through the unique key's prefix and ctime.
CREATE INDEX reports_reporter_ctime_idx ON reports (reporter_uid, ctime);

-- Every sanction ever applied. 'warning' and 'removal' are events; 'freeze' and 'ban' are in force
-- until `until` (freeze) or until lifted.
CREATE TABLE sanctions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('warning', 'removal', 'freeze', 'ban')),
  -- The rule broken (a report reason but 'other'); '' when none was named.
  rule text NOT NULL DEFAULT '' CHECK (rule IN ('', 'bullying', 'sexual', 'personal', 'spam', 'dangerous', 'impersonation')),
  reason text NOT NULL,
  -- The item removed, for 'removal'.
  item_kind text CHECK (item_kind IN ('yy', 'comment', 'leave', 'leaveReply')),
  item_id bigint,
  until timestamp(3),
  by_uid bigint REFERENCES users (uid) ON DELETE SET NULL,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  lifted_at timestamp(3),
  lifted_by bigint REFERENCES users (uid) ON DELETE SET NULL
);
CREATE INDEX sanctions_uid_idx ON sanctions (uid, ctime);

-- The audit log: who did what to whom, when and why. Append-only: no foreign keys (an entry
-- outlives the accounts it names) and a trigger refuses UPDATE and DELETE.
CREATE TABLE moderation_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  moderator_uid bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('dismiss', 'remove', 'restore', 'warn', 'freeze', 'ban', 'lift')),
  target_uid bigint NOT NULL,
  item_kind text NOT NULL DEFAULT '' CHECK (item_kind IN ('', 'yy', 'comment', 'leave', 'leaveReply', 'user')),
  item_id bigint NOT NULL DEFAULT 0,
  reason text NOT NULL DEFAULT '',
  ctime timestamp(3) NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_ctime_idx ON moderation_log (ctime, id);

-- Its current text: server/sql/10_moderation_log.sql; this one is history, run first on a fresh database.
CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_log is append-only';
END $$;
CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
  FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only();

-- Notices from the moderators to one user (/system/notify): a report handled, content removed or
-- restored, a warning, a freeze, a ban, a sanction lifted. The text is whole, in Chinese.
CREATE TABLE system_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('report_handled', 'removed', 'restored', 'warning', 'frozen', 'banned', 'lifted')),
  text text NOT NULL,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  unread boolean NOT NULL DEFAULT true
);
CREATE INDEX system_notices_uid_idx ON system_notices (uid, id);
CREATE INDEX system_notices_unread_idx ON system_notices (uid) WHERE unread;
