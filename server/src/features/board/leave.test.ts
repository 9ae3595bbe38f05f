import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_EMPTY, LEAVE_PAGE_SIZE } from '@xiaoba/shared/core';
import { loadConfig } from '../../config';
import { insertLeave, REPLIES_SHOWN_MAX } from './queries';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, type Member } from '../../test/yy';

let t: TestApp;
let owner: Member;
let writer: Member;
let stranger: Member;

const NO_LIMITS = { leaves: 0, replies: 0 };

beforeAll(async () => {
  // The limits have their own tests below; here they would only get in the way.
  t = await startTestApp({ boardLimits: NO_LIMITS });
  owner = await member(t, '主人');
  writer = await member(t, '留言者');
  stranger = await member(t, '路人');
});
afterAll(() => t.close());

const add = (m: Member, fuid: number, content: unknown) => m.call('POST', '/api/leave/add', { content, fuid });
const addOk = async (m: Member, fuid: number, content: string) => {
  const res = await add(m, fuid, content);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const reply = (m: Member, leaveId: number, content: unknown) => m.call('POST', '/api/leaveReply/add', { content, leaveId });
const replyOk = async (m: Member, leaveId: number, content: string) => {
  const res = await reply(m, leaveId, content);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const board = (m: Member, fuid: number, query = 'pageNum=1') => m.call('GET', `/api/leave/get/${fuid}?${query}`);

/** The stored counter against a real count(*), for a board owner. */
async function expectCountTrue(fuid: number): Promise<number> {
  const { rows } = await t.pool.query(
    'SELECT (SELECT leave_count FROM users WHERE uid = $1) AS counter, (SELECT count(*)::int FROM leaves WHERE fuid = $1) AS real',
    [fuid],
  );
  expect(rows[0].counter).toBe(rows[0].real);
  return rows[0].real;
}
const leaveExists = async (id: number) => (await t.pool.query('SELECT 1 FROM leaves WHERE leave_id = $1', [id])).rowCount === 1;
const replyExists = async (id: number) => (await t.pool.query('SELECT 1 FROM leave_replies WHERE id = $1', [id])).rowCount === 1;

describe('the board calls need a signed-in user', () => {
  it.each([
    ['POST', '/api/leave/add'],
    ['GET', '/api/leave/get/100001?pageNum=1'],
    ['DELETE', '/api/leave/delete?leaveId=1'],
    ['POST', '/api/leaveReply/add'],
    ['DELETE', '/api/leaveReply/delete?id=1'],
    ['GET', '/api/user/getleaves'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { content: 'x', fuid: 1 } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-type']).toBe('access');
    expect(json(res)).toEqual({ code: 401, msg: '请先登录' });
  });
});

describe('POST /api/leave/add', () => {
  it('writes on another board and answers the created message with empty replies', async () => {
    const res = await add(writer, owner.uid, '  你好呀[b5]\r\n常来玩  ');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.msg).toBe('留言成功!');
    expect(body.data).toEqual({
      id: expect.any(Number),
      fuid: owner.uid,
      uid: writer.uid,
      username: '留言者',
      face: 0,
      avatar: '',
      content: '你好呀[b5]\n常来玩',
      ctime: expect.any(Number),
      replies: [],
    });
    expect(Math.abs(body.data.ctime - Date.now() / 1000)).toBeLessThan(60);
    await expectCountTrue(owner.uid);
  });

  it("allows writing on one's own board", async () => {
    const data = await addOk(owner, owner.uid, '给自己留个言');
    expect(data).toMatchObject({ fuid: owner.uid, uid: owner.uid });
  });

  it.each([
    ['<script>alert(1)</script>你好', 'alert(1)你好'],
    ['<img src=x onerror=alert(1)>图', '图'],
    ['<scr<b>ipt>x</script>', 'x'],
    ['a < b <3', 'a < b <3'],
  ])('stores %j without tags', async (input, stored) => {
    const data = await addOk(writer, owner.uid, input);
    expect(data.content).toBe(stored);
    const { rows } = await t.pool.query('SELECT content FROM leaves WHERE leave_id = $1', [data.id]);
    expect(rows[0].content).toBe(stored);
    expect(rows[0].content).not.toMatch(/<[a-z/!]/i);
  });

  it.each([
    [{ content: '', fuid: 0 }, '用户不存在'],
    [{ content: 'x' }, '用户不存在'],
    [{ content: 'x', fuid: -3 }, '用户不存在'],
    [{ content: 'x', fuid: 1.5 }, '用户不存在'],
    [{ content: 'x', fuid: '100001' }, '请求参数有误'],
    [{ content: 5, fuid: 100001 }, '请求参数有误'],
    [{ content: '   ', fuid: 100001 }, LEAVE_EMPTY],
    [{ content: '<b></b>', fuid: 100001 }, LEAVE_EMPTY],
    [{ fuid: 100001 }, LEAVE_EMPTY],
    [{ content: '字'.repeat(234), fuid: 100001 }, '留言不能超过233个字'],
  ])('refuses %j with 400 %s', async (payload, msg) => {
    const res = await writer.call('POST', '/api/leave/add', payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });

  it('takes 233 characters counted as people count them (emoji are one each)', async () => {
    const data = await addOk(writer, owner.uid, '😀'.repeat(233));
    expect(Array.from(data.content)).toHaveLength(233);
  });

  it('answers 404 用户不存在 for a board nobody owns, and counts nothing', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM leaves')).rows[0].n;
    const res = await add(writer, 999_999_999, '有人吗');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '用户不存在' });
    expect((await t.pool.query('SELECT count(*)::int AS n FROM leaves')).rows[0].n).toBe(before);
  });
});

describe('GET /api/leave/get/{fuid}', () => {
  let fresh: Member;
  let ids: number[];
  beforeAll(async () => {
    fresh = await member(t, '新主人');
    ids = [];
    // 23 messages a second apart, oldest first, from two writers.
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 23; i++) {
      const uid = i % 2 === 0 ? writer.uid : stranger.uid;
      const id = await insertLeave(t.pool, { owner: fresh.uid, uid, content: `第${i}条`, ctime: now - 100 + i });
      ids.push(id!);
    }
  });

  it('answers a page newest first with authors, and the page math (default size 10)', async () => {
    const res = await board(writer, fresh.uid);
    expect(res.statusCode).toBe(200);
    const page = json(res).data;
    expect(page).toMatchObject({ total: 23, pages: 3, current: 1, size: LEAVE_PAGE_SIZE });
    expect(page.records).toHaveLength(10);
    expect(page.records.map((m: any) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `第${22 - i}条`));
    expect(page.records[0]).toMatchObject({ id: ids[22], fuid: fresh.uid, uid: writer.uid, username: '留言者', face: 0, avatar: '', replies: [] });
    expect(page.records[1]).toMatchObject({ uid: stranger.uid, username: '路人' });
  });

  it('serves the last page partly, and beyond it an empty page', async () => {
    const last = json(await board(writer, fresh.uid, 'pageNum=3')).data;
    expect(last).toMatchObject({ total: 23, pages: 3, current: 3, size: 10 });
    expect(last.records.map((m: any) => m.content)).toEqual(['第2条', '第1条', '第0条']);
    const beyond = json(await board(writer, fresh.uid, 'pageNum=4')).data;
    expect(beyond).toEqual({ records: [], total: 23, pages: 3, current: 4, size: 10 });
  });

  it('takes pageSize, capped at 50', async () => {
    const five = json(await board(writer, fresh.uid, 'pageNum=2&pageSize=5')).data;
    expect(five).toMatchObject({ total: 23, pages: 5, current: 2, size: 5 });
    expect(five.records.map((m: any) => m.content)).toEqual(['第17条', '第16条', '第15条', '第14条', '第13条']);
    const big = json(await board(writer, fresh.uid, 'pageNum=1&pageSize=500')).data;
    expect(big).toMatchObject({ total: 23, pages: 1, size: 50 });
    expect(big.records).toHaveLength(23);
  });

  it('answers an empty board of an existing user', async () => {
    const res = await board(writer, stranger.uid);
    expect(json(res)).toEqual({ code: 200, msg: '获取成功', data: { records: [], total: 0, pages: 0, current: 1, size: 10 } });
  });

  it.each([
    ['/api/leave/get/abc?pageNum=1', 400, '用户不存在'],
    ['/api/leave/get/0?pageNum=1', 400, '用户不存在'],
    ['/api/leave/get/01?pageNum=1', 400, '用户不存在'],
    ['/api/leave/get/999999999?pageNum=1', 404, '用户不存在'],
    ['/api/leave/get/100001', 400, '分页参数有误'],
    ['/api/leave/get/100001?pageNum=0', 400, '分页参数有误'],
    ['/api/leave/get/100001?pageNum=1&pageSize=-1', 400, '分页参数有误'],
    ['/api/leave/get/100001?pageNum=1&pageNum=2', 400, '分页参数有误'],
  ])('%s answers %i %s', async (url, status, msg) => {
    const res = await writer.call('GET', url);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg });
  });

  it('gives each message its replies oldest first, fetched in one query for the page', async () => {
    const a = await addOk(writer, owner.uid, '留言A');
    const b = await addOk(stranger, owner.uid, '留言B');
    const r1 = await replyOk(owner, a.id, '回复1');
    const r2 = await replyOk(writer, a.id, '回复2');
    const r3 = await replyOk(owner, a.id, '回复3');
    const rb = await replyOk(owner, b.id, '给B的回复');
    // Queries the page runs: count the statements the pool sees.
    const seen: string[] = [];
    const original = t.pool.query.bind(t.pool);
    (t.pool as any).query = (...args: any[]) => {
      if (typeof args[0] === 'string') seen.push(args[0]);
      return (original as any)(...args);
    };
    let page: any;
    try {
      page = json(await board(writer, owner.uid, 'pageNum=1&pageSize=2')).data;
    } finally {
      (t.pool as any).query = original;
    }
    expect(seen.filter((q) => q.includes('leave_replies'))).toHaveLength(1);
    expect(page.records.map((m: any) => m.id)).toEqual([b.id, a.id]);
    expect(page.records[1].replies).toEqual([
      { id: r1.id, leaveId: a.id, uid: owner.uid, username: '主人', face: 0, avatar: '', content: '回复1', ctime: expect.any(Number) },
      { id: r2.id, leaveId: a.id, uid: writer.uid, username: '留言者', face: 0, avatar: '', content: '回复2', ctime: expect.any(Number) },
      { id: r3.id, leaveId: a.id, uid: owner.uid, username: '主人', face: 0, avatar: '', content: '回复3', ctime: expect.any(Number) },
    ]);
    expect(page.records[0].replies.map((r: any) => r.id)).toEqual([rb.id]);
  });

  it(`shows at most the newest ${REPLIES_SHOWN_MAX} replies of a message, oldest first`, async () => {
    const m = await addOk(writer, owner.uid, '长对话');
    await t.pool.query(
      `INSERT INTO leave_replies (leave_id, uid, content, ctime)
       SELECT $1, $2, 'r' || i, now() - make_interval(secs => 1000 - i) FROM generate_series(1, $3::int) i`,
      [m.id, owner.uid, REPLIES_SHOWN_MAX + 5],
    );
    const page = json(await board(writer, owner.uid, 'pageNum=1&pageSize=1')).data;
    const replies = page.records[0].replies;
    expect(replies).toHaveLength(REPLIES_SHOWN_MAX);
    expect(replies[0].content).toBe('r6');
    expect(replies.at(-1).content).toBe(`r${REPLIES_SHOWN_MAX + 5}`);
  });
});

describe('DELETE /api/leave/delete', () => {
  it('lets the author delete a message, with its replies; the count follows', async () => {
    const m = await addOk(writer, owner.uid, '要删的');
    const r = await replyOk(owner, m.id, '回复');
    const before = await expectCountTrue(owner.uid);
    const res = await writer.call('DELETE', `/api/leave/delete?leaveId=${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '删除成功！' });
    expect(await leaveExists(m.id)).toBe(false);
    expect(await replyExists(r.id)).toBe(false);
    expect(await expectCountTrue(owner.uid)).toBe(before - 1);
  });

  it("lets the board's owner delete someone else's message", async () => {
    const m = await addOk(stranger, owner.uid, '主人可以删');
    expect((await owner.call('DELETE', `/api/leave/delete?leaveId=${m.id}`)).statusCode).toBe(200);
    expect(await leaveExists(m.id)).toBe(false);
    await expectCountTrue(owner.uid);
  });

  it('refuses anyone else with 403; the message stays and the count too', async () => {
    const m = await addOk(writer, owner.uid, '别人删不了');
    const before = await expectCountTrue(owner.uid);
    const res = await stranger.call('DELETE', `/api/leave/delete?leaveId=${m.id}`);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: '没有权限删除' });
    expect(await leaveExists(m.id)).toBe(true);
    expect(await expectCountTrue(owner.uid)).toBe(before);
  });

  it.each([
    ['leaveId=abc', 400],
    ['', 400],
    ['leaveId=1&leaveId=2', 400],
    ['leaveId=999999999', 404],
  ])('?%s answers %i 留言不存在', async (query, status) => {
    const res = await writer.call('DELETE', `/api/leave/delete?${query}`);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg: '留言不存在' });
  });

  it('counts a message once when two deletes race', async () => {
    const m = await addOk(writer, owner.uid, '并发删除');
    const before = await expectCountTrue(owner.uid);
    const codes = (await Promise.all([writer.call('DELETE', `/api/leave/delete?leaveId=${m.id}`), owner.call('DELETE', `/api/leave/delete?leaveId=${m.id}`)]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 404]);
    expect(await expectCountTrue(owner.uid)).toBe(before - 1);
  });
});

describe('POST /api/leaveReply/add', () => {
  it("lets the board's owner and the message's author reply, and answers the reply", async () => {
    const m = await addOk(writer, owner.uid, '问个问题');
    const res = await reply(owner, m.id, '  <i>好的</i>[b3] ');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.msg).toBe('回复成功');
    expect(body.data).toEqual({
      id: expect.any(Number),
      leaveId: m.id,
      uid: owner.uid,
      username: '主人',
      face: 0,
      avatar: '',
      content: '好的[b3]',
      ctime: expect.any(Number),
    });
    expect((await reply(writer, m.id, '谢谢')).statusCode).toBe(200);
  });

  it('refuses anyone else with 403, storing nothing', async () => {
    const m = await addOk(writer, owner.uid, '私人对话');
    const res = await reply(stranger, m.id, '插一句');
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: '只有空间主人和留言者可以回复' });
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM leave_replies WHERE leave_id = $1', [m.id]);
    expect(rows[0].n).toBe(0);
  });

  it.each([
    [{ content: 'x' }, 400, '留言不存在'],
    [{ content: 'x', leaveId: 0 }, 400, '留言不存在'],
    [{ content: 'x', leaveId: 'a' }, 400, '请求参数有误'],
    [{ content: ' ', leaveId: 1 }, 400, '回复内容不能为空'],
    [{ content: '<p></p>', leaveId: 1 }, 400, '回复内容不能为空'],
    [{ content: '字'.repeat(234), leaveId: 1 }, 400, '回复内容不能超过233个字'],
    [{ content: 'x', leaveId: 999_999_999 }, 404, '留言不存在'],
  ])('refuses %j with %i %s', async (payload, status, msg) => {
    const res = await owner.call('POST', '/api/leaveReply/add', payload);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg });
  });
});

describe('DELETE /api/leaveReply/delete', () => {
  it("lets the reply's author delete it", async () => {
    const m = await addOk(writer, owner.uid, 'm');
    const r = await replyOk(writer, m.id, '我说错了');
    const res = await writer.call('DELETE', `/api/leaveReply/delete?id=${r.id}`);
    expect(json(res)).toEqual({ code: 200, msg: '删除成功！' });
    expect(await replyExists(r.id)).toBe(false);
    expect(await leaveExists(m.id)).toBe(true);
  });

  it("lets the board's owner delete the author's reply", async () => {
    const m = await addOk(writer, owner.uid, 'm');
    const r = await replyOk(writer, m.id, '回复');
    expect((await owner.call('DELETE', `/api/leaveReply/delete?id=${r.id}`)).statusCode).toBe(200);
    expect(await replyExists(r.id)).toBe(false);
  });

  it("refuses anyone else with 403 (also the message's author for the owner's reply); the reply stays", async () => {
    const m = await addOk(writer, owner.uid, 'm');
    const r = await replyOk(owner, m.id, '主人的回复');
    for (const other of [stranger, writer]) {
      const res = await other.call('DELETE', `/api/leaveReply/delete?id=${r.id}`);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ code: 403, msg: '没有权限删除' });
    }
    expect(await replyExists(r.id)).toBe(true);
  });

  it.each([
    ['id=x', 400],
    ['', 400],
    ['id=999999999', 404],
  ])('?%s answers %i 回复不存在', async (query, status) => {
    const res = await owner.call('DELETE', `/api/leaveReply/delete?${query}`);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg: '回复不存在' });
  });
});

describe('counts', () => {
  it("GET /api/user/getleaves answers the own board's message count, and getuserinfo its leaves", async () => {
    const me = await member(t, '计数');
    const count = async () => json(await me.call('GET', '/api/user/getleaves')).data;
    expect(json(await me.call('GET', '/api/user/getleaves'))).toEqual({ code: 200, msg: '获取成功', data: 0 });
    const a = await addOk(writer, me.uid, '一');
    await addOk(stranger, me.uid, '二');
    await addOk(me, me.uid, '三');
    await replyOk(me, a.id, '回复不算留言');
    // Messages written elsewhere do not count on one's own board.
    await addOk(me, owner.uid, '写在别处');
    expect(await count()).toBe(3);
    expect(json(await writer.call('GET', `/api/user/getuserinfo/${me.uid}`)).data.leaves).toBe(3);
    await me.call('DELETE', `/api/leave/delete?leaveId=${a.id}`);
    expect(await count()).toBe(2);
    expect(json(await me.call('GET', `/api/user/getuserinfo/${me.uid}`)).data.leaves).toBe(2);
    expect(json(await board(me, me.uid)).data.total).toBe(2);
    await expectCountTrue(me.uid);
  });

  it('stay true under parallel adds and deletes', async () => {
    const me = await member(t, '并发');
    const writers = [writer, stranger, owner];
    const added = await Promise.all(Array.from({ length: 12 }, (_, i) => addOk(writers[i % 3]!, me.uid, `并发${i}`)));
    await Promise.all(added.slice(0, 5).map((m) => me.call('DELETE', `/api/leave/delete?leaveId=${m.id}`)));
    expect(await expectCountTrue(me.uid)).toBe(7);
  });
});

describe('board limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ boardLimits: { leaves: 2, replies: 3 } });
  });
  afterAll(() => limited.close());

  it('reads LIMIT_LEAVES and LIMIT_LEAVE_REPLIES (defaults 20 and 40; 0 disables; bad values stop the start)', () => {
    expect(loadConfig({}).boardLimits).toEqual({ leaves: 20, replies: 40 });
    expect(loadConfig({ LIMIT_LEAVES: '0', LIMIT_LEAVE_REPLIES: '7' }).boardLimits).toEqual({ leaves: 0, replies: 7 });
    expect(() => loadConfig({ LIMIT_LEAVES: '-1' })).toThrow(/LIMIT_LEAVES/);
    expect(() => loadConfig({ LIMIT_LEAVE_REPLIES: 'lots' })).toThrow(/LIMIT_LEAVE_REPLIES/);
  });

  it('answers 429 past the message limit (across boards); a refused message is neither stored nor counted', async () => {
    const m = await member(limited);
    const a = await member(limited);
    const b = await member(limited);
    expect((await add(m, a.uid, '1')).statusCode).toBe(200);
    expect((await add(m, b.uid, '2')).statusCode).toBe(200);
    const third = await add(m, a.uid, '3');
    expect(third.statusCode).toBe(429);
    expect(json(third)).toEqual({ code: 429, msg: '留言太频繁了，请稍后再试' });
    const { rows } = await limited.pool.query(
      'SELECT (SELECT count(*)::int FROM leaves WHERE uid = $1) AS n, (SELECT leave_count FROM users WHERE uid = $2) AS counter',
      [m.uid, a.uid],
    );
    expect(rows[0]).toEqual({ n: 2, counter: 1 });
    // A message to nobody is not counted against the writer either (404 comes first).
    expect((await add(m, 999_999_999, 'x')).statusCode).toBe(404);
    // Another user has a limit of their own; and the window passes.
    expect((await add(a, b.uid, '我')).statusCode).toBe(200);
    await limited.pool.query(`UPDATE post_log SET at = at - interval '11 minutes' WHERE uid = $1`, [m.uid]);
    expect((await add(m, a.uid, '又能写了')).statusCode).toBe(200);
  });

  it('answers 429 past the reply limit, counted apart from messages', async () => {
    const o = await member(limited);
    const w = await member(limited);
    const msg = json(await add(w, o.uid, '留言')).data;
    for (let i = 0; i < 3; i++) expect((await reply(o, msg.id, `r${i}`)).statusCode).toBe(200);
    const fourth = await reply(o, msg.id, 'r3');
    expect(fourth.statusCode).toBe(429);
    expect(json(fourth)).toEqual({ code: 429, msg: '回复太频繁了，请稍后再试' });
    const { rows } = await limited.pool.query('SELECT count(*)::int AS n FROM leave_replies WHERE uid = $1', [o.uid]);
    expect(rows[0].n).toBe(3);
    // Messages have their own count: o may still write two.
    expect((await add(o, w.uid, '回访')).statusCode).toBe(200);
  });

  it('serialises parallel requests of one user: exactly the limit gets through', async () => {
    const m = await member(limited);
    const o = await member(limited);
    const codes = (await Promise.all(Array.from({ length: 6 }, (_, i) => add(m, o.uid, `并发${i}`)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
    const { rows } = await limited.pool.query('SELECT leave_count FROM users WHERE uid = $1', [o.uid]);
    expect(rows[0].leave_count).toBe(2);
  });

  it('0 disables a limit', async () => {
    const open = await startTestApp({ boardLimits: { leaves: 0, replies: 0 } });
    try {
      const m = await member(open);
      const o = await member(open);
      for (let i = 0; i < 25; i++) expect((await add(m, o.uid, `${i}`)).statusCode).toBe(200);
      const { rows } = await open.pool.query(`SELECT count(*)::int AS n FROM post_log WHERE kind LIKE 'leave%'`);
      expect(rows[0].n).toBe(0);
    } finally {
      await open.close();
    }
  });
});
