import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { purgeUnusedUploads } from './store';
import { LocalStorage } from './storage';
import { startTestApp, type TestApp } from '../test/helpers';
import { animatedGif, hasGpsBlock, jpegWithGps, json, member, pngImage, startWithAliceAndBob, webpImage, type Member } from '../test/yy';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterAll(() => t.close());

const URL_PATTERN = /^\/uploads\/yy\/[0-9a-f]{32}\.webp$/;
const storedFiles = async () => (await readdir(path.join(t.config.uploadsDir, 'yy')).catch(() => [] as string[])).sort();
const uploadRows = async () => Number((await t.pool.query('SELECT count(*)::int AS n FROM uploads')).rows[0].n);
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length));

/** Expects a refusal that leaves no file and no row behind. */
async function expectRefused(res: Awaited<ReturnType<Member['upload']>>, status: number, msg: string, before: { files: string[]; rows: number }) {
  expect(res.statusCode).toBe(status);
  expect(json(res)).toEqual({ code: status, msg });
  expect(await storedFiles()).toEqual(before.files);
  expect(await uploadRows()).toBe(before.rows);
}
const snapshot = async () => ({ files: await storedFiles(), rows: await uploadRows() });

/** A valid PNG whose header claims `width` x `height` (its CRC fixed up): a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(8, 8));
  // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4) ... CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('POST /api/yy/upload', () => {
  it('re-encodes a JPEG as WebP upright, without EXIF or GPS, and records it', async () => {
    const jpeg = await jpegWithGps(400, 200);
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(hasGpsBlock(input.exif)).toBe(true);
    expect(input.exif!.includes(Buffer.from('KidCam'))).toBe(true);
    const res = await alice.upload(jpeg, 'IMG_0001.JPG', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.msg).toBe('上传成功');
    expect(body.data).toEqual({ url: expect.stringMatching(URL_PATTERN), width: 200, height: 400, size: expect.any(Number) });
    const stored = await readFile(fileOf(body.data.url));
    expect(stored.length).toBe(body.data.size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('KidCam'))).toBe(false);
    expect(hasGpsBlock(stored)).toBe(false);
    const { rows } = await t.pool.query('SELECT uid, size, width, height, weibo_id FROM uploads WHERE file = $1', [body.data.url.slice(9)]);
    expect(rows).toEqual([{ uid: alice.uid, size: body.data.size, width: 200, height: 400, weibo_id: null }]);
  });

  it('shrinks a large picture inside 1600x1600 and never enlarges a small one', async () => {
    const big = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect(json(await alice.upload(big, 'big.png', 'image/png')).data).toMatchObject({ width: 1600, height: 500 });
    expect(json(await alice.upload(await pngImage(64, 48), 'small.png', 'image/png')).data).toMatchObject({ width: 64, height: 48 });
  });

  it.each([
    ['PNG', () => pngImage(64, 48), 'a.png', 'image/png'],
    ['WebP', () => webpImage(64, 48), 'a.webp', 'image/webp'],
    ['GIF', () => animatedGif(40, 30, 1), 'a.gif', 'image/gif'],
    // Recognised by content: a wrong name or declared type does not matter.
    ['PNG named .txt', () => pngImage(64, 48), 'notes.txt', 'text/plain'],
  ])('accepts a %s', async (_label, make, name, type) => {
    const res = await alice.upload(await make(), name, type);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.url).toMatch(URL_PATTERN);
    expect((await sharp(await readFile(fileOf(json(res).data.url))).metadata()).format).toBe('webp');
  });

  it('keeps an animated GIF animated', async () => {
    const res = await alice.upload(await animatedGif(40, 30, 3), 'dance.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ width: 40, height: 30 });
    const meta = await sharp(await readFile(fileOf(json(res).data.url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', pages: 3 });
  });

  it('refuses a text file named .jpg with 415, storing nothing', async () => {
    const before = await snapshot();
    const res = await alice.upload(Buffer.from('hello, I am not a picture\n'), 'cat.jpg', 'image/jpeg');
    await expectRefused(res, 415, '只支持 JPG、PNG、GIF、WebP 格式的图片', before);
  });

  it.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png'],
    ['BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), 'x.bmp'],
  ])('refuses %s with 415', async (_label, data, name) => {
    const before = await snapshot();
    await expectRefused(await alice.upload(data, name, 'image/png'), 415, '只支持 JPG、PNG、GIF、WebP 格式的图片', before);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = await snapshot();
    const huge = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x11);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(await alice.upload(huge, 'huge.jpg'), 413, '图片不能超过5MB', before);
  });

  it('refuses a broken picture with 400, storing nothing', async () => {
    const before = await snapshot();
    const jpeg = await jpegWithGps(400, 200);
    const broken = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(2000, 0x42)]);
    await expectRefused(await alice.upload(broken, 'broken.jpg'), 400, '图片已损坏，无法读取', before);
  });

  it('refuses a decompression bomb (a small file claiming 100 000 x 100 000 pixels) with 400', async () => {
    const before = await snapshot();
    const bomb = await pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1000);
    await expectRefused(await alice.upload(bomb, 'bomb.png', 'image/png'), 400, '图片尺寸过大', before);
  });

  it('answers 400 请选择要上传的图片 without a file in field "file"', async () => {
    const before = await snapshot();
    await expectRefused(await alice.upload(await pngImage(), 'a.png', 'image/png', 'picture'), 400, '请选择要上传的图片', before);
    await expectRefused(await alice.upload(Buffer.alloc(0), 'empty.png', 'image/png'), 400, '请选择要上传的图片', before);
    const asJson = await alice.call('POST', '/api/yy/upload', { file: 'x' });
    expect(asJson.statusCode).toBe(400);
    expect(json(asJson).msg).toBe('请选择要上传的图片');
  });

  it('answers 429 past the upload limit', async () => {
    const limited = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 2, windowMinutes: 10 } });
    try {
      const m = await member(limited);
      const png = await pngImage();
      expect((await m.upload(png, 'a.png')).statusCode).toBe(200);
      expect((await m.upload(png, 'a.png')).statusCode).toBe(200);
      const third = await m.upload(png, 'a.png');
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ code: 429, msg: '发得太快了，请稍后再试' });
      expect((await limited.pool.query('SELECT 1 FROM uploads')).rowCount).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('pictures in yy posts', () => {
  const upload = async (m: Member) => json(await m.upload(await pngImage(30, 20), 'p.png', 'image/png')).data.url as string;

  it('attach in the given order; typeData and sourceTData carry them', async () => {
    const urls = [await upload(alice), await upload(alice), await upload(alice)];
    const order = [urls[2]!, urls[0]!, urls[1]!];
    const res = await alice.call('POST', '/api/yy/createyy', { content: '', images: order });
    expect(res.statusCode).toBe(200);
    const yy = json(res).data;
    expect(yy.typeData).toEqual({ type: 'image', data: order.map((url) => ({ url })) });
    const repost = json(await bob.call('POST', '/api/yy/createyy', { content: '好看', transpondId: yy.weiboId })).data;
    expect(repost).toMatchObject({ typeData: null, sourceTData: { type: 'image', data: order.map((url) => ({ url })) } });
    // An images-only post is not "the same text" as the previous images-only post.
    const again = await alice.call('POST', '/api/yy/createyy', { content: '', images: [await upload(alice)] });
    expect(again.statusCode).toBe(200);
  });

  it("refuses another user's upload (400); it stays unused and the post is not created", async () => {
    const url = await upload(alice);
    const before = Number((await t.pool.query('SELECT count(*)::int AS n FROM yy')).rows[0].n);
    const res = await bob.call('POST', '/api/yy/createyy', { content: '偷图', images: [url] });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg: '图片无效，请重新上传' });
    expect(Number((await t.pool.query('SELECT count(*)::int AS n FROM yy')).rows[0].n)).toBe(before);
    expect((await t.pool.query('SELECT weibo_id FROM uploads WHERE file = $1', [url.slice(9)])).rows[0].weibo_id).toBeNull();
    // Its owner can still use it.
    expect((await alice.call('POST', '/api/yy/createyy', { content: '我的图', images: [url] })).statusCode).toBe(200);
  });

  it('refuses an upload already used by another post', async () => {
    const url = await upload(alice);
    expect((await alice.call('POST', '/api/yy/createyy', { content: '第一次', images: [url] })).statusCode).toBe(200);
    const res = await alice.call('POST', '/api/yy/createyy', { content: '第二次', images: [url] });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe('图片无效，请重新上传');
  });

  it('refuses the whole post when one picture of several is bad; the good ones stay unused', async () => {
    const good = await upload(alice);
    const res = await alice.call('POST', '/api/yy/createyy', { content: '半好半坏', images: [good, `/uploads/yy/${'0'.repeat(32)}.webp`] });
    expect(res.statusCode).toBe(400);
    expect((await t.pool.query('SELECT weibo_id FROM uploads WHERE file = $1', [good.slice(9)])).rows[0].weibo_id).toBeNull();
  });

  it('deleting the yy removes its pictures (rows and files); a repost then shows sourceDeleted', async () => {
    const urls = [await upload(alice), await upload(alice)];
    const yy = json(await alice.call('POST', '/api/yy/createyy', { content: '带图的', images: urls })).data;
    const repost = json(await bob.call('POST', '/api/yy/createyy', { transpondId: yy.weiboId })).data;
    expect((await bob.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(403);
    for (const url of urls) expect((await stat(fileOf(url))).isFile()).toBe(true);
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(200);
    for (const url of urls) await expect(stat(fileOf(url))).rejects.toThrow();
    expect((await t.pool.query('SELECT 1 FROM uploads WHERE file = ANY($1)', [urls.map((u) => u.slice(9))])).rowCount).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(404);
    const list = json(await bob.call('GET', `/api/yy/getUseryy/${bob.uid}?pageNum=1&pageSize=50`)).data.records;
    expect(list.find((y: any) => y.weiboId === repost.weiboId)).toMatchObject({ sourceDeleted: true, sourceTData: null, sourceWid: 0 });
  });
});

describe('purge of unused uploads', () => {
  it('removes uploads no yy used within 24 hours (rows and files), keeps the rest', async () => {
    const png = await pngImage(10, 10);
    const old = json(await alice.upload(png, 'a.png')).data.url;
    const fresh = json(await alice.upload(png, 'b.png')).data.url;
    const used = json(await alice.upload(png, 'c.png')).data.url;
    await alice.call('POST', '/api/yy/createyy', { content: '用了', images: [used] });
    await t.pool.query(`UPDATE uploads SET ctime = ctime - interval '25 hours' WHERE file = ANY($1)`, [[old.slice(9), used.slice(9)]]);
    expect(await purgeUnusedUploads(t.pool, new LocalStorage(t.config.uploadsDir))).toBe(1);
    await expect(stat(fileOf(old))).rejects.toThrow();
    expect((await stat(fileOf(fresh))).isFile()).toBe(true);
    expect((await stat(fileOf(used))).isFile()).toBe(true);
    const { rows } = await t.pool.query('SELECT file FROM uploads WHERE file = ANY($1) ORDER BY file', [[old, fresh, used].map((u) => u.slice(9))]);
    expect(rows.map((r) => r.file).sort()).toEqual([fresh, used].map((u) => u.slice(9)).sort());
  });
});

describe('GET /uploads/*', () => {
  it('serves a stored picture as image/webp, cached for good, nosniff', async () => {
    const url = json(await alice.upload(await pngImage(), 'a.png', 'image/png')).data.url;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(await readFile(fileOf(url)))).toBe(true);
  });

  it('answers 304 when If-None-Match names its ETag, and HEAD with the headers only', async () => {
    const url = json(await alice.upload(await pngImage(), 'a.png', 'image/png')).data.url;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it.each([
    '/uploads/yy/missing.webp',
    '/uploads/yy',
    '/uploads/',
    '/uploads/../package.json',
    '/uploads/yy%2f..%2f..%2f..%2fpackage.json',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/yy/.hidden.webp',
  ])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});
