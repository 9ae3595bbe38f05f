import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YY_EMPTY } from '@xiaoba/shared/core';
import { insertYy } from './queries';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, startWithAliceAndBob, type Member } from '../../test/yy';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  // The limits have their own tests below; here they would only get in the way.
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterAll(() => t.close());

const post = (m: Member, body: object) => m.call('POST', '/api/yy/createyy', body);
const counts = async (uid: number) => {
  const { rows } = await t.pool.query(
    `SELECT (SELECT yy_count FROM users WHERE uid = $1) AS mine, (SELECT count(*)::int FROM yy WHERE uid = $1) AS real_mine,
            (SELECT value FROM site_counters WHERE name = 'yy') AS site, (SELECT count(*)::int FROM yy) AS real_site`,
    [uid],
  );
  return rows[0];
};
const expectCountsTrue = async (uid: number) => {
  const c = await counts(uid);
  expect(c.mine).toBe(c.real_mine);
  expect(c.site).toBe(c.real_site);
};

describe('the yy calls need a signed-in user', () => {
  it.each([
    ['GET', '/api/yy/getyy?pageNum=1'],
    ['GET', '/api/yy/getUseryy/100001?pageNum=1'],
    ['POST', '/api/yy/createyy'],
    ['DELETE', '/api/yy/deleteyy?weiboId=1'],
    ['POST', '/api/yy/upload'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { content: 'x' } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-type']).toBe('access');
    expect(json(res)).toEqual({ code: 401, msg: '请先登录' });
  });
});

describe('POST /api/yy/createyy', () => {
  it('posts a yy and answers it in full', async () => {
    const res = await post(alice, { content: '  今天天气真好[b3] #春游#  ' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.msg).toBe('发布成功');
    expect(body.data).toEqual({
      weiboId: expect.any(Number),
      uid: alice.uid,
      userName: '小爱',
      face: 0,
      avatar: '',
      content: '今天天气真好[b3] #春游#',
      ctime: expect.any(Number),
      transpondId: 0,
      sourceWid: 0,
      sourceUid: 0,
      sourceName: '',
      sourceContent: '',
      sourceCtime: 0,
      sourceComment: 0,
      sourceDeleted: false,
      comment: 0,
      typeData: null,
      sourceTData: null,
    });
    expect(Math.abs(body.data.ctime - Date.now() / 1000)).toBeLessThan(60);
    await expectCountsTrue(alice.uid);
  });

  it.each([
    ['<script>alert(1)</script>你好', 'alert(1)你好'],
    ['<img src=x onerror=alert(1)>图', '图'],
    ['<scr<b>ipt>x</script>', 'x'],
    ['a <3 b', 'a <3 b'],
    ['<a href="javascript:alert(1)">点我</a>', '点我'],
  ])('stores %s without tags', async (content, stored) => {
    const res = await post(bob, { content });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.content).toBe(stored);
    const { rows } = await t.pool.query('SELECT content FROM yy WHERE weibo_id = $1', [json(res).data.weiboId]);
    expect(rows[0].content).toBe(stored);
  });

  it.each([
    [{ content: '' }, YY_EMPTY],
    [{ content: '   ' }, YY_EMPTY],
    [{}, YY_EMPTY],
    [{ content: '<b></b>' }, YY_EMPTY],
    [{ content: '字'.repeat(501) }, 'yy内容不能超过500个字'],
    [{ content: 'x', images: Array.from({ length: 10 }, (_, i) => `/uploads/yy/${String(i).padStart(32, '0')}.webp`) }, '最多只能发9张图片'],
    [{ content: 'x', images: ['/uploads/yy/a.webp', '/uploads/yy/a.webp'] }, '图片重复了'],
    [{ content: 'x', transpondId: 1, images: ['/uploads/yy/a.webp'] }, '转发时不能附带图片'],
    [{ content: 123 }, '请求参数有误'],
    [{ content: 'x', images: 'a' }, '请求参数有误'],
    [{ content: 'x', transpondId: -1 }, '请求参数有误'],
    [{ content: 'x', transpondId: 1.5 }, '请求参数有误'],
    [{ content: 'x', images: ['https://evil.example/a.webp'] }, '图片无效，请重新上传'],
    [{ content: 'x', images: ['/uploads/yy/../../etc/passwd'] }, '图片无效，请重新上传'],
    [{ content: 'x', images: [`/uploads/yy/${'a'.repeat(32)}.webp`] }, '图片无效，请重新上传'],
  ])('refuses %j with 400 %s, storing nothing', async (body, msg) => {
    const before = await counts(alice.uid);
    const res = await post(alice, body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
    expect(await counts(alice.uid)).toEqual(before);
  });

  it('accepts exactly 500 characters (emoji counted as one)', async () => {
    const res = await post(alice, { content: '😀'.repeat(250) + '字'.repeat(250) });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/yy/createyy',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '"text"',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a multipart body (only the upload takes one): 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/yy/createyy',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses the same text twice within a minute (409), but not reposts', async () => {
    const first = await post(bob, { content: '重复的话' });
    expect(first.statusCode).toBe(200);
    const again = await post(bob, { content: '  重复的话 ' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ code: 409, msg: '请不要重复发送相同的内容' });
    // Another user may say the same.
    expect((await post(alice, { content: '重复的话' })).statusCode).toBe(200);
    // Reposts with the same words are not "the same text".
    const src = json(first).data.weiboId;
    expect((await post(bob, { content: '转发一下', transpondId: src })).statusCode).toBe(200);
    expect((await post(bob, { content: '转发一下', transpondId: src })).statusCode).toBe(200);
    // A minute later the text may be posted again.
    await t.pool.query(`UPDATE yy SET ctime = ctime - interval '61 seconds' WHERE uid = $1 AND content = '重复的话'`, [bob.uid]);
    expect((await post(bob, { content: '重复的话' })).statusCode).toBe(200);
  });
});

describe('reposts', () => {
  let original: any;
  beforeAll(async () => {
    original = json(await post(alice, { content: '原创内容[m60]' })).data;
    await t.pool.query('UPDATE yy SET comment_count = 3 WHERE weibo_id = $1', [original.weiboId]);
  });

  it('carries the original and its author, msg 转发成功', async () => {
    const res = await post(bob, { content: '说得好', transpondId: original.weiboId });
    expect(res.statusCode).toBe(200);
    expect(json(res).msg).toBe('转发成功');
    expect(json(res).data).toMatchObject({
      uid: bob.uid,
      userName: '小波',
      content: '说得好',
      transpondId: original.weiboId,
      sourceWid: original.weiboId,
      sourceUid: alice.uid,
      sourceName: '小爱',
      sourceContent: '原创内容[m60]',
      sourceCtime: original.ctime,
      sourceComment: 3,
      sourceDeleted: false,
      typeData: null,
      sourceTData: null,
    });
  });

  it('may have no words of its own', async () => {
    const res = await post(bob, { transpondId: original.weiboId });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ content: '', transpondId: original.weiboId });
  });

  it('of a repost reposts the original (root)', async () => {
    const repost = json(await post(bob, { content: '第一层', transpondId: original.weiboId })).data;
    const res = await post(alice, { content: '第二层', transpondId: repost.weiboId });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ transpondId: original.weiboId, sourceWid: original.weiboId, sourceContent: '原创内容[m60]' });
  });

  it('of an unknown yy answers 404 原yy不存在', async () => {
    const res = await post(bob, { content: 'x', transpondId: 99_999_999 });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '原yy不存在' });
  });

  it('keeps showing when the original is deleted, with sourceDeleted and empty source fields', async () => {
    const src = json(await post(alice, { content: '马上删除' })).data;
    const repost = json(await post(bob, { content: '转了', transpondId: src.weiboId })).data;
    const chained = json(await post(alice, { content: '再转', transpondId: repost.weiboId })).data;
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${src.weiboId}`)).statusCode).toBe(200);

    const list = json(await bob.call('GET', `/api/yy/getUseryy/${bob.uid}?pageNum=1&pageSize=50`)).data.records;
    const shown = list.find((y: any) => y.weiboId === repost.weiboId);
    expect(shown).toMatchObject({
      content: '转了',
      transpondId: src.weiboId,
      sourceWid: 0,
      sourceUid: 0,
      sourceName: '',
      sourceContent: '',
      sourceCtime: 0,
      sourceComment: 0,
      sourceDeleted: true,
      sourceTData: null,
    });
    expect(chained.transpondId).toBe(src.weiboId);
    // Reposting a repost whose original is gone: nothing to repost.
    const res = await post(alice, { content: 'x', transpondId: repost.weiboId });
    expect(res.statusCode).toBe(404);
    expect(json(res).msg).toBe('原yy不存在');
  });
});

describe('GET /api/yy/getUseryy/{uid} and /api/yy/getyy', () => {
  let carol: Member;
  const now = Math.floor(Date.now() / 1000);
  beforeAll(async () => {
    carol = await member(t, '小卡');
    // 45 posts, one a minute apart, plus two at the very same second (tie broken by weiboId).
    for (let i = 0; i < 45; i++) await insertYy(t.pool, { uid: carol.uid, content: `第${i}条`, transpondId: null, ctime: now - 86_400 - (45 - i) * 60 });
  });

  it('answers Page<Yy> newest first with the page math', async () => {
    const res = await carol.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1&pageSize=20`);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ total: 45, pages: 3, current: 1, size: 20 });
    expect(data.records).toHaveLength(20);
    expect(data.records[0].content).toBe('第44条');
    expect(data.records[19].content).toBe('第25条');
    const third = json(await carol.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=3&pageSize=20`)).data;
    expect(third).toMatchObject({ total: 45, pages: 3, current: 3, size: 20 });
    expect(third.records.map((r: any) => r.content)).toEqual(['第4条', '第3条', '第2条', '第1条', '第0条']);
    const beyond = json(await carol.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=4&pageSize=20`)).data;
    expect(beyond).toEqual({ records: [], total: 45, pages: 3, current: 4, size: 20 });
  });

  it('defaults pageSize to 20 and caps it at 50', async () => {
    expect(json(await carol.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1`)).data).toMatchObject({ size: 20, pages: 3 });
    const big = json(await carol.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1&pageSize=1000`)).data;
    expect(big).toMatchObject({ size: 50, pages: 1, total: 45 });
    expect(big.records).toHaveLength(45);
  });

  it('breaks a tie in ctime by weiboId, newest first', async () => {
    const dave = await member(t, '小戴');
    const a = await insertYy(t.pool, { uid: dave.uid, content: 'A', transpondId: null, ctime: now - 10 });
    const b = await insertYy(t.pool, { uid: dave.uid, content: 'B', transpondId: null, ctime: now - 10 });
    const list = json(await dave.call('GET', `/api/yy/getUseryy/${dave.uid}?pageNum=1`)).data.records;
    expect(list.map((r: any) => r.weiboId)).toEqual([b, a]);
  });

  it("shows the author's current name and face", async () => {
    await t.pool.query(`UPDATE users SET name = '新名字', face = 7 WHERE uid = $1`, [carol.uid]);
    const first = json(await alice.call('GET', `/api/yy/getUseryy/${carol.uid}?pageNum=1`)).data.records[0];
    expect(first).toMatchObject({ userName: '新名字', face: 7, uid: carol.uid });
  });

  it('answers an empty page for a user without posts', async () => {
    const erin = await member(t, '小恩');
    expect(json(await erin.call('GET', `/api/yy/getUseryy/${erin.uid}?pageNum=1`)).data).toEqual({
      records: [],
      total: 0,
      pages: 0,
      current: 1,
      size: 20,
    });
  });

  it.each(['', 'pageNum=0', 'pageNum=abc', 'pageNum=1.5', 'pageNum=-1', 'pageNum=1&pageSize=0', 'pageNum=1&pageSize=x', 'pageNum=01', 'pageNum=1&pageNum=2'])(
    'answers 400 分页参数有误 for ?%s',
    async (query) => {
      const res = await alice.call('GET', `/api/yy/getUseryy/${alice.uid}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '分页参数有误' });
      const site = await alice.call('GET', `/api/yy/getyy?${query}`);
      expect(site.statusCode).toBe(400);
      expect(json(site).msg).toBe('分页参数有误');
    },
  );

  it.each(['0', 'abc', '-5', '1.5', '01', '1e5', '12345678901234567890'])('answers 400 用户不存在 for uid %s', async (uid) => {
    const res = await alice.call('GET', `/api/yy/getUseryy/${uid}?pageNum=1`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg: '用户不存在' });
  });

  it('answers 404 用户不存在 for an unknown uid', async () => {
    const res = await alice.call('GET', '/api/yy/getUseryy/999999?pageNum=1');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '用户不存在' });
  });

  it('getyy lists every user, total from the site counter', async () => {
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM yy');
    const data = json(await bob.call('GET', '/api/yy/getyy?pageNum=1&pageSize=50')).data;
    expect(data.total).toBe(rows[0].n);
    expect(data.pages).toBe(Math.ceil(rows[0].n / 50));
    expect(new Set(data.records.map((r: any) => r.uid)).size).toBeGreaterThan(1);
    const times = data.records.map((r: any) => r.ctime);
    expect([...times].sort((x: number, y: number) => y - x)).toEqual(times);
  });
});

describe('DELETE /api/yy/deleteyy', () => {
  it("deletes the author's own yy with its comments, msg 删除成功！, counts stay true", async () => {
    const yy = json(await post(alice, { content: '要删除的' })).data;
    await bob.call('POST', '/api/comment/add', { content: '评论一下', weiboId: yy.weiboId });
    const before = await counts(alice.uid);
    const res = await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '删除成功！' });
    const after = await counts(alice.uid);
    expect(after.mine).toBe(before.mine - 1);
    expect(after.site).toBe(before.site - 1);
    await expectCountsTrue(alice.uid);
    expect((await t.pool.query('SELECT 1 FROM yy_comments WHERE weibo_id = $1', [yy.weiboId])).rowCount).toBe(0);
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(404);
  });

  it("refuses another user's yy with 403 没有权限删除; the row remains", async () => {
    const yy = json(await post(alice, { content: '别人删不掉' })).data;
    const res = await bob.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: '没有权限删除' });
    expect((await t.pool.query('SELECT 1 FROM yy WHERE weibo_id = $1', [yy.weiboId])).rowCount).toBe(1);
    await expectCountsTrue(alice.uid);
  });

  it('answers 404 for an unknown yy and 400 for a malformed id', async () => {
    const res = await alice.call('DELETE', '/api/yy/deleteyy?weiboId=99999999');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'yy不存在' });
    for (const id of ['', 'abc', '0', '-1', '1.5', '1e3']) {
      const bad = await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${id}`);
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toEqual({ code: 400, msg: 'yy不存在' });
    }
    expect((await alice.call('DELETE', '/api/yy/deleteyy')).statusCode).toBe(400);
  });
});

describe('posting limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ postLimits: { yy: 2, comments: 2, uploads: 2, windowMinutes: 10 } });
  });
  afterAll(() => limited.close());

  it('answers 429 past the yy limit; a refused post is not counted', async () => {
    const m = await member(limited);
    expect((await m.call('POST', '/api/yy/createyy', { content: '' })).statusCode).toBe(400);
    expect((await m.call('POST', '/api/yy/createyy', { content: '一' })).statusCode).toBe(200);
    expect((await m.call('POST', '/api/yy/createyy', { content: '二' })).statusCode).toBe(200);
    const third = await m.call('POST', '/api/yy/createyy', { content: '三' });
    expect(third.statusCode).toBe(429);
    expect(json(third)).toEqual({ code: 429, msg: '发得太快了，请稍后再试' });
    // Reposts count too.
    const mine = json(await m.call('GET', `/api/yy/getUseryy/${m.uid}?pageNum=1`)).data.records[0];
    expect((await m.call('POST', '/api/yy/createyy', { transpondId: mine.weiboId })).statusCode).toBe(429);
    // Another user has a limit of their own.
    const other = await member(limited);
    expect((await other.call('POST', '/api/yy/createyy', { content: '三' })).statusCode).toBe(200);
    // Once the window has passed, posting works again.
    await limited.pool.query(`UPDATE post_log SET at = at - interval '11 minutes' WHERE uid = $1`, [m.uid]);
    expect((await m.call('POST', '/api/yy/createyy', { content: '三' })).statusCode).toBe(200);
  });

  it('serialises parallel requests of one user: exactly the limit gets through', async () => {
    const m = await member(limited);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => m.call('POST', '/api/yy/createyy', { content: `并发${i}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
    const { rows } = await limited.pool.query('SELECT yy_count FROM users WHERE uid = $1', [m.uid]);
    expect(rows[0].yy_count).toBe(2);
  });

  it('refuses parallel duplicates: one gets through', async () => {
    const m = await member(limited);
    const results = await Promise.all([1, 2].map(() => m.call('POST', '/api/yy/createyy', { content: '同一句话' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('0 disables a limit', async () => {
    const open = await startTestApp(NO_POST_LIMITS);
    try {
      const m = await member(open);
      for (let i = 0; i < 12; i++) expect((await m.call('POST', '/api/yy/createyy', { content: `第${i}条` })).statusCode).toBe(200);
      expect((await open.pool.query('SELECT 1 FROM post_log')).rowCount).toBe(0);
    } finally {
      await open.close();
    }
  });
});
