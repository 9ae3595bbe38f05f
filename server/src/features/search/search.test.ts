import { SEARCH_MSG, SEARCH_PAGES_MAX, SEARCH_QUERY_MAX } from '@xiaoba/shared/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeItem } from '../moderation';
import { insertYy } from '../yy';
import { testConfig, type TestApp } from '../../test/helpers';
import { plansOf } from '../../test/plans';
import { json, member, startWithAliceAndBob, type Member } from '../../test/yy';

// GET /api/search/user and /api/search/yy (docs/api.md "Search", migration 020).
let t: TestApp;
let alice: Member;
let bob: Member;
let swordsman: Member;
let hidden: Member;
const base = 1_700_000_000;
let clock = 0;
const post = (m: Member, content: string) => insertYy(t.pool, { uid: m.uid, content, transpondId: null, ctime: base + 10 * clock++ });

interface Found<T> {
  records: T[];
  total: number;
  pages: number;
  current: number;
  size: number;
}
type FoundUser = { uid: number; name: string; following: boolean; followsMe: boolean; exact: boolean };
type FoundYy = { weiboId: number; content: string; uid: number };

const get = (m: Member, path: 'user' | 'yy', q: string, paging = 'pageNum=1') => m.call('GET', `/api/search/${path}?q=${encodeURIComponent(q)}&${paging}`);
async function users(m: Member, q: string, paging?: string): Promise<Found<FoundUser>> {
  const res = await get(m, 'user', q, paging);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}
async function yy(m: Member, q: string, paging?: string): Promise<Found<FoundYy>> {
  const res = await get(m, 'yy', q, paging);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}
const texts = async (m: Member, q: string) => (await yy(m, q, 'pageNum=1&pageSize=50')).records.map((r) => r.content);
const names = async (m: Member, q: string) => (await users(m, q, 'pageNum=1&pageSize=50')).records.map((r) => r.name);

beforeAll(async () => {
  ({ t, alice, bob } = await startWithAliceAndBob());
  swordsman = await member(t, '月下剑客');
  hidden = await member(t, '隐身剑客');
  await t.pool.query('UPDATE users SET findable = false WHERE uid = $1', [hidden.uid]);
  await post(alice, '今天去爬山了，山顶的晚霞太美了');
  await post(bob, '我的abc123号');
  await post(bob, '我家的小猫会抓老鼠');
  await post(alice, 'Hello   World  again');
  await post(bob, '你好　世界');
  await post(swordsman, '月下独酌，晚霞满天');
});
afterAll(() => t.close());

describe('GET /api/search/yy', () => {
  it('finds Chinese words anywhere in a yy, newest first, in the feeds’ Yy shape', async () => {
    expect(await texts(alice, '晚霞')).toEqual(['月下独酌，晚霞满天', '今天去爬山了，山顶的晚霞太美了']);
    expect(await texts(alice, '山顶的晚霞')).toEqual(['今天去爬山了，山顶的晚霞太美了']);
    expect(await texts(alice, '晚风')).toEqual([]);
    // Each record is the one the site's feed answers.
    const site = json(await alice.call('GET', '/api/yy/getyy?pageNum=1&pageSize=50')).data.records as FoundYy[];
    for (const record of (await yy(alice, '晚霞')).records) expect(record).toEqual(site.find((s) => s.weiboId === record.weiboId));
  });

  it('finds Latin letters and digits mixed with Chinese, case-insensitively, and one character', async () => {
    expect(await texts(alice, 'abc123')).toEqual(['我的abc123号']);
    expect(await texts(alice, 'ABC')).toEqual(['我的abc123号']);
    expect(await texts(alice, '的ABC1')).toEqual(['我的abc123号']);
    expect(await texts(alice, '3')).toEqual(['我的abc123号']);
    expect(await texts(alice, '猫')).toEqual(['我家的小猫会抓老鼠']);
    expect(await texts(alice, 'world')).toEqual(['Hello   World  again']);
  });

  it('folds whitespace on both sides (a full-width space too), and trims the query', async () => {
    expect(await texts(alice, 'hello world')).toEqual(['Hello   World  again']);
    expect(await texts(alice, '  HELLO \t WORLD ')).toEqual(['Hello   World  again']);
    expect(await texts(alice, 'world again')).toEqual(['Hello   World  again']);
    expect(await texts(alice, '你好 世界')).toEqual(['你好　世界']);
    expect(await texts(alice, 'helloworld')).toEqual([]);
  });

  it('leaves out removed yy and the yy of users blocked either way', async () => {
    const extra = await post(swordsman, '晚霞又来了');
    expect(await texts(bob, '晚霞')).toContain('晚霞又来了');
    await removeItem(t.pool, 'yy', extra, alice.uid, 'test');
    expect(await texts(bob, '晚霞')).not.toContain('晚霞又来了');
    // bob blocks alice: neither finds the other's yy; others still do.
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [bob.uid, alice.uid]);
    expect(await texts(bob, '晚霞')).toEqual(['月下独酌，晚霞满天']);
    expect(await texts(alice, 'abc')).toEqual([]);
    expect(await texts(swordsman, 'abc')).toEqual(['我的abc123号']);
    await t.pool.query('DELETE FROM blocks WHERE uid = $1', [bob.uid]);
    expect(await texts(alice, 'abc')).toEqual(['我的abc123号']);
  });

  it('pages without gaps or repeats; total says whether more follow and is exact on the last page and beyond', async () => {
    const written: string[] = [];
    for (let i = 1; i <= 9; i++) {
      written.unshift(`翻页测试${i}`);
      await post(bob, `翻页测试${i}`);
    }
    const pages: Found<FoundYy>[] = [];
    for (let n = 1; n <= 4; n++) pages.push(await yy(alice, '翻页', `pageNum=${n}&pageSize=4`));
    expect(pages.flatMap((p) => p.records.map((r) => r.content))).toEqual(written);
    expect(pages[0]).toMatchObject({ total: 5, pages: 2, current: 1, size: 4 });
    expect(pages[1]).toMatchObject({ total: 9, pages: 3, current: 2 });
    expect(pages[2]).toMatchObject({ total: 9, pages: 3, current: 3 });
    expect(pages[3]).toMatchObject({ records: [], total: 9, pages: 3, current: 4 });
    // The default page size is the yy lists' (20).
    expect(await yy(alice, '翻页')).toMatchObject({ total: 9, pages: 1, size: 20 });
  });
});

describe('GET /api/search/user', () => {
  it('finds users by any part of the nickname, with the caller’s follow flags', async () => {
    const found = await users(alice, '剑客');
    expect(found.records.map((r) => r.name)).toEqual(['月下剑客']);
    expect(found).toMatchObject({ total: 1, pages: 1, current: 1, size: 20 });
    expect(found.records[0]).toMatchObject({ uid: swordsman.uid, following: false, followsMe: false, exact: false, face: 0, avatar: '', qianming: '' });
    expect(await names(alice, '月下')).toEqual(['月下剑客']);
    await t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2), ($2, $3)', [alice.uid, swordsman.uid, bob.uid]);
    // Each caller sees their own relation.
    expect((await users(alice, '剑客')).records[0]).toMatchObject({ following: true, followsMe: false });
    expect((await users(bob, '剑客')).records[0]).toMatchObject({ following: false, followsMe: true });
    expect((await users(swordsman, '剑客')).records[0]).toMatchObject({ following: false, followsMe: false });
    await t.pool.query('DELETE FROM follows WHERE uid IN ($1, $2)', [alice.uid, swordsman.uid]);
  });

  it('finds a user who is not findable by the exact 米米号 only, listed first', async () => {
    expect(await names(alice, '隐身')).toEqual([]);
    const exact = await users(alice, String(hidden.uid));
    expect(exact.records).toEqual([expect.objectContaining({ uid: hidden.uid, name: '隐身剑客', exact: true })]);
    // A part of the number is not the number.
    expect((await users(alice, String(hidden.uid).slice(0, 5))).records.some((r) => r.uid === hidden.uid)).toBe(false);
    // A findable user whose nickname holds the number comes after the exact match.
    const digits = await member(t, `号${hidden.uid}`);
    const both = await users(alice, String(hidden.uid));
    expect(both.records.map((r) => [r.uid, r.exact])).toEqual([
      [hidden.uid, true],
      [digits.uid, false],
    ]);
    await t.pool.query('DELETE FROM users WHERE uid = $1', [digits.uid]);
  });

  it('orders the nickname matches: the same name, then those starting with it, then by fans', async () => {
    const made: Member[] = [];
    for (const name of ['小米', '大小米', '小米粒', '中小米', '小米']) made.push(await member(t, name));
    // 中小米 has the most fans, 大小米 one.
    await t.pool.query('UPDATE users SET fans = 5 WHERE uid = $1', [made[3]!.uid]);
    await t.pool.query('UPDATE users SET fans = 1 WHERE uid = $1', [made[1]!.uid]);
    const found = await users(alice, '小米');
    expect(found.records.map((r) => r.uid)).toEqual([made[0]!.uid, made[4]!.uid, made[2]!.uid, made[3]!.uid, made[1]!.uid]);
    // Paging the users: total is the page's end plus one while more follow.
    const first = await users(alice, '小米', 'pageNum=1&pageSize=2');
    expect(first).toMatchObject({ total: 3, pages: 2 });
    const last = await users(alice, '小米', 'pageNum=3&pageSize=2');
    expect(last).toMatchObject({ total: 5, pages: 3 });
    expect(last.records.map((r) => r.uid)).toEqual([made[1]!.uid]);
    await t.pool.query('DELETE FROM users WHERE uid = ANY($1)', [made.map((m) => m.uid)]);
  });

  it('leaves out users blocked either way by nickname; the exact 米米号 still finds them, as their space opens', async () => {
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [swordsman.uid, alice.uid]);
    expect(await names(alice, '剑客')).toEqual([]);
    expect(await names(swordsman, '小爱')).toEqual([]);
    expect(await names(bob, '剑客')).toEqual(['月下剑客']);
    expect((await users(alice, String(swordsman.uid))).records).toEqual([expect.objectContaining({ uid: swordsman.uid, exact: true })]);
    await t.pool.query('DELETE FROM blocks WHERE uid = $1', [swordsman.uid]);
    expect(await names(alice, '剑客')).toEqual(['月下剑客']);
  });
});

describe('bad input', () => {
  it('answers 400 with the contract’s words: empty, too long, too deep, bad paging', async () => {
    for (const path of ['user', 'yy'] as const) {
      for (const [url, msg] of [
        [`/api/search/${path}?pageNum=1`, SEARCH_MSG.empty],
        [`/api/search/${path}?q=&pageNum=1`, SEARCH_MSG.empty],
        [`/api/search/${path}?q=%20%E3%80%80%09&pageNum=1`, SEARCH_MSG.empty],
        [`/api/search/${path}?q=${encodeURIComponent('字'.repeat(SEARCH_QUERY_MAX + 1))}&pageNum=1`, SEARCH_MSG.tooLong],
        [`/api/search/${path}?q=a&pageNum=${SEARCH_PAGES_MAX + 1}`, SEARCH_MSG.tooDeep],
        [`/api/search/${path}?q=a&pageNum=0`, '分页参数有误'],
        [`/api/search/${path}?q=a`, '分页参数有误'],
        [`/api/search/${path}?q=a%00b&pageNum=1`, '请求参数有误'],
        [`/api/search/${path}?q=a&q=b&pageNum=1`, '请求参数有误'],
      ]) {
        const res = await alice.call('GET', url!);
        expect(res.statusCode, url).toBe(400);
        expect(json(res).msg, url).toBe(msg);
      }
      // The longest query and the deepest page are fine.
      expect((await get(alice, path, '字'.repeat(SEARCH_QUERY_MAX))).statusCode).toBe(200);
      expect((await get(alice, path, 'a', `pageNum=${SEARCH_PAGES_MAX}`)).statusCode).toBe(200);
      // Characters that mean something to SQL or a regular expression are only characters.
      for (const q of ["%'", '_', '.*', '\\', '😀', '[b12]']) expect((await get(alice, path, q)).statusCode, q).toBe(200);
    }
  });

  it('is counted by the per-user limit like every read', async () => {
    const limit = String(testConfig().rateLimits.user);
    for (const path of ['user', 'yy'] as const) {
      const res = await get(bob, path, '晚霞');
      expect(res.headers['x-ratelimit-limit']).toBe(limit);
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(Number(limit));
    }
  });

  it('answers 401 without a token', async () => {
    for (const path of ['user', 'yy']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/${path}?q=abc&pageNum=1` });
      expect(res.statusCode).toBe(401);
      expect(json(res).msg).toBe('请先登录');
    }
  });
});

describe('search_yy_list_page paths (server/sql/30_search_yy_list_page.sql)', () => {
  /** The plans PostgreSQL kept inside search_yy_list_page (test/plans.ts). */
  const searchPlans = (viewer: number, q: string) => plansOf(t.pool, 'SELECT * FROM search_yy_list_page($1, $2, 20, 0)', [viewer, q]);

  it('answers an old rare word from the GIN index and a common recent one from the newest rows, the same as a scan would', async () => {
    // 6,000 newer yy than everything above (more than the window of 5,000), 1 in 10 with 常见.
    await t.pool.query(
      `INSERT INTO yy (uid, content, ctime) SELECT $1, CASE WHEN g % 10 = 0 THEN '常见的词' || g ELSE '填充' || g END,
              to_timestamp($2 + 100000 + g)::timestamp(3) FROM generate_series(1, 6000) g`,
      [bob.uid, base],
    );
    await t.pool.query(`UPDATE users SET yy_count = yy_count + 6000 WHERE uid = $1`, [bob.uid]);
    await t.pool.query(`UPDATE site_counters SET value = value + 6000 WHERE name = 'yy'`);
    await t.pool.query('VACUUM ANALYZE');
    // Old and rare: beyond the window, found through the index.
    expect(await texts(alice, '晚霞')).toEqual(['月下独酌，晚霞满天', '今天去爬山了，山顶的晚霞太美了']);
    const rare = await searchPlans(alice.uid, '晚霞');
    expect(rare).toMatch(/Bitmap Index Scan on yy_search_idx/);
    // Common and recent: the newest rows, no grams computed.
    const common = await yy(alice, '常见', 'pageNum=2&pageSize=10');
    expect(common.records.map((r) => r.content)).toEqual(Array.from({ length: 10 }, (_, i) => `常见的词${5900 - 10 * i}`));
    expect(common).toMatchObject({ total: 21, pages: 3 });
    const recent = await searchPlans(alice.uid, '常见');
    expect(recent).toMatch(/Index Scan Backward using yy_ctime_idx on yy y/);
    expect(recent).not.toMatch(/yy_search_idx/);
    // A word in a few recent rows and some older: the window falls short, the index answers all of them in order.
    await post(alice, '稀有词 一');
    expect(await texts(alice, '稀有')).toEqual(['稀有词 一']);
    // The index path rechecks a query with a space against the folded text.
    expect(await texts(alice, '稀有词　 一')).toEqual(['稀有词 一']);
    expect(await texts(alice, 'HELLO WORLD')).toEqual(['Hello   World  again']);
    // The deepest page (SEARCH_RESULTS_MAX results, server/sql/30_search_yy_list_page.sql's bound).
    const last = await yy(alice, '填充', `pageNum=20&pageSize=50`);
    expect(last).toMatchObject({ total: 1001, pages: 21, current: 20 });
    expect(last.records.map((r) => r.content)).toEqual(
      Array.from({ length: 6000 }, (_, i) => 6000 - i)
        .filter((g) => g % 10 !== 0)
        .slice(19 * 50, 20 * 50)
        .map((g) => `填充${g}`),
    );
  });
});
