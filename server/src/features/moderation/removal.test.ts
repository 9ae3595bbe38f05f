import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentNotices, LeaveMessage, Page, Yy, YyComment } from '@xiaoba/shared/core';
import { readExportData } from '../export';
import { startTestApp, type TestApp } from '../../test/helpers';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { withTransaction } from '../../data/pool';
import { removeItem, restoreItem, type RemovableKind } from './queries/removal';
import { computeHotTopics } from '../spaces';

// Removed content, read side: what a moderator removed is hidden from every read (and comes back on
// restore, counters included), and what a user blocked is hidden from them, not from others.
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let moderator: Member;

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, boardLimits: { leaves: 0, replies: 0 } });
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
  carol = await member(t, '小卡');
  moderator = await member(t, '版主');
});
afterAll(() => t.close());

const remove = (kind: RemovableKind, id: number) => withTransaction(t.pool, (db) => removeItem(db, kind, id, moderator.uid, '违反社区规则'));
const restore = (kind: RemovableKind, id: number) => withTransaction(t.pool, (db) => restoreItem(db, kind, id));

async function post(m: Member, content: string, transpondId = 0): Promise<Yy> {
  const res = await m.call('POST', '/api/yy/createyy', { content, transpondId });
  expect(res.statusCode).toBe(200);
  return json(res).data;
}
async function comment(m: Member, weiboId: number, content: string): Promise<YyComment> {
  const res = await m.call('POST', '/api/comment/add', { content, weiboId });
  expect(res.statusCode).toBe(200);
  return json(res).data;
}
async function leave(m: Member, fuid: number, content: string): Promise<LeaveMessage> {
  const res = await m.call('POST', '/api/leave/add', { content, fuid });
  expect(res.statusCode).toBe(200);
  return json(res).data;
}
async function leaveReply(m: Member, leaveId: number, content: string): Promise<{ id: number }> {
  const res = await m.call('POST', '/api/leaveReply/add', { content, leaveId });
  expect(res.statusCode).toBe(200);
  return json(res).data;
}
const feed = async (m: Member): Promise<Page<Yy>> => json(await m.call('GET', '/api/yy/getyy?pageNum=1&pageSize=50')).data;
const space = async (m: Member, uid: number): Promise<Page<Yy>> => json(await m.call('GET', `/api/yy/getUseryy/${uid}?pageNum=1&pageSize=50`)).data;
const comments = async (m: Member, weiboId: number): Promise<YyComment[]> => json(await m.call('GET', `/api/comment/getComment?weiboId=${weiboId}`)).data;
const board = async (m: Member, fuid: number): Promise<Page<LeaveMessage>> => json(await m.call('GET', `/api/leave/get/${fuid}?pageNum=1`)).data;
const notices = async (m: Member): Promise<CommentNotices> => json(await m.call('GET', '/api/count/getcomments')).data;
const ownLeaves = async (m: Member): Promise<number> => json(await m.call('GET', '/api/user/getleaves')).data;
const block = (by: Member, whom: Member) => t.pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [by.uid, whom.uid]);
const unblock = (by: Member, whom: Member) => t.pool.query('DELETE FROM blocks WHERE uid = $1 AND blocked_uid = $2', [by.uid, whom.uid]);

/** The stored counters against real counts of visible rows. */
async function expectCountersTrue(): Promise<void> {
  const { rows } = await t.pool.query(`
    SELECT (SELECT count(*) FROM users u WHERE u.yy_count <> (SELECT count(*) FROM yy WHERE uid = u.uid AND removed_at IS NULL)) AS bad_yy,
           (SELECT count(*) FROM users u WHERE u.leave_count <> (SELECT count(*) FROM leaves WHERE fuid = u.uid AND removed_at IS NULL)) AS bad_leaves,
           (SELECT count(*) FROM yy y WHERE y.comment_count <> (SELECT count(*) FROM yy_comments WHERE weibo_id = y.weibo_id AND removed_at IS NULL)) AS bad_comments,
           (SELECT value FROM site_counters WHERE name = 'yy') = (SELECT count(*) FROM yy WHERE removed_at IS NULL) AS site_ok`);
  expect(rows[0]).toEqual({ bad_yy: 0, bad_leaves: 0, bad_comments: 0, site_ok: true });
}

describe('a removed yy', () => {
  it('leaves every list, count, repost and hot topic, cannot be commented, reposted or deleted, and comes back whole on restore', async () => {
    const yy = await post(alice, '今天 #被删的话题# 很开心');
    const repost = await post(bob, '转发一下', yy.weiboId);
    await comment(carol, yy.weiboId, '好耶');
    const siteBefore = (await feed(carol)).total;
    const aliceBefore = (await space(carol, alice.uid)).total;

    expect(await remove('yy', yy.weiboId)).toEqual({ uid: alice.uid, changed: true });
    // Twice is a no-op: the counters move once.
    expect(await remove('yy', yy.weiboId)).toEqual({ uid: alice.uid, changed: false });

    for (const viewer of [alice, carol]) {
      const site = await feed(viewer);
      expect(site.records.map((r) => r.weiboId)).not.toContain(yy.weiboId);
      expect(site.total).toBe(siteBefore - 1);
      const own = await space(viewer, alice.uid);
      expect(own.records.map((r) => r.weiboId)).not.toContain(yy.weiboId);
      expect(own.total).toBe(aliceBefore - 1);
      // The repost shows its source as unavailable, like a deleted original.
      expect(site.records.find((r) => r.weiboId === repost.weiboId)).toMatchObject({ sourceDeleted: true, sourceWid: 0, sourceContent: '', sourceTData: null });
    }
    expect((await computeHotTopics(t.pool)).map((h) => h.name)).not.toContain('被删的话题');
    expect((await carol.call('GET', `/api/comment/getComment?weiboId=${yy.weiboId}`)).statusCode).toBe(404);
    expect((await carol.call('POST', '/api/comment/add', { content: '还在吗', weiboId: yy.weiboId })).statusCode).toBe(404);
    expect((await carol.call('POST', '/api/yy/createyy', { content: '', transpondId: yy.weiboId })).statusCode).toBe(404);
    // The author cannot delete it either: it is kept for a restore.
    expect((await alice.call('DELETE', `/api/yy/deleteyy?weiboId=${yy.weiboId}`)).statusCode).toBe(404);
    await expectCountersTrue();

    expect(await restore('yy', yy.weiboId)).toEqual({ uid: alice.uid, changed: true });
    expect(await restore('yy', yy.weiboId)).toEqual({ uid: alice.uid, changed: false });
    const site = await feed(carol);
    expect(site.total).toBe(siteBefore);
    expect(site.records.find((r) => r.weiboId === yy.weiboId)).toMatchObject({ content: yy.content, comment: 1 });
    expect(site.records.find((r) => r.weiboId === repost.weiboId)).toMatchObject({ sourceDeleted: false, sourceWid: yy.weiboId });
    expect((await space(carol, alice.uid)).total).toBe(aliceBefore);
    expect((await computeHotTopics(t.pool)).map((h) => h.name)).toContain('被删的话题');
    expect(await comments(carol, yy.weiboId)).toHaveLength(1);
    await expectCountersTrue();
  });

  it('answers null for an item that does not exist', async () => {
    for (const kind of ['yy', 'comment', 'leave', 'leaveReply'] as const) {
      expect(await remove(kind, 987_654)).toBeNull();
      expect(await restore(kind, 987_654)).toBeNull();
    }
  });
});

describe('a removed comment', () => {
  it("is not listed, not counted on its yy, not in the yy owner's notices, and comes back on restore", async () => {
    const yy = await post(alice, '大家来评论');
    const kept = await comment(carol, yy.weiboId, '第一条');
    const gone = await comment(bob, yy.weiboId, '难听的话');
    const unreadBefore = (await notices(alice)).count;

    await remove('comment', gone.commentId);
    for (const viewer of [alice, bob, carol]) {
      expect((await comments(viewer, yy.weiboId)).map((c) => c.commentId)).toEqual([kept.commentId]);
      expect((await space(viewer, alice.uid)).records.find((r) => r.weiboId === yy.weiboId)?.comment).toBe(1);
    }
    const shown = await notices(alice);
    expect(shown.records.map((n) => n.commentId)).not.toContain(gone.commentId);
    expect(shown.count).toBe(unreadBefore - 1);
    // A reply to it, and its deletion, find nothing.
    const replyToGone = await carol.call('POST', '/api/comment/add', {
      content: '回你',
      weiboId: yy.weiboId,
      replyCommentId: gone.commentId,
      replyUid: bob.uid,
    });
    expect(replyToGone.statusCode).toBe(400);
    expect((await bob.call('DELETE', `/api/comment/delete?commentId=${gone.commentId}`)).statusCode).toBe(404);
    await expectCountersTrue();

    await restore('comment', gone.commentId);
    expect((await comments(carol, yy.weiboId)).map((c) => c.commentId)).toEqual([kept.commentId, gone.commentId]);
    expect((await space(carol, alice.uid)).records.find((r) => r.weiboId === yy.weiboId)?.comment).toBe(2);
    expect((await notices(alice)).count).toBe(unreadBefore);
    await expectCountersTrue();
  });

  it("takes the notices of a removed yy's comments with it", async () => {
    const yy = await post(alice, '会被删的yy');
    const c = await comment(carol, yy.weiboId, '评论一下');
    expect((await notices(alice)).records.map((n) => n.commentId)).toContain(c.commentId);
    await remove('yy', yy.weiboId);
    expect((await notices(alice)).records.map((n) => n.commentId)).not.toContain(c.commentId);
    await restore('yy', yy.weiboId);
    expect((await notices(alice)).records.map((n) => n.commentId)).toContain(c.commentId);
  });
});

describe('a removed board message or reply', () => {
  it('leaves the board, its count and getleaves; a removed message hides its replies; restore brings them back', async () => {
    const message = await leave(bob, alice.uid, '坏留言');
    const reply = await leaveReply(alice, message.id, '请不要这样');
    const other = await leave(carol, alice.uid, '好留言');
    const before = await board(carol, alice.uid);
    const countBefore = await ownLeaves(alice);
    expect(before.total).toBe(countBefore);

    await remove('leaveReply', reply.id);
    expect((await board(carol, alice.uid)).records.find((m) => m.id === message.id)?.replies).toEqual([]);
    expect((await alice.call('DELETE', `/api/leaveReply/delete?id=${reply.id}`)).statusCode).toBe(404);
    await restore('leaveReply', reply.id);
    expect((await board(carol, alice.uid)).records.find((m) => m.id === message.id)?.replies.map((r) => r.id)).toEqual([reply.id]);

    await remove('leave', message.id);
    for (const viewer of [alice, bob, carol]) {
      const page = await board(viewer, alice.uid);
      expect(page.records.map((m) => m.id)).not.toContain(message.id);
      expect(page.records.map((m) => m.id)).toContain(other.id);
      expect(page.total).toBe(before.total - 1);
    }
    expect(await ownLeaves(alice)).toBe(countBefore - 1);
    // Nobody replies under it or deletes it while it is removed.
    expect((await bob.call('POST', '/api/leaveReply/add', { content: '哈', leaveId: message.id })).statusCode).toBe(404);
    expect((await alice.call('DELETE', `/api/leave/delete?leaveId=${message.id}`)).statusCode).toBe(404);
    await expectCountersTrue();

    await restore('leave', message.id);
    const after = await board(carol, alice.uid);
    expect(after.total).toBe(before.total);
    expect(after.records.find((m) => m.id === message.id)?.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(await ownLeaves(alice)).toBe(countBefore);
    await expectCountersTrue();
  });
});

describe('what a blocker does not see', () => {
  it("hides the blocked user's yy from the blocker's feed (total included) but not their own space, and not from others", async () => {
    const bobsYy = await post(bob, '小波的新yy');
    const carolFeed = await feed(carol);
    const before = await feed(alice);
    await block(alice, bob);
    try {
      const after = await feed(alice);
      expect(after.records.map((r) => r.uid)).not.toContain(bob.uid);
      expect(after.total).toBe(before.total - (await space(carol, bob.uid)).total);
      // Others still see it.
      expect(await feed(carol)).toEqual(carolFeed);
      // Alice opening Bob's space sees it: she went there (and may report it).
      expect((await space(alice, bob.uid)).records.map((r) => r.weiboId)).toContain(bobsYy.weiboId);
    } finally {
      await unblock(alice, bob);
    }
    expect((await feed(alice)).total).toBe(before.total);
  });

  it("hides the blocked user's comments, notices and board words from the blocker, counts included", async () => {
    // Earlier tests left Alice unread notices of Bob's: read, so the badge counts only these two.
    expect((await alice.call('POST', '/api/count/clearcomments')).statusCode).toBe(200);
    const yy = await post(alice, '我的yy');
    await comment(carol, yy.weiboId, '卡卡的评论');
    const bobs = await comment(bob, yy.weiboId, '小波的评论');
    const message = await leave(bob, alice.uid, '小波的留言');
    const carolsMessage = await leave(carol, alice.uid, '小卡的留言');
    const bobsReply = await leaveReply(bob, message.id, '小波的回复');
    const carolBoard = await board(carol, alice.uid);
    const boardBefore = await board(alice, alice.uid);
    const ownBefore = await ownLeaves(alice);
    const noticesBefore = await notices(alice);
    expect(noticesBefore.records.map((n) => n.commentId)).toContain(bobs.commentId);
    expect(noticesBefore.count).toBe(2);

    await block(alice, bob);
    try {
      expect((await comments(alice, yy.weiboId)).map((c) => c.username)).toEqual(['小卡']);
      const mine = (await space(alice, alice.uid)).records.find((r) => r.weiboId === yy.weiboId);
      expect(mine?.comment).toBe(1);
      const fromFeed = (await feed(alice)).records.find((r) => r.weiboId === yy.weiboId);
      expect(fromFeed?.comment).toBe(1);
      const shown = await notices(alice);
      expect(shown.records.map((n) => n.commentId)).not.toContain(bobs.commentId);
      expect(shown.count).toBe(noticesBefore.count - 1);

      const page = await board(alice, alice.uid);
      expect(page.records.map((m) => m.id)).not.toContain(message.id);
      expect(page.records.map((m) => m.id)).toContain(carolsMessage.id);
      // Bob's messages on Alice's board (an earlier test left one too) leave her count.
      const bobsMessages = boardBefore.records.filter((m) => m.uid === bob.uid).length;
      expect(bobsMessages).toBe(2);
      expect(page.total).toBe(boardBefore.total - bobsMessages);
      expect(await ownLeaves(alice)).toBe(ownBefore - bobsMessages);

      // Others see everything as before.
      expect((await comments(carol, yy.weiboId)).map((c) => c.username)).toEqual(['小卡', '小波']);
      expect((await space(carol, alice.uid)).records.find((r) => r.weiboId === yy.weiboId)?.comment).toBe(2);
      expect(await board(carol, alice.uid)).toEqual(carolBoard);
      expect(carolBoard.records.find((m) => m.id === message.id)?.replies.map((r) => r.id)).toEqual([bobsReply.id]);
    } finally {
      await unblock(alice, bob);
    }
    expect(await board(alice, alice.uid)).toEqual(boardBefore);
    expect((await notices(alice)).count).toBe(noticesBefore.count);
  });

  it("hides the blocked user's replies under a message the blocker can see", async () => {
    const message = await leave(carol, bob.uid, '卡卡给小波的留言');
    const reply = await leaveReply(bob, message.id, '小波回复');
    await block(alice, bob);
    try {
      expect((await board(alice, bob.uid)).records.find((m) => m.id === message.id)?.replies).toEqual([]);
      expect((await board(carol, bob.uid)).records.find((m) => m.id === message.id)?.replies.map((r) => r.id)).toEqual([reply.id]);
    } finally {
      await unblock(alice, bob);
    }
  });
});

describe('exports', () => {
  it("leave out removed content, others' and the author's own, and a removed source", async () => {
    const own = await post(alice, '爱的yy 将被删除');
    const kept = await post(alice, '爱的yy 留着');
    const bobsComment = await comment(bob, kept.weiboId, '小波在爱的yy下');
    const carolsComment = await comment(carol, kept.weiboId, '卡卡在爱的yy下');
    const bobsYy = await post(bob, '小波的yy');
    const aliceOnBob = await comment(alice, bobsYy.weiboId, '爱在小波的yy下');
    const repost = await post(alice, '', bobsYy.weiboId);
    const message = await leave(bob, alice.uid, '小波给爱的留言');

    await remove('yy', own.weiboId);
    await remove('comment', bobsComment.commentId);
    await remove('yy', bobsYy.weiboId);
    await remove('leave', message.id);
    try {
      const data = (await readExportData(t.pool, alice.uid, new Date()))!.data;
      const yyIds = data.yy.map((y) => y.id);
      expect(yyIds).not.toContain(own.weiboId);
      expect(data.yy.find((y) => y.id === kept.weiboId)?.comments.map((c) => c.id)).toEqual([carolsComment.commentId]);
      // Alice's comment under Bob's removed yy would carry its words: left out.
      expect(data.commentsElsewhere.map((c) => c.id)).not.toContain(aliceOnBob.commentId);
      expect(data.yy.find((y) => y.id === repost.weiboId)?.source).toBeNull();
      expect(data.board.map((l) => l.id)).not.toContain(message.id);
      const bobs = (await readExportData(t.pool, bob.uid, new Date()))!.data;
      expect(bobs.yy.map((y) => y.id)).not.toContain(bobsYy.weiboId);
      expect(bobs.commentsElsewhere.map((c) => c.id)).not.toContain(bobsComment.commentId);
      expect(bobs.leavesElsewhere.map((l) => l.id)).not.toContain(message.id);
    } finally {
      await restore('yy', own.weiboId);
      await restore('comment', bobsComment.commentId);
      await restore('yy', bobsYy.weiboId);
      await restore('leave', message.id);
    }
    const data = (await readExportData(t.pool, alice.uid, new Date()))!.data;
    expect(data.yy.map((y) => y.id)).toContain(own.weiboId);
    expect(data.commentsElsewhere.map((c) => c.id)).toContain(aliceOnBob.commentId);
    expect(data.board.map((l) => l.id)).toContain(message.id);
    await expectCountersTrue();
  });
});
