import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TIMEOUTS, withTransaction } from '../../data/pool';
import { removeItem } from '../moderation';
import { insertYy } from '../yy';
import type { TestApp } from '../../test/helpers';
import { plansOf } from '../../test/plans';
import { json, member, startWithAliceAndBob, type Member } from '../../test/yy';

// GET /api/yy/getfollowyy: the yy of the people the caller follows and the caller's own
// (docs/api.md "The following feed", migration 019). Follows are rows of the follows table here, as
// POST /api/follow/add makes them.
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let stranger: Member;
const base = 1_700_000_000;

const follow = (who: Member, whom: Member) => t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2)', [who.uid, whom.uid]);
const unfollow = (who: Member, whom: Member) => t.pool.query('DELETE FROM follows WHERE uid = $1 AND followed_uid = $2', [who.uid, whom.uid]);
const feed = async (m: Member, pageNum: number, pageSize = 20) => {
  const res = await m.call('GET', `/api/yy/getfollowyy?pageNum=${pageNum}&pageSize=${pageSize}`);
  expect(res.statusCode).toBe(200);
  return json(res).data as { records: { content: string; uid: number }[]; total: number; pages: number; current: number; size: number };
};
const contents = async (m: Member, pageSize = 50) => (await feed(m, 1, pageSize)).records.map((r) => r.content);

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
  carol = await member(t, '小卡');
  dave = await member(t, '小戴');
  stranger = await member(t, '路人');
  // Interleaved in time: alice, bob, carol, stranger, then again; every 10 s.
  let i = 0;
  for (let round = 1; round <= 3; round++) {
    for (const [m, name] of [
      [alice, '爱'],
      [bob, '波'],
      [carol, '卡'],
      [stranger, '路'],
    ] as const) {
      await insertYy(t.pool, { uid: m.uid, content: `${name}${round}`, transpondId: null, ctime: base + 10 * i++ });
    }
  }
  await follow(alice, bob);
  await follow(alice, carol);
  await follow(bob, alice);
  await t.pool.query('VACUUM ANALYZE');
});
afterAll(() => t.close());

describe('GET /api/yy/getfollowyy', () => {
  it("lists exactly the followees' yy and the caller's own, newest first, in getyy's page shape", async () => {
    const page = await feed(alice, 1);
    expect(page.records.map((r) => r.content)).toEqual(['卡3', '波3', '爱3', '卡2', '波2', '爱2', '卡1', '波1', '爱1']);
    expect(page).toMatchObject({ total: 9, pages: 1, current: 1, size: 20 });
    // Each record is the one getyy answers.
    const site = json(await alice.call('GET', '/api/yy/getyy?pageNum=1&pageSize=20')).data.records as { content: string }[];
    for (const record of page.records) expect(record).toEqual(site.find((s) => s.content === record.content));
    // Someone who follows nobody sees their own; dave has none at all.
    expect(await contents(carol)).toEqual(['卡3', '卡2', '卡1']);
    expect(await feed(dave, 1)).toMatchObject({ records: [], total: 0, pages: 0 });
  });

  it('pages without gaps or repeats; total says whether more follow, and is exact on the last page and beyond', async () => {
    const seen: string[] = [];
    const pages = [];
    for (let n = 1; n <= 4; n++) {
      const page = await feed(alice, n, 4);
      pages.push(page);
      seen.push(...page.records.map((r) => r.content));
    }
    expect(seen).toEqual(await contents(alice));
    expect(pages.map((p) => p.records.length)).toEqual([4, 4, 1, 0]);
    // Page 1 of 4: more follow (its end plus one: pages is at least the next page).
    expect(pages[0]).toMatchObject({ total: 5, pages: 2, current: 1, size: 4 });
    expect(pages[1]).toMatchObject({ total: 9, pages: 3, current: 2 });
    expect(pages[2]).toMatchObject({ total: 9, pages: 3, current: 3 });
    expect(pages[3]).toMatchObject({ total: 9, pages: 3, current: 4 });
  });

  it("leaves out removed yy and the yy of users the caller blocked, and an unfollowed user's yy", async () => {
    const { rows } = await t.pool.query(`SELECT weibo_id FROM yy WHERE content = '波2'`);
    await removeItem(t.pool, 'yy', rows[0].weibo_id, stranger.uid, 'test');
    expect(await contents(alice)).toEqual(['卡3', '波3', '爱3', '卡2', '爱2', '卡1', '波1', '爱1']);
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [alice.uid, carol.uid]);
    expect(await contents(alice)).toEqual(['波3', '爱3', '爱2', '波1', '爱1']);
    expect((await feed(alice, 1)).total).toBe(5);
    await t.pool.query('DELETE FROM blocks WHERE uid = $1', [alice.uid]);
    await unfollow(alice, carol);
    expect(await contents(alice)).toEqual(['波3', '爱3', '爱2', '波1', '爱1']);
    await follow(alice, carol);
  });

  it('answers the same at the other end: a caller who follows most of the site (the site index path of migration 019)', async () => {
    // Followees enough to make the window of the site's newest yy the cheaper way (019).
    const many: Member[] = [];
    for (let i = 0; i < 12; i++) many.push(await member(t, `多${i}`));
    for (const m of many) {
      await insertYy(t.pool, { uid: m.uid, content: `多${m.uid}`, transpondId: null, ctime: base + 1000 + m.uid });
      await follow(dave, m);
    }
    await follow(dave, stranger);
    await t.pool.query('VACUUM ANALYZE');
    const expected = [...many]
      .reverse()
      .map((m) => `多${m.uid}`)
      .concat(['路3', '路2', '路1']);
    expect(await contents(dave)).toEqual(expected);
    const seen: string[] = [];
    for (let n = 1; n <= 4; n++) seen.push(...(await feed(dave, n, 4)).records.map((r) => r.content));
    expect(seen).toEqual(expected);
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [dave.uid, many[11]!.uid]);
    expect(await contents(dave)).toEqual(expected.slice(1));
    await t.pool.query('DELETE FROM blocks WHERE uid = $1', [dave.uid]);
  });

  it('answers 401 without a token and 400 on bad paging', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/yy/getfollowyy?pageNum=1' });
    expect(res.statusCode).toBe(401);
    for (const query of ['pageNum=0', 'pageNum=abc', 'pageNum=1&pageSize=-3']) {
      const bad = await alice.call('GET', `/api/yy/getfollowyy?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(json(bad).msg).toBe('分页参数有误');
    }
  });
});

describe('follow_list_page plans (server/sql/30_follow_list_page.sql)', () => {
  /** The plans PostgreSQL kept inside follow_list_page (test/plans.ts). */
  const followPlans = (viewer: number) => plansOf(t.pool, 'SELECT * FROM follow_list_page($1, 20, 0)', [viewer]);

  it("reads the site's index with a follows probe per row for a dense caller, each followee's index for a sparse one", async () => {
    // dave follows 13 of about 80 users (dense); carol follows nobody (sparse: her own index).
    // Sixty more users following each other: a follows table big enough for its statistics. And a
    // yy table big enough: 3,000 yy of one of dave's followees, newer than the rest. Thousands of
    // rows through their triggers (counters, live signals) outlast the pool's 5 s statement bound
    // on a busy machine, so the fixture is written without it.
    await withTransaction(
      t.pool,
      async (client) => {
        await client.query(`INSERT INTO users (email, password_hash, name) SELECT 'plan' || g || '@x.fan', 'x', '计划' || g FROM generate_series(1, 60) g`);
        await client.query(`INSERT INTO follows (uid, followed_uid) SELECT a.uid, b.uid FROM users a JOIN users b ON a.uid <> b.uid
                            WHERE a.email LIKE 'plan%' AND b.email LIKE 'plan%'`);
        const { rows } = await client.query(`SELECT followed_uid FROM follows WHERE uid = $1 AND followed_uid <> $2 LIMIT 1`, [dave.uid, stranger.uid]);
        await client.query(`INSERT INTO yy (uid, content, ctime) SELECT $1, 'p' || g, now() - make_interval(secs => g) FROM generate_series(1, 3000) g`, [
          rows[0].followed_uid,
        ]);
      },
      NO_TIMEOUTS,
    );
    await t.pool.query('VACUUM ANALYZE');
    const dense = await followPlans(dave.uid);
    expect(dense).toMatch(/Index Only Scan Backward using yy_ctime_idx on yy y/);
    expect(dense).toMatch(/follows_pkey on follows f[^\n]*\n\s*Index Cond: \(\(uid = \$1\) AND \(followed_uid >= w\.uid\) AND \(followed_uid <= w\.uid\)\)/);
    expect(dense).not.toMatch(/Seq Scan on (yy|follows) |Hash/);
    const sparse = await followPlans(carol.uid);
    expect(sparse).toMatch(/Index Only Scan Backward using yy_uid_ctime_idx on yy y[^\n]*\n\s*Index Cond: \(\(uid >= a\.uid\) AND \(uid <= a\.uid\)\)/);
    expect(sparse).not.toMatch(/Seq Scan on yy |Hash Join|Merge/);
  });
});
