/**
 * Block and privacy (docs/api.md "Safety" → "Block and privacy"): the block list and privacy
 * routes, and their enforcement on every write to another's things (comment, reply, repost, board
 * message, board reply), on visits and on what a space shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MSG, DEFAULT_PRIVACY, PRIVACY_MSG } from '@xiaoba/shared/core';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { PRIVACY_ERROR } from './routes';

let t: TestApp;
/** What the server answers by default to an adult (the test users are born in 2000). */
const DEFAULTS = DEFAULT_PRIVACY;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, boardLimits: { leaves: 0, replies: 0 } });
});
afterAll(() => t.close());

const block = (m: Member, uid: unknown) => m.call('POST', '/api/block/add', { uid });
const unblock = (m: Member, uid: unknown) => m.call('POST', '/api/block/remove', { uid });
const blockList = (m: Member, query = 'pageNum=1') => m.call('GET', `/api/block/list?${query}`);
const setPrivacy = (m: Member, body: object) => m.call('POST', '/api/user/privacy', body);
const mustBlock = async (m: Member, uid: number) => expect((await block(m, uid)).statusCode).toBe(200);

const post = async (m: Member, content: string, transpondId = 0) => {
  const res = await m.call('POST', '/api/yy/createyy', { content, transpondId });
  expect(res.statusCode).toBe(200);
  return json(res).data.weiboId as number;
};
const repost = (m: Member, transpondId: number) => m.call('POST', '/api/yy/createyy', { content: '转发', transpondId });
const comment = (m: Member, weiboId: number, reply?: { commentId: number; uid: number }) =>
  m.call('POST', '/api/comment/add', { weiboId, content: '评论', replyCommentId: reply?.commentId ?? 0, replyUid: reply?.uid ?? 0 });
const leave = (m: Member, fuid: number) => m.call('POST', '/api/leave/add', { fuid, content: '留言' });
const leaveReply = (m: Member, leaveId: number) => m.call('POST', '/api/leaveReply/add', { leaveId, content: '回复' });
const space = async (m: Member, uid: number) => {
  const res = await m.call('GET', `/api/user/getuserinfo/${uid}`);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const visitors = async (m: Member, uid: number) => {
  const res = await m.call('GET', `/api/visitor/get?uid=${uid}`);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const commentCount = async (weiboId: number) => (await t.pool.query('SELECT comment_count FROM yy WHERE weibo_id = $1', [weiboId])).rows[0].comment_count;

/** The refusal a write gets when the owner does not allow it: the same for a block and for privacy. */
const expectRefused = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
};

describe('every block and privacy call needs a signed-in user', () => {
  it.each([
    ['POST', '/api/block/add'],
    ['POST', '/api/block/remove'],
    ['GET', '/api/block/list?pageNum=1'],
    ['GET', '/api/user/privacy'],
    ['POST', '/api/user/privacy'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { uid: 100001 } : undefined });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ code: 401, msg: '请先登录' });
  });
});

describe('POST /api/block/add and /api/block/remove', () => {
  it('blocks, answers BLOCK_MSG.blocked, and blocking twice changes nothing', async () => {
    const me = await member(t, '我');
    const other = await member(t, '他');
    const first = await block(me, other.uid);
    expect(json(first)).toEqual({ code: 200, msg: BLOCK_MSG.blocked });
    const { rows } = await t.pool.query('SELECT ctime FROM blocks WHERE uid = $1', [me.uid]);
    const again = await block(me, other.uid);
    expect(json(again)).toEqual({ code: 200, msg: BLOCK_MSG.blocked });
    expect((await t.pool.query('SELECT ctime FROM blocks WHERE uid = $1', [me.uid])).rows).toEqual(rows);
  });

  it('refuses blocking oneself (400), nobody (404) and malformed ids (400)', async () => {
    const me = await member(t, '我');
    expect(json(await block(me, me.uid))).toEqual({ code: 400, msg: BLOCK_MSG.self });
    const nobody = await block(me, 999_999_999);
    expect(nobody.statusCode).toBe(404);
    expect(json(nobody).msg).toBe(BLOCK_MSG.userNotFound);
    for (const uid of [0, -5, 1.5, undefined]) {
      expect(json(await block(me, uid))).toEqual({ code: 400, msg: BLOCK_MSG.userNotFound });
    }
    for (const uid of ['100001', null, [1]]) {
      const res = await block(me, uid);
      expect(res.statusCode).toBe(400);
    }
    expect(json(await unblock(me, me.uid))).toEqual({ code: 400, msg: BLOCK_MSG.self });
    expect((await unblock(me, 999_999_999)).statusCode).toBe(404);
    expect((await t.pool.query('SELECT 1 FROM blocks WHERE uid = $1', [me.uid])).rowCount).toBe(0);
  });

  it('unblocks (BLOCK_MSG.unblocked); unblocking someone not blocked is not an error', async () => {
    const me = await member(t, '我');
    const other = await member(t, '他');
    await mustBlock(me, other.uid);
    expect(json(await unblock(me, other.uid))).toEqual({ code: 200, msg: BLOCK_MSG.unblocked });
    expect(json(await blockList(me)).data.total).toBe(0);
    expect(json(await unblock(me, other.uid))).toEqual({ code: 200, msg: BLOCK_MSG.unblocked });
  });
});

describe('GET /api/block/list', () => {
  it('pages the blocked users, newest block first, and forgets an unblocked one', async () => {
    const me = await member(t, '我');
    const others = [await member(t, '甲'), await member(t, '乙'), await member(t, '丙')];
    for (const [i, o] of others.entries()) {
      await mustBlock(me, o.uid);
      // Distinct times, so the order is the blocks' own.
      await t.pool.query(`UPDATE blocks SET ctime = now() - make_interval(mins => $3) WHERE uid = $1 AND blocked_uid = $2`, [me.uid, o.uid, 10 - i]);
    }
    await t.pool.query(`UPDATE users SET qianming = '小签名', face = 3 WHERE uid = $1`, [others[2]!.uid]);
    const first = json(await blockList(me, 'pageNum=1&pageSize=2')).data;
    expect(first).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(first.records[0]).toEqual({ uid: others[2]!.uid, name: '丙', face: 3, avatar: '', qianming: '小签名', ctime: expect.any(Number) });
    expect(first.records.map((r: { uid: number }) => r.uid)).toEqual([others[2]!.uid, others[1]!.uid]);
    const second = json(await blockList(me, 'pageNum=2&pageSize=2')).data;
    expect(second.records.map((r: { uid: number }) => r.uid)).toEqual([others[0]!.uid]);
    expect(json(await blockList(me, 'pageNum=3&pageSize=2')).data).toMatchObject({ records: [], total: 3 });

    await unblock(me, others[1]!.uid);
    const after = json(await blockList(me)).data;
    expect(after).toMatchObject({ total: 2, pages: 1, current: 1, size: 20 });
    expect(after.records.map((r: { uid: number }) => r.uid)).toEqual([others[2]!.uid, others[0]!.uid]);
    // Only the caller's own list.
    expect(json(await blockList(others[0]!)).data.total).toBe(0);
  });

  it('refuses a malformed page with 400', async () => {
    const me = await member(t, '我');
    for (const query of ['', 'pageNum=0', 'pageNum=x', 'pageNum=1&pageSize=-1']) {
      const res = await blockList(me, query);
      expect(res.statusCode).toBe(400);
      expect(typeof json(res).msg).toBe('string');
    }
  });
});

describe('GET and POST /api/user/privacy', () => {
  it("starts from today's behaviour and changes only the fields sent, answering them all", async () => {
    const me = await member(t, '我');
    expect(json(await me.call('GET', '/api/user/privacy')).data).toEqual(DEFAULTS);
    const saved = json(await setPrivacy(me, { comment: 'me', showBirthday: false }));
    expect(saved).toEqual({ code: 200, msg: PRIVACY_MSG.saved, data: { ...DEFAULTS, comment: 'me', showBirthday: false } });
    const more = json(await setPrivacy(me, { board: 'me', showVisitors: false, findable: false, showFollows: false })).data;
    expect(more).toEqual({ ...DEFAULTS, comment: 'me', board: 'me', showVisitors: false, showBirthday: false, findable: false, showFollows: false });
    expect(json(await me.call('GET', '/api/user/privacy')).data).toEqual(more);
    expect(json(await setPrivacy(me, {})).data).toEqual(more);
    expect(json(await setPrivacy(me, { comment: 'everyone' })).data.comment).toBe('everyone');
  });

  it.each([
    [{ comment: 'friends' }, PRIVACY_ERROR.comment],
    [{ board: 'everybody' }, PRIVACY_ERROR.board],
    [{ board: null }, PRIVACY_ERROR.board],
    [{ showVisitors: 'false' }, PRIVACY_ERROR.showVisitors],
    [{ showBirthday: 0 }, PRIVACY_ERROR.showBirthday],
    [{ findable: 'yes' }, PRIVACY_ERROR.findable],
    [{ showFollows: 1 }, PRIVACY_ERROR.showFollows],
    [{ comment: 'me', colour: 'red' }, '请求参数有误'],
  ])('refuses %j with 400 %s and changes nothing', async (body, msg) => {
    const me = await member(t, '我');
    expect(json(await setPrivacy(me, body))).toEqual({ code: 400, msg });
    expect(json(await me.call('GET', '/api/user/privacy')).data).toEqual(DEFAULTS);
  });

  it('refuses a body that is not an object', async () => {
    const me = await member(t, '我');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/privacy',
      payload: '["me"]',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
    });
    expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
  });
});

describe("a blocked user cannot write on the blocker's things; others still can", () => {
  let owner: Member;
  let pest: Member;
  let friend: Member;
  let yy: number;
  let pestMessage: number;
  let friendComment: number;

  beforeAll(async () => {
    owner = await member(t, '主人');
    pest = await member(t, '捣蛋');
    friend = await member(t, '朋友');
    yy = await post(owner, '主人的yy');
    friendComment = json(await comment(friend, yy)).data.commentId;
    // Written before the block: the pest may no longer reply under it.
    pestMessage = json(await leave(pest, owner.uid)).data.id;
    await mustBlock(owner, pest.uid);
  });

  it("comment/add on the blocker's yy: 403, nothing stored or counted; another user: 200", async () => {
    const before = await commentCount(yy);
    expectRefused(await comment(pest, yy));
    expect(await commentCount(yy)).toBe(before);
    expect((await t.pool.query('SELECT 1 FROM yy_comments WHERE uid = $1', [pest.uid])).rowCount).toBe(0);
    expect((await comment(friend, yy)).statusCode).toBe(200);
    expect((await comment(owner, yy)).statusCode).toBe(200);
  });

  it("a reply under the blocker's yy: 403; another user's reply: 200", async () => {
    expectRefused(await comment(pest, yy, { commentId: friendComment, uid: friend.uid }));
    const third = await member(t, '路人');
    expect((await comment(third, yy, { commentId: friendComment, uid: friend.uid })).statusCode).toBe(200);
  });

  it("reposting the blocker's yy, directly or through another's repost: 403; another user: 200", async () => {
    expectRefused(await repost(pest, yy));
    const friendRepost = await post(friend, '转给大家', yy);
    expectRefused(await repost(pest, friendRepost));
    expect((await repost(friend, yy)).statusCode).toBe(200);
    expect((await t.pool.query('SELECT 1 FROM yy WHERE uid = $1', [pest.uid])).rowCount).toBe(0);
    // The blocked user's own yy and others' are theirs to repost.
    const elsewhere = await post(friend, '朋友自己的');
    expect((await repost(pest, elsewhere)).statusCode).toBe(200);
  });

  it("leave/add on the blocker's board: 403, not counted; another user: 200; the blocked user's own board: 200", async () => {
    const count = async () => (await t.pool.query('SELECT leave_count FROM users WHERE uid = $1', [owner.uid])).rows[0].leave_count;
    const before = await count();
    expectRefused(await leave(pest, owner.uid));
    expect(await count()).toBe(before);
    expect((await leave(friend, owner.uid)).statusCode).toBe(200);
    expect((await leave(pest, pest.uid)).statusCode).toBe(200);
    // A block is one way: the blocker may still write to the blocked user.
    expect((await leave(owner, pest.uid)).statusCode).toBe(200);
  });

  it("leaveReply/add under a message on the blocker's board: 403 even for its author; the owner: 200", async () => {
    expectRefused(await leaveReply(pest, pestMessage));
    expect((await leaveReply(owner, pestMessage)).statusCode).toBe(200);
    const friendMessage = json(await leave(friend, owner.uid)).data.id;
    expect((await leaveReply(friend, friendMessage)).statusCode).toBe(200);
  });

  it('getuserinfo tells each side what it may do', async () => {
    expect(await space(pest, owner.uid)).toMatchObject({ uid: owner.uid, blocked: false, mayComment: false, mayLeave: false });
    expect(await space(owner, pest.uid)).toMatchObject({ uid: pest.uid, blocked: true, mayComment: true, mayLeave: true });
    expect(await space(friend, owner.uid)).toMatchObject({ blocked: false, mayComment: true, mayLeave: true });
    const own = await space(owner, owner.uid);
    expect(own).not.toHaveProperty('blocked');
    expect(own).not.toHaveProperty('mayComment');
  });

  it('after an unblock the user may write again', async () => {
    const other = await member(t, '又一个');
    const hisYy = await post(other, '他的yy');
    await mustBlock(other, pest.uid);
    expectRefused(await comment(pest, hisYy));
    await unblock(other, pest.uid);
    expect((await comment(pest, hisYy)).statusCode).toBe(200);
    expect((await repost(pest, hisYy)).statusCode).toBe(200);
    expect((await leave(pest, other.uid)).statusCode).toBe(200);
    expect(await space(pest, other.uid)).toMatchObject({ mayComment: true, mayLeave: true });
  });
});

describe("privacy 'me': only the owner writes", () => {
  it("comment 'me': others' comments and replies 403, the owner's 200; reposts still allowed (their own setting)", async () => {
    const owner = await member(t, '主人');
    const friend = await member(t, '朋友');
    const yy = await post(owner, '只有我能评论');
    const ownComment = json(await comment(owner, yy)).data.commentId;
    await setPrivacy(owner, { comment: 'me' });
    expectRefused(await comment(friend, yy));
    expectRefused(await comment(friend, yy, { commentId: ownComment, uid: owner.uid }));
    expect((await comment(owner, yy, { commentId: ownComment, uid: owner.uid })).statusCode).toBe(200);
    expect((await repost(friend, yy)).statusCode).toBe(200);
    expect(await space(friend, owner.uid)).toMatchObject({ mayComment: false, mayLeave: true, blocked: false });
    // The board is a separate setting.
    expect((await leave(friend, owner.uid)).statusCode).toBe(200);
  });

  it("board 'me': others' new messages and their replies under earlier ones 403 (as for a blocked author), the owner's 200", async () => {
    const owner = await member(t, '主人');
    const friend = await member(t, '朋友');
    const earlier = json(await leave(friend, owner.uid)).data.id;
    await setPrivacy(owner, { board: 'me' });
    expectRefused(await leave(friend, owner.uid));
    expect((await leave(owner, owner.uid)).statusCode).toBe(200);
    expectRefused(await leaveReply(friend, earlier));
    expect((await leaveReply(owner, earlier)).statusCode).toBe(200);
    await setPrivacy(owner, { board: 'everyone' });
    expect((await leaveReply(friend, earlier)).statusCode).toBe(200);
    await setPrivacy(owner, { board: 'me' });
    expect(await space(friend, owner.uid)).toMatchObject({ mayComment: true, mayLeave: false });
    const yy = await post(owner, '评论照常');
    expect((await comment(friend, yy)).statusCode).toBe(200);
  });
});

describe('visits and visitors', () => {
  const visitRows = async (visited: number, visitor: number) =>
    (await t.pool.query('SELECT 1 FROM visits WHERE visited = $1 AND visitor = $2', [visited, visitor])).rowCount;
  const visitCount = async (uid: number) => (await t.pool.query('SELECT visit_count FROM users WHERE uid = $1', [uid])).rows[0].visit_count;

  it("a blocked user's visit is not recorded; another's is", async () => {
    const owner = await member(t, '主人');
    const pest = await member(t, '捣蛋');
    const friend = await member(t, '朋友');
    await mustBlock(owner, pest.uid);
    await space(pest, owner.uid);
    expect(await visitRows(owner.uid, pest.uid)).toBe(0);
    expect(await visitCount(owner.uid)).toBe(0);
    await space(friend, owner.uid);
    expect(await visitRows(owner.uid, friend.uid)).toBe(1);
    expect(await visitCount(owner.uid)).toBe(1);
    // The blocker's visits to the blocked user are theirs to make.
    await space(owner, pest.uid);
    expect(await visitRows(pest.uid, owner.uid)).toBe(1);
  });

  it("the blocked user's earlier visits leave the blocker's visitor list, for everyone, until an unblock", async () => {
    const owner = await member(t, '主人');
    const pest = await member(t, '捣蛋');
    const friend = await member(t, '朋友');
    await space(pest, owner.uid);
    await space(friend, owner.uid);
    const uids = (list: { data: Array<{ uid: number }> }) => list.data.map((v) => v.uid).sort();
    expect(uids(await visitors(owner, owner.uid))).toEqual([pest.uid, friend.uid].sort());
    await mustBlock(owner, pest.uid);
    expect(uids(await visitors(owner, owner.uid))).toEqual([friend.uid]);
    expect(uids(await visitors(friend, owner.uid))).toEqual([friend.uid]);
    await unblock(owner, pest.uid);
    expect(uids(await visitors(owner, owner.uid))).toEqual([pest.uid, friend.uid].sort());
  });

  it('hidden visitors: others get no names and hidden: true; the owner still sees them', async () => {
    const owner = await member(t, '主人');
    const friend = await member(t, '朋友');
    await space(friend, owner.uid);
    await setPrivacy(owner, { showVisitors: false });
    expect(await visitors(friend, owner.uid)).toEqual({ data: [], total: 1, hidden: true });
    const own = await visitors(owner, owner.uid);
    expect(own.data.map((v: { uid: number }) => v.uid)).toEqual([friend.uid]);
    expect(own).not.toHaveProperty('hidden');
    await setPrivacy(owner, { showVisitors: true });
    expect((await visitors(friend, owner.uid)).data).toHaveLength(1);
  });
});

describe('a hidden birthday', () => {
  it("is '' for others and shown to the owner", async () => {
    const owner = await member(t, '主人');
    const friend = await member(t, '朋友');
    expect((await space(friend, owner.uid)).birthday).toBe('2000-01-02');
    await setPrivacy(owner, { showBirthday: false });
    expect((await space(friend, owner.uid)).birthday).toBe('');
    expect((await space(owner, owner.uid)).birthday).toBe('2000-01-02');
    expect(json(await owner.call('GET', '/api/user/getinfo')).data.birthday).toBe('2000-01-02');
  });
});
