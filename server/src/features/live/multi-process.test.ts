/**
 * Live updates across two API processes on one PostgreSQL (docs/api.md "Live updates"):
 * what is written through process A reaches a stream held by process B, through PostgreSQL's
 * NOTIFY, and a process asked to stop (SIGTERM) ends its streams and exits without waiting for them.
 * The processes are src/main.ts bundled like build.mjs and started side by side by
 * test/server-process.ts's startServerPair, as in src/multi-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@xiaoba/shared/core';
import { TokenSigner } from '../../api/auth/tokens';
import { createPool, type Pool } from '../../data/pool';
import { createTestDatabase } from '../../test/helpers';
import { bundleServer, PAIR_JWT_SECRET, startServerPair, type ServerProcess } from '../../test/server-process';
import { createUser } from '../../test/users';
import { openStream, type OpenedStream } from './test-stream';

const HEARTBEAT_MS = 500;
const signer = new TokenSigner(new TextEncoder().encode(PAIR_JWT_SECRET));

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
let bundle: Awaited<ReturnType<typeof bundleServer>>;
const streams: OpenedStream[] = [];
let a: ServerProcess;
let b: ServerProcess;
let stopPair: (() => Promise<void>) | undefined;

beforeAll(async () => {
  [db, bundle] = await Promise.all([createTestDatabase(), bundleServer('live-multi-process')]);
  pool = createPool(db.url);
  ({
    a,
    b,
    stop: stopPair,
  } = await startServerPair(bundle.script, {
    tag: 'live',
    env: { DATABASE_URL: db.url, LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) },
  }));
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await stopPair?.();
  await pool?.end();
  await db?.drop();
  bundle?.remove();
}, 60_000);

async function member(name: string): Promise<{ uid: number; token: string }> {
  const { uid } = await createUser(pool, { name });
  return { uid, token: await signer.signAccess(uid, 900) };
}

async function call(server: ServerProcess, url: string, token: string, json: unknown): Promise<{ status: number; data: any }> {
  const res = await fetch(server.url + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: unknown };
  return { status: res.status, data: body.data };
}

async function listen(server: ServerProcess, token: string): Promise<OpenedStream> {
  const s = await openStream(server.url, token);
  streams.push(s);
  expect(s.status).toBe(200);
  await s.next((e) => e.type === 'hello');
  return s;
}

describe('live updates across two API processes', () => {
  it('a yy, a comment and a follow written through A reach the streams held by B (and by A)', async () => {
    const [author, fan, reader] = [await member('作者'), await member('粉丝'), await member('读者')];
    expect((await call(a, '/api/follow/add', fan.token, { uid: author.uid })).status).toBe(200);
    const onB = { author: await listen(b, author.token), fan: await listen(b, fan.token), reader: await listen(b, reader.token) };
    const readerOnA = await listen(a, reader.token);
    // The author already holds the first yy's medal: the post below leaves no medal notice (a system one).
    await pool.query(`INSERT INTO user_medals (uid, medal, earned_at) VALUES ($1, 'newbie', now())`, [author.uid]);

    const posted = await call(a, '/api/yy/createyy', author.token, { content: '从A发的yy' });
    expect(posted.status).toBe(200);
    const weiboId = posted.data.weiboId as number;
    const isIt = (e: LiveEvent) => e.type === 'yy' && e.weiboId === weiboId;
    expect(await onB.fan.next(isIt)).toEqual({ type: 'yy', weiboId, uid: author.uid, following: true });
    expect(await onB.reader.next(isIt)).toEqual({ type: 'yy', weiboId, uid: author.uid, following: false });
    expect(await readerOnA.next(isIt)).toEqual({ type: 'yy', weiboId, uid: author.uid, following: false });

    expect((await call(a, '/api/comment/add', reader.token, { weiboId, content: '从A来的评论' })).status).toBe(200);
    expect(await onB.author.next((e) => e.type === 'notice')).toEqual({ type: 'notice', kind: 'comment' });
    expect((await call(a, '/api/follow/add', reader.token, { uid: author.uid })).status).toBe(200);
    expect(await onB.author.next((e) => e.type === 'notice' && e.kind === 'fan')).toEqual({ type: 'notice', kind: 'fan' });

    // The author's own stream never got their yy; pings arrive on B at the configured interval.
    expect(onB.author.events.some(isIt)).toBe(false);
    await onB.reader.until('a ping from B', () => onB.reader.pings > 0, HEARTBEAT_MS * 4);
  });

  it('SIGTERM ends the open streams and the process exits without waiting for them', async () => {
    const user = await member('关机时在线');
    const s = await listen(a, user.token);
    const start = Date.now();
    a.child.kill('SIGTERM');
    await s.until('the end of the stream', () => s.hasEnded(), 10_000);
    expect(await a.exited).toBe(0);
    // Far below main.ts's 25 s drain bound: the stream did not hold the shutdown.
    expect(Date.now() - start).toBeLessThan(10_000);
  });
});
