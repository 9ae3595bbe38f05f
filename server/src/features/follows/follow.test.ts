/**
 * Follows and fans (docs/api.md "Follows"): follow and unfollow with their counters, the lists and
 * their privacy, the fan notices, the space's `following`, blocks, the hourly limit, and the demo
 * graph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, BLOCK_MSG, FOLLOW_MSG, PAGE_QUERY_ERROR } from '@xiaoba/shared/core';
import { seedDemoUsers } from '../../demo';
import { DEMO_FOLLOWS } from '../../demo-follows';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { FOLLOW_ERROR } from './routes';

const LIMIT = 5;
let t: TestApp;
let demoUids: number[];

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, followsPerHour: LIMIT });
  // On the empty database first: the demo users are seeded only into an empty users table.
  demoUids = (await seedDemoUsers(t.pool)).map((u) => u.uid);
});
afterAll(() => t.close());

const follow = (m: Member, uid: unknown) => m.call('POST', '/api/follow/add', { uid });
const unfollow = (m: Member, uid: unknown) => m.call('POST', '/api/follow/remove', { uid });
const mustFollow = async (m: Member, uid: number) => expect(json(await follow(m, uid))).toEqual({ code: 200, msg: FOLLOW_MSG.followed });
const list = (m: Member, uid: number | string, query: string) => m.call('GET', `/api/follow/list/${uid}?${query}`);
const listData = async (m: Member, uid: number, kind: 'follows' | 'fans', pageNum = 1, pageSize = 20) => {
  const res = await list(m, uid, `kind=${kind}&pageNum=${pageNum}&pageSize=${pageSize}`);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const counters = async (uid: number) =>
  (await t.pool.query('SELECT follows, fans FROM users WHERE uid = $1', [uid])).rows[0] as { follows: number; fans: number };
const fans = async (m: Member) => json(await m.call('GET', '/api/count/getfans')).data;
const space = async (m: Member, uid: number) => json(await m.call('GET', `/api/user/getuserinfo/${uid}`)).data;

describe('every follow call needs a signed-in user', () => {
  it.each([
    ['POST', '/api/follow/add'],
    ['POST', '/api/follow/remove'],
    ['GET', '/api/follow/list/100001?kind=fans&pageNum=1'],
    ['GET', '/api/count/getfans'],
    ['POST', '/api/count/clearfans'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { uid: 100001 } : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('follow and unfollow', () => {
  it('moves both counters, once, and unfollowing moves them back', async () => {
    const a = await member(t, '关注者');
    const b = await member(t, '被关注');
    await mustFollow(a, b.uid);
    expect(await counters(a.uid)).toEqual({ follows: 1, fans: 0 });
    expect(await counters(b.uid)).toEqual({ follows: 0, fans: 1 });
    // Twice: a no-op 200.
    await mustFollow(a, b.uid);
    expect(await counters(b.uid)).toEqual({ follows: 0, fans: 1 });
    expect(json(await unfollow(a, b.uid))).toEqual({ code: 200, msg: FOLLOW_MSG.unfollowed });
    expect(await counters(a.uid)).toEqual({ follows: 0, fans: 0 });
    expect(await counters(b.uid)).toEqual({ follows: 0, fans: 0 });
    // Not following: still 200, counters stay at 0.
    expect((await unfollow(a, b.uid)).statusCode).toBe(200);
    expect(await counters(b.uid)).toEqual({ follows: 0, fans: 0 });
  });

  it('counts parallel follows of one pair once, and a mutual follow made at once does not deadlock', async () => {
    const a = await member(t, '并发甲');
    const b = await member(t, '并发乙');
    const results = await Promise.all([follow(a, b.uid), follow(a, b.uid), follow(a, b.uid), follow(b, a.uid)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await counters(a.uid)).toEqual({ follows: 1, fans: 1 });
    expect(await counters(b.uid)).toEqual({ follows: 1, fans: 1 });
  });

  it('refuses oneself (400), nobody (404) and bad input (400)', async () => {
    const a = await member(t);
    expect(json(await follow(a, a.uid))).toEqual({ code: 400, msg: FOLLOW_MSG.self });
    expect(json(await unfollow(a, a.uid))).toEqual({ code: 400, msg: FOLLOW_MSG.self });
    expect(json(await follow(a, 999_999_999))).toEqual({ code: 404, msg: FOLLOW_MSG.userNotFound });
    expect(json(await unfollow(a, 999_999_999))).toEqual({ code: 404, msg: FOLLOW_MSG.userNotFound });
    for (const bad of [0, -3, 1.5]) expect(json(await follow(a, bad))).toEqual({ code: 400, msg: FOLLOW_MSG.userNotFound });
    expect((await follow(a, '100001')).statusCode).toBe(400);
    expect((await a.call('POST', '/api/follow/add')).statusCode).toBe(400);
    expect(await counters(a.uid)).toEqual({ follows: 0, fans: 0 });
  });

  it("is refused (403) when the followed user blocked the caller; a block ends the blocked user's follow", async () => {
    const owner = await member(t, '拉黑者');
    const other = await member(t, '被拉黑');
    await mustFollow(other, owner.uid);
    await mustFollow(owner, other.uid);
    expect(await counters(owner.uid)).toEqual({ follows: 1, fans: 1 });
    expect((await owner.call('POST', '/api/block/add', { uid: other.uid })).statusCode).toBe(200);
    // other's follow of owner is gone, counters with it; owner's own follow of other stays.
    expect(await counters(owner.uid)).toEqual({ follows: 1, fans: 0 });
    expect(await counters(other.uid)).toEqual({ follows: 0, fans: 1 });
    expect(json(await follow(other, owner.uid))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect(await counters(owner.uid)).toEqual({ follows: 1, fans: 0 });
    expect((await fans(owner)).records).toEqual([]);
    // Unblocked: they may follow again.
    expect((await owner.call('POST', '/api/block/remove', { uid: other.uid })).statusCode).toBe(200);
    await mustFollow(other, owner.uid);
    expect(await counters(owner.uid)).toEqual({ follows: 1, fans: 1 });
  });

  it(`allows ${LIMIT} new follows an hour (429 after), not counting no-ops; unfollowing frees nothing`, async () => {
    const fan = await member(t, '狂热粉');
    const idols: Member[] = [];
    for (let i = 0; i <= LIMIT; i++) idols.push(await member(t, `偶像${i}`));
    for (const idol of idols.slice(0, LIMIT)) await mustFollow(fan, idol.uid);
    // Following someone already followed is no new follow: still 200.
    await mustFollow(fan, idols[0]!.uid);
    expect(json(await follow(fan, idols[LIMIT]!.uid))).toEqual({ code: 429, msg: FOLLOW_MSG.tooFast });
    expect(await unfollow(fan, idols[0]!.uid)).toMatchObject({ statusCode: 200 });
    expect((await follow(fan, idols[0]!.uid)).statusCode).toBe(429);
    expect(await counters(fan.uid)).toEqual({ follows: LIMIT - 1, fans: 0 });
    // An hour later the slots are free again.
    await t.pool.query("UPDATE post_log SET at = at - interval '61 minutes' WHERE uid = $1", [fan.uid]);
    await mustFollow(fan, idols[LIMIT]!.uid);
  });
});

describe('the lists', () => {
  it('list follows and fans newest first, with following / followsMe as the caller sees them, paged', async () => {
    const star = await member(t, '明星');
    const f1 = await member(t, '粉一');
    const f2 = await member(t, '粉二');
    const f3 = await member(t, '粉三');
    const viewer = await member(t, '路人');
    for (const f of [f1, f2, f3]) await mustFollow(f, star.uid);
    // Distinct times, oldest first: f1, f2, f3.
    await t.pool.query(
      `UPDATE follows SET ctime = now() - make_interval(mins => CASE uid WHEN $2 THEN 30 WHEN $3 THEN 20 ELSE 10 END) WHERE followed_uid = $1`,
      [star.uid, f1.uid, f2.uid],
    );
    await mustFollow(star, f2.uid);
    await mustFollow(viewer, f1.uid);
    await mustFollow(f3, viewer.uid);

    const page1 = await listData(viewer, star.uid, 'fans', 1, 2);
    expect(page1).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(page1.records.map((u: { uid: number }) => u.uid)).toEqual([f3.uid, f2.uid]);
    expect(page1.records[0]).toEqual({
      uid: f3.uid,
      name: '粉三',
      face: expect.any(Number),
      avatar: '',
      qianming: '',
      following: false,
      followsMe: true,
      ctime: expect.any(Number),
    });
    const page2 = await listData(viewer, star.uid, 'fans', 2, 2);
    expect(page2.records).toEqual([expect.objectContaining({ uid: f1.uid, following: true, followsMe: false })]);

    const starFollows = await listData(star, star.uid, 'follows');
    expect(starFollows.total).toBe(1);
    expect(starFollows.records).toEqual([expect.objectContaining({ uid: f2.uid, following: true, followsMe: true })]);
  });

  it("hides someone else's lists (403) when they chose so, never the owner's own", async () => {
    const shy = await member(t, '害羞');
    const other = await member(t, '别人');
    await mustFollow(other, shy.uid);
    expect(json(await shy.call('POST', '/api/user/privacy', { showFollows: false })).data.showFollows).toBe(false);
    expect(json(await shy.call('GET', '/api/user/privacy')).data.showFollows).toBe(false);
    for (const kind of ['follows', 'fans']) expect(json(await list(other, shy.uid, `kind=${kind}&pageNum=1`))).toEqual({ code: 403, msg: FOLLOW_MSG.hidden });
    expect((await listData(shy, shy.uid, 'fans')).records).toEqual([expect.objectContaining({ uid: other.uid })]);
    // Following still works, and the counters in the space still show.
    expect((await space(other, shy.uid)).fans).toBe(1);
    await shy.call('POST', '/api/user/privacy', { showFollows: true });
    expect((await listData(other, shy.uid, 'fans')).total).toBe(1);
  });

  it('answers bad input with 400 and an unknown user with 404', async () => {
    const m = await member(t);
    expect(json(await list(m, m.uid, 'kind=friends&pageNum=1'))).toEqual({ code: 400, msg: FOLLOW_ERROR.kind });
    expect(json(await list(m, m.uid, 'pageNum=1'))).toEqual({ code: 400, msg: FOLLOW_ERROR.kind });
    expect(json(await list(m, m.uid, 'kind=fans'))).toEqual({ code: 400, msg: PAGE_QUERY_ERROR });
    expect(json(await list(m, m.uid, 'kind=fans&pageNum=0'))).toEqual({ code: 400, msg: PAGE_QUERY_ERROR });
    expect(json(await list(m, 'abc', 'kind=fans&pageNum=1'))).toEqual({ code: 400, msg: FOLLOW_MSG.userNotFound });
    expect(json(await list(m, 999_999_999, 'kind=fans&pageNum=1'))).toEqual({ code: 404, msg: FOLLOW_MSG.userNotFound });
    expect(json(await m.call('POST', '/api/user/privacy', { showFollows: 'no' })).code).toBe(400);
  });
});

describe('fan notices', () => {
  it('"X 关注了你": newest first, unread until cleared, follow-back shown, gone when they unfollow', async () => {
    const me = await member(t, '我');
    const x = await member(t, '粉丝X');
    const y = await member(t, '粉丝Y');
    expect(await fans(me)).toEqual({ count: 0, records: [] });
    await mustFollow(x, me.uid);
    await t.pool.query("UPDATE follows SET ctime = now() - interval '5 minutes' WHERE uid = $1", [x.uid]);
    await mustFollow(y, me.uid);
    await mustFollow(me, x.uid);
    const notices = await fans(me);
    expect(notices.count).toBe(2);
    expect(notices.records).toEqual([
      { uid: y.uid, username: '粉丝Y', face: expect.any(Number), avatar: '', ctime: expect.any(Number), unread: true, following: false },
      expect.objectContaining({ uid: x.uid, username: '粉丝X', unread: true, following: true }),
    ]);
    // Up to x's notice only: y's, newer, stays unread.
    const upTo = notices.records[1].ctime as number;
    expect(json(await me.call('POST', '/api/count/clearfans', { upTo }))).toEqual({ code: 200, msg: '已清除', data: { count: 1 } });
    expect(json(await me.call('POST', '/api/count/clearfans'))).toEqual({ code: 200, msg: '已清除', data: { count: 0 } });
    const cleared = await fans(me);
    expect(cleared.count).toBe(0);
    expect(cleared.records.map((n: { unread: boolean }) => n.unread)).toEqual([false, false]);
    // Clearing is the caller's own: x's notices are untouched (x has one from me).
    expect((await fans(x)).count).toBe(1);
    await unfollow(y, me.uid);
    expect((await fans(me)).records.map((n: { uid: number }) => n.uid)).toEqual([x.uid]);
    expect((await me.call('POST', '/api/count/clearfans', { upTo: 'x' })).statusCode).toBe(400);
  });
});

describe('the space', () => {
  it("getuserinfo answers following for another user, not on one's own space", async () => {
    const a = await member(t);
    const b = await member(t);
    expect((await space(a, b.uid)).following).toBe(false);
    await mustFollow(a, b.uid);
    expect(await space(a, b.uid)).toMatchObject({ following: true, fans: 1 });
    expect((await space(b, a.uid)).following).toBe(false);
    expect(await space(a, a.uid)).not.toHaveProperty('following');
  });
});

describe('demo data', () => {
  it('has follows whose counters are the real counts', async () => {
    expect(demoUids).toHaveLength(4);
    const { rows } = await t.pool.query(
      `SELECT u.uid, u.follows, u.fans,
              (SELECT count(*) FROM follows f WHERE f.uid = u.uid)::int AS follows_rows,
              (SELECT count(*) FROM follows f WHERE f.followed_uid = u.uid)::int AS fans_rows
       FROM users u WHERE u.uid = ANY($1::bigint[]) ORDER BY u.uid`,
      [demoUids],
    );
    expect(rows.reduce((n, r) => n + r.follows_rows, 0)).toBe(DEMO_FOLLOWS.length);
    for (const r of rows) expect([r.follows, r.fans]).toEqual([r.follows_rows, r.fans_rows]);
    // 巴巴 sees 小雨's follow as a new notice.
    const baba = await t.pool.query('SELECT count(*)::int AS n FROM follows WHERE followed_uid = $1 AND unread', [demoUids[0]]);
    expect(baba.rows[0].n).toBe(1);
  });
});

it('keeps BAD_REQUEST for a body that is no object', async () => {
  const m = await member(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/follow/add',
    payload: '[1]',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
  });
  expect(json(res)).toEqual({ code: 400, msg: BAD_REQUEST });
});
