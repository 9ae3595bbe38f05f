import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_EMPTY } from '@xiaoba/shared/core';
import { COMMENTS_MAX } from './queries';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';

let t: TestApp;
let owner: Member; // writes the yy
let fan: Member; // comments on it
let stranger: Member;
let weiboId: number;

beforeAll(async () => {
  t = await startTestApp(NO_POST_LIMITS);
  owner = await member(t, '楼主');
  fan = await member(t, '粉丝');
  stranger = await member(t, '路人');
  weiboId = await newYy(owner, '大家好');
});
afterAll(() => t.close());

async function newYy(m: Member, content: string): Promise<number> {
  const res = await m.call('POST', '/api/yy/createyy', { content });
  expect(res.statusCode).toBe(200);
  return json(res).data.weiboId;
}
const add = (m: Member, body: object) => m.call('POST', '/api/comment/add', body);
const commentCount = async (id: number) => {
  const { rows } = await t.pool.query('SELECT comment_count, (SELECT count(*)::int FROM yy_comments WHERE weibo_id = $1) AS real FROM yy WHERE weibo_id = $1', [
    id,
  ]);
  return rows[0] as { comment_count: number; real: number };
};
const expectCountTrue = async (id: number) => {
  const c = await commentCount(id);
  expect(c.comment_count).toBe(c.real);
  return c.real;
};

describe('the comment calls need a signed-in user', () => {
  it.each([
    ['POST', '/api/comment/add'],
    ['GET', '/api/comment/getComment?weiboId=1'],
    ['DELETE', '/api/comment/delete?commentId=1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-type']).toBe('access');
  });
});

describe('POST /api/comment/add', () => {
  it('adds a comment and answers it in full, msg 评论成功', async () => {
    const res = await add(fan, { content: ' 沙发[f130] ', weiboId, replyCommentId: 0, replyUid: 0 });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      code: 200,
      msg: '评论成功',
      data: {
        commentId: expect.any(Number),
        weiboId,
        uid: fan.uid,
        username: '粉丝',
        face: 0,
        avatar: '',
        content: '沙发[f130]',
        ctime: expect.any(Number),
        replyCommentId: 0,
        replyUid: 0,
        replyUsername: '',
      },
    });
    await expectCountTrue(weiboId);
  });

  it('adds a reply to a comment of the same yy, naming whom it answers', async () => {
    const parent = json(await add(fan, { content: '我先说', weiboId })).data;
    const res = await add(owner, { content: '谢谢你', weiboId, replyCommentId: parent.commentId, replyUid: fan.uid });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ uid: owner.uid, username: '楼主', replyCommentId: parent.commentId, replyUid: fan.uid, replyUsername: '粉丝' });
    await expectCountTrue(weiboId);
  });

  it('answers each comment exactly as getComment then lists it (the answer is read in the same statement as the insert)', async () => {
    const id = await newYy(owner, '对一对');
    const first = json(await add(fan, { content: '一楼 "引号" \\ 换\n行', weiboId: id })).data;
    const reply = json(await add(stranger, { content: '二楼', weiboId: id, replyCommentId: first.commentId, replyUid: fan.uid })).data;
    const listed = json(await owner.call('GET', `/api/comment/getComment?weiboId=${id}`)).data;
    expect(listed).toEqual([first, reply]);
    expect(reply).toMatchObject({ replyUsername: '粉丝', username: '路人' });
    expect(await expectCountTrue(id)).toBe(2);
  });

  it('counts the yy comments in its listing', async () => {
    const n = await expectCountTrue(weiboId);
    const list = json(await stranger.call('GET', `/api/yy/getUseryy/${owner.uid}?pageNum=1`)).data.records;
    expect(list.find((y: any) => y.weiboId === weiboId).comment).toBe(n);
  });

  it.each([
    ['<script>alert(1)</script>好', 'alert(1)好'],
    ['<iframe src="//evil"></iframe>看', '看'],
    ['<b onclick="x()">粗</b>', '粗'],
  ])('stores %s without tags', async (content, stored) => {
    const res = await add(fan, { content, weiboId });
    expect(json(res).data.content).toBe(stored);
  });

  it.each([
    [{ content: '', weiboId: 0 }, 'yy不存在'],
    [{ content: 'x' }, 'yy不存在'],
    [{ content: 'x', weiboId: -3 }, 'yy不存在'],
    [{ content: 'x', weiboId: 1.5 }, 'yy不存在'],
    [{ content: 'x', weiboId: 'abc' }, '请求参数有误'],
    [{ content: '', weiboId: 1 }, COMMENT_EMPTY],
    [{ content: '   ', weiboId: 1 }, COMMENT_EMPTY],
    [{ content: '<p></p>', weiboId: 1 }, COMMENT_EMPTY],
    [{ content: '字'.repeat(234), weiboId: 1 }, '评论内容不能超过233个字'],
    [{ content: 'x', weiboId: 1, replyCommentId: 5 }, '请求参数有误'],
    [{ content: 'x', weiboId: 1, replyUid: 5 }, '请求参数有误'],
    [{ content: 'x', weiboId: 1, replyCommentId: -1, replyUid: 1 }, '请求参数有误'],
    [{ content: 5, weiboId: 1 }, '请求参数有误'],
  ])('refuses %j with 400 %s', async (body, msg) => {
    const res = await add(fan, body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });

  it('accepts exactly 233 characters', async () => {
    expect((await add(fan, { content: '字'.repeat(233), weiboId })).statusCode).toBe(200);
  });

  it('answers 404 yy不存在 for an unknown yy', async () => {
    const res = await add(fan, { content: '有人吗', weiboId: 99_999_999 });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'yy不存在' });
  });

  it('refuses a reply to a comment of another yy, or naming someone else (400), storing nothing', async () => {
    const elsewhere = await newYy(stranger, '另一条');
    const foreign = json(await add(fan, { content: '在别处', weiboId: elsewhere })).data;
    const here = json(await add(fan, { content: '在这里', weiboId })).data;
    const before = await expectCountTrue(weiboId);
    for (const body of [
      { content: 'x', weiboId, replyCommentId: foreign.commentId, replyUid: fan.uid },
      { content: 'x', weiboId, replyCommentId: here.commentId, replyUid: stranger.uid },
      { content: 'x', weiboId, replyCommentId: 99_999_999, replyUid: fan.uid },
    ]) {
      const res = await add(owner, body);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '回复的评论不存在' });
    }
    expect(await expectCountTrue(weiboId)).toBe(before);
  });
});

describe('GET /api/comment/getComment', () => {
  it("answers the yy's comments oldest first, as an array", async () => {
    const id = await newYy(owner, '排序测试');
    const first = json(await add(fan, { content: '一', weiboId: id })).data;
    const second = json(await add(stranger, { content: '二', weiboId: id })).data;
    const third = json(await add(owner, { content: '三', weiboId: id, replyCommentId: first.commentId, replyUid: fan.uid })).data;
    const res = await stranger.call('GET', `/api/comment/getComment?weiboId=${id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([first, second, third]);
  });

  it('answers [] for a yy without comments', async () => {
    const id = await newYy(owner, '没人理');
    expect(json(await fan.call('GET', `/api/comment/getComment?weiboId=${id}`)).data).toEqual([]);
  });

  it(`answers at most the newest ${COMMENTS_MAX}, still oldest first`, async () => {
    const id = await newYy(owner, '热门');
    await t.pool.query(
      `INSERT INTO yy_comments (weibo_id, uid, content, ctime)
       SELECT $1, $2, 'c' || g, now() - make_interval(secs => 1000 - g) FROM generate_series(1, $3) g`,
      [id, fan.uid, COMMENTS_MAX + 10],
    );
    const list = json(await fan.call('GET', `/api/comment/getComment?weiboId=${id}`)).data;
    expect(list).toHaveLength(COMMENTS_MAX);
    expect(list[0].content).toBe('c11');
    expect(list.at(-1).content).toBe(`c${COMMENTS_MAX + 10}`);
  });

  it('answers 404 for an unknown yy and 400 for a malformed id', async () => {
    const res = await fan.call('GET', '/api/comment/getComment?weiboId=99999999');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'yy不存在' });
    for (const q of ['', '?weiboId=', '?weiboId=x', '?weiboId=0', '?weiboId=01', '?weiboId=1.0']) {
      const bad = await fan.call('GET', `/api/comment/getComment${q}`);
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toEqual({ code: 400, msg: 'yy不存在' });
    }
  });
});

describe('DELETE /api/comment/delete', () => {
  it("lets the comment's author delete it, msg 删除成功！, count stays true", async () => {
    const c = json(await add(fan, { content: '我删我自己', weiboId })).data;
    const before = await expectCountTrue(weiboId);
    const res = await fan.call('DELETE', `/api/comment/delete?commentId=${c.commentId}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '删除成功！' });
    expect(await expectCountTrue(weiboId)).toBe(before - 1);
    expect((await fan.call('DELETE', `/api/comment/delete?commentId=${c.commentId}`)).statusCode).toBe(404);
  });

  it("lets the yy's author delete someone else's comment", async () => {
    const c = json(await add(fan, { content: '楼主能删', weiboId })).data;
    const res = await owner.call('DELETE', `/api/comment/delete?commentId=${c.commentId}`);
    expect(res.statusCode).toBe(200);
    await expectCountTrue(weiboId);
  });

  it('refuses anyone else with 403 没有权限删除; the row remains', async () => {
    const c = json(await add(fan, { content: '路人删不掉', weiboId })).data;
    const before = await expectCountTrue(weiboId);
    const res = await stranger.call('DELETE', `/api/comment/delete?commentId=${c.commentId}`);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ code: 403, msg: '没有权限删除' });
    expect((await t.pool.query('SELECT 1 FROM yy_comments WHERE comment_id = $1', [c.commentId])).rowCount).toBe(1);
    expect(await expectCountTrue(weiboId)).toBe(before);
  });

  it('keeps the replies of a deleted comment', async () => {
    const parent = json(await add(fan, { content: '父评论', weiboId })).data;
    const reply = json(await add(stranger, { content: '回复', weiboId, replyCommentId: parent.commentId, replyUid: fan.uid })).data;
    await fan.call('DELETE', `/api/comment/delete?commentId=${parent.commentId}`);
    const list = json(await fan.call('GET', `/api/comment/getComment?weiboId=${weiboId}`)).data;
    expect(list.find((c: any) => c.commentId === reply.commentId)).toMatchObject({ replyUid: fan.uid, replyUsername: '粉丝' });
    await expectCountTrue(weiboId);
  });

  it('answers 404 for an unknown comment and 400 for a malformed id', async () => {
    const res = await fan.call('DELETE', '/api/comment/delete?commentId=99999999');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: '评论不存在' });
    for (const q of ['', '?commentId=abc', '?commentId=0', '?commentId=-2']) {
      const bad = await fan.call('DELETE', `/api/comment/delete${q}`);
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toEqual({ code: 400, msg: '评论不存在' });
    }
  });

  it('parallel deletes of one comment: one succeeds, the count drops once', async () => {
    const c = json(await add(fan, { content: '并发删除', weiboId })).data;
    const before = await expectCountTrue(weiboId);
    const results = await Promise.all([fan, owner, fan].map((m) => m.call('DELETE', `/api/comment/delete?commentId=${c.commentId}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await expectCountTrue(weiboId)).toBe(before - 1);
  });
});

describe('comment limit', () => {
  it('answers 429 past the limit, per user', async () => {
    const limited = await startTestApp({ postLimits: { yy: 0, comments: 2, uploads: 0, windowMinutes: 10 } });
    try {
      const a = await member(limited);
      const b = await member(limited);
      const id = json(await a.call('POST', '/api/yy/createyy', { content: '限流' })).data.weiboId;
      expect((await a.call('POST', '/api/comment/add', { content: '', weiboId: id })).statusCode).toBe(400);
      expect((await a.call('POST', '/api/comment/add', { content: '1', weiboId: id })).statusCode).toBe(200);
      expect((await a.call('POST', '/api/comment/add', { content: '2', weiboId: id })).statusCode).toBe(200);
      const third = await a.call('POST', '/api/comment/add', { content: '3', weiboId: id });
      expect(third.statusCode).toBe(429);
      expect(json(third)).toEqual({ code: 429, msg: '发得太快了，请稍后再试' });
      expect((await b.call('POST', '/api/comment/add', { content: '3', weiboId: id })).statusCode).toBe(200);
      const parallel = await Promise.all([1, 2, 3, 4].map((i) => b.call('POST', '/api/comment/add', { content: `p${i}`, weiboId: id })));
      expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
      const { rows } = await limited.pool.query('SELECT comment_count FROM yy WHERE weibo_id = $1', [id]);
      expect(rows[0].comment_count).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

describe('deleting a yy', () => {
  it('deletes its comments; another user cannot delete it', async () => {
    const id = await newYy(owner, '带评论的');
    await add(fan, { content: '评论', weiboId: id });
    expect((await fan.call('DELETE', `/api/yy/deleteyy?weiboId=${id}`)).statusCode).toBe(403);
    expect((await t.pool.query('SELECT 1 FROM yy_comments WHERE weibo_id = $1', [id])).rowCount).toBe(1);
    expect((await owner.call('DELETE', `/api/yy/deleteyy?weiboId=${id}`)).statusCode).toBe(200);
    expect((await t.pool.query('SELECT 1 FROM yy_comments WHERE weibo_id = $1', [id])).rowCount).toBe(0);
    expect((await fan.call('GET', `/api/comment/getComment?weiboId=${id}`)).statusCode).toBe(404);
    expect((await add(fan, { content: '晚了', weiboId: id })).statusCode).toBe(404);
  });
});
