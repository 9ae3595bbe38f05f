/** The operator's purge (`npm run moderator -- purge <days>`) of removed album photos: their rows, upload rows and files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../data/pool';
import { startTestApp, type TestApp } from '../../test/helpers';
import { uploadPngPhoto } from '../../test/albums';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { purgeRemoved } from './queries/removal';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(NO_POST_LIMITS);
});
afterAll(() => t?.close());

const uploadPhoto = (m: Member, albumId: number, width: number) => uploadPngPhoto(t.app, m.token, albumId, width);

describe("the operator's purge", () => {
  it('deletes a photo removed long enough ago with its upload row, and names its file for removal', async () => {
    const owner = await member(t, '被清理的');
    const mod = await member(t, '管理员');
    const albumId = json(await owner.call('POST', '/api/album/create', { name: '春游' })).data.albumId as number;
    const kept = await uploadPhoto(owner, albumId, 40);
    const purged = await uploadPhoto(owner, albumId, 41);
    const recent = await uploadPhoto(owner, albumId, 42);
    await t.pool.query(`UPDATE album_photos SET removed_at = now() - interval '40 days', removed_by = $2 WHERE photo_id = $1`, [purged.photoId, mod.uid]);
    await t.pool.query(`UPDATE album_photos SET removed_at = now() - interval '2 days', removed_by = $2 WHERE photo_id = $1`, [recent.photoId, mod.uid]);
    const result = await withTransaction(t.pool, (db) => purgeRemoved(db, 30));
    expect(result.photos).toBe(1);
    expect(result.files.filter((f) => f.startsWith('album/'))).toEqual([purged.url.slice('/uploads/'.length)]);
    const left = await t.pool.query('SELECT photo_id FROM album_photos WHERE album_id = $1 ORDER BY photo_id', [albumId]);
    expect(left.rows.map((r) => r.photo_id)).toEqual([kept.photoId, recent.photoId]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM uploads WHERE uid = $1', [owner.uid])).rows[0].n).toBe(2);
  });
});
