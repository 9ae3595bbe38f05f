/**
 * 相册 (docs/api.md "相册"): who sees an album and its photos (the four visibilities, by the
 * owner, a fan, a mutual friend, a stranger and a signed-out caller), the defaults by age, the
 * limits (100 albums, 500 photos, the storage quota), the cover, deletion (files and quota), and
 * that an uploaded photo keeps no camera or location data.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_MSG, ALBUMS_MAX, ALBUM_PHOTOS_MAX, VISIBILITIES } from '@xiaoba/shared/core';
import { json, startTestApp, type TestApp } from '../../test/helpers';
import { hasGpsBlock, jpegWithGps } from '../../test/yy';
import { quotaFullMessage } from '../../uploads/quota';
import { anotherPng, createAlbum, follow, person, signedOut, uploadPhoto, type Person } from './album-testing';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
});
afterAll(() => t?.close());

const list = async (viewer: Person | null, owner: Person) =>
  json(await (viewer ?? signedOut(t.app)).call('GET', `/api/album/list/${owner.uid}`)).data as Array<{ albumId: number; name: string }>;
const photos = (viewer: Person | null, albumId: number, query = 'pageNum=1') =>
  (viewer ?? signedOut(t.app)).call('GET', `/api/album/photos/${albumId}?${query}`);
const storedFiles = async () => (await readdir(path.join(t.config.uploadsDir, 'album')).catch(() => [] as string[])).length;
const quotaUsed = async (uid: number) => Number((await t.pool.query('SELECT coalesce(sum(size), 0) AS n FROM uploads WHERE uid = $1', [uid])).rows[0].n);

describe('who sees an album', () => {
  it('each visibility, seen by the owner, a fan, a mutual friend, a stranger and a signed-out caller; the unseen answers like a missing album', async () => {
    const owner = await person(t, '相册主人');
    const fan = await person(t, '粉丝');
    const friend = await person(t, '好友');
    const stranger = await person(t, '陌生人');
    await follow(t, fan, owner);
    await follow(t, friend, owner);
    await follow(t, owner, friend);
    const ids: Record<string, number> = {};
    for (const visibility of VISIBILITIES) {
      ids[visibility] = await createAlbum(owner, `相册-${visibility}`, visibility);
      await uploadPhoto(owner, ids[visibility]!);
    }
    const sees: Record<string, string[]> = {
      owner: ['public', 'followers', 'mutual', 'self'],
      fan: ['public', 'followers'],
      friend: ['public', 'followers', 'mutual'],
      stranger: ['public'],
      signedOut: ['public'],
    };
    const viewers: Record<string, Person | null> = { owner, fan, friend, stranger, signedOut: null };
    const missing = json(await photos(stranger, 999_999_999));
    expect(missing).toEqual({ code: 404, msg: ALBUM_MSG.notFound });
    for (const [who, viewer] of Object.entries(viewers)) {
      const names = (await list(viewer, owner)).map((a) => a.name).sort();
      expect(names, who).toEqual(sees[who]!.map((v) => `相册-${v}`).sort());
      for (const visibility of VISIBILITIES) {
        const res = json(await photos(viewer, ids[visibility]!));
        if (sees[who]!.includes(visibility)) {
          expect(res.code, `${who} ${visibility}`).toBe(200);
          expect(res.data.records).toHaveLength(1);
          expect(res.data.owner).toEqual({ uid: owner.uid, name: '相册主人', face: expect.any(Number), avatar: '' });
        } else {
          expect(res, `${who} ${visibility}`).toEqual(missing);
        }
      }
    }
  });

  it('a bad token is refused (401), not read as signed out', async () => {
    const owner = await person(t, '令牌');
    const res = await t.app.inject({ method: 'GET', url: `/api/album/list/${owner.uid}`, headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
  });

  it('a missing user’s list is 404 用户不存在; one without albums is empty', async () => {
    const nobody = await person(t, '没相册');
    expect(json(await nobody.call('GET', '/api/album/list/999999999'))).toEqual({ code: 404, msg: ALBUM_MSG.userNotFound });
    expect(await list(nobody, nobody)).toEqual([]);
  });

  it('starts public for an adult, mutual for a child and for an account without a birthday, whatever is chosen later', async () => {
    const kid = await person(t, '小学生', '2016-05-01');
    const noBirthday = await person(t, '无生日', null);
    const adult = await person(t, '成年人');
    const visibilityOf = async (p: Person, albumId: number) => (await list(p, p)).find((a) => a.albumId === albumId) as unknown as { visibility: string };
    expect((await visibilityOf(kid, await createAlbum(kid))).visibility).toBe('mutual');
    expect((await visibilityOf(noBirthday, await createAlbum(noBirthday, '相册', ''))).visibility).toBe('mutual');
    expect((await visibilityOf(adult, await createAlbum(adult))).visibility).toBe('public');
    expect((await visibilityOf(kid, await createAlbum(kid, '公开的', 'public'))).visibility).toBe('public');
  });
});

describe('create and update', () => {
  it('refuses bad input with clear words', async () => {
    const me = await person(t, '输入');
    const create = async (body: object) => json(await me.call('POST', '/api/album/create', body));
    expect(await create({ name: '' })).toEqual({ code: 400, msg: ALBUM_MSG.nameEmpty });
    expect(await create({ name: '名'.repeat(21) })).toEqual({ code: 400, msg: ALBUM_MSG.nameTooLong });
    expect(await create({ name: '好', visibility: 'friends' })).toEqual({ code: 400, msg: ALBUM_MSG.badVisibility });
    const albumId = await createAlbum(me);
    const update = async (body: object) => json(await me.call('PATCH', '/api/album/update', body));
    expect(await update({ albumId })).toEqual({ code: 400, msg: ALBUM_MSG.nothingToChange });
    expect(await update({ albumId, coverPhotoId: 123456789 })).toEqual({ code: 400, msg: ALBUM_MSG.badCover });
    expect(await update({ albumId: 999999999, name: '新' })).toEqual({ code: 404, msg: ALBUM_MSG.notFound });
    expect(await update({ albumId, name: '秋游', visibility: 'self' })).toEqual({ code: 200, msg: ALBUM_MSG.updated });
    const [album] = json(await me.call('GET', `/api/album/list/${me.uid}`)).data;
    expect(album).toMatchObject({ name: '秋游', visibility: 'self', photoCount: 0, coverPhotoId: 0, coverUrl: '' });
  });

  it(`keeps a user at ${ALBUMS_MAX} albums`, async () => {
    const me = await person(t, '很多相册');
    await t.pool.query(`INSERT INTO albums (uid, name, visibility) SELECT $1, '相册' || i, 'self' FROM generate_series(1, $2) i`, [me.uid, ALBUMS_MAX - 1]);
    await createAlbum(me, '最后一个');
    expect(json(await me.call('POST', '/api/album/create', { name: '多一个' }))).toEqual({ code: 409, msg: ALBUM_MSG.tooManyAlbums });
  });

  it('lets parallel creations at the edge make exactly the albums there is room for', async () => {
    const me = await person(t, '同时创建');
    await t.pool.query(`INSERT INTO albums (uid, name, visibility) SELECT $1, '相册' || i, 'self' FROM generate_series(1, $2) i`, [me.uid, ALBUMS_MAX - 2]);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => me.call('POST', '/api/album/create', { name: `并发${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM albums WHERE uid = $1', [me.uid])).rows[0].n).toBe(ALBUMS_MAX);
  });
});

describe('photos', () => {
  it('keeps no camera or location data, and stands the picture upright', async () => {
    const me = await person(t, '摄影师');
    const albumId = await createAlbum(me);
    const camera = await jpegWithGps(400, 200);
    expect(hasGpsBlock((await sharp(camera).metadata()).exif)).toBe(true);
    const photo = await uploadPhoto(me, albumId, camera);
    expect(photo).toMatchObject({ albumId, uid: me.uid, width: 200, height: 400 });
    const stored = await t.app.inject({ method: 'GET', url: photo.url });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('KidCam'))).toBe(false);
  });

  it('refuses a file that is not a picture, and a missing file, in Chinese', async () => {
    const me = await person(t, '传错了');
    const albumId = await createAlbum(me);
    const notPicture = json(await me.upload(albumId, Buffer.from('hello')));
    expect(notPicture.code).toBe(415);
    expect(notPicture.msg).toMatch(/图片/);
    expect(json(await me.upload(999999999))).toEqual({ code: 404, msg: ALBUM_MSG.notFound });
  });

  it('pages newest first, and counts what it shows', async () => {
    const me = await person(t, '翻页');
    const albumId = await createAlbum(me);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadPhoto(me, albumId, await anotherPng())).photoId);
    const first = json(await photos(me, albumId, 'pageNum=1&pageSize=2')).data;
    expect(first.records.map((p: { photoId: number }) => p.photoId)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(first.album).toMatchObject({ albumId, photoCount: 3 });
    const second = json(await photos(me, albumId, 'pageNum=2&pageSize=2')).data;
    expect(second.records.map((p: { photoId: number }) => p.photoId)).toEqual([ids[0]]);
  });

  it(`keeps an album at ${ALBUM_PHOTOS_MAX} photos`, async () => {
    const me = await person(t, '满了');
    const albumId = await createAlbum(me);
    await uploadPhoto(me, albumId);
    // The count the limit reads, as if 499 more had come.
    await t.pool.query('UPDATE albums SET photo_count = $2 WHERE album_id = $1', [albumId, ALBUM_PHOTOS_MAX]);
    expect(json(await me.upload(albumId))).toEqual({ code: 409, msg: ALBUM_MSG.albumFull });
  });

  it('lets parallel uploads at the edge add exactly the photos there is room for', async () => {
    const me = await person(t, '同时上传');
    const albumId = await createAlbum(me);
    await t.pool.query('UPDATE albums SET photo_count = $2 WHERE album_id = $1', [albumId, ALBUM_PHOTOS_MAX - 2]);
    const files = await Promise.all([1, 2, 3, 4].map(() => anotherPng()));
    const before = await storedFiles();
    const answers = await Promise.all(files.map((file) => me.upload(albumId, file)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect((await t.pool.query('SELECT photo_count AS n FROM albums WHERE album_id = $1', [albumId])).rows[0].n).toBe(ALBUM_PHOTOS_MAX);
    // The refused files were not kept.
    expect((await t.pool.query('SELECT count(*)::int AS n FROM album_photos WHERE album_id = $1', [albumId])).rows[0].n).toBe(2);
    expect(await storedFiles()).toBe(before + 2);
  });

  it('counts in the storage quota; deleting a photo or an album removes the files and frees the room', async () => {
    const quota = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 }, storage: { ...t.config.storage, quotaMb: 1 } });
    try {
      const me = await person(quota, '配额', '2000-01-02');
      const albumId = await createAlbum(me);
      const photo = await uploadPhoto(me, albumId, await anotherPng());
      const used = Number((await quota.pool.query('SELECT coalesce(sum(size), 0) AS n FROM uploads WHERE uid = $1', [me.uid])).rows[0].n);
      expect(used).toBe(photo.size);
      // Filled to the brim by other pictures: the next photo does not fit.
      await quota.pool.query(`INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, 'yy/' || md5(random()::text) || '.webp', $2, 1, 1)`, [
        me.uid,
        1024 * 1024 - used,
      ]);
      expect(json(await me.upload(albumId))).toEqual({ code: 413, msg: quotaFullMessage(1) });
      expect(json(await me.call('DELETE', `/api/album/photo?photoId=${photo.photoId}`))).toEqual({ code: 200, msg: ALBUM_MSG.deleted });
      expect((await quota.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
      await uploadPhoto(me, albumId, await anotherPng());
    } finally {
      await quota.close();
    }
  });

  it('deleting an album deletes its photos, their files and their bytes; a deleted photo is gone', async () => {
    const me = await person(t, '删相册');
    const albumId = await createAlbum(me);
    const before = await storedFiles();
    const a = await uploadPhoto(me, albumId, await anotherPng());
    await uploadPhoto(me, albumId, await anotherPng());
    expect(await storedFiles()).toBe(before + 2);
    expect(await quotaUsed(me.uid)).toBeGreaterThan(0);
    expect(json(await me.call('DELETE', `/api/album/photo?photoId=${a.photoId}`)).code).toBe(200);
    expect(json(await me.call('DELETE', `/api/album/photo?photoId=${a.photoId}`))).toEqual({ code: 404, msg: ALBUM_MSG.photoNotFound });
    expect(await storedFiles()).toBe(before + 1);
    expect(json(await me.call('DELETE', `/api/album/delete?albumId=${albumId}`))).toEqual({ code: 200, msg: ALBUM_MSG.deleted });
    expect(await storedFiles()).toBe(before);
    expect(await quotaUsed(me.uid)).toBe(0);
    expect(json(await photos(me, albumId))).toEqual({ code: 404, msg: ALBUM_MSG.notFound });
    expect(await list(me, me)).toEqual([]);
  });

  it('is never purged as an unused upload', async () => {
    const me = await person(t, '旧照片');
    const albumId = await createAlbum(me);
    const photo = await uploadPhoto(me, albumId);
    await t.pool.query(`UPDATE uploads SET ctime = now() - interval '3 days' WHERE uid = $1`, [me.uid]);
    const { deleteUnusedUploads } = await import('../../uploads/queries');
    const purged = await deleteUnusedUploads(t.pool, 24);
    expect(purged.some((f) => photo.url.endsWith(f))).toBe(false);
    expect(json(await photos(me, albumId)).data.records).toHaveLength(1);
  });
});

describe('the cover', () => {
  it('is the newest photo, or the chosen one; deleting the chosen one falls back to the newest; empty: 0 and ""', async () => {
    const me = await person(t, '封面');
    const other = await person(t, '别人的封面');
    const albumId = await createAlbum(me);
    const cover = async () => (await list(me, me)).find((a) => a.albumId === albumId) as unknown as { coverPhotoId: number; coverUrl: string };
    expect(await cover()).toMatchObject({ coverPhotoId: 0, coverUrl: '' });
    const first = await uploadPhoto(me, albumId, await anotherPng());
    const second = await uploadPhoto(me, albumId, await anotherPng());
    expect(await cover()).toEqual(expect.objectContaining({ coverPhotoId: second.photoId, coverUrl: second.url }));
    expect(json(await me.call('PATCH', '/api/album/update', { albumId, coverPhotoId: first.photoId })).code).toBe(200);
    expect(await cover()).toEqual(expect.objectContaining({ coverPhotoId: first.photoId, coverUrl: first.url }));
    // A photo of another album is no cover.
    const otherAlbum = await createAlbum(other);
    const foreign = await uploadPhoto(other, otherAlbum);
    expect(json(await me.call('PATCH', '/api/album/update', { albumId, coverPhotoId: foreign.photoId }))).toEqual({ code: 400, msg: ALBUM_MSG.badCover });
    expect(json(await me.call('DELETE', `/api/album/photo?photoId=${first.photoId}`)).code).toBe(200);
    expect(await cover()).toEqual(expect.objectContaining({ coverPhotoId: second.photoId, coverUrl: second.url }));
    expect(json(await me.call('DELETE', `/api/album/photo?photoId=${second.photoId}`)).code).toBe(200);
    expect(await cover()).toMatchObject({ coverPhotoId: 0, coverUrl: '' });
  });
});
