/** Signatures, visitors and hot topics (docs/api.md "Spaces"); the board has leave.test.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITORS_SHOWN } from '@xiaoba/shared/core';
import { recordVisit } from '../visitors';
import { computeHotTopics, FALLBACK_TOPICS, HotTopicsCache, TOPIC_PATTERN } from './queries';
import { insertYy } from '../yy';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, startWithAliceAndBob, type Member } from '../../test/yy';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
});
afterAll(() => t.close());

describe('the space calls need a signed-in user', () => {
  it.each([
    ['POST', '/api/user/updatebigqm?qm=x'],
    ['POST', '/api/user/updatesmallqm?qm=x'],
    ['GET', '/api/visitor/get?uid=100001'],
    ['GET', '/api/yy/hottopics'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-type']).toBe('access');
    expect(json(res)).toEqual({ code: 401, msg: '请先登录' });
  });
});

describe('signatures', () => {
  const stored = async (uid: number) => (await t.pool.query('SELECT qm, qianming FROM users WHERE uid = $1', [uid])).rows[0];
  const q = (s: string) => encodeURIComponent(s);

  it('stores the big signature (HTML stripped, trimmed) and answers {qm}', async () => {
    const res = await alice.call('POST', `/api/user/updatebigqm?qm=${q('  <b>小爱</b>的小窝[b1] ')}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '签名档更新成功', data: { qm: '小爱的小窝[b1]' } });
    expect((await stored(alice.uid)).qm).toBe('小爱的小窝[b1]');
    const info = json(await alice.call('GET', '/api/user/getinfo')).data;
    expect(info.qm).toBe('小爱的小窝[b1]');
  });

  it('stores the small signature and answers {qianming}; the big one stays', async () => {
    const res = await alice.call('POST', `/api/user/updatesmallqm?qm=${q('<script>alert(1)</script>今天很开心')}`);
    expect(json(res)).toEqual({ code: 200, msg: '签名档更新成功', data: { qianming: 'alert(1)今天很开心' } });
    expect(await stored(alice.uid)).toEqual({ qm: '小爱的小窝[b1]', qianming: 'alert(1)今天很开心' });
    // Another user sees it in the space header.
    const space = json(await bob.call('GET', `/api/user/getuserinfo/${alice.uid}`)).data;
    expect(space).toMatchObject({ qm: '小爱的小窝[b1]', qianming: 'alert(1)今天很开心' });
  });

  it('takes exactly 11 and 25 characters (emoji count one each), refuses one more with the documented message', async () => {
    expect((await alice.call('POST', `/api/user/updatebigqm?qm=${q('大'.repeat(10) + '😀')}`)).statusCode).toBe(200);
    expect((await alice.call('POST', `/api/user/updatesmallqm?qm=${q('小'.repeat(25))}`)).statusCode).toBe(200);
    const big = await alice.call('POST', `/api/user/updatebigqm?qm=${q('大'.repeat(12))}`);
    expect(big.statusCode).toBe(400);
    expect(json(big)).toEqual({ code: 400, msg: '大签名档长度不能超过11个字！' });
    const small = await alice.call('POST', `/api/user/updatesmallqm?qm=${q('小'.repeat(26))}`);
    expect(json(small)).toEqual({ code: 400, msg: '签名档长度不能超过25个字！' });
    // Refused values change nothing.
    expect(await stored(alice.uid)).toEqual({ qm: '大'.repeat(10) + '😀', qianming: '小'.repeat(25) });
  });

  it("stores '' for an empty (or tags-only, or missing) value: the default, which the browser shows", async () => {
    expect(json(await alice.call('POST', '/api/user/updatebigqm?qm=')).data).toEqual({ qm: '' });
    expect(json(await alice.call('POST', `/api/user/updatesmallqm?qm=${q(' <i></i> ')}`)).data).toEqual({ qianming: '' });
    expect(await stored(alice.uid)).toEqual({ qm: '', qianming: '' });
    await alice.call('POST', '/api/user/updatebigqm?qm=x');
    expect(json(await alice.call('POST', '/api/user/updatebigqm')).data).toEqual({ qm: '' });
  });

  it('refuses a value given twice with 400 请求参数有误', async () => {
    const res = await alice.call('POST', '/api/user/updatebigqm?qm=a&qm=b');
    expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
  });

  it("changes only the caller's own signatures (another user cannot reach them)", async () => {
    await alice.call('POST', `/api/user/updatebigqm?qm=${q('爱的')}`);
    await bob.call('POST', `/api/user/updatebigqm?qm=${q('波的')}`);
    expect((await stored(alice.uid)).qm).toBe('爱的');
    expect((await stored(bob.uid)).qm).toBe('波的');
  });
});

describe('visits', () => {
  const rowsOf = async (visited: number) =>
    (await t.pool.query('SELECT visitor, day::text AS day, ctime FROM visits WHERE visited = $1 ORDER BY visitor, day', [visited])).rows;
  const visitCount = async (uid: number) => (await t.pool.query('SELECT visit_count FROM users WHERE uid = $1', [uid])).rows[0].visit_count;
  const open = (m: Member, uid: number) => m.call('GET', `/api/user/getuserinfo/${uid}`);
  const visitors = async (m: Member, uid: number) => {
    const res = await m.call('GET', `/api/visitor/get?uid=${uid}`);
    expect(res.statusCode).toBe(200);
    return json(res).data;
  };

  it('records a visit when another user opens the space; twice the same UTC day is one row with a moved time', async () => {
    const host = await member(t, '主人');
    expect((await open(bob, host.uid)).statusCode).toBe(200);
    const first = await rowsOf(host.uid);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ visitor: bob.uid, day: new Date().toISOString().slice(0, 10) });
    await t.pool.query(`UPDATE visits SET ctime = ctime - interval '1 second' WHERE visited = $1`, [host.uid]);
    await t.pool.query(`UPDATE space_visitors SET ctime = ctime - interval '1 second' WHERE visited = $1`, [host.uid]);
    const moved = (await rowsOf(host.uid))[0].ctime;
    await open(bob, host.uid);
    const second = await rowsOf(host.uid);
    expect(second).toHaveLength(1);
    expect(second[0].ctime > moved).toBe(true);
    expect(await visitCount(host.uid)).toBe(1);
    const list = await visitors(alice, host.uid);
    expect(list).toEqual({ total: 1, data: [{ visitedId: host.uid, uid: bob.uid, username: '小波', face: 0, avatar: '', ctime: expect.any(Number) }] });
    expect(Math.abs(list.data[0].ctime - Date.now() / 1000)).toBeLessThan(60);
  });

  it('never records the owner, nor a space that does not exist', async () => {
    const host = await member(t, '自己');
    expect((await open(host, host.uid)).statusCode).toBe(200);
    expect((await open(host, 999_999_999)).statusCode).toBe(404);
    expect(await rowsOf(host.uid)).toEqual([]);
    expect(await visitors(host, host.uid)).toEqual({ total: 0, data: [] });
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM visits WHERE visitor = $1', [host.uid]);
    expect(rows[0].n).toBe(0);
  });

  it('counts a visit per visitor per day; another day is a new visit, listed once', async () => {
    const host = await member(t, '天天');
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    expect(await recordVisit(t.pool, host.uid, alice.uid, now - 2 * day)).toBe(true);
    expect(await recordVisit(t.pool, host.uid, alice.uid, now - 2 * day + 60)).toBe(false);
    expect(await recordVisit(t.pool, host.uid, alice.uid, now - day)).toBe(true);
    await open(alice, host.uid);
    expect(await rowsOf(host.uid)).toHaveLength(3);
    expect(await visitCount(host.uid)).toBe(3);
    const list = await visitors(bob, host.uid);
    expect(list.total).toBe(3);
    expect(list.data.map((v: any) => v.uid)).toEqual([alice.uid]);
    // An older visit recorded late (demo data) does not move the latest one back.
    expect(await recordVisit(t.pool, host.uid, alice.uid, now - 10 * day)).toBe(true);
    expect((await visitors(bob, host.uid)).data[0].ctime).toBeGreaterThan(now - 60);
  });

  it(`lists the ${VISITORS_SHOWN} most recent distinct visitors, latest first, with the total of visits`, async () => {
    const host = await member(t, '人气王');
    const guests: Member[] = [];
    for (let i = 0; i < 12; i++) guests.push(await member(t, `客${i}`));
    const now = Math.floor(Date.now() / 1000);
    // Guest i visits at now - 1000 + i*10 (so guest 11 is the latest), guest 0 also twice on earlier
    // days; guest 3 first two days ago (a visit a UTC day: just after midnight, now - 1000 is
    // yesterday, so a visit "earlier today" would make the total depend on the hour).
    for (let i = 0; i < 12; i++) await recordVisit(t.pool, host.uid, guests[i]!.uid, i === 3 ? now - 2 * 86_400 : now - 1000 + i * 10);
    await recordVisit(t.pool, host.uid, guests[0]!.uid, now - 3 * 86_400);
    await recordVisit(t.pool, host.uid, guests[0]!.uid, now - 5 * 86_400);
    // Guest 3 comes back last: first in the list, still once.
    await open(guests[3]!, host.uid);
    const list = await visitors(alice, host.uid);
    expect(list.total).toBe(15);
    expect(list.data).toHaveLength(VISITORS_SHOWN);
    expect(list.data.map((v: any) => v.username)).toEqual(['客3', '客11', '客10', '客9', '客8', '客7', '客6', '客5', '客4']);
    expect(new Set(list.data.map((v: any) => v.uid)).size).toBe(VISITORS_SHOWN);
    for (const v of list.data) expect(v.visitedId).toBe(host.uid);
    const times = list.data.map((v: any) => v.ctime);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('keeps the count true when two first visits of the same day race', async () => {
    const host = await member(t, '并发');
    await Promise.all([open(bob, host.uid), open(bob, host.uid), open(bob, host.uid), open(alice, host.uid)]);
    expect(await visitCount(host.uid)).toBe(2);
    expect(await rowsOf(host.uid)).toHaveLength(2);
  });

  it('reads the latest distinct visitors through the index in order (no sort, no scan of visits)', async () => {
    // A test table is tiny, so the planner would rightly scan it: forbid that to see the index fits.
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await client.query(`EXPLAIN SELECT * FROM space_visitors WHERE visited = $1 ORDER BY ctime DESC, visitor DESC LIMIT 9`, [alice.uid]);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan Backward using space_visitors_latest_idx/);
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it.each([
    ['uid=abc', 400],
    ['', 400],
    ['uid=0', 400],
    ['uid=1&uid=2', 400],
    ['uid=999999999', 404],
  ])('GET /api/visitor/get?%s answers %i 用户不存在', async (query, status) => {
    const res = await alice.call('GET', `/api/visitor/get?${query}`);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ code: status, msg: '用户不存在' });
  });
});

describe('hot topics', () => {
  it('finds #topics# by the documented rule', () => {
    const found = (s: string) => [...s.matchAll(TOPIC_PATTERN)].map((m) => m[1]);
    expect(found('#校巴回归# 你好 #怀旧#')).toEqual(['校巴回归', '怀旧']);
    expect(found('＃全角＃ and #a b# and ##')).toEqual(['全角']);
    expect(found(`#${'长'.repeat(20)}# #${'长'.repeat(21)}#`)).toEqual(['长'.repeat(20)]);
  });

  it('answers the fallback list (count 0) when no recent post has a topic', async () => {
    const fresh = await startTestApp();
    try {
      const m = await member(fresh);
      await insertYy(fresh.pool, { uid: m.uid, content: '没有话题', transpondId: null });
      // A topic older than 7 days does not count.
      await insertYy(fresh.pool, { uid: m.uid, content: '#旧话题#', transpondId: null, ctime: Math.floor(Date.now() / 1000) - 8 * 86_400 });
      const res = await m.call('GET', '/api/yy/hottopics');
      expect(json(res)).toEqual({ code: 200, msg: '获取成功', data: FALLBACK_TOPICS.map((name) => ({ name, count: 0 })) });
      expect(FALLBACK_TOPICS.length).toBeGreaterThanOrEqual(5);
      expect(FALLBACK_TOPICS).toContain('校巴回来了');
    } finally {
      await fresh.close();
    }
  });

  it('counts the topics of the last 7 days, once per post, most used first, at most 10', async () => {
    const fresh = await startTestApp();
    try {
      const m = await member(fresh);
      const post = (content: string, ago = 0) => insertYy(fresh.pool, { uid: m.uid, content, transpondId: null, ctime: Math.floor(Date.now() / 1000) - ago });
      await post('#怀旧# #怀旧# 说两遍只算一次');
      await post('我也 #怀旧#');
      await post('#怀旧#', 6 * 86_400);
      await post('#每日打卡#');
      await post('＃每日打卡＃ 全角也算');
      await post('#太老了#', 8 * 86_400);
      await post('#有 空格# #' + 'x'.repeat(21) + '#');
      for (let i = 0; i < 12; i++) await post(`#话题${i}#`, i * 60);
      const topics = json(await m.call('GET', '/api/yy/hottopics')).data;
      expect(topics).toHaveLength(10);
      expect(topics.slice(0, 2)).toEqual([
        { name: '怀旧', count: 3 },
        { name: '每日打卡', count: 2 },
      ]);
      // Ties: the most recently used first.
      expect(topics.slice(2).map((x: any) => x.name)).toEqual(['话题0', '话题1', '话题2', '话题3', '话题4', '话题5', '话题6', '话题7']);
      expect(topics.map((x: any) => x.name)).not.toContain('太老了');
    } finally {
      await fresh.close();
    }
  });

  it('is served from the per-process cache: a new post shows only after the TTL', async () => {
    const fresh = await startTestApp();
    try {
      const m = await member(fresh);
      await insertYy(fresh.pool, { uid: m.uid, content: '#第一#', transpondId: null });
      const names = async () => json(await m.call('GET', '/api/yy/hottopics')).data.map((x: any) => x.name);
      expect(await names()).toEqual(['第一']);
      await insertYy(fresh.pool, { uid: m.uid, content: '#第二# #第二#', transpondId: null });
      expect(await names()).toEqual(['第一']);
      // The database agrees the list has changed: only the cache hides it.
      expect((await computeHotTopics(fresh.pool)).map((x) => x.name)).toEqual(['第二', '第一']);
    } finally {
      await fresh.close();
    }
  });

  it('HotTopicsCache computes once per TTL, shares a computation in flight, and retries after a failure', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const cache = new HotTopicsCache(
      async () => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('db down');
        return [{ name: `v${calls}`, count: calls }];
      },
      60_000,
      () => clock,
    );
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    clock = 59_999;
    expect((await cache.get())[0]!.name).toBe('v1');
    clock = 60_000;
    expect((await cache.get())[0]!.name).toBe('v2');
    clock = 200_000;
    fail = true;
    await expect(cache.get()).rejects.toThrow('db down');
    fail = false;
    expect((await cache.get())[0]!.name).toBe('v4');
  });
});
