/**
 * 相册 in a user's export (docs/export-format.md "albums"): every album with its photos (the files
 * in `photos/`), in data.json and in the offline index.html; a photo a moderator removed is left out.
 * An import restores them: once, within the storage quota, with their visibility and cover.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { uploadPngPhoto } from '../../test/albums';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { createUser } from '../../test/users';
import { TokenSigner } from '../../api/auth/tokens';
import { TEST_JWT_SECRET } from '../../test/helpers';
import { exportOf, importZip, unzip, zipOf } from './fixtures';

let t: TestApp;
let alice: Member;
let mod: Member;
let entries: Map<string, Buffer>;
let folder: string;
let data: {
  albums: Array<{
    id: number;
    name: string;
    visibility: string;
    coverPhotoId: number;
    photos: Array<{ id: number; file: string; width: number; height: number; size: number }>;
  }>;
};
const photoIds: number[] = [];
let removedId: number;
let zip: Buffer;

const upload = async (m: Member, albumId: number, width: number) => (await uploadPngPhoto(t.app, m.token, albumId, width)).photoId;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, exportPerHour: 0 });
  alice = await member(t, '小爱');
  const bob = await member(t, '小波');
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  const trip = json(await alice.call('POST', '/api/album/create', { name: '春游<b>', visibility: 'self' })).data.albumId as number;
  json(await alice.call('POST', '/api/album/create', { name: '空相册' }));
  for (const width of [40, 41]) photoIds.push(await upload(alice, trip, width));
  const cover = await t.app.inject({
    method: 'PATCH',
    url: '/api/album/update',
    payload: { albumId: trip, coverPhotoId: photoIds[0] },
    headers: { authorization: `Bearer ${alice.token}` },
  });
  expect(cover.statusCode, cover.body).toBe(200);
  removedId = await upload(alice, trip, 42);
  await t.pool.query(`UPDATE album_photos SET removed_at = now(), removed_by = $2 WHERE photo_id = $1`, [removedId, mod.uid]);
  // Bob's album is not in Alice's export.
  const bobs = json(await bob.call('POST', '/api/album/create', { name: '小波的相册' })).data.albumId as number;
  await upload(bob, bobs, 43);
  zip = (await exportOf(t, alice)).zip;
  entries = await unzip(zip);
  folder = [...entries.keys()][0]!.split('/')[0]!;
  data = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
});
afterAll(() => t?.close());

describe('an export with albums', () => {
  it('holds every album, the newest first, with its photos oldest first; not a removed photo', () => {
    expect(data.albums.map((a) => [a.name, a.visibility, a.photos.length])).toEqual([
      ['空相册', 'public', 0],
      ['春游', 'self', 2],
    ]);
    expect(data.albums[1]!.photos.map((p) => p.id)).toEqual(photoIds);
    expect(data.albums[1]!.photos.map((p) => p.id)).not.toContain(removedId);
  });

  it('carries each photo as a file of the ZIP', () => {
    for (const photo of data.albums[1]!.photos) {
      expect(photo.file).toMatch(/^photos\/[0-9a-f]{32}\.webp$/);
      expect(entries.get(`${folder}/${photo.file}`)?.length).toBe(photo.size);
    }
    const photoFiles = [...entries.keys()].filter((k) => k.startsWith(`${folder}/photos/`));
    expect(photoFiles).toHaveLength(2);
  });

  it('shows them in index.html, escaped, with alt texts, readable offline', () => {
    const html = entries.get(`${folder}/index.html`)!.toString();
    expect(html).toContain('我的相册');
    expect(html).toContain('<b>春游</b> <span class="muted">仅自己可见 · 2 张照片');
    expect(html).toContain(`src="${data.albums[1]!.photos[0]!.file}"`);
    expect(html).toContain('alt="小爱的相册「春游」的第1张照片"');
    expect(html).not.toContain('小波的相册');
  });
});

describe('an import of albums', () => {
  const albumsOf = async (m: Member) =>
    json(await m.call('GET', `/api/album/list/${m.uid}`)).data as Array<{
      albumId: number;
      name: string;
      visibility: string;
      photoCount: number;
      coverPhotoId: number;
      coverUrl: string;
    }>;

  it('on the same site: restores a deleted album with its photos, visibility and cover, and nothing twice', async () => {
    const trip = (await albumsOf(alice)).find((a) => a.name === '春游')!;
    expect(json(await alice.call('DELETE', `/api/album/delete?albumId=${trip.albumId}`)).code).toBe(200);
    const first = await importZip(t, alice, zip);
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data.created).toMatchObject({ albums: 1, photos: 2 });
    expect(json(first).data.skipped).toMatchObject({ albums: 1, photos: 0 });
    const restored = (await albumsOf(alice)).find((a) => a.name === '春游')!;
    expect(restored).toMatchObject({ visibility: 'self', photoCount: 2 });
    const page = json(await alice.call('GET', `/api/album/photos/${restored.albumId}?pageNum=1`)).data;
    expect(page.records).toHaveLength(2);
    // The cover the owner chose: the older photo.
    expect(restored.coverPhotoId).toBe(page.records[1].photoId);
    for (const photo of page.records) {
      expect(photo.url).toMatch(/^\/uploads\/album\//);
      // Stored (the album is the owner's alone: its files are not served to a request without her page session).
      expect((await stat(path.join(t.config.uploadsDir, photo.url.slice('/uploads/'.length)))).size).toBe(photo.size);
    }
    const again = json(await importZip(t, alice, zip)).data;
    expect(again.created).toMatchObject({ albums: 0, photos: 0 });
    expect(again.skipped).toMatchObject({ albums: 2, photos: 2 });
    expect((await albumsOf(alice)).map((a) => a.name).sort()).toEqual(['春游', '空相册']);
  });

  it('an export made before albums existed (no `albums`) imports as before', async () => {
    const old = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
    delete old.albums;
    const withoutAlbums = await zipOf(
      [...entries]
        .filter(([name]) => !name.includes('/photos/') && !name.endsWith('signature.txt'))
        .map(([name, bytes]) => [name, name.endsWith('/data.json') ? JSON.stringify(old) : bytes] as [string, Buffer | string]),
    );
    const res = await importZip(t, alice, withoutAlbums);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.created).toMatchObject({ albums: 0, photos: 0 });
    expect(json(res).data.skipped).toMatchObject({ albums: 0, photos: 0 });
  });

  it('on another instance: restores them for the same e-mail, within the storage quota', async () => {
    const b = await startTestApp({ ...NO_POST_LIMITS, storage: { ...t.config.storage, quotaMb: 1 } });
    try {
      await b.pool.query(`UPDATE app_secrets SET value = 'site-b' WHERE name = 'instance_id'`);
      const email = (await t.pool.query<{ email: string }>('SELECT email FROM users WHERE uid = $1', [alice.uid])).rows[0]!.email;
      const { uid } = await createUser(b.pool, { name: '小爱B', email });
      const token = await new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET)).signAccess(uid, 900);
      const aliceB: Member = {
        uid,
        token,
        call: (method, url, payload) => b.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }),
        upload: () => Promise.reject(new Error('not used')),
      };
      // Room for one photo only.
      const size = data.albums[1]!.photos[0]!.size;
      await b.pool.query(`INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, 'yy/' || md5(random()::text) || '.webp', $2, 1, 1)`, [
        uid,
        1024 * 1024 - size - 10,
      ]);
      const res = await importZip(b, aliceB, zip);
      expect(res.statusCode, res.body).toBe(200);
      const report = json(res).data;
      expect(report.created).toMatchObject({ albums: 2, photos: 1 });
      expect(report.unrestorable).toContainEqual({ kind: 'photo', id: data.albums[1]!.photos[1]!.id, reason: '你的图片空间已满' });
      const lists = await albumsOf(aliceB);
      expect(lists.map((a) => [a.name, a.photoCount]).sort()).toEqual([
        ['春游', 1],
        ['空相册', 0],
      ]);
    } finally {
      await b.close();
    }
  });
});
