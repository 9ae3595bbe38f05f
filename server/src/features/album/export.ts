/**
 * A user's albums in their export (docs/export-format.md "albums"): every album with the photos its
 * owner still sees (a photo a moderator removed is left out, as removed items are everywhere in an
 * export), newest album first, photos oldest first. The stored file of each photo is its storage key;
 * the export names it inside the ZIP.
 */
import type { Queryable } from '../../data/pool';

export interface AlbumExport {
  id: number;
  /** Where it was first written when it came from an import ('<instance>:<id>'), else null. */
  origin: string | null;
  name: string;
  visibility: string;
  /** The photo the owner chose as cover, 0 for the newest. */
  coverPhotoId: number;
  ctime: string;
  mtime: string;
  photos: Array<{ id: number; origin: string | null; ctime: string; key: string; width: number; height: number; size: number }>;
}

/** `uid`'s albums; `time` writes a timestamp column as the export does. */
export async function exportAlbums(db: Queryable, uid: number, time: (column: string) => string): Promise<AlbumExport[]> {
  const { rows } = await db.query<AlbumExport>(
    `SELECT a.album_id AS id, a.origin, a.name, a.visibility, coalesce(a.cover_photo_id, 0) AS "coverPhotoId",
            ${time('a.ctime')} AS ctime, ${time('a.mtime')} AS mtime,
            coalesce((SELECT json_agg(json_build_object('id', p.photo_id, 'origin', p.origin, 'ctime', ${time('p.ctime')}, 'key', f.file,
                                                        'width', f.width, 'height', f.height, 'size', f.size) ORDER BY p.photo_id)
                        FROM album_photos p JOIN uploads f ON f.id = p.upload_id
                       WHERE p.album_id = a.album_id AND p.removed_at IS NULL), '[]') AS photos
       FROM albums a WHERE a.uid = $1
      ORDER BY a.ctime DESC, a.album_id DESC`,
    [uid],
  );
  return rows;
}
