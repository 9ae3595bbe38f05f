/**
 * 勋章 (docs/api.md "勋章"): each medal earned and not earned, its time from the data, a medal
 * staying once earned, 元老勋章 from verified imports only, the notices (one per award, one at
 * most per user at launch), and who reads a user's medals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDAL_IDS, type MedalEntry, type MedalId } from '@xiaoba/shared/core';
import { TokenSigner } from '../../api/auth/tokens';
import { inArchiveMode, startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { launchMedals } from './queries';

let t: TestApp;
const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, followsPerHour: 0 });
});
afterAll(() => t?.close());

const person = (name: string) => member(t, name);
const list = async (viewer: Member, owner: Member): Promise<MedalEntry[]> => {
  const res = await viewer.call('GET', `/api/medal/list/${owner.uid}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
const earned = async (m: Member): Promise<MedalId[]> => (await list(m, m)).filter((e) => e.earned).map((e) => e.id);
const medalOf = async (m: Member, id: MedalId) => (await list(m, m)).find((e) => e.id === id)!;
const notices = async (m: Member): Promise<string[]> =>
  (await t.pool.query<{ text: string }>(`SELECT text FROM system_notices WHERE uid = $1 AND kind = 'medal' ORDER BY id`, [m.uid])).rows.map((r) => r.text);
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** `who` follows `whom` since `at` (ISO, UTC). */
const followAt = (who: Member, whom: Member, at: string) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid, ctime) VALUES ($1, $2, $3)', [who.uid, whom.uid, at.replace('Z', '')]);
const postYy = async (m: Member, content: string) => {
  const res = await m.call('POST', '/api/yy/createyy', { content, images: [] });
  expect(json(res).code, res.body).toBe(200);
  return json(res).data.weiboId as number;
};

describe('the catalogue', () => {
  it('answers every medal in order, none earned for a new user, and no notice', async () => {
    const fresh = await person('新来的');
    const all = await list(fresh, fresh);
    expect(all.map((e) => e.id)).toEqual([...MEDAL_IDS]);
    expect(all.map((e) => e.name)).toEqual(['新手勋章', '才艺勋章', '人气勋章', '友谊勋章', '元老勋章']);
    expect(all.every((e) => !e.earned && e.earnedAt === null && e.how !== '')).toBe(true);
    expect(await notices(fresh)).toEqual([]);
  });
});

describe('新手勋章: the first yy', () => {
  it('is earned with the first yy posted, at its time, with one notice, and stays when the yy goes', async () => {
    const alice = await person('小爱');
    const id = await postYy(alice, '我的第一条yy');
    // Stored in the post's transaction: the user's own record says so before any list is read.
    expect(json(await alice.call('GET', '/api/user/getinfo')).data.medals).toEqual(['newbie']);
    const { rows } = await t.pool.query<{ at: string }>('SELECT floor(extract(epoch FROM ctime))::bigint AS at FROM yy WHERE weibo_id = $1', [id]);
    expect(await medalOf(alice, 'newbie')).toMatchObject({ earned: true, earnedAt: Number(rows[0]!.at) });
    await postYy(alice, '第二条');
    expect(await notices(alice)).toEqual(['你获得了新勋章：新手勋章']);
    const page = json(await alice.call('GET', '/api/notice/system?pageNum=1')).data;
    expect(page.records[0]).toMatchObject({ kind: 'medal', text: '你获得了新勋章：新手勋章', unread: true });
    await t.pool.query('DELETE FROM yy WHERE uid = $1', [alice.uid]);
    expect(await earned(alice)).toEqual(['newbie']);
  });

  it('is not earned by a frozen user whose post is refused', async () => {
    const mod = await person('管理员');
    await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
    const frozen = await person('被冻结的');
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'freeze', uid: frozen.uid, rule: 'spam', days: 3, reason: '刷屏' })).code).toBe(200);
    expect(json(await frozen.call('POST', '/api/yy/createyy', { content: '试试', images: [] })).code).toBe(403);
    // A frozen user still reads their medals.
    expect(await earned(frozen)).toEqual([]);
  });
});

describe('人气勋章: 10 fans', () => {
  it('is not earned with 9 fans, earned at the follow that made the 10th, and stays when the fans leave', async () => {
    const star = await person('明星');
    const fans = await Promise.all(Array.from({ length: 10 }, (_, i) => person(`粉丝${i}`)));
    for (let i = 0; i < 9; i++) await followAt(fans[i]!, star, `2026-01-0${i + 1}T08:00:00.000Z`);
    expect(await earned(star)).toEqual([]);
    // The 10th through the API: stored in the follow's transaction.
    expect(json(await fans[9]!.call('POST', '/api/follow/add', { uid: star.uid })).code).toBe(200);
    const at = (await t.pool.query('SELECT floor(extract(epoch FROM ctime))::bigint AS at FROM follows WHERE uid = $1', [fans[9]!.uid])).rows[0].at;
    expect(json(await star.call('GET', '/api/user/getinfo')).data.medals).toEqual(['popular']);
    expect(await medalOf(star, 'popular')).toMatchObject({ earned: true, earnedAt: Number(at) });
    await t.pool.query('DELETE FROM follows WHERE followed_uid = $1', [star.uid]);
    expect(await earned(star)).toEqual(['popular']);
    expect(await notices(star)).toEqual(['你获得了新勋章：人气勋章']);
  });

  it('takes its time from the data when first noticed on reading: the 10th fan of those there now', async () => {
    const star = await person('老明星');
    const fans = await Promise.all(Array.from({ length: 11 }, (_, i) => person(`老粉${i}`)));
    for (let i = 0; i < 11; i++) await followAt(fans[i]!, star, `2025-03-${String(i + 10)}T00:00:00.000Z`);
    expect(await medalOf(star, 'popular')).toMatchObject({ earned: true, earnedAt: epoch('2025-03-19T00:00:00.000Z') });
  });

  it('is not earned by a follow the owner refuses (a blocked user)', async () => {
    const owner = await person('拉黑者');
    const fans = await Promise.all(Array.from({ length: 9 }, (_, i) => person(`真粉${i}`)));
    for (const f of fans) await followAt(f, owner, '2026-02-01T00:00:00.000Z');
    const blocked = await person('被拉黑的');
    expect((await owner.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
    expect(json(await blocked.call('POST', '/api/follow/add', { uid: owner.uid })).code).toBe(403);
    expect(await earned(owner)).toEqual([]);
  });
});

describe('友谊勋章: 5 mutual follows', () => {
  it('is not earned with 4 mutual follows or with one-way ones, earned at the later follow of the 5th pair', async () => {
    const me = await person('我');
    const friends = await Promise.all(Array.from({ length: 5 }, (_, i) => person(`朋友${i}`)));
    const oneWay = await Promise.all(Array.from({ length: 3 }, (_, i) => person(`路人${i}`)));
    for (let i = 0; i < 4; i++) {
      await followAt(me, friends[i]!, `2026-01-0${i + 1}T00:00:00.000Z`);
      await followAt(friends[i]!, me, `2026-01-0${i + 2}T00:00:00.000Z`);
    }
    for (const o of oneWay) await followAt(me, o, '2026-01-01T00:00:00.000Z');
    expect(await earned(me)).toEqual([]);
    // The 5th pair: they followed first, the user followed back later (through the API: both are awarded).
    await followAt(friends[4]!, me, '2026-01-20T00:00:00.000Z');
    expect(json(await me.call('POST', '/api/follow/add', { uid: friends[4]!.uid })).code).toBe(200);
    const at = (
      await t.pool.query('SELECT floor(extract(epoch FROM ctime))::bigint AS at FROM follows WHERE uid = $1 AND followed_uid = $2', [me.uid, friends[4]!.uid])
    ).rows[0].at;
    expect(await medalOf(me, 'friendship')).toMatchObject({ earned: true, earnedAt: Number(at) });
    expect(await earned(friends[4]!)).toEqual([]);
  });
});

describe('元老勋章: an account from the old days', () => {
  it('is earned by a registration before 2015-12-26, at that time', async () => {
    const old = await person('老用户');
    await t.pool.query(`UPDATE users SET ctime = '2012-07-01 10:00:00' WHERE uid = $1`, [old.uid]);
    expect(await medalOf(old, 'veteran')).toMatchObject({ earned: true, earnedAt: epoch('2012-07-01T10:00:00.000Z') });
    const late = await person('新用户');
    await t.pool.query(`UPDATE users SET ctime = '2015-12-26 00:00:00' WHERE uid = $1`, [late.uid]);
    expect((await medalOf(late, 'veteran')).earned).toBe(false);
  });

  it('is earned by a verified imported yy from before then, never by an unverified one', async () => {
    const restorer = await person('恢复者');
    const faker = await person('造假者');
    const imported = (m: Member, at: string, verified: boolean) =>
      t.pool.query(`INSERT INTO yy (uid, content, ctime, origin, verified_import) VALUES ($1, '旧的', $2, $3, $4)`, [
        m.uid,
        at,
        `old:${m.uid}:${at}`,
        verified,
      ]);
    await imported(faker, '2013-05-05 00:00:00', false);
    expect(await earned(faker)).toEqual(['newbie']);
    await imported(restorer, '2016-01-01 00:00:00', true);
    await imported(restorer, '2014-02-02 00:00:00', true);
    await imported(restorer, '2011-01-01 00:00:00', false);
    expect(await medalOf(restorer, 'veteran')).toMatchObject({ earned: true, earnedAt: epoch('2014-02-02T00:00:00.000Z') });
  });
});

describe('才艺勋章', () => {
  it('is earned by the first diary entry, with the notice, and not by a yy', async () => {
    const busy = await person('多才多艺');
    await postYy(busy, '发了yy');
    expect((await medalOf(busy, 'talent')).earned).toBe(false);
    const res = await busy.call('POST', '/api/diary/add', { title: '春游', content: '今天去了公园', images: [], visibility: 'self' });
    expect(res.statusCode).toBe(200);
    const { ctime } = json(res).data as { ctime: number };
    // Stored with the post: the notice is there before anyone reads the list.
    expect(await notices(busy)).toContain('你获得了新勋章：才艺勋章');
    expect(await medalOf(busy, 'talent')).toMatchObject({ earned: true, earnedAt: ctime });
  });

  it('is earned by the first album too', async () => {
    const keeper = await person('爱拍照');
    const res = await keeper.call('POST', '/api/album/create', { name: '春游', visibility: 'self' });
    expect(res.statusCode).toBe(200);
    expect(await notices(keeper)).toEqual(['你获得了新勋章：才艺勋章']);
    expect((await medalOf(keeper, 'talent')).earned).toBe(true);
  });
});

describe('the launch', () => {
  it('gives the users of before their medals with one notice at most, none to a user without, and only once', async () => {
    const launchApp = await startTestApp();
    try {
      const rich = await createUser(launchApp.pool, { name: '老元老' });
      const poor = await createUser(launchApp.pool, { name: '什么都没有' });
      await launchApp.pool.query(`UPDATE users SET ctime = '2010-01-01' WHERE uid = $1`, [rich.uid]);
      await launchApp.pool.query(`INSERT INTO yy (uid, content) VALUES ($1, '很久以前')`, [rich.uid]);
      // Several processes starting at once: one does it.
      const given = await Promise.all([launchMedals(launchApp.pool), launchMedals(launchApp.pool), launchMedals(launchApp.pool)]);
      expect(given.sort()).toEqual([0, 0, 1]);
      expect(await launchMedals(launchApp.pool)).toBe(0);
      const texts = async (uid: number) =>
        (await launchApp.pool.query<{ text: string }>('SELECT text FROM system_notices WHERE uid = $1', [uid])).rows.map((r) => r.text);
      expect(await texts(rich.uid)).toEqual(['你获得了新勋章：新手勋章、元老勋章']);
      expect(await texts(poor.uid)).toEqual([]);
    } finally {
      await launchApp.close();
    }
  });
});

describe("who reads a user's medals", () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await person('主人');
    await postYy(owner, '主人的yy');
  });

  it('another user, a blocked one included, gets what the owner gets; getuserinfo carries the earned ids', async () => {
    const other = await person('旁人');
    const blocked = await person('被拉黑的访客');
    expect((await owner.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
    const own = await list(owner, owner);
    expect(await list(other, owner)).toEqual(own);
    expect(await list(blocked, owner)).toEqual(own);
    expect(json(await other.call('GET', `/api/user/getuserinfo/${owner.uid}`)).data.medals).toEqual(['newbie']);
  });

  it('a signed-out caller gets 401, a banned one 401, an unknown user 404, a bad id 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/medal/list/${owner.uid}` })).statusCode).toBe(401);
    const mod = await person('管理员二');
    await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
    const banned = await person('被封禁的');
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'ban', uid: banned.uid, rule: 'spam', reason: '广告' })).code).toBe(200);
    expect((await banned.call('GET', `/api/medal/list/${owner.uid}`)).statusCode).toBe(401);
    const missing = json(await owner.call('GET', '/api/medal/list/99999999'));
    expect(missing).toEqual({ code: 404, msg: '用户不存在' });
    const bad = await owner.call('GET', '/api/medal/list/abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('in archive mode reading stores nothing', async () => {
    const quiet = await person('存档里的');
    await t.pool.query(`INSERT INTO yy (uid, content) VALUES ($1, '存档前写的')`, [quiet.uid]);
    await inArchiveMode(t, async (archive) => {
      const token = await signer.signAccess(quiet.uid, 900);
      const res = await archive.inject({ method: 'GET', url: `/api/medal/list/${quiet.uid}`, headers: { authorization: `Bearer ${token}` } });
      expect(json(res).data.every((e: MedalEntry) => !e.earned)).toBe(true);
      expect((await t.pool.query('SELECT 1 FROM user_medals WHERE uid = $1', [quiet.uid])).rowCount).toBe(0);
      expect(await notices(quiet)).toEqual([]);
    });
  });
});
