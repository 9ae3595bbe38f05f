-- The per-user storage quota (STORAGE_QUOTA_MB, src/uploads/quota.ts): a user's stored bytes are
-- the sum of their uploads' sizes (yy pictures, used or not yet, imported ones) plus their
-- avatar's. Summed from the rows themselves, so every process and every path that adds or removes
-- a picture (a yy's deletion cascading, the hourly purge, an import) agrees without a counter.

-- The sum reads only the user's index entries (an index-only scan), not their rows; by file, since
-- an import's rows may share one stored file, which counts once.
CREATE INDEX uploads_uid_size_idx ON uploads (uid, file) INCLUDE (size);

-- Bytes of the picture users.avatar names, counted only while users.avatar is set (choosing a
-- preset face clears avatar and so stops counting it). Avatars uploaded before this migration
-- count 0: a 256 px square is a few KB.
ALTER TABLE users ADD COLUMN avatar_size integer NOT NULL DEFAULT 0 CHECK (avatar_size >= 0);
