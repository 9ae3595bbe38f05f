import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE, FACE_COUNT, IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { startTestApp, type TestApp } from '../../test/helpers';
import { animatedGif, hasGpsBlock, jpegWithGps, json, member, multipart, pngImage, webpImage, NO_POST_LIMITS, type Member } from '../../test/yy';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await startTestApp(NO_POST_LIMITS);
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
});
afterAll(() => t.close());

const AVATAR_URL = /^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/;
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.slice('/uploads/'.length));
const storedAvatars = async () => (await readdir(path.join(t.config.uploadsDir, 'avatars')).catch(() => [] as string[])).sort();
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const avatarOf = async (uid: number) =>
  (await t.pool.query('SELECT face, avatar FROM users WHERE uid = $1', [uid])).rows[0] as { face: number; avatar: string };

function upload(m: Member, body: Buffer, filename = 'me.jpg', contentType = 'image/jpeg', field = 'file') {
  const form = multipart(field, filename, contentType, body);
  return t.app.inject({
    method: 'POST',
    url: '/api/api/avatar/upload',
    payload: form.body,
    headers: { authorization: `Bearer ${m.token}`, 'content-type': form.contentType },
  });
}
const updateFace = (m: Member, query: string) => m.call('POST', `/api/user/updateface${query}`);
const getAvatar = (uid: number | string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/api/avatar/${uid}`, headers });

describe('POST /api/api/avatar/upload', () => {
  it('answers 401 without a token', async () => {
    const form = multipart('file', 'a.png', 'image/png', await pngImage());
    const res = await t.app.inject({ method: 'POST', url: '/api/api/avatar/upload', payload: form.body, headers: { 'content-type': form.contentType } });
    expect(res.statusCode).toBe(401);
  });

  it('stores a JPEG with EXIF GPS as a square 256x256 WebP without any metadata, and sets users.avatar', async () => {
    const jpeg = await jpegWithGps(400, 200);
    expect(hasGpsBlock((await sharp(jpeg).metadata()).exif)).toBe(true);
    const res = await upload(alice, jpeg, 'IMG_0001.JPG');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.msg).toBe('头像上传成功');
    expect(body.data).toEqual({ avatar: expect.stringMatching(AVATAR_URL), width: AVATAR_SIZE, height: AVATAR_SIZE, size: expect.any(Number) });
    const stored = await readFile(fileOf(body.data.avatar));
    expect(stored.length).toBe(body.data.size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('KidCam'))).toBe(false);
    expect((await avatarOf(alice.uid)).avatar).toBe(body.data.avatar);
    // Not a yy picture: no uploads row, so the purge of unused uploads never removes it.
    expect((await t.pool.query('SELECT 1 FROM uploads')).rowCount).toBe(0);
  });

  it('accepts PNG, WebP and the first frame of an animated GIF, always square', async () => {
    for (const [image, name, type] of [
      [await pngImage(30, 90), 'a.png', 'image/png'],
      [await webpImage(500, 300), 'a.webp', 'image/webp'],
      [await animatedGif(40, 30, 3), 'a.gif', 'image/gif'],
    ] as const) {
      const res = await upload(bob, image, name, type);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(await readFile(fileOf(json(res).data.avatar))).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(meta.pages ?? 1).toBe(1);
    }
  });

  it('deletes the previous file when a new picture replaces it', async () => {
    const first = json(await upload(alice, await pngImage())).data.avatar;
    expect(await exists(fileOf(first))).toBe(true);
    const second = json(await upload(alice, await webpImage())).data.avatar;
    expect(second).not.toBe(first);
    expect(await exists(fileOf(first))).toBe(false);
    expect(await exists(fileOf(second))).toBe(true);
    expect((await avatarOf(alice.uid)).avatar).toBe(second);
  });

  it('two uploads at once leave one picture: the file of the one replaced is removed', async () => {
    const m = await member(t, '快手');
    const [r1, r2] = await Promise.all([upload(m, await pngImage()), upload(m, await webpImage())]);
    const urls = [json(r1).data.avatar, json(r2).data.avatar];
    const kept = (await avatarOf(m.uid)).avatar;
    expect(urls).toContain(kept);
    const gone = urls.find((u) => u !== kept)!;
    expect(await exists(fileOf(kept))).toBe(true);
    expect(await exists(fileOf(gone))).toBe(false);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml', 415, '只支持 JPG、PNG、GIF、WebP 格式的图片'],
    ['text named .png', Buffer.from('hello, not a picture'), 'a.png', 'image/png', 415, '只支持 JPG、PNG、GIF、WebP 格式的图片'],
    ['an empty file', Buffer.alloc(0), 'a.png', 'image/png', 400, '请选择要上传的图片'],
  ])('refuses %s (%i), changing nothing', async (_what, data, name, type, status, msg) => {
    const before = { files: await storedAvatars(), user: await avatarOf(alice.uid) };
    const res = await upload(alice, data, name, type);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg });
    expect(await storedAvatars()).toEqual(before.files);
    expect(await avatarOf(alice.uid)).toEqual(before.user);
  });

  it('refuses a broken picture with 400 图片已损坏，无法读取', async () => {
    const jpeg = await jpegWithGps(400, 200);
    const res = await upload(alice, Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(2000, 0x42)]));
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe('图片已损坏，无法读取');
  });

  it('refuses a file over 5 MB with 413 图片不能超过5MB, changing nothing', async () => {
    const before = { files: await storedAvatars(), user: await avatarOf(alice.uid) };
    const huge = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x11);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(alice, huge, 'huge.jpg');
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 413, msg: '图片不能超过5MB' });
    expect(await storedAvatars()).toEqual(before.files);
    expect(await avatarOf(alice.uid)).toEqual(before.user);
  });

  it('refuses another field name and a non-multipart body with 400', async () => {
    expect(json(await upload(alice, await pngImage(), 'a.png', 'image/png', 'picture')).msg).toBe('请选择要上传的图片');
    const res = await alice.call('POST', '/api/api/avatar/upload', { file: 'x' });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe('请选择要上传的图片');
  });

  it('counts in the uploads limit, with the yy pictures', async () => {
    const limited = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 2, windowMinutes: 10 } });
    try {
      const m = await member(limited);
      const png = await pngImage();
      expect((await m.upload(png, 'a.png', 'image/png')).statusCode).toBe(200); // a yy picture
      const form = multipart('file', 'a.png', 'image/png', png);
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/api/avatar/upload',
          payload: form.body,
          headers: { authorization: `Bearer ${m.token}`, 'content-type': form.contentType },
        });
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ code: 429, msg: '发得太快了，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});

describe('the avatar travels with the user', () => {
  it('getinfo, getuserinfo, yy list, comments, board, visitors and notices carry the current avatar', async () => {
    const carol = await member(t, '小卡');
    const dave = await member(t, '小戴');
    const yy = json(await carol.call('POST', '/api/yy/createyy', { content: '看我的新头像', images: [], transpondId: 0 })).data.weiboId;
    expect(json(await dave.call('POST', '/api/comment/add', { content: '好看', weiboId: yy, replyCommentId: 0, replyUid: 0 })).code).toBe(200);
    expect((await carol.call('POST', '/api/comment/add', { content: '谢谢', weiboId: yy, replyCommentId: 0, replyUid: 0 })).statusCode).toBe(200);
    const leave = json(await carol.call('POST', '/api/leave/add', { content: '我来啦', fuid: dave.uid })).data;
    expect((await carol.call('POST', '/api/leaveReply/add', { content: '回复', leaveId: leave.id })).statusCode).toBe(200);
    await carol.call('GET', `/api/user/getuserinfo/${dave.uid}`); // a visit
    await dave.call('GET', `/api/user/getuserinfo/${carol.uid}`); // a visit, and dave's comment notifies carol

    const avatar = json(await upload(carol, await pngImage())).data.avatar;
    expect(avatar).toMatch(AVATAR_URL);
    const face = json(await upload(dave, await pngImage())).data.avatar;

    expect(json(await carol.call('GET', '/api/user/getinfo')).data.avatar).toBe(avatar);
    expect(json(await dave.call('GET', `/api/user/getuserinfo/${carol.uid}`)).data.avatar).toBe(avatar);
    const list = json(await dave.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1&pageSize=5`)).data.records;
    expect(list[0]).toMatchObject({ uid: carol.uid, avatar });
    expect(json(await dave.call('GET', '/api/yy/getyy?pageNum=1&pageSize=5')).data.records[0]).toMatchObject({ uid: carol.uid, avatar });
    const comments = json(await carol.call('GET', `/api/comment/getComment?weiboId=${yy}`)).data;
    expect(comments.map((c: any) => [c.uid, c.avatar])).toEqual([
      [dave.uid, face],
      [carol.uid, avatar],
    ]);
    const board = json(await dave.call('GET', `/api/leave/get/${dave.uid}?pageNum=1`)).data.records;
    expect(board[0]).toMatchObject({ uid: carol.uid, avatar });
    expect(board[0].replies[0]).toMatchObject({ uid: carol.uid, avatar });
    const visitors = json(await dave.call('GET', `/api/visitor/get?uid=${dave.uid}`)).data.data;
    expect(visitors[0]).toMatchObject({ uid: carol.uid, avatar });
    const notices = json(await carol.call('GET', '/api/count/getcomments')).data.records;
    expect(notices[0]).toMatchObject({ uid: dave.uid, avatar: face });

    // A preset face clears it everywhere.
    expect((await updateFace(carol, '?num=3')).statusCode).toBe(200);
    expect(json(await dave.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1&pageSize=5`)).data.records[0]).toMatchObject({ face: 3, avatar: '' });
    expect(json(await dave.call('GET', `/api/leave/get/${dave.uid}?pageNum=1`)).data.records[0]).toMatchObject({ face: 3, avatar: '' });
  });

  it('login answers the avatar', async () => {
    const { createUser, PASSWORD } = await import('../../test/users');
    const { uid } = await createUser(t.pool, { name: '登录者' });
    await t.pool.query(`UPDATE users SET avatar = '/uploads/avatars/0123456789abcdef0123456789abcdef.webp' WHERE uid = $1`, [uid]);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(uid), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.avatar).toBe('/uploads/avatars/0123456789abcdef0123456789abcdef.webp');
  });
});

describe('GET /api/api/avatar/{uid}', () => {
  it('answers the uploaded picture, public, with an ETag and a 304 on If-None-Match', async () => {
    const m = await member(t, '图图');
    const avatar = json(await upload(m, await pngImage())).data.avatar;
    const res = await getAvatar(m.uid); // no token: an <img> can show it
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${path.basename(avatar, '.webp')}"`);
    expect(res.rawPayload.equals(await readFile(fileOf(avatar)))).toBe(true);

    const again = await getAvatar(m.uid, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // A new picture, a new ETag: the old one no longer matches.
    await upload(m, await webpImage());
    const changed = await getAvatar(m.uid, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers a generated SVG (the name's first character on the face's colour) when there is none", async () => {
    const m = await member(t, '<小&明>');
    const res = await getAvatar(m.uid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('&lt;</text>'); // the first character, escaped
    expect(res.body).not.toContain('<小');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"d-[0-9a-f]{16}"$/);
    expect((await getAvatar(m.uid, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another face: another colour, another ETag.
    await updateFace(m, '?num=5');
    const other = await getAvatar(m.uid, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(res.body);
    const meta = await sharp(other.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it('answers 404 用户不存在 for an unknown uid and 400 for a malformed one', async () => {
    const unknown = await getAvatar(999999999);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ code: 404, msg: '用户不存在' });
    for (const bad of ['abc', '0', '01', '-1']) {
      const res = await getAvatar(bad);
      expect(res.statusCode).toBe(400);
      expect(json(res).msg).toBe('用户不存在');
    }
  });
});

describe('POST /api/user/updateface', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/updateface?num=1' })).statusCode).toBe(401);
  });

  it.each(['', '?num=', `?num=${FACE_COUNT}`, '?num=-1', '?num=1.5', '?num=abc', '?num=1&num=2', '?num=0x1', '?num=%201'])(
    'refuses %s with 400 头像不存在',
    async (query) => {
      const before = await avatarOf(bob.uid);
      const res = await updateFace(bob, query);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '头像不存在' });
      expect(await avatarOf(bob.uid)).toEqual(before);
    },
  );

  it('accepts 0 and FACE_COUNT - 1', async () => {
    for (const num of [0, FACE_COUNT - 1]) {
      const res = await updateFace(bob, `?num=${num}`);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ code: 200, msg: '头像更换成功', data: { face: num, avatar: '' } });
      expect((await avatarOf(bob.uid)).face).toBe(num);
    }
  });

  it('clears an uploaded picture and deletes its file', async () => {
    const m = await member(t, '换脸');
    const avatar = json(await upload(m, await pngImage())).data.avatar;
    expect(await exists(fileOf(avatar))).toBe(true);
    const res = await updateFace(m, '?num=4');
    expect(json(res).data).toEqual({ face: 4, avatar: '' });
    expect(await avatarOf(m.uid)).toEqual({ face: 4, avatar: '' });
    expect(await exists(fileOf(avatar))).toBe(false);
    expect(json(await m.call('GET', '/api/user/getinfo')).data).toMatchObject({ face: 4, avatar: '' });
    expect((await getAvatar(m.uid)).headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });
});

describe('one user never changes another', () => {
  it("B's upload and B's face change only B (there is no uid parameter to aim elsewhere)", async () => {
    const a = await member(t, '甲');
    const b = await member(t, '乙');
    const aAvatar = json(await upload(a, await pngImage())).data.avatar;
    await t.pool.query('UPDATE users SET face = 2 WHERE uid = $1', [a.uid]);
    const aBefore = await avatarOf(a.uid);

    // A uid in the query or path is ignored; the token decides.
    const form = multipart('file', 'b.png', 'image/png', await webpImage());
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/api/avatar/upload?uid=${a.uid}`,
      payload: form.body,
      headers: { authorization: `Bearer ${b.token}`, 'content-type': form.contentType },
    });
    expect(up.statusCode).toBe(200);
    expect((await avatarOf(b.uid)).avatar).toBe(json(up).data.avatar);
    expect(await avatarOf(a.uid)).toEqual(aBefore);
    expect(await exists(fileOf(aAvatar))).toBe(true);

    expect((await updateFace(b, `?num=7&uid=${a.uid}`)).statusCode).toBe(200);
    expect(await avatarOf(b.uid)).toEqual({ face: 7, avatar: '' });
    expect(await avatarOf(a.uid)).toEqual(aBefore);
    expect(await exists(fileOf(aAvatar))).toBe(true);
  });
});
