-- Spaces, part 2: the message board (leave messages and their replies), visitors, and the
-- anti-spam log extended to board messages and replies. Timestamps are timestamp(3) in UTC; the
-- API speaks unix seconds. Indexes are plain ascending composites (scanned backwards for DESC).

-- Counters kept in the same transaction as the rows they count, so reading them is free:
-- leave_count = messages on the user's board; visit_count = recorded visits to the user's space
-- (one per visitor per UTC day).
ALTER TABLE users
  ADD COLUMN leave_count integer NOT NULL DEFAULT 0 CHECK (leave_count >= 0),
  ADD COLUMN visit_count bigint NOT NULL DEFAULT 0 CHECK (visit_count >= 0);

CREATE TABLE leaves (
  leave_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The board's owner.
  fuid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- The author (may be the owner: writing on one's own board is allowed).
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- HTML stripped and trimmed; may hold emoji codes like [b12].
  content text NOT NULL,
  ctime timestamp(3) NOT NULL DEFAULT now()
);
-- A board, newest first.
CREATE INDEX leaves_board_idx ON leaves (fuid, ctime, leave_id);

-- Replies under a message: only the board's owner and the message's author write them.
CREATE TABLE leave_replies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  leave_id bigint NOT NULL REFERENCES leaves (leave_id) ON DELETE CASCADE,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  content text NOT NULL,
  ctime timestamp(3) NOT NULL DEFAULT now()
);
-- The replies of a page's messages, oldest first (also serves the cascade from leaves).
CREATE INDEX leave_replies_leave_idx ON leave_replies (leave_id, ctime, id);

-- Visits: one row per visitor per visited space per UTC day; a later visit the same day only
-- moves ctime. A new row adds one to users.visit_count of the visited.
CREATE TABLE visits (
  visited bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  visitor bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  day date NOT NULL,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (visited, visitor, day),
  CHECK (visited <> visitor)
);

-- The latest visit of each visitor of a space (one row per pair), so "the 9 most recent distinct
-- visitors" is an index scan of 9 rows however many visits a space has had.
CREATE TABLE space_visitors (
  visited bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  visitor bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  ctime timestamp(3) NOT NULL,
  PRIMARY KEY (visited, visitor),
  CHECK (visited <> visitor)
);
CREATE INDEX space_visitors_latest_idx ON space_visitors (visited, ctime, visitor);

-- The posting log of migration 002 also counts board messages and replies (same window, same purge).
ALTER TABLE post_log DROP CONSTRAINT post_log_kind_check;
ALTER TABLE post_log ADD CONSTRAINT post_log_kind_check
  CHECK (kind IN ('yy', 'comment', 'upload', 'leave', 'leave_reply'));
