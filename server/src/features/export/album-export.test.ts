/**
 * 相册 in a user's export (docs/export-format.md "albums"): every album with its photos (the files
 * in `photos/`), in data.json and in the offline index.html; a photo a moderator removed is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, multipart, NO_POST_LIMITS, pngImage, type Member } from '../../test/yy';
import { exportOf, unzip } from './fixtures';

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

async function upload(m: Member, albumId: number, width: number): Promise<number> {
  const form = multipart('file', 'a.png', 'image/png', await pngImage(width, 30));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/album/upload?albumId=${albumId}`,
    payload: form.body,
    headers: { authorization: `Bearer ${m.token}`, 'content-type': form.contentType },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.photoId as number;
}

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, exportPerHour: 0 });
  alice = await member(t, '小爱');
  const bob = await member(t, '小波');
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  const trip = json(await alice.call('POST', '/api/album/create', { name: '春游<b>', visibility: 'self' })).data.albumId as number;
  json(await alice.call('POST', '/api/album/create', { name: '空相册' }));
  for (const width of [40, 41]) photoIds.push(await upload(alice, trip, width));
  removedId = await upload(alice, trip, 42);
  await t.pool.query(`UPDATE album_photos SET removed_at = now(), removed_by = $2 WHERE photo_id = $1`, [removedId, mod.uid]);
  // Bob's album is not in Alice's export.
  const bobs = json(await bob.call('POST', '/api/album/create', { name: '小波的相册' })).data.albumId as number;
  await upload(bob, bobs, 43);
  entries = await unzip((await exportOf(t, alice)).zip);
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
