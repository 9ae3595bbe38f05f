-- Privacy, part 2: settings for every write another user may be refused, and children private by
-- default (shared/src/core/safety.ts PrivacySettings, CHILD_PRIVACY; domain.ts isMinor).

-- A blocked user's follow and repost were refused though no setting could refuse them, which told
-- them they were blocked. Now each is a setting the owner may choose ('me': nobody but the owner),
-- and a block answers exactly as the setting does. Constant defaults: no table rewrite.
ALTER TABLE users
  -- Who may start following the user ('me': nobody; existing follows stay).
  ADD COLUMN privacy_follow text NOT NULL DEFAULT 'everyone' CHECK (privacy_follow IN ('everyone', 'me')),
  -- Who may repost the user's yy, directly or through another's repost.
  ADD COLUMN privacy_repost text NOT NULL DEFAULT 'everyone' CHECK (privacy_repost IN ('everyone', 'me')),
  -- Whether others see when the user last logged in (getuserinfo's lastTime).
  ADD COLUMN show_last_login boolean NOT NULL DEFAULT true;

-- Today's minors (under 18 by the whole date, or no birthday at all) whose settings are all still
-- the defaults get the children's settings: birthday, follow lists, visitors and last login hidden,
-- and found only by their exact 米米号. Anyone who changed a setting chose for themselves and keeps it.
-- The age rule is isMinor's (domain.ts), written here once for the users of today; new accounts and
-- birthday changes go through isMinor itself.
UPDATE users
SET show_birthday = false, findable = false, show_follows = false, show_visitors = false, show_last_login = false
WHERE (birthday IS NULL OR birthday > current_date - interval '18 years')
  AND privacy_comment = 'everyone' AND privacy_board = 'everyone'
  AND show_visitors AND show_birthday AND findable AND show_follows;
