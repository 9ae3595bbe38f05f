-- visible_albums(viewer): the albums `viewer` (0 or NULL: signed out) may see, and
-- visible_album_photos(viewer): the photos they may see. Every read of an album or a photo (the
-- list, an album's page, its cover, the moderators' and the export's reads of the owner's own)
-- goes through these two, so none can forget a rule:
--  * an album is seen through content_visible (10_content_visible.sql), its owner's choice;
--  * a photo is seen with its album, and a photo a moderator removed is seen by nobody, its owner
--    included (it is not counted either: albums.photo_count counts the visible ones).
-- LANGUAGE sql, STABLE, one SELECT: PostgreSQL inlines them into the caller's query.
CREATE OR REPLACE FUNCTION visible_albums(p_viewer bigint) RETURNS SETOF albums
LANGUAGE sql STABLE AS $$
  SELECT a.* FROM albums a WHERE content_visible(p_viewer, a.uid, a.visibility)
$$;

CREATE OR REPLACE FUNCTION visible_album_photos(p_viewer bigint) RETURNS SETOF album_photos
LANGUAGE sql STABLE AS $$
  SELECT p.* FROM album_photos p JOIN albums a ON a.album_id = p.album_id
  WHERE p.removed_at IS NULL AND content_visible(p_viewer, a.uid, a.visibility)
$$;

-- album_json(album): an album as the API's `Album` object, but for the cover's address: `coverFile`
-- is the stored file ('' for an empty album), which the server turns into `coverUrl`. The cover is
-- the owner's choice while it is a visible photo of the album, else the newest visible photo.
-- Only call it for an album visible_albums answered: its photos are then visible to that viewer.
CREATE OR REPLACE FUNCTION album_json(a albums) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'albumId', a.album_id, 'uid', a.uid, 'name', a.name, 'visibility', a.visibility,
    'coverPhotoId', coalesce(c.photo_id, 0), 'coverFile', coalesce(c.file, ''),
    'photoCount', a.photo_count,
    'ctime', floor(extract(epoch FROM a.ctime))::bigint, 'mtime', floor(extract(epoch FROM a.mtime))::bigint)
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT x.photo_id, x.file FROM (
      (SELECT p.photo_id, u.file, 0 AS rank FROM album_photos p JOIN uploads u ON u.id = p.upload_id
        WHERE p.photo_id = a.cover_photo_id AND p.album_id = a.album_id AND p.removed_at IS NULL)
      UNION ALL
      (SELECT p.photo_id, u.file, 1 FROM album_photos p JOIN uploads u ON u.id = p.upload_id
        WHERE p.album_id = a.album_id AND p.removed_at IS NULL ORDER BY p.photo_id DESC LIMIT 1)
    ) x ORDER BY x.rank LIMIT 1
  ) c ON true
$$;
