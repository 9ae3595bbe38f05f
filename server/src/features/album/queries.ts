/**
 * SQL for 相册 (migration 026): albums and their photos. Every read goes through visible_albums and
 * visible_album_photos (server/sql/20_visible_albums.sql), which apply content_visible and hide
 * removed photos; an album as the API shows it is album_json's. A photo's bytes are an `uploads`
 * row (the quota counts it); deleting the row deletes the photo (ON DELETE CASCADE).
 *
 * Locks: every write of an album's photos (upload, deletion, a moderator's removal or restore)
 * locks the album's row first, so the count of 500 and `photo_count` cannot be raced.
 */
import type { Album, AlbumPhotosPage, Photo, Visibility } from '@xiaoba/shared/core';
import { epoch } from '../../data/epoch';
import type { Queryable } from '../../data/pool';
import { uploadUrl } from '../../uploads/store';

/** An album as album_json answers it: the cover's stored file instead of its address. */
type AlbumRow = Omit<Album, 'coverUrl'> & { coverFile: string };
type PhotoRow = Omit<Photo, 'url'> & { file: string };

export const toAlbum = ({ coverFile, ...album }: AlbumRow): Album => ({ ...album, coverUrl: coverFile ? uploadUrl(coverFile) : '' });
const toPhoto = ({ file, ...photo }: PhotoRow): Photo => ({ ...photo, url: uploadUrl(file) });

/** A photo (alias `p`, its upload `f`) as the API's `Photo`, but for the file. */
const photoJson = (p: string, f: string) =>
  `json_build_object('photoId', ${p}.photo_id, 'albumId', ${p}.album_id, 'uid', ${p}.uid, 'file', ${f}.file,
                     'width', ${f}.width, 'height', ${f}.height, 'size', ${f}.size, 'ctime', ${epoch(`${p}.ctime`)})`;

/** Creates an album unless `uid` already has `max`; null when at the limit. Call it holding the user's posting lock. */
export async function insertAlbum(db: Queryable, uid: number, name: string, visibility: Visibility, max: number): Promise<number | null> {
  const { rows } = await db.query<{ albumId: number }>(
    `INSERT INTO albums (uid, name, visibility)
     SELECT $1, $2, $3 WHERE (SELECT count(*) FROM albums WHERE uid = $1) < $4
     RETURNING album_id AS "albumId"`,
    [uid, name, visibility, max],
  );
  return rows[0]?.albumId ?? null;
}

/** What a write needs of an album `viewer` may see: its owner and its visible photos; null when not visible. */
export interface AlbumKey {
  albumId: number;
  uid: number;
  photoCount: number;
}

/** The album as `viewer` may see it, its row locked for the transaction when `lock`; null when not visible. */
export async function findAlbumKey(db: Queryable, viewer: number, albumId: number, lock = false): Promise<AlbumKey | null> {
  const { rows } = await db.query<AlbumKey>(
    `SELECT a.album_id AS "albumId", a.uid, a.photo_count AS "photoCount"
       FROM albums a WHERE a.album_id = $2 AND a.album_id IN (SELECT album_id FROM visible_albums($1))
       ${lock ? 'FOR UPDATE' : ''}`,
    [viewer, albumId],
  );
  return rows[0] ?? null;
}

export interface AlbumChange {
  name?: string;
  visibility?: Visibility;
  coverPhotoId?: number;
}

/** Whether `photoId` is a visible (not removed) photo of `albumId`. */
export async function isAlbumPhoto(db: Queryable, albumId: number, photoId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM album_photos WHERE photo_id = $1 AND album_id = $2 AND removed_at IS NULL', [photoId, albumId]);
  return rows.length > 0;
}

/** Applies what `change` gives to the album and moves its mtime. */
export async function updateAlbum(db: Queryable, albumId: number, change: AlbumChange): Promise<void> {
  await db.query(
    `UPDATE albums SET name = coalesce($2, name), visibility = coalesce($3, visibility),
            cover_photo_id = coalesce($4, cover_photo_id), mtime = now()
      WHERE album_id = $1`,
    [albumId, change.name ?? null, change.visibility ?? null, change.coverPhotoId ?? null],
  );
}

/** The albums of `owner` that `viewer` may see, the newest change first. */
export async function albumList(db: Queryable, viewer: number, owner: number): Promise<Album[]> {
  const { rows } = await db.query<{ album: AlbumRow }>({
    name: 'album-list',
    text: `SELECT album_json(a) AS album FROM visible_albums($1) a WHERE a.uid = $2 ORDER BY a.mtime DESC, a.album_id DESC`,
    values: [viewer, owner],
  });
  return rows.map((r) => toAlbum(r.album));
}

/** Whether a user exists. */
export async function userExists(db: Queryable, uid: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE uid = $1', [uid]);
  return rows.length > 0;
}

/**
 * Page `offset / limit` of an album's photos, newest first, with the album and its owner, as
 * `viewer` sees them; null when the album is not visible to them (or does not exist). One statement.
 */
export async function photosPage(
  db: Queryable,
  viewer: number,
  albumId: number,
  limit: number,
  offset: number,
): Promise<Pick<AlbumPhotosPage, 'album' | 'owner' | 'records' | 'total'> | null> {
  const { rows } = await db.query<{ album: AlbumRow; owner: AlbumPhotosPage['owner']; records: PhotoRow[] }>({
    name: 'album-photos-page',
    text: `SELECT album_json(a) AS album,
              json_build_object('uid', u.uid, 'name', u.name, 'face', u.face, 'avatar', u.avatar) AS owner,
              coalesce((
                SELECT json_agg(${photoJson('x', 'f')} ORDER BY x.photo_id DESC)
                  FROM (SELECT * FROM visible_album_photos($1) p WHERE p.album_id = a.album_id
                         ORDER BY p.photo_id DESC LIMIT $3 OFFSET $4) x
                  JOIN uploads f ON f.id = x.upload_id
              ), '[]') AS records
       FROM visible_albums($1) a JOIN users u ON u.uid = a.uid
       WHERE a.album_id = $2`,
    values: [viewer, albumId, limit, offset],
  });
  const row = rows[0];
  if (!row) return null;
  const album = toAlbum(row.album);
  return { album, owner: row.owner, records: row.records.map(toPhoto), total: album.photoCount };
}

/**
 * Records an uploaded photo (its `uploads` row and its `album_photos` row, one statement) in an
 * album whose row the caller locked, and counts it on the album.
 */
export async function insertPhoto(
  db: Queryable,
  albumId: number,
  uid: number,
  file: string,
  image: { size: number; width: number; height: number },
): Promise<Photo> {
  const { rows } = await db.query<{ photo: PhotoRow }>(
    `WITH f AS (
       INSERT INTO uploads (uid, file, size, width, height) VALUES ($2, $3, $4, $5, $6) RETURNING id, file, size, width, height
     ), p AS (
       INSERT INTO album_photos (album_id, uid, upload_id) SELECT $1, $2, f.id FROM f RETURNING *
     ), counted AS (
       UPDATE albums SET photo_count = photo_count + 1, mtime = now() WHERE album_id = $1
     )
     SELECT ${photoJson('p', 'f')} AS photo FROM p, f`,
    [albumId, uid, file, image.size, image.width, image.height],
  );
  return toPhoto(rows[0]!.photo);
}

/** A visible photo as `viewer` may see it: its album and owner; null when not visible to them. */
export async function findPhotoKey(db: Queryable, viewer: number, photoId: number): Promise<{ albumId: number; uid: number } | null> {
  const { rows } = await db.query<{ albumId: number; uid: number }>(
    'SELECT p.album_id AS "albumId", p.uid FROM visible_album_photos($1) p WHERE p.photo_id = $2',
    [viewer, photoId],
  );
  return rows[0] ?? null;
}

/**
 * The stored files of the given upload rows that no other upload row names (an import stores a
 * picture once), as an SQL fragment over a CTE `gone (file, id)` of deleted rows.
 */
const filesNoLongerNamed = `SELECT DISTINCT g.file FROM gone g WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND u.id NOT IN (SELECT id FROM gone))`;

/**
 * Deletes a visible photo of an album whose row the caller locked (its upload row, so the quota
 * frees its bytes) and takes it off the album's count. Answers whether it was there, and the files
 * to remove after the commit.
 */
export async function deletePhoto(db: Queryable, albumId: number, photoId: number): Promise<{ deleted: boolean; files: string[] }> {
  const { rows } = await db.query<{ deleted: boolean; files: string[] }>(
    `WITH gone AS (
       DELETE FROM uploads WHERE id = (SELECT upload_id FROM album_photos WHERE photo_id = $2 AND album_id = $1 AND removed_at IS NULL)
       RETURNING file, id
     ), counted AS (
       UPDATE albums SET photo_count = photo_count - 1, mtime = now(),
              cover_photo_id = CASE WHEN cover_photo_id = $2 THEN NULL ELSE cover_photo_id END
        WHERE album_id = $1 AND EXISTS (SELECT 1 FROM gone)
     )
     SELECT EXISTS (SELECT 1 FROM gone) AS deleted, array(${filesNoLongerNamed}) AS files`,
    [albumId, photoId],
  );
  return rows[0]!;
}

/** Deletes an album whose row the caller locked with all its photos, removed ones too; answers the files to remove after the commit. */
export async function deleteAlbum(db: Queryable, albumId: number): Promise<string[]> {
  const { rows } = await db.query<{ file: string }>(
    `WITH gone AS (
       DELETE FROM uploads WHERE id IN (SELECT upload_id FROM album_photos WHERE album_id = $1) RETURNING file, id
     )
     ${filesNoLongerNamed}`,
    [albumId],
  );
  await db.query('DELETE FROM albums WHERE album_id = $1', [albumId]);
  return rows.map((r) => r.file);
}
