/**
 * GET /api/live/stream over a real socket (docs/api.md "Live updates"):
 * who gets which event, what never reaches whom, the stream's headers, heartbeat, limits and end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_USER, type LiveEvent } from '@xiaoba/shared/core';
import { TokenSigner } from '../../api/auth/tokens';
import { addSystemNotice } from '../moderation';
import { ARCHIVE_MSG } from '../../api/http/archive';
import { MSG } from '../../api/http/errors';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import { member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { LIVE_ERROR } from './routes';
import { openStream, type OpenedStream } from './test-stream';

const HEARTBEAT_MS = 300;
const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

let t: TestApp;
let base: string;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  t = await startTestApp({ ...NO_POST_LIMITS, liveHeartbeatMs: HEARTBEAT_MS, rateLimits: { user: 0, anon: 0, register: 0 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

async function open(who: Member | string | null, headers: Record<string, string> = {}): Promise<OpenedStream> {
  const token = who === null ? null : typeof who === 'string' ? who : who.token;
  const s = await openStream(base, token, headers);
  opened.push(s);
  return s;
}

/** An open stream that got its hello. */
async function listening(m: Member): Promise<OpenedStream> {
  const s = await open(m);
  expect(s.status).toBe(200);
  await s.next((e) => e.type === 'hello');
  return s;
}

const postYy = async (m: Member, content = `yy ${Math.random()}`): Promise<number> => {
  const res = await m.call('POST', '/api/yy/createyy', { content });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.weiboId as number;
};

const isYy = (weiboId: number) => (e: LiveEvent) => e.type === 'yy' && e.weiboId === weiboId;
const notices = (s: OpenedStream) => s.events.filter((e) => e.type === 'notice');
const yys = (s: OpenedStream) => s.events.filter((e) => e.type === 'yy');

/** A yy every listening stream gets (a marker): events before it in a stream came before it on the channel. */
async function marker(streams: OpenedStream[]): Promise<void> {
  const poster = await member(t, '路人');
  const id = await postYy(poster, '标记');
  await Promise.all(streams.map((s) => s.next(isYy(id))));
}

describe('GET /api/live/stream', () => {
  it('answers 401 without a token or with an expired one, as every signed-in call', async () => {
    const none = await open(null);
    expect(none.status).toBe(401);
    expect(none.refusal).toEqual({ code: 401, msg: MSG.needLogin });
    const expired = await open(await signer.signAccess(1, -10));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('x-error-type')).toBe('access');
  });

  it('is an uncompressed, unbuffered event stream that starts with hello', async () => {
    const a = await member(t, '甲');
    const s = await open(a, { 'accept-encoding': 'br, gzip' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('content-security-policy')).toContain("connect-src 'self'");
    await s.next((e) => e.type === 'hello');
    expect(s.events[0]).toEqual({ type: 'hello', uid: a.uid });
  });

  it(`sends a ": ping" comment at least every heartbeat (${HEARTBEAT_MS} ms here)`, async () => {
    const s = await listening(await member(t));
    const start = Date.now();
    await s.until('two pings', () => s.pings >= 2, HEARTBEAT_MS * 6);
    expect(Date.now() - start).toBeLessThan(HEARTBEAT_MS * 4);
  });

  it("a comment on A's yy by B reaches A as notice comment, never B nor another user", async () => {
    const [a, b, c] = [await member(t, '甲'), await member(t, '乙'), await member(t, '丙')];
    const [sa, sb, sc] = [await listening(a), await listening(b), await listening(c)];
    // 甲 already holds the first yy's medal: the post below leaves no medal notice (a system one).
    await t.pool.query(`INSERT INTO user_medals (uid, medal, earned_at) VALUES ($1, 'newbie', now())`, [a.uid]);
    const weiboId = await postYy(a, '等评论');
    const res = await b.call('POST', '/api/comment/add', { weiboId, content: '评论一下' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sa.next((e) => e.type === 'notice')).toEqual({ type: 'notice', kind: 'comment' });
    await marker([sa, sb, sc]);
    expect(notices(sa)).toHaveLength(1);
    expect(notices(sb)).toEqual([]);
    expect(notices(sc)).toEqual([]);
    // A reply to B's comment by A: B's notice, not A's.
    const commentId = res.json().data.commentId as number;
    const reply = await a.call('POST', '/api/comment/add', { weiboId, content: '回复你', replyCommentId: commentId, replyUid: b.uid });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await sb.next((e) => e.type === 'notice')).toEqual({ type: 'notice', kind: 'comment' });
    await marker([sa, sb, sc]);
    expect(notices(sa)).toHaveLength(1);
    expect(notices(sc)).toEqual([]);
  });

  it('a follow reaches the followee as notice fan; a system notice as notice system', async () => {
    const [a, b] = [await member(t, '甲'), await member(t, '乙')];
    const [sa, sb] = [await listening(a), await listening(b)];
    expect((await b.call('POST', '/api/follow/add', { uid: a.uid })).statusCode).toBe(200);
    expect(await sa.next((e) => e.type === 'notice')).toEqual({ type: 'notice', kind: 'fan' });
    await addSystemNotice(t.pool, b.uid, 'warning', '请遵守规则');
    expect(await sb.next((e) => e.type === 'notice')).toEqual({ type: 'notice', kind: 'system' });
    await marker([sa, sb]);
    expect(notices(sa)).toEqual([{ type: 'notice', kind: 'fan' }]);
    expect(notices(sb)).toEqual([{ type: 'notice', kind: 'system' }]);
  });

  it("a yy reaches others with following per stream; not the author's own stream, nor either side of a block", async () => {
    const [author, fan, other, blocker, blockedByAuthor] = (await Promise.all(['作者', '粉丝', '路人甲', '拉黑者', '被拉黑'].map((n) => member(t, n)))) as [
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    expect((await fan.call('POST', '/api/follow/add', { uid: author.uid })).statusCode).toBe(200);
    expect((await blocker.call('POST', '/api/block/add', { uid: author.uid })).statusCode).toBe(200);
    expect((await author.call('POST', '/api/block/add', { uid: blockedByAuthor.uid })).statusCode).toBe(200);
    const sAuthor = await listening(author);
    const sFan = await listening(fan);
    const sOther = await listening(other);
    const sBlocker = await listening(blocker);
    const sBlocked = await listening(blockedByAuthor);
    // Two streams of the fan (two tabs): both get it.
    const sFan2 = await listening(fan);

    const weiboId = await postYy(author, '新yy');
    expect(await sFan.next(isYy(weiboId))).toEqual({ type: 'yy', weiboId, uid: author.uid, following: true });
    expect(await sFan2.next(isYy(weiboId))).toEqual({ type: 'yy', weiboId, uid: author.uid, following: true });
    expect(await sOther.next(isYy(weiboId))).toEqual({ type: 'yy', weiboId, uid: author.uid, following: false });
    await marker([sAuthor, sFan, sOther, sBlocker, sBlocked]);
    for (const s of [sAuthor, sBlocker, sBlocked]) expect(yys(s).filter((e) => e.type === 'yy' && e.uid === author.uid)).toEqual([]);

    // A repost is a new yy in the feeds too.
    const repost = await author.call('POST', '/api/yy/createyy', { content: '转发', transpondId: weiboId });
    expect(repost.statusCode, repost.body).toBe(200);
    await sOther.next(isYy(repost.json().data.weiboId as number));
  });

  it('a rolled-back write emits nothing; an imported yy emits nothing', async () => {
    const [a, b] = [await member(t, '甲'), await member(t, '乙')];
    const sa = await listening(a);
    const client = await t.pool.connect();
    let rolledBack: number;
    try {
      await client.query('BEGIN');
      rolledBack = (await client.query<{ id: number }>(`INSERT INTO yy (uid, content) VALUES ($1, '撤回') RETURNING weibo_id AS id`, [b.uid])).rows[0]!.id;
      await client.query(`INSERT INTO system_notices (uid, kind, text) VALUES ($1, 'warning', '撤回')`, [a.uid]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const imported = (
      await t.pool.query<{ id: number }>(`INSERT INTO yy (uid, content, origin) VALUES ($1, '导入的', 'elsewhere:1') RETURNING weibo_id AS id`, [b.uid])
    ).rows[0]!.id;
    await marker([sa]);
    expect(sa.events.some(isYy(rolledBack!))).toBe(false);
    expect(sa.events.some(isYy(imported))).toBe(false);
    expect(notices(sa)).toEqual([]);
  });

  it(`answers 429 to a user's stream beyond ${LIVE_STREAMS_PER_USER}, and takes one again once one is closed`, async () => {
    const a = await member(t, '多开');
    const streams = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER }, () => listening(a)));
    const refused = await open(a);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toEqual({ code: 429, msg: LIVE_ERROR.tooManyStreams });
    // Another user is not affected.
    expect((await open(await member(t))).status).toBe(200);
    streams[0]!.close();
    await expect.poll(async () => (await open(a)).status, { timeout: 3_000 }).toBe(200);
  });

  it('HEAD answers the headers and holds no stream (no slot of the limit)', async () => {
    const a = await member(t, '探头');
    for (let i = 0; i < LIVE_STREAMS_PER_USER + 1; i++) {
      const res = await t.app.inject({ method: 'HEAD', url: '/api/live/stream', headers: { authorization: `Bearer ${a.token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    }
    expect((await open(a)).status).toBe(200);
  });

  it('ends the stream when the access token expires', async () => {
    const a = await member(t);
    const s = await open(await signer.signAccess(a.uid, 2));
    expect(s.status).toBe(200);
    const start = Date.now();
    await s.until('the end of the stream', () => s.hasEnded(), 4_000);
    expect(Date.now() - start).toBeLessThan(3_500);
    expect(s.events[0]).toEqual({ type: 'hello', uid: a.uid });
  });

  it("a ban ends the user's streams at once, and the next one is refused", async () => {
    const a = await member(t, '将被封');
    const s = await listening(a);
    await t.pool.query(`UPDATE users SET banned_at = now(), ban_reason = '测试' WHERE uid = $1`, [a.uid]);
    await s.until('the end of the stream', () => s.hasEnded(), 3_000);
    await expect.poll(async () => (await open(a)).status, { timeout: 8_000, interval: 500 }).toBe(401);
  });

  it('after the LISTEN connection is lost it listens again, says hello to every stream, and events flow', async () => {
    const [a, b] = [await member(t, '甲'), await member(t, '乙')];
    const sa = await listening(a);
    const pid = (
      await t.pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'xiaoba-live' AND datname = current_database()`)
    ).rows;
    expect(pid).toHaveLength(1);
    await t.pool.query('SELECT pg_terminate_backend($1)', [pid[0]!.pid]);
    await sa.until('a second hello', () => sa.events.filter((e) => e.type === 'hello').length === 2, 8_000);
    const weiboId = await postYy(b);
    await sa.next(isYy(weiboId));
  });
});

describe('shutdown, the general limit and archive mode (apps of their own)', () => {
  it('app.close() ends open streams and does not hang', async () => {
    const own = await startTestApp({ liveHeartbeatMs: 60_000 });
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await member(own, '甲');
    const s = await openStream(url, a.token);
    await s.next((e) => e.type === 'hello');
    const start = Date.now();
    await own.close();
    expect(Date.now() - start).toBeLessThan(5_000);
    await s.until('the end of the stream', () => s.hasEnded(), 1_000);
  });

  it('opening a stream counts against the general per-user limit like any read', async () => {
    const own = await startTestApp({ rateLimits: { user: 2, anon: 0, register: 0 } });
    try {
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await member(own);
      const [first, second, third] = [await openStream(url, a.token), await openStream(url, a.token), await openStream(url, a.token)];
      expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
      expect(third.refusal).toEqual({ code: 429, msg: MSG.tooManyRequests });
      first.close();
      second.close();
    } finally {
      await own.close();
    }
  });

  it('in archive mode no stream is offered (403), and no LISTEN connection is made', async () => {
    const own = await startTestApp({ archiveMode: true });
    try {
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await member(own);
      const s = await openStream(url, a.token);
      expect(s.status).toBe(403);
      expect(s.refusal).toEqual({ code: 403, msg: ARCHIVE_MSG });
      const { rows } = await own.pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'xiaoba-live' AND datname = current_database()`);
      expect(rows).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
