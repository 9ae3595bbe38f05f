/**
 * 日志 (docs/api.md "日志"): writing, editing, deleting, the four visibilities as the owner, a fan,
 * a mutual friend, a stranger and a signed-out caller see them (a hidden entry answers exactly like
 * a missing one), defaults by age, pictures, comments and their notices, and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MSG, DIARY_MSG, type Visibility } from '@xiaoba/shared/core';
import { startTestApp, type TestApp } from '../../test/helpers';
import { jpegWithGps } from '../../test/yy';
import { follow, json, listed, person, signedOut, write, type Person } from './diary-fixtures';

let t: TestApp;
let owner: Person;
let fan: Person;
let friend: Person;
let stranger: Person;
let anon: Person;
const ids = {} as Record<Visibility, number>;
const NOT_FOUND = { code: 404, msg: DIARY_MSG.notFound };

beforeAll(async () => {
  t = await startTestApp({ diariesPerWindow: 0, postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
  owner = await person(t, '主人');
  fan = await person(t, '粉丝');
  friend = await person(t, '好友');
  stranger = await person(t, '路人');
  anon = signedOut(t);
  await follow(t, fan, owner);
  await follow(t, friend, owner);
  await follow(t, owner, friend);
  for (const visibility of ['public', 'followers', 'mutual', 'self'] as const) ids[visibility] = await write(owner, { title: visibility, visibility });
});
afterAll(() => t?.close());

describe('the four visibilities', () => {
  const sees: [string, () => Person, Visibility[]][] = [
    ['the owner', () => owner, ['public', 'followers', 'mutual', 'self']],
    ['a fan', () => fan, ['public', 'followers']],
    ['a mutual friend', () => friend, ['public', 'followers', 'mutual']],
    ['a stranger', () => stranger, ['public']],
    ['a signed-out caller', () => anon, ['public']],
  ];
  it.each(sees)('%s sees exactly their entries in the list, the entry and its comments', async (_, who, visible) => {
    const viewer = who();
    expect(await listed(viewer, owner)).toEqual(visible.map((v) => ids[v]).reverse());
    for (const v of ['public', 'followers', 'mutual', 'self'] as const) {
      const got = json(await viewer.call('GET', `/api/diary/get/${ids[v]}`));
      const comments = json(await viewer.call('GET', `/api/diary/comments/${ids[v]}?pageNum=1`));
      if (visible.includes(v)) {
        expect(got.data).toMatchObject({ diaryId: ids[v], uid: owner.uid, userName: '主人', title: v, visibility: v, images: [], mtime: 0 });
        expect(comments.code).toBe(200);
      } else {
        // Exactly what a missing entry answers.
        expect(got).toEqual(NOT_FOUND);
        expect(comments).toEqual(NOT_FOUND);
      }
    }
    expect(json(await viewer.call('GET', '/api/diary/get/999999'))).toEqual(NOT_FOUND);
  });

  it('a list of a user who does not exist is 404 用户不存在; a malformed id 400', async () => {
    expect(json(await stranger.call('GET', '/api/diary/list/999999?pageNum=1'))).toEqual({ code: 404, msg: DIARY_MSG.userNotFound });
    expect(json(await stranger.call('GET', '/api/diary/get/abc')).code).toBe(400);
  });
});

describe('writing', () => {
  it("takes an adult's default as public and a child's (or no birthday) as mutual", async () => {
    const year = new Date().getUTCFullYear();
    for (const [birthday, expected] of [
      ['2000-01-02', 'public'],
      [`${year - 10}-01-01`, 'mutual'],
      [null, 'mutual'],
    ] as const) {
      const me = await person(t, '默认', birthday);
      const id = await write(me, { visibility: '' });
      expect(json(await me.call('GET', `/api/diary/get/${id}`)).data.visibility).toBe(expected);
    }
  });

  it('refuses bad fields with their Chinese words, never a 500', async () => {
    const bad = async (body: object) => json(await owner.call('POST', '/api/diary/add', body));
    expect(await bad({ title: '', content: 'x' })).toEqual({ code: 400, msg: DIARY_MSG.titleEmpty });
    expect(await bad({ title: '好'.repeat(31), content: 'x' })).toEqual({ code: 400, msg: DIARY_MSG.titleTooLong });
    expect(await bad({ title: 't', content: '' })).toEqual({ code: 400, msg: DIARY_MSG.empty });
    expect(await bad({ title: 't', content: '字'.repeat(5001) })).toEqual({ code: 400, msg: DIARY_MSG.tooLong });
    expect(await bad({ title: 't', content: 'x', visibility: 'friends' })).toEqual({ code: 400, msg: DIARY_MSG.badVisibility });
    expect(await bad({ title: 't', content: 'x', images: ['https://evil.example/a.webp'] })).toEqual({ code: 400, msg: DIARY_MSG.imagesInvalid });
    expect((await bad({ title: 5 })).code).toBe(400);
    const notJson = (await owner.call('POST', '/api/diary/add', 'not json' as unknown as object)).statusCode;
    expect(notJson >= 400 && notJson < 500).toBe(true);
  });

  it('keeps paragraphs and emoji codes, strips HTML, and refuses the same entry twice within a minute', async () => {
    const id = await write(owner, { title: '<b>周末</b>', content: '第一段[b12]\n\n第二段<script>x</script>' });
    const got = json(await owner.call('GET', `/api/diary/get/${id}`)).data;
    expect(got.title).toBe('周末');
    expect(got.content).toContain('第一段[b12]\n\n第二段');
    expect(got.content).not.toContain('<');
    const again = json(await owner.call('POST', '/api/diary/add', { title: '<b>周末</b>', content: '第一段[b12]\n\n第二段<script>x</script>' }));
    expect(again.code).toBe(409);
  });

  it('edits (owner only) and deletes (owner only); another user gets 404 like a missing entry', async () => {
    const id = await write(owner, { title: '旧', visibility: 'public' });
    expect(json(await stranger.call('PATCH', '/api/diary/update', { diaryId: id, title: '坏', content: '坏', visibility: 'public' }))).toEqual(NOT_FOUND);
    const edited = json(await owner.call('PATCH', '/api/diary/update', { diaryId: id, title: '新', content: '新的内容', visibility: 'self' }));
    expect(edited.code).toBe(200);
    expect(edited.data).toMatchObject({ title: '新', content: '新的内容', visibility: 'self' });
    expect(edited.data.mtime).toBeGreaterThan(0);
    expect(json(await stranger.call('GET', `/api/diary/get/${id}`))).toEqual(NOT_FOUND);
    expect(json(await stranger.call('DELETE', `/api/diary/delete?diaryId=${id}`))).toEqual(NOT_FOUND);
    expect(json(await owner.call('DELETE', `/api/diary/delete?diaryId=${id}`))).toEqual({ code: 200, msg: DIARY_MSG.deleted });
    expect(json(await owner.call('GET', `/api/diary/get/${id}`))).toEqual(NOT_FOUND);
  });

  it('answers LIMIT_DIARIES with 429 in its words', async () => {
    const limited = await startTestApp({ diariesPerWindow: 1 });
    try {
      const me = await person(limited, '写得快');
      await write(me);
      expect(json(await me.call('POST', '/api/diary/add', { title: 't', content: '第二篇' }))).toEqual({ code: 429, msg: DIARY_MSG.tooFast });
    } finally {
      await limited.close();
    }
  });
});

describe('pictures', () => {
  const uploaded = async (who: Person) => json(await who.upload(await jpegWithGps(60, 40))).data.url as string;

  it('claims uploads in order, counts them in the quota, keeps them from the purge, and deletes them with the entry', async () => {
    const [a, b] = [await uploaded(owner), await uploaded(owner)];
    const id = await write(owner, { images: [b, a], content: '' });
    const got = json(await owner.call('GET', `/api/diary/get/${id}`)).data;
    expect(got.images).toEqual([b, a]);
    const summary = json(await owner.call('GET', `/api/diary/list/${owner.uid}?pageNum=1`)).data.records.find((r: { diaryId: number }) => r.diaryId === id);
    expect(summary).toMatchObject({ cover: b, imageCount: 2 });
    // Another entry, or a yy, cannot take them; another user neither.
    expect(json(await owner.call('POST', '/api/diary/add', { title: 'x', content: 'y', images: [a] }))).toEqual({ code: 400, msg: DIARY_MSG.imagesInvalid });
    expect(json(await owner.call('POST', '/api/yy/createyy', { content: '抢图', images: [a] })).code).toBe(400);
    const theirs = await uploaded(stranger);
    expect(json(await owner.call('POST', '/api/diary/add', { title: 'x', content: 'z', images: [theirs] })).code).toBe(400);
    // Counted in the quota.
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM uploads WHERE uid = $1 AND diary_id = $2', [owner.uid, id]);
    expect(rows[0].n).toBe(2);
    // Old enough to be purged as unused: still kept, the entry uses them.
    await t.pool.query(`UPDATE uploads SET ctime = now() - interval '3 days' WHERE diary_id = $1`, [id]);
    const { deleteUnusedUploads } = await import('../../uploads/queries');
    expect(await deleteUnusedUploads(t.pool, 24)).not.toContain(a.replace('/uploads/', ''));
    // Editing without one deletes it; deleting the entry deletes the rest.
    expect(
      json(await owner.call('PATCH', '/api/diary/update', { diaryId: id, title: '标题', content: '', images: [a], visibility: 'public' })).data.images,
    ).toEqual([a]);
    expect((await t.app.inject({ method: 'GET', url: b })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(200);
    expect(json(await owner.call('DELETE', `/api/diary/delete?diaryId=${id}`)).code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(404);
    expect((await t.pool.query('SELECT 1 FROM uploads WHERE file = $1', [a.replace('/uploads/', '')])).rowCount).toBe(0);
  });
});

describe('comments', () => {
  it('comments and replies on a visible entry, oldest first, with notices to the owner and the replied user', async () => {
    const id = ids.public;
    const first = json(await fan.call('POST', '/api/diary/comment/add', { diaryId: id, content: '写得好' }));
    expect(first).toMatchObject({ code: 200, msg: DIARY_MSG.commented, data: { diaryId: id, uid: fan.uid, content: '写得好', replyCommentId: 0 } });
    const reply = json(
      await friend.call('POST', '/api/diary/comment/add', { diaryId: id, content: '同意', replyCommentId: first.data.commentId, replyUid: fan.uid }),
    );
    expect(reply.data).toMatchObject({ replyCommentId: first.data.commentId, replyUid: fan.uid, replyUsername: '粉丝' });
    const page = json(await anon.call('GET', `/api/diary/comments/${id}?pageNum=1`)).data;
    expect(page.records.map((c: { content: string }) => c.content)).toEqual(['写得好', '同意']);
    expect(page.total).toBe(2);
    expect(json(await owner.call('GET', `/api/diary/get/${id}`)).data.commentCount).toBe(2);
    const notices = async (who: Person) => json(await who.call('GET', '/api/count/getcomments')).data;
    const ownerNotices = await notices(owner);
    expect(ownerNotices.records.filter((n: { diaryId?: number }) => n.diaryId === id).map((n: { content: string }) => n.content)).toEqual(['同意', '写得好']);
    expect(ownerNotices.records[0]).toMatchObject({ diaryId: id, diaryTitle: 'public', yyUid: owner.uid, kind: 'comment' });
    expect((await notices(fan)).records[0]).toMatchObject({ kind: 'reply', diaryId: id, content: '同意' });
    // A reply to a comment of another entry is refused.
    const other = json(
      await friend.call('POST', '/api/diary/comment/add', { diaryId: ids.followers, content: 'x', replyCommentId: first.data.commentId, replyUid: fan.uid }),
    );
    expect(other).toEqual({ code: 400, msg: DIARY_MSG.replyInvalid });
  });

  it('refuses a comment on an entry the commenter may not see like a missing one, and follows the owner’s comment setting', async () => {
    expect(json(await stranger.call('POST', '/api/diary/comment/add', { diaryId: ids.mutual, content: '看不到' }))).toEqual(NOT_FOUND);
    expect(json(await fan.call('POST', '/api/diary/comment/add', { diaryId: ids.self, content: '看不到' }))).toEqual(NOT_FOUND);
    expect((await owner.call('POST', '/api/user/privacy', { comment: 'me' })).statusCode).toBe(200);
    expect(json(await fan.call('POST', '/api/diary/comment/add', { diaryId: ids.public, content: '关了' }))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect(json(await owner.call('POST', '/api/diary/comment/add', { diaryId: ids.public, content: '我自己' })).code).toBe(200);
    expect((await owner.call('POST', '/api/user/privacy', { comment: 'everyone' })).statusCode).toBe(200);
  });

  it("deletes by the comment's author or the entry's owner, nobody else", async () => {
    const c1 = json(await fan.call('POST', '/api/diary/comment/add', { diaryId: ids.followers, content: '一' })).data.commentId;
    const c2 = json(await fan.call('POST', '/api/diary/comment/add', { diaryId: ids.followers, content: '二' })).data.commentId;
    const before = json(await owner.call('GET', `/api/diary/get/${ids.followers}`)).data.commentCount;
    expect(json(await friend.call('DELETE', `/api/diary/comment/delete?commentId=${c1}`))).toEqual({ code: 403, msg: DIARY_MSG.forbidden });
    expect(json(await fan.call('DELETE', `/api/diary/comment/delete?commentId=${c1}`)).code).toBe(200);
    expect(json(await owner.call('DELETE', `/api/diary/comment/delete?commentId=${c2}`)).code).toBe(200);
    expect(json(await owner.call('DELETE', `/api/diary/comment/delete?commentId=${c2}`))).toEqual({ code: 404, msg: DIARY_MSG.commentNotFound });
    expect(json(await owner.call('GET', `/api/diary/get/${ids.followers}`)).data.commentCount).toBe(before - 2);
  });
});

describe('GET /api/search/diary', () => {
  it('finds title and body words in the entries the caller may see, newest first', async () => {
    const a = await write(owner, { title: '秋天的晚霞', content: '很美', visibility: 'public' });
    const b = await write(owner, { title: '随笔', content: '今天的晚霞 Also NICE', visibility: 'mutual' });
    const found = async (who: Person, q: string) =>
      json(await who.call('GET', `/api/search/diary?q=${encodeURIComponent(q)}&pageNum=1`)).data.records.map((r: { diaryId: number }) => r.diaryId);
    expect(await found(friend, '晚霞')).toEqual([b, a]);
    expect(await found(stranger, '晚霞')).toEqual([a]);
    expect(await found(anon, '晚霞')).toEqual([a]);
    expect(await found(friend, 'also nice')).toEqual([b]);
    // The same block rules as yy search: neither way.
    expect((await stranger.call('POST', '/api/block/add', { uid: owner.uid })).statusCode).toBe(200);
    expect(await found(stranger, '晚霞')).toEqual([]);
    expect((await stranger.call('POST', '/api/block/remove', { uid: owner.uid })).statusCode).toBe(200);
    expect((await owner.call('POST', '/api/block/add', { uid: stranger.uid })).statusCode).toBe(200);
    expect(await found(stranger, '晚霞')).toEqual([]);
    expect((await owner.call('POST', '/api/block/remove', { uid: stranger.uid })).statusCode).toBe(200);
    expect(json(await friend.call('GET', '/api/search/diary?q=&pageNum=1')).code).toBe(400);
  });
});
