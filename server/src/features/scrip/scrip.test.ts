/**
 * 小纸条 as two friends use them (docs/api.md "小纸条"): sending, the conversation list, a
 * conversation's pages, unread counts, deleting for oneself, the text rules and the sending limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIP_MSG, type Scrip, type ScripThread, type ScripThreadPage } from '@xiaoba/shared/core';
import { DUPLICATE_TEXT } from '../../data/post-limit';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, type Member } from '../../test/yy';

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;

const follow = (who: Member, whom: Member) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [who.uid, whom.uid]);
const friends = async (a: Member, b: Member) => {
  await follow(a, b);
  await follow(b, a);
};
const send = (from: Member, to: Member | number, content: string) =>
  from.call('POST', '/api/scrip/send', { toUid: typeof to === 'number' ? to : to.uid, content });
const sent = async (from: Member, to: Member, content: string): Promise<number> => {
  const res = await send(from, to, content);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.scripId as number;
};
const threads = async (m: Member, pageNum = 1, pageSize = 20) =>
  json(await m.call('GET', `/api/scrip/threads?pageNum=${pageNum}&pageSize=${pageSize}`)).data as { records: ScripThread[]; total: number; pages: number };
const thread = async (m: Member, other: Member, pageNum = 1, pageSize = 20): Promise<ScripThreadPage> => {
  const res = await m.call('GET', `/api/scrip/thread/${other.uid}?pageNum=${pageNum}&pageSize=${pageSize}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as ScripThreadPage;
};
const texts = (notes: Scrip[]) => notes.map((n) => n.content);
const unread = async (m: Member): Promise<number> => json(await m.call('GET', '/api/count/getscrip')).data.count as number;

beforeAll(async () => {
  t = await startTestApp({ scripsPerWindow: 0 });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  carol = await member(t, '小卡');
  await friends(alice, bob);
  await friends(alice, carol);
});
afterAll(() => t?.close());

describe('two friends exchange notes', () => {
  it('sends, and answers the note id and time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = json(await send(alice, bob, '你好呀[b12]'));
    expect(res).toMatchObject({ code: 200, msg: SCRIP_MSG.sent });
    expect(res.data.scripId).toBeGreaterThan(0);
    expect(res.data.ctime).toBeGreaterThanOrEqual(before - 1);
  });

  it('shows the reader an unread count, the conversation in their list, and reading it clears the count (no read mark for the writer)', async () => {
    expect(await unread(bob)).toBe(1);
    await sent(alice, bob, '放学一起走吗');
    expect(await unread(bob)).toBe(2);
    const list = await threads(bob);
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      user: { uid: alice.uid, name: '小爱' },
      last: { fromUid: alice.uid, toUid: bob.uid, content: '放学一起走吗' },
      unread: 2,
    });
    // The writer's own list: no unread, and nothing says whether bob has read it.
    expect((await threads(alice)).records[0]).toEqual({ ...list.records[0], user: expect.objectContaining({ uid: bob.uid }), unread: 0 });
    const page = await thread(bob, alice);
    expect(texts(page.records)).toEqual(['放学一起走吗', '你好呀[b12]']);
    expect(page).toMatchObject({ total: 2, pages: 1, current: 1, size: 20, user: { uid: alice.uid }, mayScrip: true });
    expect(await unread(bob)).toBe(0);
    expect((await threads(bob)).records[0]!.unread).toBe(0);
    await sent(bob, alice, '好呀');
    expect(await unread(alice)).toBe(1);
  });

  it('lists the newest conversation first, and pages a long conversation from the newest notes', async () => {
    await sent(carol, alice, '我是小卡');
    expect((await threads(alice)).records.map((r) => r.user.uid)).toEqual([carol.uid, bob.uid]);
    await sent(alice, bob, '第1条');
    expect((await threads(alice)).records.map((r) => r.user.uid)).toEqual([bob.uid, carol.uid]);
    const two = await threads(alice, 2, 1);
    expect(two).toMatchObject({ total: 2, pages: 2 });
    expect(two.records.map((r) => r.user.uid)).toEqual([carol.uid]);
    for (let i = 2; i <= 5; i++) await sent(alice, bob, `第${i}条`);
    const first = await thread(alice, bob, 1, 3);
    expect(texts(first.records)).toEqual(['第5条', '第4条', '第3条']);
    expect(first).toMatchObject({ total: 8, pages: 3 });
    expect(texts((await thread(alice, bob, 2, 3)).records)).toEqual(['第2条', '第1条', '好呀']);
    expect(texts((await thread(alice, bob, 4, 3)).records)).toEqual([]);
  });

  it('opens an empty conversation with someone never written to, with whether the caller may write', async () => {
    const dave = await member(t, '小戴');
    const page = await thread(alice, dave);
    expect(page).toMatchObject({ records: [], total: 0, pages: 0, user: { uid: dave.uid, name: '小戴' }, mayScrip: false });
    await follow(dave, alice);
    expect((await thread(alice, dave)).mayScrip).toBe(true);
    expect(json(await alice.call('GET', '/api/scrip/thread/999999999?pageNum=1'))).toEqual({ code: 404, msg: SCRIP_MSG.userNotFound });
    expect(json(await alice.call('GET', `/api/scrip/thread/${alice.uid}?pageNum=1`))).toEqual({ code: 400, msg: SCRIP_MSG.self });
  });
});

describe('deleting hides for the caller only', () => {
  it('one note: gone from my pages and, as the last, from my list; the other user still sees it', async () => {
    const erin = await member(t, '小艾');
    await friends(erin, bob);
    await sent(erin, bob, '一');
    const two = await sent(bob, erin, '二');
    expect(json(await bob.call('DELETE', `/api/scrip/delete?scripId=${two}`))).toEqual({ code: 200, msg: SCRIP_MSG.deleted });
    expect(texts((await thread(bob, erin)).records)).toEqual(['一']);
    expect((await thread(bob, erin)).total).toBe(1);
    expect((await threads(bob)).records.find((r) => r.user.uid === erin.uid)!.last.content).toBe('一');
    expect(texts((await thread(erin, bob)).records)).toEqual(['二', '一']);
    // Twice, or someone else's: not found.
    expect(json(await bob.call('DELETE', `/api/scrip/delete?scripId=${two}`))).toEqual({ code: 404, msg: SCRIP_MSG.notFound });
    expect(json(await carol.call('DELETE', `/api/scrip/delete?scripId=${two}`))).toEqual({ code: 404, msg: SCRIP_MSG.notFound });
    expect(texts((await thread(erin, bob)).records)).toEqual(['二', '一']);
  });

  it('an unread note deleted unread is no longer counted', async () => {
    const fay = await member(t, '小菲');
    await friends(fay, carol);
    const id = await sent(fay, carol, '没读的');
    expect(await unread(carol)).toBe(1);
    expect(json(await carol.call('DELETE', `/api/scrip/delete?scripId=${id}`)).code).toBe(200);
    expect(await unread(carol)).toBe(0);
    expect((await threads(carol)).records.some((r) => r.user.uid === fay.uid)).toBe(false);
  });

  it('a whole conversation: it leaves my list and my pages; a new note starts it again with that note only', async () => {
    const gus = await member(t, '小古');
    await friends(gus, bob);
    const before = await unread(bob);
    await sent(gus, bob, '旧的一');
    await sent(gus, bob, '旧的二');
    expect(await unread(bob)).toBe(before + 2);
    expect(json(await bob.call('DELETE', `/api/scrip/thread?uid=${gus.uid}`))).toEqual({ code: 200, msg: SCRIP_MSG.threadDeleted });
    expect(await unread(bob)).toBe(before);
    expect((await threads(bob)).records.some((r) => r.user.uid === gus.uid)).toBe(false);
    expect((await thread(bob, gus)).records).toEqual([]);
    expect(texts((await thread(gus, bob)).records)).toEqual(['旧的二', '旧的一']);
    await sent(gus, bob, '新的');
    expect((await threads(bob)).records[0]).toMatchObject({ user: { uid: gus.uid }, unread: 1, last: { content: '新的' } });
    expect(texts((await thread(bob, gus)).records)).toEqual(['新的']);
    // No conversation at all: not found.
    expect(json(await bob.call('DELETE', `/api/scrip/thread?uid=${(await member(t, '陌生')).uid}`))).toEqual({ code: 404, msg: SCRIP_MSG.notFound });
  });
});

describe('the text of a note', () => {
  it('refuses an empty one and one over 233 characters, takes 233, and strips HTML like a comment', async () => {
    expect(json(await send(alice, bob, ''))).toEqual({ code: 400, msg: SCRIP_MSG.empty });
    expect(json(await send(alice, bob, '  <b></b> '))).toEqual({ code: 400, msg: '小纸条不能为空' });
    expect(json(await send(alice, bob, '字'.repeat(234)))).toEqual({ code: 400, msg: '小纸条不能超过233个字' });
    // Counted as people count: 233 emoji of two UTF-16 units each are 233 characters.
    await sent(alice, bob, '😀'.repeat(233));
    const id = await sent(alice, bob, '<script>alert(1)</script><b>你好</b>');
    const page = await thread(bob, alice, 1, 1);
    expect(page.records[0]).toMatchObject({ scripId: id, content: 'alert(1)你好' });
  });

  it('refuses the same text to the same person within 60 s, like a repeated yy; to someone else it goes', async () => {
    await sent(alice, bob, '一模一样');
    expect(json(await send(alice, bob, '一模一样'))).toEqual({ code: 409, msg: DUPLICATE_TEXT });
    await sent(alice, carol, '一模一样');
  });

  it('answers 404 for nobody, 400 for oneself and for a malformed body', async () => {
    expect(json(await send(alice, 999999999, '在吗'))).toEqual({ code: 404, msg: SCRIP_MSG.userNotFound });
    expect(json(await send(alice, alice, '在吗'))).toEqual({ code: 400, msg: SCRIP_MSG.self });
    expect(json(await alice.call('POST', '/api/scrip/send', { content: '在吗' }))).toEqual({ code: 400, msg: SCRIP_MSG.userNotFound });
    expect((await alice.call('POST', '/api/scrip/send', { toUid: '1', content: '在吗' })).statusCode).toBe(400);
  });
});

describe('LIMIT_SCRIPS', () => {
  it('refuses the note past the limit within the window with 429, and counts per writer', async () => {
    const limited = await startTestApp({ scripsPerWindow: 2 });
    try {
      const [a, b, c] = [await member(limited, '甲'), await member(limited, '乙'), await member(limited, '丙')];
      for (const [x, y] of [
        [a, b],
        [b, a],
        [a, c],
        [c, a],
      ] as const)
        await limited.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2)', [x.uid, y.uid]);
      const go = (from: Member, to: Member, text: string) => from.call('POST', '/api/scrip/send', { toUid: to.uid, content: text });
      expect((await go(a, b, '1')).statusCode).toBe(200);
      expect((await go(a, c, '2')).statusCode).toBe(200);
      expect(json(await go(a, b, '3'))).toEqual({ code: 429, msg: SCRIP_MSG.tooFast });
      expect((await go(b, a, '4')).statusCode).toBe(200);
      const { rows } = await limited.pool.query('SELECT count(*)::int AS n FROM scrips WHERE from_uid = $1', [a.uid]);
      expect(rows[0].n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
