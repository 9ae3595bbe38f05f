import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { buildSpace, emojiSite, exportOf, ok, unzip } from './fixtures';
import { purgeExportTickets } from './tickets';

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let space: Awaited<ReturnType<typeof buildSpace>>;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, siteDir: await emojiSite(), exportPerHour: 0 });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  carol = await member(t, '小凯');
  space = await buildSpace(t, alice, bob, carol);
});
afterAll(() => t?.close());

describe('an export of everything a user wrote and received', () => {
  let entries: Map<string, Buffer>;
  let data: any;
  let html: string;
  let folder: string;
  let result: Awaited<ReturnType<typeof exportOf>>;

  beforeAll(async () => {
    result = await exportOf(t, alice, 'pinkcat');
    entries = await unzip(result.zip);
    folder = [...entries.keys()][0]!.split('/')[0]!;
    data = JSON.parse(entries.get(`${folder}/data.json`)!.toString());
    html = entries.get(`${folder}/index.html`)!.toString();
  });

  it('prepare counts the posts and pictures and gives the exact size the download sends', async () => {
    expect(result.prepared).toMatchObject({ posts: 3, images: 2 });
    expect(result.prepared.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { download } = result;
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Number(download.headers['content-length'])).toBe(result.size);
    expect(download.rawPayload.length).toBe(result.size);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="xiaoba-${alice.uid}-\\d{8}\\.zip"$`));
    expect(folder).toBe(download.headers['content-disposition']!.toString().match(/filename="(.+)\.zip"/)![1]);
  });

  it('holds data.json (format, version), index.html, the pictures, the avatar and only the emoji used, all in one folder', () => {
    expect(data).toMatchObject({ format: 'xiaoba-export', version: 1, site: { name: '校巴' } });
    const names = [...entries.keys()].map((n) => n.slice(folder.length + 1)).sort();
    const pic = (url: string) => `images/${url.split('/').pop()}`;
    expect(names).toEqual(
      [
        'data.json',
        'index.html',
        'signature.txt',
        pic(space.pic1.url),
        pic(space.pic2.url),
        `avatar/${space.avatar.avatar.split('/').pop()}`,
        'emoji/b1.svg',
        'emoji/b12.svg',
        'emoji/m55.svg',
      ].sort(),
    );
    expect(entries.get(`${folder}/${pic(space.pic1.url)}`)!.length).toBe(space.pic1.size);
    expect(entries.get(`${folder}/signature.txt`)!.toString()).toMatch(/^hmac-sha256:[0-9a-f]{64}\n$/);
  });

  it('has the profile, signatures and every yy with its ids, times, pictures and comments', () => {
    expect(data.user).toMatchObject({ uid: alice.uid, name: '小爱', avatar: `avatar/${space.avatar.avatar.split('/').pop()}` });
    expect(data.user.ctime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.signatures).toEqual({ qm: '大签名[b12]', qianming: '小签名' });
    expect(data.yy.map((y: any) => y.id)).toEqual([space.repost.weiboId, space.plain.weiboId, space.post.weiboId]);
    const post = data.yy.find((y: any) => y.id === space.post.weiboId);
    expect(post.content).toBe('第一条 粗[b12] & "引号"');
    expect(post.images.map((i: any) => i.file)).toEqual([space.pic1.url, space.pic2.url].map((u) => `images/${u.split('/').pop()}`));
    expect(post.comments).toEqual([
      expect.objectContaining({ id: space.bobComment.commentId, uid: bob.uid, name: '小波', content: '好看[b1]', replyUid: 0 }),
      expect.objectContaining({
        id: space.aliceReply.commentId,
        uid: alice.uid,
        replyCommentId: space.bobComment.commentId,
        replyUid: bob.uid,
        replyName: '小波',
      }),
    ]);
    const repost = data.yy.find((y: any) => y.id === space.repost.weiboId);
    expect(repost).toMatchObject({
      transpondId: space.bobPost.weiboId,
      source: { id: space.bobPost.weiboId, uid: bob.uid, name: '小波', content: '小波的yy' },
    });
  });

  it('has the comments written elsewhere, the board with its replies and the messages left on other boards', () => {
    expect(data.commentsElsewhere).toEqual([
      expect.objectContaining({ id: space.aliceElsewhere.commentId, yyId: space.bobPost.weiboId, yyUid: bob.uid, yyName: '小波', content: '我来评论小波' }),
    ]);
    expect(data.board).toEqual([
      expect.objectContaining({
        id: space.bobLeave.id,
        boardUid: alice.uid,
        uid: bob.uid,
        name: '小波',
        content: '小爱你好',
        replies: [expect.objectContaining({ id: space.aliceLeaveReply.id, uid: alice.uid, content: '你好呀' })],
      }),
    ]);
    expect(data.leavesElsewhere).toEqual([
      expect.objectContaining({
        id: space.aliceLeftCarol.id,
        boardUid: carol.uid,
        boardName: '小凯',
        content: '给小凯留言',
        replies: [expect.objectContaining({ id: space.carolReply.id, uid: carol.uid, content: '收到' })],
      }),
    ]);
  });

  it('carries nothing private of other users: no e-mail, birthday, nor their posts alice never touched', () => {
    const text = entries.get(`${folder}/data.json`)!.toString() + html;
    const emails = [...text.matchAll(/"email":\s*"([^"]*)"/g)].map((m) => m[1]);
    expect(emails).toHaveLength(1); // alice's own
    expect(text).not.toContain('小凯的秘密yy');
    expect(JSON.stringify(data.yy)).not.toMatch(/birthday|email/);
    expect(JSON.stringify([data.board, data.leavesElsewhere, data.commentsElsewhere])).not.toMatch(/birthday|email/);
  });

  it('index.html shows the space offline: escaped text, local pictures and emoji, the chosen skin, no script', () => {
    expect(html).not.toMatch(/<script|https?:\/\//i);
    expect(html).toContain('第一条 粗<img class="emoji" src="emoji/b12.svg"');
    expect(html).toContain('&amp; &quot;引号&quot;');
    expect(html).toContain('第二条<br>换行');
    expect(html).toContain(`src="images/${space.pic1.url.split('/').pop()}"`);
    expect(html).toContain(`src="avatar/${space.avatar.avatar.split('/').pop()}"`);
    expect(html).toMatch(/alt="[^"]+" title="[^"]+"/);
    expect(html).toContain('#b0306a'); // pinkcat's header colour
    expect(html).toContain('小爱你好');
    expect(html).toContain('给小凯留言');
    expect(html).toContain('我来评论小波');
    expect(html).toContain('<h1>大签名<img class="emoji" src="emoji/b12.svg"');
    expect(html).toMatch(/<title>大签名\[[^\]<]+\] · 校巴存档<\/title>/);
  });

  it('the ticket works once; progress shows the bytes sent and done', async () => {
    const again = await t.app.inject({ url: `/api/export/download/${result.ticket}` });
    expect(again.statusCode).toBe(404);
    expect(json(again)).toEqual({ code: 404, msg: '导出链接已失效，请重新导出' });
    const progress = await alice.call('GET', `/api/export/progress/${result.ticket}`);
    expect(json(progress).data).toEqual({ sent: result.size, size: result.size, done: true });
    // Another user cannot read alice's progress.
    expect((await bob.call('GET', `/api/export/progress/${result.ticket}`)).statusCode).toBe(404);
    // The used ticket keeps only its small progress row, not the generated files.
    const { rows } = await t.pool.query('SELECT octet_length(data_json) + octet_length(index_html) AS bytes FROM export_tickets WHERE uid = $1 AND done', [
      alice.uid,
    ]);
    expect(rows.map((r) => r.bytes)).toEqual([0]);
  });

  it('the hourly purge drops tickets older than a day and the files of expired ones', async () => {
    await ok(carol.call('POST', '/api/export/prepare'));
    await t.pool.query(`UPDATE export_tickets SET expires_at = now() - interval '1 minute' WHERE uid = $1 AND used_at IS NULL AND cancelled_at IS NULL`, [
      carol.uid,
    ]);
    await t.pool.query(`UPDATE export_tickets SET created_at = now() - interval '2 days' WHERE uid = $1`, [alice.uid]);
    await purgeExportTickets(t.pool);
    expect((await t.pool.query('SELECT 1 FROM export_tickets WHERE uid = $1', [alice.uid])).rowCount).toBe(0);
    const left = await t.pool.query('SELECT octet_length(data_json) AS bytes FROM export_tickets WHERE uid = $1', [carol.uid]);
    expect(left.rows.every((r) => r.bytes === 0)).toBe(true);
    expect(left.rowCount).toBeGreaterThan(0);
  });
});

describe('export refusals', () => {
  it('an unknown, malformed or expired ticket answers 404 with the Chinese message', async () => {
    for (const ticket of ['x'.repeat(43), 'short', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ url: `/api/export/download/${ticket}` });
      expect(res.statusCode).toBe(404);
      expect(json(res).msg).toBe('导出链接已失效，请重新导出');
    }
    const { ticket } = await ok(bob.call('POST', '/api/export/prepare'));
    await t.pool.query(`UPDATE export_tickets SET expires_at = now() - interval '1 second' WHERE uid = $1`, [bob.uid]);
    expect((await t.app.inject({ url: `/api/export/download/${ticket}` })).statusCode).toBe(404);
  });

  it('a HEAD answers the headers without using up the ticket', async () => {
    const { ticket, size } = await ok(carol.call('POST', '/api/export/prepare'));
    const head = await t.app.inject({ method: 'HEAD', url: `/api/export/download/${ticket}` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(size);
    expect(head.headers['content-type']).toBe('application/zip');
    const get = await t.app.inject({ url: `/api/export/download/${ticket}` });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.length).toBe(size);
    expect((await t.app.inject({ method: 'HEAD', url: `/api/export/download/${ticket}` })).statusCode).toBe(404);
  });

  it('a new prepare replaces an unused ticket', async () => {
    const first = await ok(carol.call('POST', '/api/export/prepare'));
    const second = await ok(carol.call('POST', '/api/export/prepare'));
    expect((await t.app.inject({ url: `/api/export/download/${first.ticket}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/export/download/${second.ticket}` })).statusCode).toBe(200);
  });

  it('a picture deleted between prepare and download ends that download short, recorded as failed, and blocks nothing', async () => {
    const { ticket, size } = await ok(alice.call('POST', '/api/export/prepare'));
    const file = path.join(t.config.uploadsDir, space.pic2.url.slice('/uploads/'.length));
    const saved = await readFile(file);
    await rm(file);
    try {
      const res = await t.app.inject({ url: `/api/export/download/${ticket}` }).catch(() => null);
      expect(res === null || res.rawPayload.length < size).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(json(await alice.call('GET', `/api/export/progress/${ticket}`)).data.done).toBe(false);
      expect((await alice.call('POST', '/api/export/prepare')).statusCode).toBe(200);
    } finally {
      await writeFile(file, saved);
    }
  });

  it('needs a signed-in user and a known skin', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/export/prepare' });
    expect(anon.statusCode).toBe(401);
    const bad = await alice.call('POST', '/api/export/prepare', { skin: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toBe('皮肤不存在');
  });

  it('one export at a time: 409 while a download is under way', async () => {
    const { ticket } = await ok(bob.call('POST', '/api/export/prepare'));
    // The download has started and is moving (as another process would record it).
    await t.pool.query(`UPDATE export_tickets SET used_at = now(), progress_at = now() WHERE uid = $1 AND used_at IS NULL AND cancelled_at IS NULL`, [bob.uid]);
    const busy = await bob.call('POST', '/api/export/prepare');
    expect(busy.statusCode).toBe(409);
    expect(json(busy)).toEqual({ code: 409, msg: '已经有一个导出正在进行，请等它完成' });
    // A download that stopped moving a minute ago no longer blocks.
    await t.pool.query(`UPDATE export_tickets SET progress_at = now() - interval '2 minutes' WHERE uid = $1`, [bob.uid]);
    expect((await bob.call('POST', '/api/export/prepare')).statusCode).toBe(200);
    expect(ticket).toBeTruthy();
  });
});

describe('EXPORT_PER_HOUR', () => {
  it('allows that many prepares an hour, then 429 with the Chinese message', async () => {
    const limited = await startTestApp({ ...NO_POST_LIMITS, exportPerHour: 2 });
    try {
      const m = await member(limited, '小限');
      expect((await m.call('POST', '/api/export/prepare')).statusCode).toBe(200);
      expect((await m.call('POST', '/api/export/prepare')).statusCode).toBe(200);
      const third = await m.call('POST', '/api/export/prepare');
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ code: 429, msg: '导出太频繁了，请一小时后再试' });
    } finally {
      await limited.close();
    }
  });
});
