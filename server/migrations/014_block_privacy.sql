-- Safety, part 1 (docs/api.md "Safety"): blocks and privacy settings. The checks run in the writes' own
-- statements (comment, repost, board message and reply), so they cost one primary-key probe.

-- `uid` blocked `blocked_uid`: the blocked user can no longer comment on or repost the blocker's
-- yy, nor write on (or reply on) the blocker's board; their visits are not recorded nor shown.
-- "Has the owner blocked me" is a probe of the primary key (owner, me); the other index serves
-- "who blocked me" (read-side filtering, the blocked user's account page).
CREATE TABLE blocks (
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  blocked_uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, blocked_uid),
  CHECK (uid <> blocked_uid)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_uid, uid);

-- Privacy (shared/src/core/safety.ts PrivacySettings); the defaults are the behaviour before this
-- migration (DEFAULT_PRIVACY), so existing users see no change. Constant defaults: no table rewrite.
ALTER TABLE users
  -- Who may comment on (and reply under) the user's yy.
  ADD COLUMN privacy_comment text NOT NULL DEFAULT 'everyone' CHECK (privacy_comment IN ('everyone', 'me')),
  -- Who may write new messages on the user's board (replies: the owner and the message's author).
  ADD COLUMN privacy_board text NOT NULL DEFAULT 'everyone' CHECK (privacy_board IN ('everyone', 'me')),
  ADD COLUMN show_visitors boolean NOT NULL DEFAULT true,
  ADD COLUMN show_birthday boolean NOT NULL DEFAULT true,
  ADD COLUMN findable boolean NOT NULL DEFAULT true;
