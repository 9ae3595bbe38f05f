-- 勋章 (docs/api.md "勋章"): medals earned by what a user made or was given. The rules are one
-- definition (server/sql/10_medal_rules.sql); this table keeps what was earned, so a medal stays
-- when its data goes (the fans leave). `earned_at` is when the data first satisfied the rule (the
-- first yy's time, the follow that made the 10th fan, ...), else when the server noticed.
CREATE TABLE user_medals (
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- The catalogue's ids (shared/src/core/medal.ts MEDAL_IDS).
  medal text NOT NULL CHECK (medal IN ('newbie', 'talent', 'popular', 'friendship', 'veteran')),
  earned_at timestamp(3) NOT NULL,
  PRIMARY KEY (uid, medal)
);

-- Set once the existing users were given the medals their data already earns (one notice each at
-- most): the server's first start after this migration does it (features/medal launchMedals),
-- under a lock, so several API processes starting at once do it once.
CREATE TABLE medal_launch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  done_at timestamp(3) NOT NULL DEFAULT now()
);

-- A yy restored from an export this site signed (docs/export-format.md "Verified"): its time is
-- genuine, so one from before the old site closed earns 元老勋章. An unverified import chooses its
-- own dates and never counts; rows imported before this migration are not known to be verified.
-- Constant default: no table rewrite.
ALTER TABLE yy ADD COLUMN verified_import boolean NOT NULL DEFAULT false;
-- The few verified imported yy of a user, oldest first (the 元老勋章 rule).
CREATE INDEX yy_verified_import_idx ON yy (uid, ctime) WHERE verified_import;

-- "你获得了新勋章：…" is a system notice of its own kind.
ALTER TABLE system_notices DROP CONSTRAINT system_notices_kind_check;
ALTER TABLE system_notices ADD CONSTRAINT system_notices_kind_check
  CHECK (kind IN ('report_handled', 'removed', 'restored', 'warning', 'frozen', 'banned', 'lifted', 'medal'));
