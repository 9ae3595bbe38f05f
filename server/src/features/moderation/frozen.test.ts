/**
 * What a frozen user keeps (docs/api.md "Sanctions"): every tool that protects them (block,
 * unblock, privacy, report, unfollow, deleting their own items and others' words under their yy
 * and on their board, reading notices), while every write others would see stays refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MSG, PRIVACY_MSG, REPORT_MSG, SANCTION_MSG } from '@xiaoba/shared/core';
import { chinaDate } from '../../api/auth/standing';
import { FROZEN_OPEN } from '../../api/http/sanctions';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, pngImage, type Member } from '../../test/yy';

let t: TestApp;
let mod: Member;
/** Frozen for the whole file; harassed by `rude`. */
let kid: Member;
let rude: Member;
let friend: Member;
let frozenMsg: string;

const yyOf = async (m: Member, content: string): Promise<number> => json(await m.call('POST', '/api/yy/createyy', { content })).data.weiboId;
const commentOn = async (m: Member, weiboId: number, content: string): Promise<number> =>
  json(await m.call('POST', '/api/comment/add', { content, weiboId, replyCommentId: 0, replyUid: 0 })).data.commentId;
const leaveOn = async (m: Member, fuid: number, content: string): Promise<number> => json(await m.call('POST', '/api/leave/add', { content, fuid })).data.id;
const replyTo = async (m: Member, leaveId: number, content: string): Promise<number> =>
  json(await m.call('POST', '/api/leaveReply/add', { content, leaveId })).data.id;
const exists = async (table: string, column: string, id: number): Promise<boolean> =>
  (await t.pool.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])).rowCount === 1;

/** Freezes `m` for 3 days through the moderators' route; answers the words their writes get. */
async function freeze(m: Member): Promise<string> {
  expect(json(await mod.call('POST', '/api/mod/action', { action: 'freeze', uid: m.uid, rule: 'bullying', days: 3, reason: '欺负同学' })).code).toBe(200);
  const until = json(await m.call('GET', '/api/user/getinfo')).data.frozenUntil;
  expect(until).toBeGreaterThan(Date.now() / 1000);
  return SANCTION_MSG.frozen(chinaDate(until), '欺负同学');
}

beforeAll(async () => {
  t = await startTestApp(NO_POST_LIMITS);
  mod = await member(t, '管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
  kid = await member(t, '小孩');
  rude = await member(t, '捣蛋鬼');
  friend = await member(t, '好朋友');
  frozenMsg = await freeze(kid);
});
afterAll(() => t?.close());

describe('a frozen user keeps every tool that protects them', () => {
  it('blocks and unblocks: a block keeps the harasser from writing under their yy', async () => {
    expect(json(await kid.call('POST', '/api/block/add', { uid: rude.uid }))).toEqual({ code: 200, msg: BLOCK_MSG.blocked });
    expect(json(await rude.call('POST', '/api/leave/add', { content: '又来了', fuid: kid.uid }))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect(json(await kid.call('POST', '/api/block/remove', { uid: rude.uid }))).toEqual({ code: 200, msg: BLOCK_MSG.unblocked });
    expect(json(await rude.call('POST', '/api/leave/add', { content: '又来了', fuid: kid.uid })).code).toBe(200);
  });

  it('reads and changes their privacy settings', async () => {
    expect(json(await kid.call('GET', '/api/user/privacy')).code).toBe(200);
    const saved = json(await kid.call('POST', '/api/user/privacy', { board: 'me', comment: 'me' }));
    expect(saved).toMatchObject({ code: 200, msg: PRIVACY_MSG.saved, data: { board: 'me', comment: 'me' } });
    expect(json(await rude.call('POST', '/api/leave/add', { content: '看不到了', fuid: kid.uid }))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect(json(await kid.call('POST', '/api/user/privacy', { board: 'everyone', comment: 'everyone' })).code).toBe(200);
  });

  it('reports', async () => {
    expect(json(await kid.call('POST', '/api/report/add', { kind: 'user', id: rude.uid, reason: 'bullying', note: '一直骂我' }))).toEqual({
      code: 200,
      msg: REPORT_MSG.reported,
    });
  });

  it('unfollows', async () => {
    const other = await member(t, '被关注的人');
    const follower = await member(t, '先关注再被冻结');
    expect(json(await follower.call('POST', '/api/follow/add', { uid: other.uid })).code).toBe(200);
    await freeze(follower);
    expect(json(await follower.call('POST', '/api/follow/remove', { uid: other.uid })).code).toBe(200);
    const { rows } = await t.pool.query('SELECT 1 FROM follows WHERE uid = $1', [follower.uid]);
    expect(rows).toEqual([]);
  });

  it('deletes their own yy, comment, board message and reply', async () => {
    const own = await member(t, '删自己的');
    const weiboId = await yyOf(own, '我的yy');
    const onFriend = await yyOf(friend, '朋友的');
    const commentId = await commentOn(own, onFriend, '我的评论');
    const leaveId = await leaveOn(own, friend.uid, '我的留言');
    const replyId = await replyTo(own, leaveId, '我的回复');
    await freeze(own);
    expect(json(await own.call('DELETE', `/api/leaveReply/delete?id=${replyId}`)).code).toBe(200);
    expect(json(await own.call('DELETE', `/api/leave/delete?leaveId=${leaveId}`)).code).toBe(200);
    expect(json(await own.call('DELETE', `/api/comment/delete?commentId=${commentId}`)).code).toBe(200);
    expect(json(await own.call('DELETE', `/api/yy/deleteyy?weiboId=${weiboId}`)).code).toBe(200);
    expect(await exists('leave_replies', 'id', replyId)).toBe(false);
    expect(await exists('leaves', 'leave_id', leaveId)).toBe(false);
    expect(await exists('yy_comments', 'comment_id', commentId)).toBe(false);
    expect(await exists('yy', 'weibo_id', weiboId)).toBe(false);
  });

  it("deletes a stranger's comment under their own yy, and a stranger's message and reply on their own board", async () => {
    const owner = await member(t, '被骚扰的');
    const weiboId = await yyOf(owner, '我的yy');
    const commentId = await commentOn(rude, weiboId, '坏话');
    const leaveId = await leaveOn(rude, owner.uid, '坏留言');
    const replyId = await replyTo(rude, leaveId, '坏回复');
    const secondLeave = await leaveOn(rude, owner.uid, '又一条');
    await freeze(owner);
    expect(json(await owner.call('DELETE', `/api/comment/delete?commentId=${commentId}`)).code).toBe(200);
    expect(json(await owner.call('DELETE', `/api/leaveReply/delete?id=${replyId}`)).code).toBe(200);
    expect(json(await owner.call('DELETE', `/api/leave/delete?leaveId=${leaveId}`)).code).toBe(200);
    expect(json(await owner.call('DELETE', `/api/leave/delete?leaveId=${secondLeave}`)).code).toBe(200);
    expect(await exists('yy_comments', 'comment_id', commentId)).toBe(false);
    expect(await exists('leave_replies', 'id', replyId)).toBe(false);
    expect(await exists('leaves', 'leave_id', leaveId)).toBe(false);
  });

  it('reads their notices and marks them read', async () => {
    expect(json(await kid.call('GET', '/api/notice/system?pageNum=1')).data.records[0]).toMatchObject({ kind: 'frozen' });
    expect(json(await kid.call('POST', '/api/notice/system/read', {})).code).toBe(200);
    expect(json(await kid.call('GET', '/api/notice/system?pageNum=1')).data.unread).toBe(0);
    expect(json(await kid.call('POST', '/api/count/clearcomments', {})).code).toBe(200);
    expect(json(await kid.call('POST', '/api/count/clearfans', {})).code).toBe(200);
  });

  it('exports and signs out', async () => {
    expect(json(await kid.call('POST', '/api/export/prepare')).code).toBe(200);
    expect((await kid.call('POST', '/api/user/logout')).statusCode).toBe(200);
  });
});

describe('a frozen user is still refused', () => {
  it('every write others would see, with the freeze message', async () => {
    const onFriend = await yyOf(friend, '给冻结的人看');
    const leaveId = await leaveOn(friend, kid.uid, '朋友的留言');
    const picture = await pngImage();
    const writes: Array<[string, Promise<{ statusCode: number; body: string }>]> = [
      ['createyy', kid.call('POST', '/api/yy/createyy', { content: '我想说话' })],
      ['repost', kid.call('POST', '/api/yy/createyy', { content: '', transpondId: onFriend })],
      ['comment', kid.call('POST', '/api/comment/add', { content: '评论', weiboId: onFriend, replyCommentId: 0, replyUid: 0 })],
      ['leave', kid.call('POST', '/api/leave/add', { content: '留言', fuid: friend.uid })],
      ['reply', kid.call('POST', '/api/leaveReply/add', { content: '回复', leaveId })],
      ['follow', kid.call('POST', '/api/follow/add', { uid: friend.uid })],
      ['upload', kid.upload(picture, 'a.png', 'image/png')],
      ['avatar', kid.call('POST', '/api/api/avatar/upload', {})],
      [
        'cardupdate',
        t.app.inject({ method: 'PATCH', url: '/api/user/cardupdate', headers: { authorization: `Bearer ${kid.token}` }, payload: { name: '新名字' } }),
      ],
      ['signature', kid.call('POST', '/api/user/updatesmallqm?qm=hi')],
      ['bigqm', kid.call('POST', '/api/user/updatebigqm?qm=hi')],
      ['face', kid.call('POST', '/api/user/updateface?num=2')],
      ['skin', kid.call('POST', '/api/user/updateskin?classname=moon')],
      ['import', kid.call('POST', '/api/import', {})],
    ];
    for (const [what, answer] of writes) expect(JSON.parse((await answer).body), what).toEqual({ code: 403, msg: frozenMsg });
    expect((await t.pool.query('SELECT 1 FROM yy WHERE uid = $1', [kid.uid])).rowCount).toBe(0);
  });

  it("deleting others' words anywhere but under their own yy and on their own board", async () => {
    const onFriend = await yyOf(friend, '朋友的yy');
    const commentId = await commentOn(rude, onFriend, '别人的评论');
    const leaveId = await leaveOn(rude, friend.uid, '别人的留言');
    const replyId = await replyTo(friend, leaveId, '主人的回复');
    expect(json(await kid.call('DELETE', `/api/comment/delete?commentId=${commentId}`)).code).toBe(403);
    expect(json(await kid.call('DELETE', `/api/leave/delete?leaveId=${leaveId}`)).code).toBe(403);
    expect(json(await kid.call('DELETE', `/api/leaveReply/delete?id=${replyId}`)).code).toBe(403);
    expect(json(await kid.call('DELETE', `/api/yy/deleteyy?weiboId=${onFriend}`)).code).toBe(403);
    expect(await exists('yy_comments', 'comment_id', commentId)).toBe(true);
    expect(await exists('leaves', 'leave_id', leaveId)).toBe(true);
    expect(await exists('leave_replies', 'id', replyId)).toBe(true);
    expect(await exists('yy', 'weibo_id', onFriend)).toBe(true);
  });

  it('the open list names registered mutating routes only (a renamed route would silently close)', () => {
    const registered = new Set(t.app.archiveClosedRoutes.map((r) => `${r.method} ${r.url}`));
    // The session and the export are registered outside archive mode's list.
    const session = new Set([
      'POST /api/user/login',
      'POST /api/user/logout',
      'POST /api/user/refresh',
      'POST /api/user/checkcookie',
      'POST /api/export/prepare',
    ]);
    for (const route of FROZEN_OPEN) expect(registered.has(route) || session.has(route), route).toBe(true);
  });
});

describe('the opened routes keep their own checks', () => {
  it('another user, a blocked user and a banned user cannot delete what is not theirs; a banned user cannot use the tools at all', async () => {
    const owner = await member(t, '主人');
    const author = await member(t, '评论的人');
    const other = await member(t, '路人');
    const banned = await member(t, '被封的');
    const weiboId = await yyOf(owner, '主人的yy');
    const commentId = await commentOn(author, weiboId, '评论');
    const leaveId = await leaveOn(author, owner.uid, '留言');
    // Another user: neither the author nor the owner.
    expect(json(await other.call('DELETE', `/api/comment/delete?commentId=${commentId}`)).code).toBe(403);
    expect(json(await other.call('DELETE', `/api/leave/delete?leaveId=${leaveId}`)).code).toBe(403);
    // The author, once blocked by the owner, may still take their own words back.
    expect(json(await owner.call('POST', '/api/block/add', { uid: author.uid })).code).toBe(200);
    expect(json(await author.call('DELETE', `/api/leave/delete?leaveId=${leaveId}`)).code).toBe(200);
    // A banned user's token is refused by every route, the opened ones included.
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'ban', uid: banned.uid, rule: 'spam', reason: '刷屏' })).code).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/block/add', { uid: owner.uid }],
      ['POST', '/api/user/privacy', { board: 'me' }],
      ['POST', '/api/report/add', { kind: 'user', id: owner.uid, reason: 'spam' }],
      ['DELETE', `/api/comment/delete?commentId=${commentId}`, undefined],
    ] as const) {
      expect((await banned.call(method, url, body)).statusCode, url).toBe(401);
    }
    expect(await exists('yy_comments', 'comment_id', commentId)).toBe(true);
  });
});
