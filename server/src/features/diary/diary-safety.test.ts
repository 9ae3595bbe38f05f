/**
 * 日志 made safe (docs/api.md "日志"): every mutating route tried by another user, a blocked, a
 * frozen and a banned user; archive mode; reports, a moderator's removal (hidden everywhere, the
 * owner included, counters right) and restore.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MSG, DIARY_MSG } from '@xiaoba/shared/core';
import { ARCHIVE_MSG } from '../../api/http/archive';
import { MSG } from '../../api/http/errors';
import { inArchiveMode, startTestApp, type TestApp } from '../../test/helpers';
import { newModerator, sanction, type Caller } from '../../test/people';
import { as, follow, json, listed, person, write, type Person } from './diary-fixtures';

let t: TestApp;
let mod: Caller;
const NOT_FOUND = { code: 404, msg: DIARY_MSG.notFound };

beforeAll(async () => {
  t = await startTestApp({ diariesPerWindow: 0, postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
  mod = await newModerator(t);
});
afterAll(() => t?.close());

const comment = async (who: Person, diaryId: number, content = `评论 ${Math.random()}`) => {
  const res = json(await who.call('POST', '/api/diary/comment/add', { diaryId, content }));
  expect(res.code, res.msg).toBe(200);
  return res.data.commentId as number;
};
const entry = (who: Person, id: number) => who.call('GET', `/api/diary/get/${id}`).then(json);

describe('each mutating route tried by another user, a blocked, a frozen and a banned user', () => {
  let owner: Person;
  let other: Person;
  let blocked: Person;
  let frozen: Person;
  let banned: Person;
  let frozenMsg: string;
  let publicId: number;

  beforeAll(async () => {
    owner = await person(t, '主人');
    other = await person(t, '旁人');
    blocked = await person(t, '被拉黑的');
    frozen = await person(t, '被冻结的');
    banned = await person(t, '被封禁的');
    publicId = await write(owner, { title: '公开的', visibility: 'public' });
    // Each has an entry and a comment under the owner's before the sanctions.
    for (const m of [blocked, frozen, banned]) {
      await write(m, { title: `${m.uid}的`, visibility: 'public' });
      await comment(m, publicId, `来自${m.uid}`);
    }
    await sanction(mod, { owner, blocked, frozen, banned });
    frozenMsg = json(await frozen.call('POST', '/api/diary/add', { title: '试试', content: '试试' })).msg;
    expect(frozenMsg).toContain('冻结');
  });

  const ownEntry = async (m: Person) => (await t.pool.query('SELECT diary_id FROM diaries WHERE uid = $1 LIMIT 1', [m.uid])).rows[0].diary_id as number;
  const ownComment = async (m: Person) =>
    (await t.pool.query('SELECT comment_id FROM diary_comments WHERE uid = $1 LIMIT 1', [m.uid])).rows[0].comment_id as number;

  it('POST /api/diary/add: a frozen user gets the freeze, a banned one 401', async () => {
    expect(json(await frozen.call('POST', '/api/diary/add', { title: 't', content: 'c' }))).toEqual({ code: 403, msg: frozenMsg });
    expect(json(await banned.call('POST', '/api/diary/add', { title: 't', content: 'c' }))).toEqual({ code: 401, msg: MSG.sessionExpired });
  });

  it('PATCH /api/diary/update: another user and a blocked one get 404, the frozen the freeze even on their own, a banned one 401', async () => {
    const body = (diaryId: number) => ({ diaryId, title: '改', content: '改了', visibility: 'public' });
    expect(json(await other.call('PATCH', '/api/diary/update', body(publicId)))).toEqual(NOT_FOUND);
    expect(json(await blocked.call('PATCH', '/api/diary/update', body(publicId)))).toEqual(NOT_FOUND);
    expect(json(await frozen.call('PATCH', '/api/diary/update', body(await ownEntry(frozen))))).toEqual({ code: 403, msg: frozenMsg });
    expect((await banned.call('PATCH', '/api/diary/update', body(await ownEntry(banned)))).statusCode).toBe(401);
    expect((await entry(owner, publicId)).data.title).toBe('公开的');
  });

  it('POST /api/diary/comment/add: the blocked user gets the same refusal as a yy comment, the frozen the freeze, the banned 401', async () => {
    expect(json(await blocked.call('POST', '/api/diary/comment/add', { diaryId: publicId, content: '还想说' }))).toEqual({
      code: 403,
      msg: BLOCK_MSG.notAllowed,
    });
    expect(json(await frozen.call('POST', '/api/diary/comment/add', { diaryId: publicId, content: '还想说' }))).toEqual({ code: 403, msg: frozenMsg });
    expect((await banned.call('POST', '/api/diary/comment/add', { diaryId: publicId, content: '还想说' })).statusCode).toBe(401);
    await comment(other, publicId, '旁人可以');
  });

  it('DELETE /api/diary/comment/delete: another user cannot; the blocked and the frozen delete their own; the banned get 401', async () => {
    const ownersComment = await comment(owner, publicId, '主人的');
    expect(json(await other.call('DELETE', `/api/diary/comment/delete?commentId=${ownersComment}`))).toEqual({ code: 403, msg: DIARY_MSG.forbidden });
    expect((await banned.call('DELETE', `/api/diary/comment/delete?commentId=${await ownComment(banned)}`)).statusCode).toBe(401);
    for (const m of [blocked, frozen]) {
      expect(json(await m.call('DELETE', `/api/diary/comment/delete?commentId=${await ownComment(m)}`)).code).toBe(200);
    }
  });

  it('DELETE /api/diary/delete: another user gets 404; the blocked and the frozen delete their own; the banned get 401', async () => {
    expect(json(await other.call('DELETE', `/api/diary/delete?diaryId=${publicId}`))).toEqual(NOT_FOUND);
    expect(json(await blocked.call('DELETE', `/api/diary/delete?diaryId=${publicId}`))).toEqual(NOT_FOUND);
    expect((await banned.call('DELETE', `/api/diary/delete?diaryId=${await ownEntry(banned)}`)).statusCode).toBe(401);
    for (const m of [blocked, frozen]) {
      expect(json(await m.call('DELETE', `/api/diary/delete?diaryId=${await ownEntry(m)}`))).toEqual({ code: 200, msg: DIARY_MSG.deleted });
    }
    expect((await entry(owner, publicId)).code).toBe(200);
  });

  it('a frozen user still reads; a banned one reads nothing', async () => {
    expect((await entry(frozen, publicId)).code).toBe(200);
    expect((await banned.call('GET', `/api/diary/get/${publicId}`)).statusCode).toBe(401);
  });

  it("a blocked user still reads the owner's public entries (the block is not revealed)", async () => {
    expect(await listed(blocked, owner)).toContain(publicId);
  });
});

describe('ARCHIVE_MODE=1', () => {
  it('reads and refuses every mutating route', async () => {
    const a = await person(t, '存档甲');
    const id = await write(a, { visibility: 'public' });
    const c = await comment(a, id);
    await inArchiveMode(t, async (archive) => {
      const ra = await as(t, a.uid, archive);
      expect(json(await ra.call('GET', `/api/diary/get/${id}`)).code).toBe(200);
      expect(json(await ra.call('GET', `/api/diary/list/${a.uid}?pageNum=1`)).data.total).toBe(1);
      const closed = { code: 403, msg: ARCHIVE_MSG };
      expect(json(await ra.call('POST', '/api/diary/add', { title: 't', content: 'c' }))).toEqual(closed);
      expect(json(await ra.call('PATCH', '/api/diary/update', { diaryId: id, title: 't', content: 'c', visibility: 'self' }))).toEqual(closed);
      expect(json(await ra.call('DELETE', `/api/diary/delete?diaryId=${id}`))).toEqual(closed);
      expect(json(await ra.call('POST', '/api/diary/comment/add', { diaryId: id, content: 'c' }))).toEqual(closed);
      expect(json(await ra.call('DELETE', `/api/diary/comment/delete?commentId=${c}`))).toEqual(closed);
    });
  });
});

describe('reports, removal and restore', () => {
  it('reports an entry and a comment the reporter can see, and no other', async () => {
    const owner = await person(t, '被举报的');
    const reader = await person(t, '举报人');
    const hidden = await write(owner, { visibility: 'self' });
    const shown = await write(owner, { visibility: 'public' });
    const c = await comment(owner, shown, '评论');
    const report = (kind: string, id: number) => reader.call('POST', '/api/report/add', { kind, id, reason: 'bullying' }).then(json);
    expect((await report('diary', shown)).code).toBe(200);
    expect((await report('diary_comment', c)).code).toBe(200);
    expect((await report('diary', hidden)).code).toBe(404);
    const queue = json(await mod.call('GET', '/api/mod/reports?pageNum=1')).data.records;
    const mine = queue.filter((r: { target: { uid: number } }) => r.target.uid === owner.uid);
    const targets = mine.map((r: { target: { kind: string; href: string } }) => [r.target.kind, r.target.href]);
    expect(targets).toEqual(
      expect.arrayContaining([
        ['diary', `/${owner.uid}/diary/${shown}`],
        ['diary_comment', `/${owner.uid}/diary/${shown}`],
      ]),
    );
  });

  it('a removal hides an entry everywhere, its owner included, and a restore brings it back with its comment count', async () => {
    const owner = await person(t, '作者');
    const fan = await person(t, '读者');
    await follow(t, fan, owner);
    const id = await write(owner, { title: '会被删除的晚霞', visibility: 'followers' });
    const c1 = await comment(fan, id, '一');
    await comment(fan, id, '二');
    const act = (body: object) => mod.call('POST', '/api/mod/action', body).then(json);

    expect((await act({ action: 'remove', target: { kind: 'diary_comment', id: c1 }, rule: 'bullying', reason: '骂人' })).code).toBe(200);
    expect((await entry(owner, id)).data.commentCount).toBe(1);
    const comments = json(await owner.call('GET', `/api/diary/comments/${id}?pageNum=1`)).data;
    expect(comments.records.map((x: { content: string }) => x.content)).toEqual(['二']);
    expect((await act({ action: 'restore', target: { kind: 'diary_comment', id: c1 }, reason: '误删' })).code).toBe(200);
    expect((await entry(owner, id)).data.commentCount).toBe(2);

    expect((await act({ action: 'remove', target: { kind: 'diary', id }, rule: 'bullying', reason: '骂人' })).code).toBe(200);
    for (const who of [owner, fan]) {
      expect(await entry(who, id)).toEqual(NOT_FOUND);
      expect(await listed(who, owner)).not.toContain(id);
      expect(json(await who.call('GET', `/api/diary/comments/${id}?pageNum=1`))).toEqual(NOT_FOUND);
      expect(json(await who.call('GET', `/api/search/diary?q=${encodeURIComponent('晚霞')}&pageNum=1`)).data.records).toEqual([]);
    }
    // Its owner cannot delete or edit it any more (not found to them), nor comment.
    expect(json(await owner.call('DELETE', `/api/diary/delete?diaryId=${id}`))).toEqual(NOT_FOUND);
    expect(json(await fan.call('POST', '/api/diary/comment/add', { diaryId: id, content: '三' }))).toEqual(NOT_FOUND);
    // The owner is told.
    const notices = json(await owner.call('GET', '/api/notice/system?pageNum=1')).data;
    expect(JSON.stringify(notices)).toContain('日志');

    expect((await act({ action: 'restore', target: { kind: 'diary', id }, reason: '误删' })).code).toBe(200);
    expect((await entry(fan, id)).data).toMatchObject({ diaryId: id, commentCount: 2 });
    expect(await listed(fan, owner)).toContain(id);
  });
});
