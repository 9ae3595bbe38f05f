/**
 * Writing the plan's albums and photos: the albums, then each photo's `uploads` row (its bytes in
 * the quota) and its `album_photos` row, then the albums' counts and the covers the export named.
 */
import type { Queryable } from '../../../data/pool';
import type { CheckedPicture } from './pictures';
import type { ImportPlan, RowRef } from './plan-state';

export async function writeAlbums(
  db: Queryable,
  uid: number,
  plan: Pick<ImportPlan, 'albums' | 'photos'>,
  pictures: Map<string, CheckedPicture>,
  photoFiles: Map<string, string>,
): Promise<void> {
  const ids = new Map<string, number>();
  const albumOf = (ref: RowRef): number => ('id' in ref ? ref.id : ids.get(ref.created)!);
  if (plan.albums.length > 0) {
    const inserted = await db.query<{ id: number; origin: string }>(
      `INSERT INTO albums (uid, name, visibility, ctime, mtime, origin)
       SELECT $1::bigint, * FROM unnest($2::text[], $3::text[], $4::timestamp[], $5::timestamp[], $6::text[])
       RETURNING album_id AS id, origin`,
      [uid, ...(['name', 'visibility', 'ctime', 'mtime', 'key'] as const).map((k) => plan.albums.map((a) => a[k]))],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${uid}`, row.id);
  }
  if (plan.photos.length === 0) return;

  // The uploads' ids taken first, so each photo names its own row (one file may serve two photos).
  const { rows: uploadIds } = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('uploads', 'id'))::bigint AS id FROM generate_series(1, $1)`,
    [plan.photos.length],
  );
  const picture = (name: string) => pictures.get(name)!;
  await db.query(
    `INSERT INTO uploads (id, uid, file, size, width, height, ctime) OVERRIDING SYSTEM VALUE
     SELECT t.id, $1::bigint, t.file, t.size, t.width, t.height, t.ctime
       FROM unnest($2::bigint[], $3::text[], $4::int[], $5::int[], $6::int[], $7::timestamp[]) AS t(id, file, size, width, height, ctime)`,
    [
      uid,
      uploadIds.map((r) => r.id),
      plan.photos.map((p) => photoFiles.get(picture(p.picture).hash)!),
      plan.photos.map((p) => picture(p.picture).size),
      plan.photos.map((p) => picture(p.picture).width),
      plan.photos.map((p) => picture(p.picture).height),
      plan.photos.map((p) => p.ctime),
    ],
  );
  const photos = await db.query<{ id: number; origin: string }>(
    `INSERT INTO album_photos (album_id, uid, upload_id, ctime, origin)
     SELECT t.album, $1::bigint, t.upload, t.ctime, t.origin FROM unnest($2::bigint[], $3::bigint[], $4::timestamp[], $5::text[]) AS t(album, upload, ctime, origin)
     RETURNING photo_id AS id, origin`,
    [uid, plan.photos.map((p) => albumOf(p.album)), uploadIds.map((r) => r.id), plan.photos.map((p) => p.ctime), plan.photos.map((p) => p.key)],
  );
  const photoIds = new Map(photos.rows.map((r) => [r.origin, r.id]));
  await db.query(
    `UPDATE albums a SET photo_count = a.photo_count + t.n FROM (SELECT album, count(*)::int AS n FROM unnest($1::bigint[]) AS album GROUP BY album) t
      WHERE a.album_id = t.album`,
    [plan.photos.map((p) => albumOf(p.album))],
  );
  // The covers the export chose, where that photo came with this import.
  const covers = plan.albums.filter((a) => a.coverKey !== null && photoIds.has(a.coverKey));
  if (covers.length > 0) {
    await db.query(`UPDATE albums a SET cover_photo_id = t.cover FROM unnest($1::bigint[], $2::bigint[]) AS t(album, cover) WHERE a.album_id = t.album`, [
      covers.map((a) => ids.get(`${a.key}|${uid}`)!),
      covers.map((a) => photoIds.get(a.coverKey!)!),
    ]);
  }
}
