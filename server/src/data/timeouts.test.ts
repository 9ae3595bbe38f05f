/**
 * Every wait on PostgreSQL is bounded (docs/security.md "Abuse resistance"): a request stuck behind
 * another connection's lock, behind a full pool or in a long statement answers 503 with Retry-After
 * within its bound instead of hanging; a transaction left idle is ended; and ten slow import
 * uploads hold no connection while their bytes trickle in.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { DEFAULT_DB_TIMEOUTS, loadConfig, type DbTimeouts } from '../config';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy, MSG } from '../api/http/errors';
import { createTestDatabase, json, testConfig, type TestApp } from '../test/helpers';
import { member, NO_POST_LIMITS, type Member } from '../test/yy';
import { createPool, withTransaction } from './pool';

// Short bounds so the test runs fast; the defaults are checked separately below.
const BOUNDS: DbTimeouts = { statementMs: 800, lockMs: 400, idleInTransactionMs: 600, acquireMs: 400, longStatementMs: 5000 };
// What "within the bound" allows on a loaded machine on top of the bound itself. The holders (a row lock, the pool's connections, pg_sleep(30)) never let go before the answer comes,
// so a 503 at all shows the bound fired; the upper bound only tells it from a wait of another kind,
// with room for a CI machine running two test tiers at once (one run took 2.0 s for a 0.4 s bound).
const SLACK_MS = 5000;
// Today's code has no bounds: a request is called hung when it has not answered by then.
const HUNG_AFTER_MS = 6000;

let t: TestApp;
let dbUrl: string;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  const db = await createTestDatabase();
  dbUrl = db.url;
  const config = testConfig({ ...NO_POST_LIMITS, db: BOUNDS });
  // The API's own pool size (main.ts): ten connections.
  const pool = createPool(db.url, 10, config.db);
  const app = await buildApp({ config, pool });
  // Stands in for any query that runs too long (a plan gone wrong, a huge table scan).
  app.get('/api/test/slow-statement', async () => {
    await pool.query('SELECT pg_sleep(30)');
    return { code: 200, msg: 'done' };
  });
  t = {
    app,
    pool,
    config,
    close: async () => {
      await app.close();
      await pool.end();
      await db.drop();
    },
  };
  alice = await member(t, '小爱');
  bob = await member(t, '小波');
});

afterAll(async () => {
  await t?.close();
});

/** The answer and how long it took, or 'hung' when there is none after HUNG_AFTER_MS. */
async function timed(call: Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse | 'hung'; ms: number }> {
  const started = Date.now();
  const res = await Promise.race([call, sleep(HUNG_AFTER_MS).then(() => 'hung' as const)]);
  return { res, ms: Date.now() - started };
}

function expectBusy(res: LightMyRequestResponse | 'hung'): void {
  expect(res).not.toBe('hung');
  const answer = res as LightMyRequestResponse;
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
  expect(json(answer)).toEqual({ code: 503, msg: MSG.busy });
}

/** Another connection (not the API's pool) holding the row lock every createyy needs. */
async function holdSiteCounterLock(): Promise<pg.Client> {
  const holder = new pg.Client(dbUrl);
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query(`UPDATE site_counters SET value = value WHERE name = 'yy'`);
  return holder;
}

describe('PostgreSQL bounds', () => {
  it('has documented defaults, each settable by its environment variable', () => {
    expect(loadConfig({}).db).toEqual(DEFAULT_DB_TIMEOUTS);
    expect(DEFAULT_DB_TIMEOUTS).toEqual({ statementMs: 5000, lockMs: 3000, idleInTransactionMs: 10_000, acquireMs: 3000, longStatementMs: 600_000 });
    const env = {
      PG_STATEMENT_TIMEOUT_MS: '7000',
      PG_LOCK_TIMEOUT_MS: '0',
      PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '20000',
      PG_ACQUIRE_TIMEOUT_MS: '1000',
      PG_LONG_STATEMENT_TIMEOUT_MS: '0',
    };
    expect(loadConfig(env).db).toEqual({ statementMs: 7000, lockMs: 0, idleInTransactionMs: 20_000, acquireMs: 1000, longStatementMs: 0 });
    // Waiting for a connection is always bounded.
    expect(() => loadConfig({ PG_ACQUIRE_TIMEOUT_MS: '0' })).toThrow(/PG_ACQUIRE_TIMEOUT_MS/);
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
  });

  it('a post waiting on a row lock held by another connection answers 503 with Retry-After within the lock bound', async () => {
    const holder = await holdSiteCounterLock();
    let waited: Awaited<ReturnType<typeof timed>>;
    try {
      waited = await timed(alice.call('POST', '/api/yy/createyy', { content: '排队等锁' }));
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expectBusy(waited.res);
    expect(waited.ms).toBeGreaterThanOrEqual(BOUNDS.lockMs - 50);
    expect(waited.ms).toBeLessThan(BOUNDS.lockMs + SLACK_MS);
    // Nothing was half-written: the same post goes through once the lock is free.
    expect((await alice.call('POST', '/api/yy/createyy', { content: '排队等锁' })).statusCode).toBe(200);
  });

  it('a request finding every pool connection checked out answers 503 within the acquire bound', async () => {
    const held = await Promise.all(Array.from({ length: 10 }, () => t.pool.connect()));
    let waited: Awaited<ReturnType<typeof timed>>;
    try {
      waited = await timed(bob.call('GET', '/api/yy/getyy?pageNum=1'));
    } finally {
      for (const client of held) client.release();
    }
    expectBusy(waited.res);
    expect(waited.ms).toBeLessThan(BOUNDS.acquireMs + SLACK_MS);
    expect((await bob.call('GET', '/api/yy/getyy?pageNum=1')).statusCode).toBe(200);
  });

  it('a statement running past the statement bound is cancelled and its request answers 503', async () => {
    const waited = await timed(bob.call('GET', '/api/test/slow-statement'));
    expectBusy(waited.res);
    expect(waited.ms).toBeGreaterThanOrEqual(BOUNDS.statementMs - 50);
    expect(waited.ms).toBeLessThan(BOUNDS.statementMs + SLACK_MS);
    // PostgreSQL itself cancelled it (query_canceled), not only the request. The request's answer and
    // the server's own cancel land at the same bound: on a busy machine the backend may still show
    // the statement for a moment, so it is asked until it is gone (a 30 s sleep left running never is).
    await vi.waitFor(
      async () => {
        const { rows } = await t.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'`,
        );
        expect(rows[0]!.n).toBe(0);
      },
      { timeout: 3000, interval: 100 },
    );
  });

  it('a transaction left idle past its bound is ended: its locks go, its holder fails with a 503 error, the process lives on', async () => {
    let idleEnded: unknown = null;
    await withTransaction(t.pool, async (db) => {
      await db.query(`UPDATE site_counters SET value = value WHERE name = 'yy'`);
      await sleep(BOUNDS.idleInTransactionMs + 700);
      await db.query('SELECT 1');
    }).catch((error: unknown) => {
      idleEnded = error;
    });
    expect(idleEnded).not.toBeNull();
    expect(isDatabaseBusy(idleEnded)).toBe(true);
    // The lock went with the session: posting works.
    expect((await alice.call('POST', '/api/yy/createyy', { content: '锁已释放' })).statusCode).toBe(200);
  });

  it('longer per-transaction bounds replace the connection ones (export prepare, import, migrations)', async () => {
    const slept = await withTransaction(t.pool, async (db) => (await db.query('SELECT pg_sleep(1.2), 1 AS ok')).rows[0].ok, {
      statementMs: BOUNDS.longStatementMs,
    });
    expect(slept).toBe(1);
    // Only inside that transaction: the connection's bound is back afterwards.
    await expect(t.pool.query('SELECT pg_sleep(1.2)')).rejects.toMatchObject({ code: '57014' });
  });
});

describe('POST /api/import reads the upload before it takes a connection', () => {
  it('ten uploads stalled after a few bytes do not keep other users from being answered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const uploaders = await Promise.all(Array.from({ length: 10 }, (_, i) => member(t, `慢慢传${i}`)));
    const boundary = '----xbslow';
    const stalled: ClientRequest[] = uploaders.map((m) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/import',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 50_000_000 },
      });
      req.on('error', () => {});
      // The part's head and the ZIP's first bytes, then nothing more.
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.zip"\r\nContent-Type: application/zip\r\n\r\nPK\x03\x04`);
      return req;
    });
    try {
      await sleep(500); // every upload has reached its handler
      const waited = await timed(bob.call('GET', '/api/yy/getyy?pageNum=1'));
      expect(waited.res).not.toBe('hung');
      expect((waited.res as LightMyRequestResponse).statusCode).toBe(200);
      expect(waited.ms).toBeLessThan(BOUNDS.acquireMs);
      // A write, which needs a transaction, too.
      expect((await alice.call('POST', '/api/yy/createyy', { content: '上传卡住也能发' })).statusCode).toBe(200);
    } finally {
      for (const req of stalled) req.destroy();
    }
  });
});
