/**
 * The plan's albums: the importer's own, each with its photos. An album or photo restored before
 * (its origin key) is skipped; the rest is created within the site's limits (100 albums, 500
 * photos an album), the storage room, and, for an export this site did not sign, the import
 * quota of pictures (a photo counts as one).
 */
import { ALBUM_MSG, ALBUM_PHOTOS_MAX, ALBUMS_MAX, albumNameError, cleanAlbumName, isVisibility } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { byTime, createdRef, type PlanState, type RowRef } from './plan-state';

export async function planAlbums(s: PlanState, db: Queryable): Promise<void> {
  if (s.data.albums.length === 0) return;
  const { rows } = await db.query<{ album_id: number; photo_count: number }>('SELECT album_id, photo_count FROM albums WHERE uid = $1', [s.uid]);
  const photosIn = new Map(rows.map((r) => [r.album_id, r.photo_count]));
  let albumsLeft = ALBUMS_MAX - rows.length;

  for (const album of [...s.data.albums].sort(byTime)) {
    await s.step();
    const found = s.find('albums', s.key(album), s.uid, s.uid);
    let ref: RowRef;
    let photos: number;
    if (typeof found === 'number') {
      ref = { id: found };
      photos = photosIn.get(found) ?? 0;
      s.report.skipped.albums++;
    } else {
      const name = cleanAlbumName(album.name);
      const refusal = found === 'other' ? '与本站现有的内容不符' : (albumNameError(name) ?? (albumsLeft <= 0 ? ALBUM_MSG.tooManyAlbums : null));
      if (refusal !== null || !isVisibility(album.visibility)) {
        s.report.unrestorable.push({ kind: 'album', id: album.id, reason: refusal ?? ALBUM_MSG.badVisibility });
        continue;
      }
      albumsLeft--;
      ref = createdRef(s.key(album), s.uid);
      photos = 0;
      const cover = album.photos.find((p) => p.id === album.coverPhotoId);
      s.plan.albums.push({
        key: s.key(album),
        name,
        visibility: album.visibility,
        ctime: album.ctime,
        mtime: album.mtime,
        coverKey: cover ? s.key(cover) : null,
      });
      s.report.created.albums++;
    }
    for (const photo of [...album.photos].sort(byTime)) {
      const here = s.find('album_photos', s.key(photo), s.uid, 'id' in ref ? ref.id : null);
      if (typeof here === 'number') {
        s.report.skipped.photos++;
        continue;
      }
      const picture = s.input.pictures.get(photo.file);
      const refusal = here === 'other' ? '与本站现有的内容不符' : !picture ? '图片缺失或已损坏' : photos >= ALBUM_PHOTOS_MAX ? ALBUM_MSG.albumFull : null;
      if (refusal !== null) {
        s.report.unrestorable.push({ kind: 'photo', id: photo.id, reason: refusal });
        continue;
      }
      if (!s.signed && s.quotaLeft.images <= 0) {
        s.overQuota.images++;
        continue;
      }
      if (!s.storable(picture!)) {
        s.report.unrestorable.push({ kind: 'photo', id: photo.id, reason: '你的图片空间已满' });
        continue;
      }
      if (!s.signed) {
        s.quotaLeft.images--;
        s.plan.usage.images++;
      }
      photos++;
      s.plan.photos.push({ key: s.key(photo), album: ref, ctime: photo.ctime, picture: photo.file });
      s.report.created.photos++;
    }
  }
}
