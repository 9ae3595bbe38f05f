/** The pictures in S3-compatible storage (s3rver here): uploads land in the bucket, /uploads/… streams them, deletes reach it. */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './storage';
import { startTestApp, type TestApp } from '../test/helpers';
import { startTestS3, type TestS3 } from '../test/s3';
import { json, member, multipart, NO_POST_LIMITS, pngImage, type Member } from '../test/yy';

let s3: TestS3;
let t: TestApp;
let alice: Member;
let bucket: S3Storage;

beforeAll(async () => {
  s3 = await startTestS3('xiaoba-pics', 'site/');
  t = await startTestApp({ ...NO_POST_LIMITS, s3: s3.config });
  alice = await member(t, '小爱');
  bucket = new S3Storage(s3.config);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const objects = async () => ((await bucket.client.send(new ListObjectsV2Command({ Bucket: 'xiaoba-pics' }))).Contents ?? []).map((o) => o.Key!).sort();
const keyOf = (url: string) => 'site/' + url.slice('/uploads/'.length);

describe('uploads with S3_BUCKET', () => {
  it('stores a yy picture and an avatar in the bucket, serves both at /uploads/…, and deleting the yy removes its object', async () => {
    const picture = json(await alice.upload(await pngImage(), 'a.png', 'image/png')).data.url as string;
    const form = multipart('file', 'me.png', 'image/png', await pngImage(300, 300));
    const avatarRes = await t.app.inject({
      method: 'POST',
      url: '/api/api/avatar/upload',
      payload: form.body,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': form.contentType },
    });
    expect(avatarRes.statusCode).toBe(200);
    const avatar = json(avatarRes).data.avatar as string;
    expect(await objects()).toEqual([keyOf(picture), keyOf(avatar)].sort());
    // Nothing on the local disk.
    expect(existsSync(path.join(t.config.uploadsDir, picture.slice('/uploads/'.length)))).toBe(false);

    for (const url of [picture, avatar]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const stored = await bucket.get(url.slice('/uploads/'.length));
      expect(Number(res.headers['content-length'])).toBe(stored!.size);
      stored!.body.destroy();
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    expect((await t.app.inject({ method: 'GET', url: '/uploads/yy/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);

    const mine = await t.app.inject({ method: 'GET', url: `/api/api/avatar/${alice.uid}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');

    const yy = json(await alice.call('POST', '/api/yy/createyy', { content: '', images: [picture] })).data;
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(200);
    expect(await objects()).toEqual([keyOf(avatar)]);
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
  });
});
