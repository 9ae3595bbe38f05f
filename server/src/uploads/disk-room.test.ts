/**
 * The free-space floor (DISK_FREE_FLOOR_MB): picture writes stop, with nothing written, before a
 * disk they fill (UPLOADS_DIR's, the embedded PostgreSQL's) is too full (docs/api.md "Storage
 * bounds"): a full disk stops PostgreSQL and so the site.
 */
import { mkdtemp, readdir, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestApp, type TestApp } from '../test/helpers';
import { json, member, multipart, pngImage, NO_POST_LIMITS, type Member } from '../test/yy';
import { assertDiskRoom, DISK_FULL_MSG, pictureDisks, type DiskConfig } from './disk-room';

const MB = 1024 * 1024;
/** More free space than any disk has: 1 EiB. */
const HUGE_FLOOR_MB = 1024 ** 4;

describe('a disk below the floor', () => {
  let t: TestApp;
  let alice: Member;
  beforeAll(async () => {
    t = await startTestApp({ ...NO_POST_LIMITS, storage: { quotaMb: 0, diskFloorMb: HUGE_FLOOR_MB } });
    alice = await member(t, '小爱');
  });
  afterAll(() => t.close());

  const files = async (folder: string) => (await readdir(path.join(t.config.uploadsDir, folder)).catch(() => [] as string[])).length;
  const uploadRows = async () => Number((await t.pool.query('SELECT count(*)::int AS n FROM uploads')).rows[0].n);

  it('refuses a yy upload with 507 and the message, writing no file and no row', async () => {
    const res = await alice.upload(await pngImage(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(507);
    expect(json(res)).toEqual({ code: 507, msg: DISK_FULL_MSG });
    expect(await files('yy')).toBe(0);
    expect(await uploadRows()).toBe(0);
  });

  it('refuses an avatar upload the same way, leaving the avatar as it was', async () => {
    const form = multipart('file', 'me.png', 'image/png', await pngImage());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/avatar/upload',
      payload: form.body,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': form.contentType },
    });
    expect(res.statusCode).toBe(507);
    expect(json(res)).toEqual({ code: 507, msg: DISK_FULL_MSG });
    expect(await files('avatars')).toBe(0);
    expect((await t.pool.query('SELECT avatar, avatar_size FROM users WHERE uid = $1', [alice.uid])).rows[0]).toEqual({ avatar: '', avatar_size: 0 });
  });
});

describe('assertDiskRoom', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'xb-disk-room-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const base = loadConfig({ DATA_DIR: '/srv/xiaoba' });
  const config = (over: Partial<DiskConfig>): DiskConfig => ({ ...base, ...over });

  it('checks UPLOADS_DIR with the local driver and the embedded PostgreSQL cluster, and nothing with S3 and DATABASE_URL', () => {
    const s3 = { bucket: 'b', endpoint: null, region: 'us-east-1', accessKeyId: null, secretAccessKey: null, forcePathStyle: false, prefix: '' };
    expect(pictureDisks(config({ uploadsDir: '/u' }))).toEqual([
      { folder: '/u', holdsPictures: true },
      { folder: '/srv/xiaoba/pg', holdsPictures: false },
    ]);
    expect(pictureDisks(config({ uploadsDir: '/u', databaseUrl: 'postgres://db/x' }))).toEqual([{ folder: '/u', holdsPictures: true }]);
    expect(pictureDisks(config({ s3 }))).toEqual([{ folder: '/srv/xiaoba/pg', holdsPictures: false }]);
    expect(pictureDisks(config({ s3, databaseUrl: 'postgres://db/x' }))).toEqual([]);
  });

  it('reads a folder not made yet on the disk it will be made on, and takes what it let through off its cached reading', async () => {
    const uploadsDir = path.join(dir, 'not', 'yet');
    const stats = await statfs(dir);
    const free = stats.bavail * stats.bsize;
    // 1,000 MB above the floor: 500 MB pass, 600 more within the reading's life do not, 400 do
    // (a margin of 100 MB for what other programs write meanwhile).
    const floorMb = Math.floor(free / MB) - 1000;
    const room = config({ uploadsDir, databaseUrl: 'postgres://db/x', storage: { quotaMb: 0, diskFloorMb: floorMb } });
    const now = Date.now();
    await expect(assertDiskRoom(room, 500 * MB, now)).resolves.toBeUndefined();
    await expect(assertDiskRoom(room, 600 * MB, now + 1)).rejects.toMatchObject({ statusCode: 507, message: DISK_FULL_MSG });
    await expect(assertDiskRoom(room, 400 * MB, now + 2)).resolves.toBeUndefined();
    // A new reading (past READING_TTL_MS) sees the disk as it is: nothing was written.
    await expect(assertDiskRoom(room, 600 * MB, now + 60_000)).resolves.toBeUndefined();
  });

  it('checks nothing with a floor of 0', async () => {
    const off = config({ uploadsDir: dir, storage: { quotaMb: 0, diskFloorMb: 0 } });
    await expect(assertDiskRoom(off, Number.MAX_SAFE_INTEGER)).resolves.toBeUndefined();
  });
});
