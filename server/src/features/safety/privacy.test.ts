/**
 * Privacy, part 2: a blocked user cannot tell a block from a setting (every write a blocked user
 * is refused is refused alike by a setting the owner could have chosen: follow, repost, comment,
 * reply, board message, board reply), the follow, repost and last-login settings, and children's
 * accounts private by default (at registration, on a birthday change, and by migration 023).
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MSG, CHILD_PRIVACY, DEFAULT_PRIVACY, PRIVACY_MSG, type PrivacySettings } from '@xiaoba/shared/core';
import { TokenSigner } from '../../api/auth/tokens';
import { migrate } from '../../data/migrate';
import { createPool } from '../../data/pool';
import { MIGRATIONS_DIR } from '../../paths';
import { cookieFrom, createTestDatabase, startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import type { LightMyRequestResponse } from 'fastify';
import { json, NO_POST_LIMITS } from '../../test/yy';
import { PRIVACY_ERROR } from './routes';

let t: TestApp;
const QUIZ = { name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' };

beforeAll(async () => {
  t = await startTestApp({
    ...NO_POST_LIMITS,
    boardLimits: { leaves: 0, replies: 0 },
    quiz: { name: [QUIZ.name], fans: [QUIZ.fans], message: [QUIZ.message], weibo: [QUIZ.weibo] },
  });
});
afterAll(() => t.close());

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

interface Member {
  uid: number;
  call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** A signed-in user; born in 2000 (an adult) unless `birthday` says otherwise (null: none). */
async function user(name: string, birthday: string | null = '2000-01-02'): Promise<Member> {
  const { uid } = await createUser(t.pool, { name, birthday });
  return signedIn(uid);
}
async function signedIn(uid: number): Promise<Member> {
  const headers = { authorization: `Bearer ${await signer.signAccess(uid, 900)}` };
  return { uid, call: (method, url, payload) => t.app.inject({ method, url, payload, headers }) };
}

/** A date `years` years before today, as 'YYYY-MM-DD' (UTC). */
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const setPrivacy = async (m: Member, body: Partial<PrivacySettings>) => expect((await m.call('POST', '/api/user/privacy', body)).statusCode).toBe(200);
const privacyOf = async (m: Member): Promise<PrivacySettings> => json(await m.call('GET', '/api/user/privacy')).data;
const post = async (m: Member, content: string, transpondId = 0) => {
  const res = await m.call('POST', '/api/yy/createyy', { content, transpondId });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.weiboId as number;
};
const space = async (m: Member, uid: number) => {
  const res = await m.call('GET', `/api/user/getuserinfo/${uid}`);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const mustBlock = async (m: Member, uid: number) => expect((await m.call('POST', '/api/block/add', { uid })).statusCode).toBe(200);

/** The writes another user can be refused: each names the setting that limits it. */
interface Target {
  owner: Member;
  yy: number;
  ownerComment: number;
  /** A message the writer left on the owner's board before the refusal began. */
  message: number;
  /** A repost of the owner's yy by a third user. */
  thirdRepost: number;
}
type Write = (writer: Member, target: Target) => ReturnType<Member['call']>;
const WRITES: [string, keyof PrivacySettings, Write][] = [
  ['follow/add', 'follow', (w, x) => w.call('POST', '/api/follow/add', { uid: x.owner.uid })],
  ['a repost of their yy', 'repost', (w, x) => w.call('POST', '/api/yy/createyy', { content: '转发', transpondId: x.yy })],
  ["a repost of another's repost of their yy", 'repost', (w, x) => w.call('POST', '/api/yy/createyy', { content: '转发', transpondId: x.thirdRepost })],
  ['comment/add under their yy', 'comment', (w, x) => w.call('POST', '/api/comment/add', { weiboId: x.yy, content: '评论', replyCommentId: 0, replyUid: 0 })],
  [
    'a reply under their yy',
    'comment',
    (w, x) => w.call('POST', '/api/comment/add', { weiboId: x.yy, content: '回复', replyCommentId: x.ownerComment, replyUid: x.owner.uid }),
  ],
  ['leave/add on their board', 'board', (w, x) => w.call('POST', '/api/leave/add', { fuid: x.owner.uid, content: '留言' })],
  [
    "leaveReply/add under the writer's own message on their board",
    'board',
    (w, x) => w.call('POST', '/api/leaveReply/add', { leaveId: x.message, content: '回复' }),
  ],
];

/** An owner with a yy, a comment of their own under it, a message of `writer` on the board and a third user's repost. */
async function target(name: string, writer: Member): Promise<Target> {
  const owner = await user(name);
  const third = await user('路人');
  const yy = await post(owner, `${name}的yy`);
  const ownerComment = json(await owner.call('POST', '/api/comment/add', { weiboId: yy, content: '我自己', replyCommentId: 0, replyUid: 0 })).data.commentId;
  const message = json(await writer.call('POST', '/api/leave/add', { fuid: owner.uid, content: '以前的留言' })).data.id;
  const thirdRepost = await post(third, '转给大家', yy);
  return { owner, yy, ownerComment, message, thirdRepost };
}

describe('a blocked user cannot tell a block from a setting the owner could have chosen', () => {
  it.each(WRITES)('%s: the blocked user gets exactly what a user the setting refuses gets (403 对方设置了权限)', async (_name, setting, write) => {
    const pest = await user('捣蛋');
    const blocker = await target('拉黑者', pest);
    await mustBlock(blocker.owner, pest.uid);
    const stranger = await user('陌生人');
    const chooser = await target('选择者', stranger);
    await setPrivacy(chooser.owner, { [setting]: 'me' });

    const blocked = await write(pest, blocker);
    const refused = await write(stranger, chooser);
    expect(blocked.statusCode).toBe(403);
    expect(refused.statusCode).toBe(blocked.statusCode);
    expect(json(refused)).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect(json(blocked)).toEqual(json(refused));
    // And getuserinfo tells both the same.
    const may = { follow: 'mayFollow', repost: 'mayRepost', comment: 'mayComment', board: 'mayLeave' }[setting as 'follow'];
    expect((await space(pest, blocker.owner.uid))[may]).toBe(false);
    expect((await space(stranger, chooser.owner.uid))[may]).toBe(false);
  });

  it('with every setting open, the same writes by another user succeed', async () => {
    for (const [name, , write] of WRITES) {
      const friend = await user('朋友');
      const x = await target('主人', friend);
      const res = await write(friend, x);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  });
});

describe('the follow setting', () => {
  it("'me' refuses new followers and stores nothing; a follower from before stays; 'everyone' lets them again", async () => {
    const owner = await user('主人');
    const old = await user('老粉丝');
    const stranger = await user('陌生人');
    expect((await old.call('POST', '/api/follow/add', { uid: owner.uid })).statusCode).toBe(200);
    await setPrivacy(owner, { follow: 'me' });
    expect(json(await stranger.call('POST', '/api/follow/add', { uid: owner.uid }))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    expect((await t.pool.query('SELECT 1 FROM follows WHERE uid = $1', [stranger.uid])).rowCount).toBe(0);
    expect((await t.pool.query('SELECT fans FROM users WHERE uid = $1', [owner.uid])).rows[0].fans).toBe(1);
    // Following again changes nothing for someone who already follows.
    expect((await old.call('POST', '/api/follow/add', { uid: owner.uid })).statusCode).toBe(200);
    expect(await space(old, owner.uid)).toMatchObject({ following: true, mayFollow: false });
    // The owner may still follow others, and unfollowing is always allowed.
    expect((await owner.call('POST', '/api/follow/add', { uid: stranger.uid })).statusCode).toBe(200);
    expect((await old.call('POST', '/api/follow/remove', { uid: owner.uid })).statusCode).toBe(200);
    await setPrivacy(owner, { follow: 'everyone' });
    expect((await stranger.call('POST', '/api/follow/add', { uid: owner.uid })).statusCode).toBe(200);
    expect((await space(stranger, owner.uid)).mayFollow).toBe(true);
  });
});

describe('the repost setting', () => {
  it("'me' refuses others' reposts, direct or through a repost made before; the owner may repost their own yy", async () => {
    const owner = await user('主人');
    const friend = await user('朋友');
    const third = await user('路人');
    const yy = await post(owner, '我的yy');
    const earlier = await post(friend, '转发', yy);
    await setPrivacy(owner, { repost: 'me' });
    const refused = { code: 403, msg: BLOCK_MSG.notAllowed };
    expect(json(await third.call('POST', '/api/yy/createyy', { content: '转', transpondId: yy }))).toEqual(refused);
    expect(json(await third.call('POST', '/api/yy/createyy', { content: '转', transpondId: earlier }))).toEqual(refused);
    expect((await t.pool.query('SELECT 1 FROM yy WHERE uid = $1', [third.uid])).rowCount).toBe(0);
    await post(owner, '自己转', yy);
    expect((await space(third, owner.uid)).mayRepost).toBe(false);
    // Another's yy is not limited by the owner's setting.
    const friendsOwn = await post(friend, '朋友自己的');
    await post(third, '转', friendsOwn);
  });

  it("a reposter's own 'me' keeps their repost from being reposted, though the original's author allows it", async () => {
    const author = await user('作者');
    const reposter = await user('转发者');
    const third = await user('路人');
    const yy = await post(author, '原文');
    const repost = await post(reposter, '我转的', yy);
    await setPrivacy(reposter, { repost: 'me' });
    expect(json(await third.call('POST', '/api/yy/createyy', { content: '转', transpondId: repost }))).toEqual({ code: 403, msg: BLOCK_MSG.notAllowed });
    await post(third, '直接转原文', yy);
  });
});

describe('the last-login setting', () => {
  it('getuserinfo of another omits lastTime when off; the owner still gets it', async () => {
    const owner = await user('主人');
    const other = await user('别人');
    expect((await owner.call('PATCH', '/api/user/updatelogin')).statusCode).toBe(200);
    const shown = await space(other, owner.uid);
    expect(shown.lastTime).toBeGreaterThan(0);
    await setPrivacy(owner, { showLastLogin: false });
    expect(await space(other, owner.uid)).not.toHaveProperty('lastTime');
    expect((await space(owner, owner.uid)).lastTime).toBe(shown.lastTime);
    expect(json(await owner.call('GET', '/api/user/getinfo')).data.lastTime).toBe(shown.lastTime);
  });
});

describe('POST /api/user/privacy with the new settings', () => {
  it('saves follow, repost and showLastLogin and answers them all', async () => {
    const me = await user('我');
    const res = json(await me.call('POST', '/api/user/privacy', { follow: 'me', repost: 'me', showLastLogin: false }));
    expect(res).toEqual({ code: 200, msg: PRIVACY_MSG.saved, data: { ...DEFAULT_PRIVACY, follow: 'me', repost: 'me', showLastLogin: false } });
    expect(await privacyOf(me)).toEqual(res.data);
  });

  it.each([
    [{ follow: 'friends' }, PRIVACY_ERROR.follow],
    [{ follow: null }, PRIVACY_ERROR.follow],
    [{ repost: 'followers' }, PRIVACY_ERROR.repost],
    [{ showLastLogin: 'no' }, PRIVACY_ERROR.showLastLogin],
  ])('refuses %j with 400 %s and changes nothing', async (body, msg) => {
    const me = await user('我');
    expect(json(await me.call('POST', '/api/user/privacy', body))).toEqual({ code: 400, msg });
    expect(await privacyOf(me)).toEqual(DEFAULT_PRIVACY);
  });

  it("changes only the caller's own settings: there is no way to name another user", async () => {
    const me = await user('我');
    const other = await user('别人');
    const res = await me.call('POST', '/api/user/privacy', { uid: other.uid, follow: 'me' });
    expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
    await setPrivacy(me, { follow: 'me' });
    expect(await privacyOf(other)).toEqual(DEFAULT_PRIVACY);
  });

  it('a blocked user changes their own settings as anyone does', async () => {
    const blocker = await user('拉黑者');
    const pest = await user('捣蛋');
    await mustBlock(blocker, pest.uid);
    await setPrivacy(pest, { repost: 'me', showLastLogin: false });
    expect(await privacyOf(pest)).toMatchObject({ repost: 'me', showLastLogin: false });
    expect(await privacyOf(blocker)).toEqual(DEFAULT_PRIVACY);
  });

  it('a frozen user may still protect themself: the new settings save', async () => {
    const { uid } = await createUser(t.pool, { name: '被冻结' });
    await t.pool.query(`UPDATE users SET frozen_until = now() + interval '3 days', frozen_reason = 'x' WHERE uid = $1`, [uid]);
    const frozen = await signedIn(uid);
    const res = await frozen.call('POST', '/api/user/privacy', { follow: 'me', repost: 'me', showLastLogin: false });
    expect(json(res)).toMatchObject({ code: 200, data: { follow: 'me', repost: 'me', showLastLogin: false } });
  });

  it('a banned user is signed out (401) and nothing changes', async () => {
    const { uid } = await createUser(t.pool, { name: '被封禁' });
    await t.pool.query(`UPDATE users SET banned_at = now(), ban_reason = 'spam' WHERE uid = $1`, [uid]);
    const banned = await signedIn(uid);
    const res = await banned.call('POST', '/api/user/privacy', { follow: 'me' });
    expect(res.statusCode).toBe(401);
    const row = (await t.pool.query('SELECT privacy_follow FROM users WHERE uid = $1', [uid])).rows[0];
    expect(row.privacy_follow).toBe('everyone');
  });
});

// ---- children private by default ------------------------------------------------------------

const register = async (email: string, name: string, birthday: string): Promise<Member> => {
  const checked = await t.app.inject({ method: 'POST', url: '/api/user/valitedRegister', payload: { email, ...QUIZ } });
  expect(checked.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/addAccount',
    payload: { email, lockedPassword: 'pass1234', uname: name, sex: 0, birthday },
    cookies: { xb_register: cookieFrom(checked, 'xb_register')! },
  });
  expect(res.statusCode, res.body).toBe(200);
  return signedIn(json(res).data.uid);
};

const searchNames = async (m: Member, q: string) =>
  (json(await m.call('GET', `/api/search/user?q=${encodeURIComponent(q)}&pageNum=1`)).data.records as { uid: number; name: string }[]).map((r) => r.uid);

/** Everything a child's defaults hide, as another user sees it. */
async function expectPrivateToOthers(child: Member, name: string, birthday: string) {
  const other = await user('别人');
  await child.call('PATCH', '/api/user/updatelogin');
  await other.call('GET', `/api/user/getuserinfo/${child.uid}`); // a visit
  const seen = await space(other, child.uid);
  expect(seen.birthday).toBe('');
  expect(seen).not.toHaveProperty('lastTime');
  // Not found by part of the nickname; found by the exact 米米号.
  expect(await searchNames(other, name.slice(0, 2))).not.toContain(child.uid);
  expect(await searchNames(other, String(child.uid))).toContain(child.uid);
  for (const kind of ['follows', 'fans']) {
    const lists = await other.call('GET', `/api/follow/list/${child.uid}?kind=${kind}&pageNum=1`);
    expect(lists.statusCode).toBe(403);
  }
  expect(json(await other.call('GET', `/api/visitor/get?uid=${child.uid}`)).data).toMatchObject({ data: [], hidden: true });
  // The child still sees all of it.
  expect((await space(child, child.uid)).birthday).toBe(birthday);
  expect(json(await child.call('GET', `/api/visitor/get?uid=${child.uid}`)).data.data.map((v: { uid: number }) => v.uid)).toContain(other.uid);
}

describe("a minor's account starts private", () => {
  it("a 12-year-old's new account: birthday, last login, follow lists and visitors hidden; found only by the exact 米米号", async () => {
    const birthday = yearsAgo(12);
    const child = await register('kid12@example.com', '小豆丁同学', birthday);
    expect(await privacyOf(child)).toEqual(CHILD_PRIVACY);
    expect(CHILD_PRIVACY).toMatchObject({ showBirthday: false, findable: false, showFollows: false, showVisitors: false, showLastLogin: false });
    await expectPrivateToOthers(child, '小豆丁同学', birthday);
  });

  it('one day before the 18th birthday still counts as under 18; on the birthday, an adult', async () => {
    expect(await privacyOf(await register('almost@example.com', '快成年了', yearsAgo(18, 1)))).toEqual(CHILD_PRIVACY);
    expect(await privacyOf(await register('adult18@example.com', '刚成年', yearsAgo(18)))).toEqual(DEFAULT_PRIVACY);
  });

  it("an adult's new account keeps today's defaults, and others see its birthday and last login", async () => {
    const adult = await register('grown@example.com', '大人同学', '2000-05-06');
    expect(await privacyOf(adult)).toEqual(DEFAULT_PRIVACY);
    await adult.call('PATCH', '/api/user/updatelogin');
    const other = await user('别人');
    const seen = await space(other, adult.uid);
    expect(seen.birthday).toBe('2000-05-06');
    expect(seen.lastTime).toBeGreaterThan(0);
    expect(await searchNames(other, '大人')).toContain(adult.uid);
  });

  it('an empty birthday counts as under 18', async () => {
    const { uid } = await createUser(t.pool, { name: '没生日', birthday: null });
    expect(await privacyOf(await signedIn(uid))).toEqual(CHILD_PRIVACY);
  });

  it('cardupdate to a birthday under 18 applies the children’s settings, keeping the others the user chose', async () => {
    const me = await user('改生日');
    await setPrivacy(me, { comment: 'me', follow: 'me' });
    const birthday = yearsAgo(12);
    const res = await me.call('PATCH', '/api/user/cardupdate', { name: '改生日', sex: 0, birthday });
    expect(res.statusCode, res.body).toBe(200);
    expect(await privacyOf(me)).toEqual({ ...CHILD_PRIVACY, comment: 'me', follow: 'me' });
    await expectPrivateToOthers(me, '改生日', birthday);
  });

  it('a change between two adult dates, or between two minor dates, changes no setting; turning 18 changes nothing by itself', async () => {
    const adult = await user('大人');
    await adult.call('PATCH', '/api/user/cardupdate', { name: '大人', sex: 1, birthday: '1999-03-04' });
    expect(await privacyOf(adult)).toEqual(DEFAULT_PRIVACY);

    const child = await user('孩子', yearsAgo(12));
    await setPrivacy(child, { showBirthday: true, findable: true });
    await child.call('PATCH', '/api/user/cardupdate', { name: '孩子', sex: 1, birthday: yearsAgo(13) });
    expect(await privacyOf(child)).toEqual({ ...CHILD_PRIVACY, showBirthday: true, findable: true });

    // The account's birthday now says 18: its settings stay the children's until the user changes them.
    await child.call('PATCH', '/api/user/cardupdate', { name: '孩子', sex: 1, birthday: '2000-01-01' });
    expect(await privacyOf(child)).toEqual({ ...CHILD_PRIVACY, showBirthday: true, findable: true });
  });
});

describe('migration 023', () => {
  it("applies the children's settings to today's minors still at the defaults, not to those who changed one, nor to adults", async () => {
    const db = await createTestDatabase({ migrated: false });
    const pool = createPool(db.url);
    const before = await mkdtemp(path.join(tmpdir(), 'xb-migrations-'));
    try {
      for (const file of await readdir(MIGRATIONS_DIR)) {
        if (file.endsWith('.sql') && file < '023') await cp(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
      await migrate(pool, before);
      const add = async (name: string, birthday: string | null, set = '') => {
        const { rows } = await pool.query(`INSERT INTO users (email, password_hash, name, birthday) VALUES ($1, 'x', $2, $3) RETURNING uid`, [
          `${name}@example.com`,
          name,
          birthday,
        ]);
        if (set) await pool.query(`UPDATE users SET ${set} WHERE uid = $1`, [rows[0].uid]);
        return rows[0].uid as number;
      };
      const child = await add('child', yearsAgo(12));
      const noBirthday = await add('nobday', null);
      const chose = await add('chose', yearsAgo(12), 'show_birthday = true, privacy_comment = $$me$$');
      const choseFollows = await add('chosef', yearsAgo(15), 'show_follows = false');
      const adult = await add('adult', '2000-01-02');
      const justAdult = await add('just18', yearsAgo(18));

      expect(await migrate(pool, MIGRATIONS_DIR)).toContain('023_privacy_children.sql');
      const { rows } = await pool.query(
        `SELECT uid, show_birthday, findable, show_follows, show_visitors, show_last_login, privacy_comment, privacy_follow, privacy_repost
         FROM users ORDER BY uid`,
      );
      const of = (uid: number) => rows.find((r) => r.uid === uid);
      const hidden = { show_birthday: false, findable: false, show_follows: false, show_visitors: false, show_last_login: false };
      const open = { show_birthday: true, findable: true, show_follows: true, show_visitors: true, show_last_login: true };
      expect(of(child)).toMatchObject({ ...hidden, privacy_comment: 'everyone', privacy_follow: 'everyone', privacy_repost: 'everyone' });
      expect(of(noBirthday)).toMatchObject(hidden);
      expect(of(chose)).toMatchObject({ ...open, privacy_comment: 'me' });
      expect(of(choseFollows)).toMatchObject({ ...open, show_follows: false });
      expect(of(adult)).toMatchObject(open);
      expect(of(justAdult)).toMatchObject(open);
    } finally {
      await pool.end();
      await db.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});
