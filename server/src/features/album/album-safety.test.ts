/**
 * 相册 made safe (docs/api.md "相册"): every mutating route tried by another user, a blocked, a
 * frozen and a banned user; archive mode; a photo reported, removed (hidden from everyone, its
 * owner too, and not counted) and restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_MSG, REPORT_MSG, type ReportGroup } from '@xiaoba/shared/core';
import { ARCHIVE_MSG } from '../../api/http/archive';
import { MSG } from '../../api/http/errors';
import { json, inArchiveMode, startTestApp, type TestApp } from '../../test/helpers';
import { newModerator, sanction, type Caller } from '../../test/people';
import { anotherPng, as, createAlbum, follow, person, uploadPhoto, type Person } from './album-testing';

let t: TestApp;
let mod: Caller;

beforeAll(async () => {
  t = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
  mod = await newModerator(t);
});
afterAll(() => t?.close());

const albumOf = async (viewer: Person, albumId: number) => json(await viewer.call('GET', `/api/album/photos/${albumId}?pageNum=1`));

describe('each mutating route tried by another user, a blocked, a frozen and a banned user', () => {
  let owner: Person;
  let other: Person;
  let blocked: Person;
  let frozen: Person;
  let banned: Person;
  let frozenMsg: string;
  let albumId: number;
  let photoId: number;
  /** An album and a photo of each sanctioned user's own, made before the sanctions. */
  const own = new Map<number, { albumId: number; photoId: number }>();

  beforeAll(async () => {
    owner = await person(t, '主人');
    other = await person(t, '旁人');
    blocked = await person(t, '被拉黑的');
    frozen = await person(t, '被冻结的');
    banned = await person(t, '被封禁的');
    albumId = await createAlbum(owner, '公开相册', 'public');
    photoId = (await uploadPhoto(owner, albumId)).photoId;
    for (const m of [blocked, frozen, banned]) {
      const theirs = await createAlbum(m, '我的', 'public');
      own.set(m.uid, { albumId: theirs, photoId: (await uploadPhoto(m, theirs, await anotherPng())).photoId });
    }
    await follow(t, blocked, owner);
    await sanction(mod, { owner, blocked, frozen, banned });
    frozenMsg = json(await frozen.call('POST', '/api/yy/createyy', { content: '试试' })).msg;
    expect(frozenMsg).toContain('冻结');
  });

  const FORBIDDEN = { code: 403, msg: ALBUM_MSG.forbidden };

  it('POST /api/album/create: a frozen user gets the freeze, a banned one 401', async () => {
    expect(json(await frozen.call('POST', '/api/album/create', { name: '新相册' }))).toEqual({ code: 403, msg: frozenMsg });
    expect(json(await banned.call('POST', '/api/album/create', { name: '新相册' }))).toEqual({ code: 401, msg: MSG.sessionExpired });
    // The blocked user keeps their own space.
    expect(json(await blocked.call('POST', '/api/album/create', { name: '新相册' })).code).toBe(200);
  });

  it("PATCH /api/album/update: another user and a blocked one cannot change the owner's album; a frozen one not even theirs; a banned one 401", async () => {
    for (const m of [other, blocked]) expect(json(await m.call('PATCH', '/api/album/update', { albumId, name: '改了' }))).toEqual(FORBIDDEN);
    expect(json(await frozen.call('PATCH', '/api/album/update', { albumId: own.get(frozen.uid)!.albumId, name: '改了' }))).toEqual({
      code: 403,
      msg: frozenMsg,
    });
    expect(json(await banned.call('PATCH', '/api/album/update', { albumId: own.get(banned.uid)!.albumId, name: '改了' })).code).toBe(401);
    expect((await albumOf(owner, albumId)).data.album.name).toBe('公开相册');
  });

  it('POST /api/album/upload: nobody but the owner uploads into the album; a frozen one not even into theirs; a banned one 401', async () => {
    for (const m of [other, blocked]) expect(json(await m.upload(albumId))).toEqual(FORBIDDEN);
    expect(json(await frozen.upload(own.get(frozen.uid)!.albumId))).toEqual({ code: 403, msg: frozenMsg });
    expect(json(await banned.upload(own.get(banned.uid)!.albumId)).code).toBe(401);
    expect((await albumOf(owner, albumId)).data.total).toBe(1);
  });

  it("DELETE /api/album/photo: another and a blocked user cannot delete the owner's photo; a frozen one deletes theirs; a banned one 401", async () => {
    for (const m of [other, blocked]) expect(json(await m.call('DELETE', `/api/album/photo?photoId=${photoId}`))).toEqual(FORBIDDEN);
    expect(json(await frozen.call('DELETE', `/api/album/photo?photoId=${own.get(frozen.uid)!.photoId}`))).toEqual({ code: 200, msg: ALBUM_MSG.deleted });
    expect((await banned.call('DELETE', `/api/album/photo?photoId=${own.get(banned.uid)!.photoId}`)).statusCode).toBe(401);
    expect((await albumOf(owner, albumId)).data.total).toBe(1);
  });

  it("DELETE /api/album/delete: another and a blocked user cannot delete the owner's album; a frozen one deletes theirs; a banned one 401", async () => {
    for (const m of [other, blocked]) expect(json(await m.call('DELETE', `/api/album/delete?albumId=${albumId}`))).toEqual(FORBIDDEN);
    expect(json(await frozen.call('DELETE', `/api/album/delete?albumId=${own.get(frozen.uid)!.albumId}`))).toEqual({ code: 200, msg: ALBUM_MSG.deleted });
    expect((await banned.call('DELETE', `/api/album/delete?albumId=${own.get(banned.uid)!.albumId}`)).statusCode).toBe(401);
    expect((await albumOf(owner, albumId)).code).toBe(200);
  });

  it('a frozen user still reads; a banned one reads nothing', async () => {
    expect((await albumOf(frozen, albumId)).code).toBe(200);
    expect((await frozen.call('GET', `/api/album/list/${owner.uid}`)).statusCode).toBe(200);
    expect((await banned.call('GET', `/api/album/list/${owner.uid}`)).statusCode).toBe(401);
  });

  it("a block ends the blocked user's follow: a followers-only album is no longer theirs to see", async () => {
    const fansOnly = await createAlbum(owner, '粉丝相册', 'followers');
    const fan = await person(t, '还是粉丝');
    await follow(t, fan, owner);
    expect((await albumOf(fan, fansOnly)).code).toBe(200);
    expect(await albumOf(blocked, fansOnly)).toEqual({ code: 404, msg: ALBUM_MSG.notFound });
  });
});

describe('ARCHIVE_MODE=1', () => {
  it('reads, and refuses every mutating route', async () => {
    const me = await person(t, '存档');
    const albumId = await createAlbum(me);
    const { photoId } = await uploadPhoto(me, albumId);
    await inArchiveMode(t, async (archive) => {
      const ra = await as(archive, me.uid);
      expect(json(await ra.call('GET', `/api/album/photos/${albumId}?pageNum=1`)).data.total).toBe(1);
      expect(json(await ra.call('GET', `/api/album/list/${me.uid}`)).data).toHaveLength(1);
      const closed = { code: 403, msg: ARCHIVE_MSG };
      expect(json(await ra.call('POST', '/api/album/create', { name: '存档后' }))).toEqual(closed);
      expect(json(await ra.call('PATCH', '/api/album/update', { albumId, name: '存档后' }))).toEqual(closed);
      expect(json(await ra.upload(albumId))).toEqual(closed);
      expect(json(await ra.call('DELETE', `/api/album/photo?photoId=${photoId}`))).toEqual(closed);
      expect(json(await ra.call('DELETE', `/api/album/delete?albumId=${albumId}`))).toEqual(closed);
    });
  });
});

describe('a reported photo', () => {
  it('is reported by whoever may see it, shown to the moderator as itself, removed from everyone (its owner too) and restored', async () => {
    const owner = await person(t, '照片主人');
    const reporter = await person(t, '举报人');
    const stranger = await person(t, '看不到的人');
    const albumId = await createAlbum(owner, '朋友相册', 'mutual');
    await follow(t, reporter, owner);
    await follow(t, owner, reporter);
    const older = await uploadPhoto(owner, albumId, await anotherPng());
    const photo = await uploadPhoto(owner, albumId, await anotherPng());
    const report = (m: Person) => m.call('POST', '/api/report/add', { kind: 'photo', id: photo.photoId, reason: 'personal' });
    // Not visible to a stranger: nothing to report.
    expect(json(await report(stranger))).toEqual({ code: 404, msg: REPORT_MSG.notFound });
    expect(json(await report(reporter))).toEqual({ code: 200, msg: REPORT_MSG.reported });

    const queue = json(await mod.call('GET', '/api/mod/reports?pageNum=1')).data.records as ReportGroup[];
    const group = queue.find((g) => g.target.kind === 'photo' && g.target.id === photo.photoId)!;
    expect(group.target).toMatchObject({
      uid: owner.uid,
      username: '照片主人',
      context: '照片主人的相册「朋友相册」里的照片',
      href: `/${owner.uid}/photo/${albumId}`,
      imageUrl: photo.url,
      removed: false,
      gone: false,
    });

    const act = (action: 'remove' | 'restore') =>
      mod.call('POST', '/api/mod/action', { action, target: { kind: 'photo', id: photo.photoId }, uid: owner.uid, rule: 'personal', reason: '照片里有住址' });
    expect(json(await act('remove')).code).toBe(200);
    for (const viewer of [owner, reporter]) {
      const page = (await albumOf(viewer, albumId)).data;
      expect(page.records.map((p: { photoId: number }) => p.photoId)).toEqual([older.photoId]);
      expect(page.total).toBe(1);
      expect(page.album).toMatchObject({ photoCount: 1, coverPhotoId: older.photoId });
    }
    // Not the owner's to delete or make a cover while removed.
    expect(json(await owner.call('DELETE', `/api/album/photo?photoId=${photo.photoId}`))).toEqual({ code: 404, msg: ALBUM_MSG.photoNotFound });
    expect(json(await owner.call('PATCH', '/api/album/update', { albumId, coverPhotoId: photo.photoId }))).toEqual({ code: 400, msg: ALBUM_MSG.badCover });
    const removedPage = json(await mod.call('GET', `/api/mod/user/${owner.uid}`)).data;
    expect(removedPage.removed.map((r: { kind: string; id: number }) => [r.kind, r.id])).toContainEqual(['photo', photo.photoId]);

    expect(json(await act('restore')).code).toBe(200);
    const restored = (await albumOf(owner, albumId)).data;
    expect(restored.records.map((p: { photoId: number }) => p.photoId)).toEqual([photo.photoId, older.photoId]);
    expect(restored.album).toMatchObject({ photoCount: 2, coverPhotoId: photo.photoId });
  });
});
