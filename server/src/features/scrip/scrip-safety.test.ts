/**
 * 小纸条 made safe for children (docs/api.md "小纸条"): who may write to whom (the setting, follows,
 * age at the time of the send), blocks that answer like a closed inbox, every mutating route tried
 * by another user, a blocked, a frozen and a banned one, archive mode, and the defaults of the
 * setting (registration, a birthday change, migration 024).
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_PRIVACY, DEFAULT_PRIVACY, SCRIP_MSG, type ScripWho } from '@xiaoba/shared/core';
import { ARCHIVE_MSG } from '../../api/http/archive';
import { MSG } from '../../api/http/errors';
import { TokenSigner } from '../../api/auth/tokens';
import { migrate } from '../../data/migrate';
import { createPool } from '../../data/pool';
import { MIGRATIONS_DIR } from '../../paths';
import { createTestDatabase, inArchiveMode, startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { json, type Member } from '../../test/yy';

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

let t: TestApp;
let mod: Member;

/** A signed-in user of `app`; born in 2000 (an adult) unless `birthday` says otherwise (null: none). */
async function person(name: string, birthday: string | null = '2000-01-02', app: FastifyInstance = t.app): Promise<Member> {
  const { uid } = await createUser(t.pool, { name, birthday });
  return as(uid, app);
}
async function as(uid: number, app: FastifyInstance = t.app): Promise<Member> {
  const token = await signer.signAccess(uid, 900);
  const headers = { authorization: `Bearer ${token}` };
  return { uid, token, call: (method, url, payload) => app.inject({ method, url, payload, headers }), upload: () => Promise.reject(new Error('no upload')) };
}

/** A date `years` years before today, as 'YYYY-MM-DD' (UTC). */
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const follow = (who: Member, whom: Member) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [who.uid, whom.uid]);
const friends = async (a: Member, b: Member) => {
  await follow(a, b);
  await follow(b, a);
};
const setScrip = async (m: Member, scrip: ScripWho) => expect((await m.call('POST', '/api/user/privacy', { scrip })).statusCode).toBe(200);
const send = (from: Member, to: Member, content = `纸条 ${Math.random()}`) => from.call('POST', '/api/scrip/send', { toUid: to.uid, content });
const sentId = async (from: Member, to: Member, content?: string): Promise<number> => {
  const res = await send(from, to, content);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.scripId as number;
};
const page = async (m: Member, other: Member) => json(await m.call('GET', `/api/scrip/thread/${other.uid}?pageNum=1&pageSize=50`)).data;
const mayScrip = async (m: Member, other: Member): Promise<boolean> => json(await m.call('GET', `/api/user/getuserinfo/${other.uid}`)).data.mayScrip;
const unread = async (m: Member): Promise<number> => json(await m.call('GET', '/api/count/getscrip')).data.count;
const CLOSED = { code: 403, msg: SCRIP_MSG.notAllowed };

beforeAll(async () => {
  t = await startTestApp({ scripsPerWindow: 0 });
  mod = await person('管理员');
  await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
});
afterAll(() => t?.close());

describe('the setting `scrip` and its defaults', () => {
  it('starts as mutual for a minor and for an account without a birthday, following for an adult', async () => {
    expect(DEFAULT_PRIVACY.scrip).toBe('following');
    expect(CHILD_PRIVACY.scrip).toBe('mutual');
    const privacy = async (m: Member) => json(await m.call('GET', '/api/user/privacy')).data.scrip;
    expect(await privacy(await person('孩子', yearsAgo(12)))).toBe('mutual');
    expect(await privacy(await person('差一天', yearsAgo(18, 1)))).toBe('mutual');
    expect(await privacy(await person('没生日', null))).toBe('mutual');
    expect(await privacy(await person('大人'))).toBe('following');
    expect(await privacy(await person('刚成年', yearsAgo(18)))).toBe('following');
  });

  it('is stored again as mutual when a birthday changes to under 18', async () => {
    const me = await person('改生日');
    const headers = { authorization: `Bearer ${me.token}` };
    const card = await t.app.inject({ method: 'PATCH', url: '/api/user/cardupdate', headers, payload: { name: '改生日', sex: 0, birthday: yearsAgo(12) } });
    expect(card.statusCode, card.body).toBe(200);
    expect(json(await me.call('GET', '/api/user/privacy')).data.scrip).toBe('mutual');
  });

  it('takes mutual, following and nobody, and nothing else (there is no everyone)', async () => {
    const me = await person('设置');
    for (const scrip of ['nobody', 'mutual', 'following'] as const) {
      expect(json(await me.call('POST', '/api/user/privacy', { scrip })).data.scrip).toBe(scrip);
    }
    const bad = json(await me.call('POST', '/api/user/privacy', { scrip: 'everyone' }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('小纸条');
  });

  it('migration 024 gives today’s minors and accounts without a birthday mutual, adults following', async () => {
    const db = await createTestDatabase({ migrated: false });
    const pool = createPool(db.url);
    const before = await mkdtemp(path.join(tmpdir(), 'xb-migrations-'));
    try {
      for (const file of await readdir(MIGRATIONS_DIR)) {
        if (file.endsWith('.sql') && file < '024') await cp(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
      await migrate(pool, before);
      const add = async (name: string, birthday: string | null) =>
        (await pool.query(`INSERT INTO users (email, password_hash, name, birthday) VALUES ($1, 'x', $2, $3) RETURNING uid`, [`${name}@x.cn`, name, birthday]))
          .rows[0].uid as number;
      const child = await add('child', yearsAgo(12));
      const none = await add('none', null);
      const adult = await add('adult', '2000-01-02');
      const just18 = await add('just18', yearsAgo(18));
      expect(await migrate(pool, MIGRATIONS_DIR)).toContain('024_scrip.sql');
      const { rows } = await pool.query('SELECT uid, privacy_scrip FROM users');
      const of = (uid: number) => rows.find((r) => r.uid === uid)?.privacy_scrip;
      expect([of(child), of(none), of(adult), of(just18)]).toEqual(['mutual', 'mutual', 'following', 'following']);
    } finally {
      await pool.end();
      await db.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});

describe('who may write to whom', () => {
  it('a stranger cannot reach a child; an adult reaches a minor only when both follow each other, whatever the minor chose', async () => {
    const kid = await person('小朋友', yearsAgo(11));
    const adult = await person('陌生大人');
    expect(json(await send(adult, kid))).toEqual(CLOSED);
    // The child follows the adult: still not mutual.
    await follow(kid, adult);
    expect(json(await send(adult, kid))).toEqual(CLOSED);
    // Not even when the child opens to "people I follow": an adult needs the follow both ways.
    await setScrip(kid, 'following');
    expect(json(await send(adult, kid))).toEqual(CLOSED);
    expect(await mayScrip(adult, kid)).toBe(false);
    await follow(adult, kid);
    expect(await mayScrip(adult, kid)).toBe(true);
    await sentId(adult, kid, '你好小朋友');
    // The child writes back (the adult's following: people the adult follows).
    await sentId(kid, adult, '你好');
  });

  it('between two minors, the reader’s setting decides: following lets those the reader follows write', async () => {
    const a = await person('小甲', yearsAgo(12));
    const b = await person('小乙', yearsAgo(13));
    await follow(b, a);
    expect(json(await send(a, b))).toEqual(CLOSED); // b's default: mutual
    await setScrip(b, 'following');
    await sentId(a, b);
  });

  it('reads the age when the note is sent: a reader who is a minor today is protected today', async () => {
    const grown = await person('大人甲');
    const reader = await person('读者', '2000-01-02');
    await follow(reader, grown);
    await sentId(grown, reader);
    // The reader's birthday now says under 18 (their setting stays `following`): no more notes without mutual follows.
    await t.pool.query('UPDATE users SET birthday = $2 WHERE uid = $1', [reader.uid, yearsAgo(14)]);
    expect(json(await send(grown, reader))).toEqual(CLOSED);
    await follow(grown, reader);
    await sentId(grown, reader);
  });

  it('nobody: not even mutual friends', async () => {
    const a = await person('甲');
    const b = await person('乙');
    await friends(a, b);
    await sentId(a, b);
    await setScrip(b, 'nobody');
    expect(json(await send(a, b))).toEqual(CLOSED);
    expect(await mayScrip(a, b)).toBe(false);
    // The conversation is still theirs to read.
    expect((await page(b, a)).total).toBe(1);
  });
});

describe('a block is not revealed', () => {
  it('refuses new notes either way with the words of a closed inbox; both still read the conversation and the blocker can report it', async () => {
    const a = await person('拉黑者');
    const b = await person('被拉黑');
    const closedInbox = await person('关着的');
    await follow(b, closedInbox);
    await setScrip(closedInbox, 'nobody');
    await friends(a, b);
    const note = await sentId(b, a, '你真讨厌');
    await sentId(a, b, '别说了');
    expect((await a.call('POST', '/api/block/add', { uid: b.uid })).statusCode).toBe(200);
    const refusal = json(await send(b, a));
    expect(refusal).toEqual(json(await send(b, closedInbox)));
    expect(refusal).toEqual(CLOSED);
    expect(json(await send(a, b))).toEqual(CLOSED);
    expect(await mayScrip(b, a)).toBe(false);
    expect((await page(b, a)).mayScrip).toBe(false);
    expect((await page(a, b)).records.map((n: { content: string }) => n.content)).toEqual(['别说了', '你真讨厌']);
    expect((await page(b, a)).total).toBe(2);
    expect(json(await a.call('POST', '/api/report/add', { kind: 'scrip', id: note, reason: 'bullying' })).code).toBe(200);
  });
});

describe('each mutating route tried by another user, a blocked, a frozen and a banned user', () => {
  let owner: Member;
  let friend: Member;
  let other: Member;
  let blocked: Member;
  let frozen: Member;
  let banned: Member;
  let frozenMsg: string;

  beforeAll(async () => {
    owner = await person('主人');
    friend = await person('朋友');
    other = await person('旁人');
    blocked = await person('被拉黑的');
    frozen = await person('被冻结的');
    banned = await person('被封禁的');
    for (const m of [friend, other, blocked, frozen, banned]) await friends(owner, m);
    // Each has a conversation with the owner before the sanctions.
    for (const m of [friend, blocked, frozen, banned]) {
      await sentId(m, owner, `来自${m.uid}`);
      await sentId(owner, m, `回给${m.uid}`);
    }
    expect((await owner.call('POST', '/api/block/add', { uid: blocked.uid })).statusCode).toBe(200);
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'freeze', uid: frozen.uid, rule: 'spam', days: 3, reason: '刷屏' })).code).toBe(200);
    frozenMsg = json(await frozen.call('POST', '/api/yy/createyy', { content: '试试' })).msg;
    expect(frozenMsg).toContain('冻结');
    expect(json(await mod.call('POST', '/api/mod/action', { action: 'ban', uid: banned.uid, rule: 'spam', reason: '广告' })).code).toBe(200);
  });

  it('POST /api/scrip/send: a stranger and a blocked user get the closed inbox, a frozen user the freeze, a banned one 401', async () => {
    const stranger = await person('路人');
    expect(json(await send(stranger, owner))).toEqual(CLOSED);
    expect(json(await send(blocked, owner))).toEqual(CLOSED);
    expect(json(await send(frozen, owner))).toEqual({ code: 403, msg: frozenMsg });
    expect(json(await send(banned, owner))).toEqual({ code: 401, msg: MSG.sessionExpired });
    // The owner's friend still writes.
    await sentId(friend, owner);
  });

  it("DELETE /api/scrip/delete: another user cannot touch the owner's notes; the blocked and the frozen delete theirs; a banned one gets 401", async () => {
    const ownersNote = (await page(owner, friend)).records[0].scripId as number;
    expect(json(await other.call('DELETE', `/api/scrip/delete?scripId=${ownersNote}`))).toEqual({ code: 404, msg: SCRIP_MSG.notFound });
    expect((await page(owner, friend)).records[0].scripId).toBe(ownersNote);
    for (const m of [blocked, frozen]) {
      const note = (await page(m, owner)).records[0].scripId;
      expect(json(await m.call('DELETE', `/api/scrip/delete?scripId=${note}`))).toEqual({ code: 200, msg: SCRIP_MSG.deleted });
      // Only for them: the owner still sees it.
      expect((await page(owner, m)).records.map((n: { scripId: number }) => n.scripId)).toContain(note);
    }
    const bannedNote = (await t.pool.query('SELECT id FROM scrips WHERE to_uid = $1 LIMIT 1', [banned.uid])).rows[0].id;
    expect((await banned.call('DELETE', `/api/scrip/delete?scripId=${bannedNote}`)).statusCode).toBe(401);
  });

  it("DELETE /api/scrip/thread: another user's call clears only their own (none here); the blocked and the frozen clear theirs; a banned one gets 401", async () => {
    expect(json(await other.call('DELETE', `/api/scrip/thread?uid=${friend.uid}`))).toEqual({ code: 404, msg: SCRIP_MSG.notFound });
    expect((await page(owner, friend)).total).toBeGreaterThan(0);
    for (const m of [blocked, frozen]) {
      expect(json(await m.call('DELETE', `/api/scrip/thread?uid=${owner.uid}`))).toEqual({ code: 200, msg: SCRIP_MSG.threadDeleted });
      expect((await page(m, owner)).total).toBe(0);
      expect((await page(owner, m)).total).toBeGreaterThan(0);
    }
    expect((await banned.call('DELETE', `/api/scrip/thread?uid=${owner.uid}`)).statusCode).toBe(401);
  });

  it('a frozen user still reads their conversations and their count', async () => {
    await sentId(owner, frozen, '冻结期间收到的');
    expect(await unread(frozen)).toBe(1);
    expect((await page(frozen, owner)).records[0].content).toBe('冻结期间收到的');
    expect(await unread(frozen)).toBe(0);
  });
});

describe('ARCHIVE_MODE=1', () => {
  it('reads, writes nothing when a conversation is opened, and refuses every mutating route', async () => {
    const a = await person('存档甲');
    const b = await person('存档乙');
    await friends(a, b);
    const note = await sentId(a, b, '存档前');
    await inArchiveMode(t, async (archive) => {
      const [ra, rb] = [await as(a.uid, archive), await as(b.uid, archive)];
      expect(json(await rb.call('GET', '/api/count/getscrip')).data.count).toBe(1);
      const read = json(await rb.call('GET', `/api/scrip/thread/${a.uid}?pageNum=1`)).data;
      expect(read.records.map((n: { content: string }) => n.content)).toEqual(['存档前']);
      expect(json(await rb.call('GET', '/api/count/getscrip')).data.count).toBe(1);
      expect((await rb.call('GET', '/api/scrip/threads?pageNum=1')).statusCode).toBe(200);
      const closed = { code: 403, msg: ARCHIVE_MSG };
      expect(json(await ra.call('POST', '/api/scrip/send', { toUid: b.uid, content: '存档后' }))).toEqual(closed);
      expect(json(await rb.call('DELETE', `/api/scrip/delete?scripId=${note}`))).toEqual(closed);
      expect(json(await rb.call('DELETE', `/api/scrip/thread?uid=${a.uid}`))).toEqual(closed);
    });
  });
});
