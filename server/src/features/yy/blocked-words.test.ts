import { BLOCK_MSG, BLOCKS_MAX, SEARCH_MSG, SEARCH_RESULTS_MAX, type Yy } from '@xiaoba/shared/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { json, member, startWithAliceAndBob, type Member } from '../../test/yy';

// A blocks B; C reposts B's yy. No list brings B's words to A (server/sql/10_visible_yy.sql, one
// definition every list reads through): the repost shows its source as deleted, as a repost of a
// removed yy does. Everyone else, and A in B's own space, see them as before.
let t: TestApp;
let reader: Member; // A
let blocked: Member; // B
let reposter: Member; // C
let other: Member;
let sourceId: number;
let repostId: number;
const WORDS = '被拉黑的人说的悄悄话';

const page = async (m: Member, url: string) => {
  const res = await m.call('GET', url);
  expect(res.statusCode, url).toBe(200);
  return json(res).data as { records: Yy[]; total: number };
};
const LISTS = {
  getyy: '/api/yy/getyy?pageNum=1',
  getUseryyOfReposter: '', // set once the reposter exists
  getfollowyy: '/api/yy/getfollowyy?pageNum=1',
  searchYy: `/api/search/yy?q=${encodeURIComponent('转发一下')}&pageNum=1`,
};

beforeAll(async () => {
  ({ t, alice: reader, bob: blocked } = await startWithAliceAndBob());
  reposter = await member(t, '小卡');
  other = await member(t, '路人');
  LISTS.getUseryyOfReposter = `/api/yy/getUseryy/${reposter.uid}?pageNum=1`;
  sourceId = json(await blocked.call('POST', '/api/yy/createyy', { content: WORDS })).data.weiboId;
  repostId = json(await reposter.call('POST', '/api/yy/createyy', { content: '转发一下', transpondId: sourceId })).data.weiboId;
  // The reader follows the reposter (the following feed); then blocks B.
  expect((await reader.call('POST', '/api/follow/add', { uid: reposter.uid })).statusCode).toBe(200);
  expect((await reader.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("a repost of a blocked user's yy", () => {
  for (const list of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
    it(`${list}: the blocker gets the repost with its source as deleted, no words of the blocked user`, async () => {
      const { records } = await page(reader, LISTS[list]);
      const repost = records.find((r) => r.weiboId === repostId);
      expect(repost, list).toBeDefined();
      expect(repost).toMatchObject({
        content: '转发一下',
        transpondId: sourceId,
        sourceDeleted: true,
        sourceWid: 0,
        sourceUid: 0,
        sourceName: '',
        sourceContent: '',
      });
      expect(repost!.sourceTData).toBeNull();
      expect(JSON.stringify(records)).not.toContain(WORDS);
      expect(JSON.stringify(records)).not.toContain('小波');
    });
  }

  it('still carries its source to everyone else, and to the blocked user', async () => {
    for (const m of [other, blocked, reposter]) {
      const { records } = await page(m, '/api/yy/getyy?pageNum=1');
      expect(records.find((r) => r.weiboId === repostId)).toMatchObject({ sourceDeleted: false, sourceWid: sourceId, sourceContent: WORDS });
    }
  });

  it("shows the blocked user's yy in their own space, opened on purpose", async () => {
    const { records } = await page(reader, `/api/yy/getUseryy/${blocked.uid}?pageNum=1`);
    expect(records.map((r) => r.content)).toEqual([WORDS]);
  });

  it('comes back with its source once the block ends', async () => {
    expect((await reader.call('POST', '/api/block/remove', { uid: blocked.uid })).statusCode).toBe(200);
    try {
      for (const url of Object.values(LISTS)) {
        const { records } = await page(reader, url);
        expect(
          records.find((r) => r.weiboId === repostId),
          url,
        ).toMatchObject({ sourceDeleted: false, sourceContent: WORDS });
      }
    } finally {
      expect((await reader.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
    }
  });
});

describe('the block cap', () => {
  it(`refuses a block past ${BLOCKS_MAX} with 409 and the words; a user over it keeps every block`, async () => {
    const heavy = await member(t, '拉黑很多');
    const last = await member(t, '最后一个');
    // BLOCKS_MAX users to block, made in one statement (the users table has no other rule here).
    const { uid: first } = await createUser(t.pool, { name: '一号' });
    await t.pool.query(
      `INSERT INTO users (email, password_hash, name) SELECT 'cap' || g || '@example.com', 'x', 'cap' || g FROM generate_series(2, $1::int) g`,
      [BLOCKS_MAX],
    );
    const { rows } = await t.pool.query<{ uid: number }>(`SELECT uid FROM users WHERE uid = $1 OR email LIKE 'cap%@example.com' ORDER BY uid`, [first]);
    expect(rows).toHaveLength(BLOCKS_MAX);
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) SELECT $1, u FROM unnest($2::bigint[]) u', [heavy.uid, rows.slice(1).map((r) => r.uid)]);
    // One short of the cap: the last one fits.
    expect((await heavy.call('POST', '/api/block/add', { uid: rows[0]!.uid })).statusCode).toBe(200);
    const refused = await heavy.call('POST', '/api/block/add', { uid: last.uid });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).msg).toBe(BLOCK_MSG.full);
    expect(BLOCK_MSG.full).toBe('黑名单最多1000人，请先移出一些再拉黑');
    // Blocking someone already blocked still answers as before; unblocking makes room.
    expect((await heavy.call('POST', '/api/block/add', { uid: rows[5]!.uid })).statusCode).toBe(200);
    expect((await heavy.call('POST', '/api/block/remove', { uid: rows[5]!.uid })).statusCode).toBe(200);
    expect((await heavy.call('POST', '/api/block/add', { uid: last.uid })).statusCode).toBe(200);
    // Over the cap (blocks from before it): all kept, none added.
    await t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [heavy.uid, rows[5]!.uid]);
    expect((await heavy.call('POST', '/api/block/add', { uid: other.uid })).statusCode).toBe(409);
    expect(Number((await t.pool.query('SELECT count(*) AS n FROM blocks WHERE uid = $1', [heavy.uid])).rows[0].n)).toBe(BLOCKS_MAX + 1);
    // Parallel adds at the cap's edge: exactly one gets in.
    await t.pool.query('DELETE FROM blocks WHERE uid = $1 AND blocked_uid = ANY($2::bigint[])', [heavy.uid, [rows[5]!.uid, rows[6]!.uid]]);
    const racers = await Promise.all([other, reposter, blocked].map((m) => heavy.call('POST', '/api/block/add', { uid: m.uid })));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(Number((await t.pool.query('SELECT count(*) AS n FROM blocks WHERE uid = $1', [heavy.uid])).rows[0].n)).toBe(BLOCKS_MAX);
  });
});

describe('deep search pages', () => {
  it(`answer 400 past ${SEARCH_RESULTS_MAX} results, whatever the page size`, async () => {
    for (const [pageNum, pageSize] of [
      [21, 50],
      [41, 25],
      [SEARCH_RESULTS_MAX / 20 + 1, 20],
    ]) {
      const res = await reader.call('GET', `/api/search/yy?q=a&pageNum=${pageNum}&pageSize=${pageSize}`);
      expect(res.statusCode, `${pageNum} × ${pageSize}`).toBe(400);
      // 50 × 20 is also past SEARCH_PAGES_MAX: that message is the page's.
      expect([SEARCH_MSG.tooDeepResults, SEARCH_MSG.tooDeep]).toContain(json(res).msg);
    }
    expect(json(await reader.call('GET', '/api/search/yy?q=a&pageNum=21&pageSize=50')).msg).toBe('最多只能看前1000条结果');
    // The deepest page allowed.
    expect((await reader.call('GET', '/api/search/yy?q=a&pageNum=20&pageSize=50')).statusCode).toBe(200);
    expect((await reader.call('GET', `/api/search/yy?q=a&pageNum=${SEARCH_RESULTS_MAX / 20}&pageSize=20`)).statusCode).toBe(200);
  });
});
