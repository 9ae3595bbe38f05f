import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yyExcerpt } from './queries';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, type Member } from '../../test/yy';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
});
afterAll(() => t.close());

async function newYy(m: Member, content: string): Promise<number> {
  const res = await m.call('POST', '/api/yy/createyy', { content });
  expect(res.statusCode).toBe(200);
  return json(res).data.weiboId;
}
async function comment(m: Member, weiboId: number, content: string, reply?: { commentId: number; uid: number }): Promise<number> {
  const res = await m.call('POST', '/api/comment/add', {
    content,
    weiboId,
    replyCommentId: reply?.commentId ?? 0,
    replyUid: reply?.uid ?? 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.commentId;
}
async function notices(m: Member) {
  const res = await m.call('GET', '/api/count/getcomments');
  expect(res.statusCode).toBe(200);
  return json(res).data as { count: number; records: any[] };
}
const count = async (m: Member) => (await notices(m)).count;
async function clear(m: Member, body?: object) {
  const res = await m.call('POST', '/api/count/clearcomments', body);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { count: number };
}

describe('the count calls need a signed-in user', () => {
  it.each([
    ['GET', '/api/count/getcomments'],
    ['POST', '/api/count/clearcomments'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-type']).toBe('access');
  });
});

describe('notices of new comments', () => {
  let a: Member; // the yy owner
  let b: Member;
  let c: Member;

  beforeAll(async () => {
    a = await member(t, '阿甲');
    b = await member(t, '阿乙');
    c = await member(t, '阿丙');
  });

  it('a new user has no notices', async () => {
    expect(await notices(a)).toEqual({ count: 0, records: [] });
  });

  it('own comments and replies are never counted', async () => {
    const yy = await newYy(a, '我自己的yy');
    const mine = await comment(a, yy, '自己评论自己');
    await comment(a, yy, '自己回复自己', { commentId: mine, uid: a.uid });
    expect(await notices(a)).toEqual({ count: 0, records: [] });
  });

  it('a comment on my yy counts, with who, what and on which yy', async () => {
    await clear(a);
    const long = '今天天气真好[b1]我们一起去公园玩吧，' + '啦'.repeat(30);
    const yy = await newYy(a, long);
    const id = await comment(b, yy, '好呀[b2]');
    const got = await notices(a);
    expect(got.count).toBe(1);
    expect(got.records[0]).toEqual({
      commentId: id,
      weiboId: yy,
      uid: b.uid,
      username: '阿乙',
      face: 0,
      avatar: '',
      content: '好呀[b2]',
      ctime: expect.any(Number),
      kind: 'comment',
      replyUid: 0,
      yyUid: a.uid,
      yyContent: yyExcerpt(long),
      unread: true,
    });
    expect(Array.from(got.records[0].yyContent as string)).toHaveLength(41); // 40 and the mark
    expect(got.records[0].yyContent.endsWith('…')).toBe(true);
    // B wrote it: B is not notified of it.
    expect((await notices(b)).records.map((r) => r.commentId)).not.toContain(id);
  });

  it("a reply to my comment on someone else's yy counts (and notifies that yy's owner too)", async () => {
    await clear(a);
    await clear(c);
    const yy = await newYy(c, '丙的yy');
    const mine = await comment(a, yy, '我来评论');
    expect(await count(a)).toBe(0);
    const reply = await comment(b, yy, '回复甲', { commentId: mine, uid: a.uid });
    const got = await notices(a);
    expect(got.count).toBe(1);
    expect(got.records[0]).toMatchObject({ commentId: reply, kind: 'reply', replyUid: a.uid, yyUid: c.uid, yyContent: '丙的yy', unread: true });
    // C, the yy's owner, has both: A's comment and B's reply, newest first.
    expect((await notices(c)).records.slice(0, 2).map((r) => [r.commentId, r.kind])).toEqual([
      [reply, 'comment'],
      [mine, 'comment'],
    ]);
    expect(await count(c)).toBe(2);
  });

  it('a reply to me on my own yy counts once, as a reply', async () => {
    await clear(a);
    const yy = await newYy(a, '甲的另一条yy');
    const mine = await comment(a, yy, '楼主先说');
    const reply = await comment(b, yy, '回复楼主', { commentId: mine, uid: a.uid });
    const got = await notices(a);
    expect(got.count).toBe(1);
    expect(got.records.filter((r) => r.commentId === reply)).toEqual([expect.objectContaining({ kind: 'reply' })]);
  });

  it('clearing resets the count; the notices stay listed as read; newer ones count again', async () => {
    const yy = await newYy(a, '清除测试');
    await comment(b, yy, '第一条');
    expect(await count(a)).toBeGreaterThan(0);
    expect(await clear(a)).toEqual({ count: 0 });
    const after = await notices(a);
    expect(after.count).toBe(0);
    expect(after.records.length).toBeGreaterThan(0);
    expect(after.records.every((r) => r.unread === false)).toBe(true);

    const newer = await comment(c, yy, '清除之后');
    const got = await notices(a);
    expect(got.count).toBe(1);
    expect(got.records[0]).toMatchObject({ commentId: newer, unread: true });
    expect(got.records.slice(1).every((r) => r.unread === false)).toBe(true);
  });

  it('clearing up to the newest seen leaves a notice that arrived meanwhile unread', async () => {
    await clear(a);
    const yy = await newYy(a, '读到哪里');
    const seen = await comment(b, yy, '看到了');
    const meanwhile = await comment(c, yy, '还没看到');
    expect(await clear(a, { upTo: seen })).toEqual({ count: 1 });
    const got = await notices(a);
    expect(got.records.find((r) => r.commentId === meanwhile)?.unread).toBe(true);
    expect(got.records.find((r) => r.commentId === seen)?.unread).toBe(false);
  });

  it('refuses a malformed upTo', async () => {
    for (const upTo of [0, -1, 1.5, '3', null]) {
      const res = await a.call('POST', '/api/count/clearcomments', { upTo });
      expect(res.statusCode).toBe(400);
      expect(json(res).msg).toBe('请求参数有误');
    }
  });

  it('a deleted comment no longer counts, nor is listed', async () => {
    await clear(a);
    const yy = await newYy(a, '删除测试');
    const id = await comment(b, yy, '马上删掉');
    expect(await count(a)).toBe(1);
    const res = await b.call('DELETE', `/api/comment/delete?commentId=${id}`);
    expect(res.statusCode).toBe(200);
    const got = await notices(a);
    expect(got.count).toBe(0);
    expect(got.records.map((r) => r.commentId)).not.toContain(id);
  });

  it('a deleted yy takes its notices with it', async () => {
    await clear(c);
    const yy = await newYy(c, '丙要删的yy');
    await comment(a, yy, '评论一下');
    expect(await count(c)).toBe(1);
    expect((await c.call('DELETE', `/api/yy/deleteyy?weiboId=${yy}`)).statusCode).toBe(200);
    expect(await count(c)).toBe(0);
  });

  it("clearing is per caller: B clearing leaves A's count", async () => {
    await clear(a);
    const yy = await newYy(a, '各清各的');
    await comment(b, yy, '一条');
    await comment(c, yy, '两条');
    expect(await count(a)).toBe(2);
    expect(await clear(b)).toEqual({ count: 0 });
    expect(await count(a)).toBe(2);
  });

  it('answers at most the 20 newest, newest first, while the count is the whole unread number', async () => {
    const d = await member(t, '阿丁');
    const yy = await newYy(d, '热闹的yy');
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push(await comment(i % 2 ? b : c, yy, `第${i}条`));
    const got = await notices(d);
    expect(got.count).toBe(23);
    expect(got.records.map((r) => r.commentId)).toEqual(ids.slice(3).reverse());
  });
});

describe('yyExcerpt', () => {
  it('keeps short text, cuts at 40 characters without halving an emoji code', () => {
    expect(yyExcerpt('短短的')).toBe('短短的');
    expect(yyExcerpt('一\n二')).toBe('一 二');
    expect(yyExcerpt('字'.repeat(38) + '[b12]')).toBe('字'.repeat(38) + '…');
    expect(yyExcerpt('😀'.repeat(45))).toBe('😀'.repeat(40) + '…');
  });
});
