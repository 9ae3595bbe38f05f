-- 相册: photo albums (docs/api.md "相册"). Who sees an album and its photos is content_visible
-- (server/sql/10_content_visible.sql), read through visible_albums (server/sql/10_visible_albums.sql).

-- An album: a name, a visibility (shared/src/core/visibility.ts) and a cover. `cover_photo_id` is
-- the owner's choice (NULL: the newest photo); `photo_count` counts the visible photos (not
-- removed), kept in the writes' transactions like yy.comment_count, so a list never counts.
-- `mtime` moves with every change the list shows (a photo added or removed, a new name, cover or
-- visibility). The medals read `albums (uid, ctime)`.
CREATE TABLE albums (
  album_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  name text NOT NULL,
  visibility text NOT NULL CHECK (visibility IN ('public', 'followers', 'mutual', 'self')),
  cover_photo_id bigint,
  photo_count integer NOT NULL DEFAULT 0 CHECK (photo_count >= 0),
  ctime timestamp(3) NOT NULL DEFAULT now(),
  mtime timestamp(3) NOT NULL DEFAULT now(),
  -- Where an imported album was first written ('<instance>:<id>', docs/export-format.md), else NULL.
  origin text
);
-- A user's albums, the newest change first; the count of a user's albums (the limit).
CREATE INDEX albums_uid_mtime_idx ON albums (uid, mtime DESC, album_id DESC);
CREATE INDEX albums_uid_ctime_idx ON albums (uid, ctime);
-- An import finds what it restored before (its origin key).
CREATE INDEX albums_origin_idx ON albums (origin) WHERE origin IS NOT NULL;

-- A photo: its bytes are an `uploads` row (so the quota, which sums uploads by uid, counts it,
-- and deleting the row frees the room). Removed by a moderator like migration 015's items:
-- hidden from everyone, the owner included, and not counted, until restored.
CREATE TABLE album_photos (
  photo_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  album_id bigint NOT NULL REFERENCES albums (album_id) ON DELETE CASCADE,
  uid bigint NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  upload_id bigint NOT NULL UNIQUE REFERENCES uploads (id) ON DELETE CASCADE,
  ctime timestamp(3) NOT NULL DEFAULT now(),
  removed_at timestamp(3),
  removed_by bigint,
  removed_reason text,
  -- As albums.origin, for an imported photo.
  origin text
);
-- An album's page, newest first, and its newest visible photo (the cover by default).
CREATE INDEX album_photos_album_idx ON album_photos (album_id, photo_id DESC) WHERE removed_at IS NULL;
-- Every photo of an album, removed ones too (deleting an album, the limit of 500).
CREATE INDEX album_photos_all_idx ON album_photos (album_id);
-- A user's photos removed by moderators (the moderators' page of that user), and the export.
CREATE INDEX album_photos_uid_idx ON album_photos (uid, photo_id);
CREATE INDEX album_photos_origin_idx ON album_photos (origin) WHERE origin IS NOT NULL;

-- No foreign key from albums.cover_photo_id to album_photos: with album_photos.album_id it would
-- be a cycle, and backups order tables by their foreign keys (operations/backup.ts). The cover is
-- read as "the chosen photo while it is a visible photo of the album, else the newest"
-- (album_json), so an id left behind by a deletion or a purge falls back by itself; deleting the
-- cover photo also clears it (features/album/queries.ts deletePhoto).

-- A photo can be reported, removed and restored like other content. The diary's kinds (migration
-- 025) are listed as well: this constraint replaces the one before it.
ALTER TABLE reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_kind_check
  CHECK (target_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip', 'diary', 'diary_comment', 'photo'));
ALTER TABLE sanctions DROP CONSTRAINT sanctions_item_kind_check;
ALTER TABLE sanctions ADD CONSTRAINT sanctions_item_kind_check
  CHECK (item_kind IN ('yy', 'comment', 'leave', 'leaveReply', 'scrip', 'diary', 'diary_comment', 'photo'));
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_item_kind_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_item_kind_check
  CHECK (item_kind IN ('', 'yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip', 'diary', 'diary_comment', 'photo'));
