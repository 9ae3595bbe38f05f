/**
 * The per-user storage quota (STORAGE_QUOTA_MB) through the routes that store pictures: a yy
 * upload and an avatar upload (docs/api.md "Storage bounds"): one user cannot fill the disk.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestApp, type TestApp } from '../test/helpers';
import { json, member, multipart, noisyJpeg, pngImage, NO_POST_LIMITS, type Member } from '../test/yy';
import { storageUsed } from './quota';

const QUOTA_MB = 1;
const QUOTA = QUOTA_MB * 1024 * 1024;
const FULL = `你的图片空间已满（最多${QUOTA_MB} MB），删掉一些旧yy的图片后再试`;

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, storage: { quotaMb: QUOTA_MB, diskFloorMb: 0 } });
});
afterAll(() => t.close());

let n = 0;
async function freshMembers() {
  n++;
  alice = await member(t, `小爱${n}`);
  bob = await member(t, `小波${n}`);
}

const storedFiles = async (folder: 'yy' | 'avatars') => (await readdir(path.join(t.config.uploadsDir, folder)).catch(() => [] as string[])).sort();
const rowsOf = async (uid: number) => Number((await t.pool.query('SELECT count(*)::int AS n FROM uploads WHERE uid = $1', [uid])).rows[0].n);
const avatarOf = async (uid: number) =>
  (await t.pool.query('SELECT avatar, avatar_size FROM users WHERE uid = $1', [uid])).rows[0] as { avatar: string; avatar_size: number };

/** Upload rows of `bytes` in all for `uid`, as earlier uploads would leave (no files needed), not yet in a yy. */
async function fill(uid: number, bytes: number): Promise<string[]> {
  const { rows } = await t.pool.query<{ file: string }>(
    `INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, 'yy/' || md5(random()::text) || '.webp', $2, 1, 1) RETURNING file`,
    [uid, bytes],
  );
  return rows.map((r) => r.file);
}

function uploadAvatar(m: Member, body: Buffer) {
  const form = multipart('file', 'me.png', 'image/png', body);
  return t.app.inject({
    method: 'POST',
    url: '/api/api/avatar/upload',
    payload: form.body,
    headers: { authorization: `Bearer ${m.token}`, 'content-type': form.contentType },
  });
}

describe('the storage quota', () => {
  it('refuses the next yy upload and avatar upload of a user at the quota (413, nothing stored); another user is unaffected', async () => {
    await freshMembers();
    await fill(alice.uid, QUOTA);
    const before = { yy: await storedFiles('yy'), avatars: await storedFiles('avatars'), rows: await rowsOf(alice.uid) };

    const res = await alice.upload(await pngImage(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 413, msg: FULL });
    const avatar = await uploadAvatar(alice, await pngImage());
    expect(avatar.statusCode).toBe(413);
    expect(json(avatar)).toEqual({ code: 413, msg: FULL });
    expect(await storedFiles('yy')).toEqual(before.yy);
    expect(await storedFiles('avatars')).toEqual(before.avatars);
    expect(await rowsOf(alice.uid)).toBe(before.rows);
    expect((await avatarOf(alice.uid)).avatar).toBe('');

    expect((await bob.upload(await pngImage(), 'b.png', 'image/png')).statusCode).toBe(200);
    expect((await uploadAvatar(bob, await pngImage())).statusCode).toBe(200);
  });

  it('refuses a picture bigger than the room left, and takes it once deleting a yy made room', async () => {
    await freshMembers();
    const photo = await noisyJpeg(300, 300);
    const size = json(await bob.upload(photo)).data.size as number;
    const [filler] = await fill(alice.uid, QUOTA - size + 1);

    const res = await alice.upload(photo);
    expect(res.statusCode).toBe(413);
    expect(json(res).msg).toBe(FULL);
    expect(await storageUsed(t.pool, alice.uid)).toBe(QUOTA - size + 1);

    // The filler goes into a yy; deleting the yy frees its bytes, as the message says.
    const yy = json(await alice.call('POST', '/api/yy/createyy', { content: '旧的', images: [`/uploads/${filler}`] })).data;
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(200);
    expect(await storageUsed(t.pool, alice.uid)).toBe(0);
    expect((await alice.upload(photo)).statusCode).toBe(200);
  });

  it('lets parallel uploads at the edge take exactly the room there is, never more', async () => {
    await freshMembers();
    const photo = await noisyJpeg(300, 300);
    const size = json(await bob.upload(photo)).data.size as number;
    // Room for two of the six.
    await fill(alice.uid, QUOTA - Math.floor(2.5 * size));
    const filesBefore = (await storedFiles('yy')).length;

    const answers = await Promise.all(Array.from({ length: 6 }, () => alice.upload(photo)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 413, 413, 413, 413]);
    expect(await storageUsed(t.pool, alice.uid)).toBeLessThanOrEqual(QUOTA);
    expect(await rowsOf(alice.uid)).toBe(1 + 2);
    // A refused upload's file was removed again: only the two taken are new on disk.
    expect((await storedFiles('yy')).length).toBe(filesBefore + 2);
  });

  it('counts the avatar, and a new avatar only against the rest (it replaces the old one)', async () => {
    await freshMembers();
    const face = await noisyJpeg(300, 300);
    const first = json(await uploadAvatar(alice, face)).data;
    expect(await avatarOf(alice.uid)).toEqual({ avatar: first.avatar, avatar_size: first.size });
    expect(await storageUsed(t.pool, alice.uid)).toBe(first.size);

    // Full with the avatar: another yy picture is refused, a same-size avatar replacing it is not.
    await fill(alice.uid, QUOTA - first.size);
    expect((await alice.upload(await pngImage(), 'a.png', 'image/png')).statusCode).toBe(413);
    const second = await uploadAvatar(alice, face);
    expect(second.statusCode).toBe(200);
    expect(json(second).data.avatar).not.toBe(first.avatar);
    expect(await storageUsed(t.pool, alice.uid)).toBe(QUOTA);

    // A preset face clears the avatar: its bytes stop counting.
    expect((await alice.call('POST', '/api/user/updateface?num=3')).statusCode).toBe(200);
    expect(await storageUsed(t.pool, alice.uid)).toBe(QUOTA - first.size);
  });
});

describe('STORAGE_QUOTA_MB=0', () => {
  it('stores whatever a user already keeps', async () => {
    const off = await startTestApp({ ...NO_POST_LIMITS, storage: { quotaMb: 0, diskFloorMb: 0 } });
    try {
      const carol = await member(off, '小卡');
      await off.pool.query(`INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, 'yy/' || md5('x') || '.webp', 2000000000, 1, 1)`, [carol.uid]);
      expect((await carol.upload(await pngImage(), 'a.png', 'image/png')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('STORAGE_QUOTA_MB and DISK_FREE_FLOOR_MB', () => {
  it('default to 1024 MB each, take 0 for off, and stop the start on a malformed value', () => {
    expect(loadConfig({}).storage).toEqual({ quotaMb: 1024, diskFloorMb: 1024 });
    expect(loadConfig({ STORAGE_QUOTA_MB: '0', DISK_FREE_FLOOR_MB: '0' }).storage).toEqual({ quotaMb: 0, diskFloorMb: 0 });
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '1.5' })).toThrow(/STORAGE_QUOTA_MB/);
    expect(() => loadConfig({ DISK_FREE_FLOOR_MB: '-1' })).toThrow(/DISK_FREE_FLOOR_MB/);
  });
});
