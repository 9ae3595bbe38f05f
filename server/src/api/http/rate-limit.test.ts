import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../app';
import { cookieFrom, json, startTestApp, type TestApp } from '../../test/helpers';
import { member } from '../../test/yy';
import { loadConfig } from '../../config';
import type { TokenSigner } from '../auth/tokens';
import { RateLimiter, TOKEN_KEY_CHARS } from './rate-limit';

const anonymous = (app: FastifyInstance, address = '127.0.0.1') => app.inject({ method: 'GET', url: '/api/user/checkcookie', remoteAddress: address });

const statuses = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);

// Counts start afresh each clock minute: a test never starts in a minute's last 5 seconds.
beforeEach(async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
});

async function times(n: number, call: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < n; i++) answers.push(await call());
  return answers;
}

describe('the general /api limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { user: 4, anon: 3, register: 0 } });
  });
  afterAll(() => t.close());

  it('counts anonymous calls per address: past RATE_LIMIT_ANON a minute, 429 in the envelope with Retry-After', async () => {
    const answers = await times(4, () => anonymous(t.app, '10.0.0.1'));
    expect(statuses(answers)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('3');
    expect(answers[2]!.headers['x-ratelimit-remaining']).toBe('0');
    const refused = answers[3]!;
    expect(json(refused)).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Another address is counted on its own.
    expect((await anonymous(t.app, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts signed-in calls per user, whatever the address, and apart from the address', async () => {
    const alice = await member(t, '小爱');
    const bob = await member(t, '小波');
    const getinfo = (token: string, address: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/getinfo', headers: { authorization: `Bearer ${token}` }, remoteAddress: address });
    // Alice from five addresses: the fifth call is over her 4.
    const answers = await times(
      5,
      (() => {
        let i = 0;
        return () => getinfo(alice.token, `10.1.0.${++i}`);
      })(),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429]);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('4');
    // Bob behind Alice's last address, and an anonymous call from it, are not affected.
    expect((await getinfo(bob.token, '10.1.0.5')).statusCode).toBe(200);
    expect((await anonymous(t.app, '10.1.0.5')).statusCode).toBe(200);
  });

  it('counts a call with an invalid token by its address', async () => {
    const bad = () =>
      t.app.inject({ method: 'GET', url: '/api/user/getinfo', headers: { authorization: 'Bearer forged.token.here' }, remoteAddress: '10.2.0.1' });
    expect(statuses(await times(4, bad))).toEqual([401, 401, 401, 429]);
  });

  it('does not limit the site itself (pages, files)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/remotes.json', remoteAddress: '10.0.0.1' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('TRUST_PROXY=1: the address is the one the nearest proxy saw', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: true, rateLimits: { user: 0, anon: 2, register: 0 } });
  });
  afterAll(() => t.close());

  it('a client cannot choose its own address with X-Forwarded-For entries of its own', async () => {
    // nginx's $proxy_add_x_forwarded_for appends the real address (10.7.0.1) after what the client sent.
    const spoofed = (i: number) =>
      t.app.inject({ method: 'GET', url: '/api/user/checkcookie', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}, 10.7.0.1` } });
    expect(
      statuses(
        await times(
          3,
          (() => {
            let i = 0;
            return () => spoofed(++i);
          })(),
        ),
      ),
    ).toEqual([200, 200, 429]);
    // Another real address behind the same proxy is counted on its own.
    const other = await t.app.inject({ method: 'GET', url: '/api/user/checkcookie', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.7.0.2' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('RATE_LIMIT_USER=0 and RATE_LIMIT_ANON=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { user: 0, anon: 0, register: 0 } });
  });
  afterAll(() => t.close());

  it('turn the limit off (for benchmarks): no 429, no rate headers', async () => {
    const answers = await times(50, () => anonymous(t.app));
    expect(new Set(statuses(answers))).toEqual(new Set([200]));
    expect(answers[0]!.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('two API processes on one database', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { user: 10, anon: 10, register: 0 } });
    // A second app with its own counter, as another process would have, on the same database.
    other = await buildApp({ config: t.config, pool: t.pool });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('share the count through PostgreSQL once each has flushed', async () => {
    expect(statuses(await times(6, () => anonymous(t.app, '10.9.0.1')))).toEqual(Array(6).fill(200));
    await t.app.rateLimiter.flush();
    // The other process learns the 6 at its first flush after it sees the address.
    expect((await anonymous(other, '10.9.0.1')).statusCode).toBe(200);
    await other.rateLimiter.flush();
    expect(statuses(await times(4, () => anonymous(other, '10.9.0.1')))).toEqual([200, 200, 200, 429]);
    // 6 + 1 + 3 = 10. The first process still knows 6 (idle keys are not re-read every second):
    // it accepts one more (the documented overshoot, bounded by one flush interval), learns the
    // total at its next flush, and refuses from then on.
    await other.rateLimiter.flush();
    expect((await anonymous(t.app, '10.9.0.1')).statusCode).toBe(200);
    await t.app.rateLimiter.flush();
    expect((await anonymous(t.app, '10.9.0.1')).statusCode).toBe(429);
    const { rows } = await t.pool.query<{ hits: number }>(`SELECT hits FROM rate_limit_counts WHERE bucket = 'a:10.9.0.1'`);
    expect(rows).toEqual([{ hits: 11 }]);
  });
});

describe('RateLimiter', () => {
  let t: TestApp;
  let limiter: RateLimiter | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await limiter?.stop();
  });
  afterAll(() => t.close());

  it('starts afresh each clock minute', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 30);
    limiter = new RateLimiter(t.pool, { user: 2, anon: 2 }, pino({ enabled: false }), () => now);
    expect([1, 2, 3].map(() => limiter!.hit('x', 2).allowed)).toEqual([true, true, false]);
    expect(limiter.hit('x', 2).resetSeconds).toBe(30);
    now += 30_000;
    expect(limiter.hit('x', 2).allowed).toBe(true);
  });

  it('keeps counting locally while the database is unreachable, and adds the counts later', async () => {
    const now = Date.UTC(2026, 0, 1, 11, 0, 0);
    let down = true;
    const flaky = {
      query: (...args: Parameters<typeof t.pool.query>) => (down ? Promise.reject(new Error('connection refused')) : t.pool.query(...args)),
    } as unknown as typeof t.pool;
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line).msg) });
    limiter = new RateLimiter(flaky, { user: 5, anon: 5 }, log, () => now);
    for (let i = 0; i < 3; i++) limiter.hit('flaky', 5);
    await limiter.flush();
    await limiter.flush();
    // One warning per outage, not one a second.
    expect(logged).toEqual(['rate limit counts could not be shared; each process limits alone until they can']);
    expect(limiter.hit('flaky', 5).remaining).toBe(1);
    down = false;
    await limiter.flush();
    const { rows } = await t.pool.query<{ hits: number }>(`SELECT hits FROM rate_limit_counts WHERE bucket = 'a:flaky' AND window_start = $1`, [
      Math.floor(now / 60_000),
    ]);
    expect(rows).toEqual([{ hits: 4 }]);
    expect(logged.at(-1)).toBe('rate limit counts are shared again');
    expect(limiter.hit('flaky', 5).allowed).toBe(true);
    expect(limiter.hit('flaky', 5).allowed).toBe(false);
  });

  it('counts the hits a running flush has sent: requests answered while its query runs cannot pass the limit', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 10);
    // The flush's query waits until released, as a slow round trip to PostgreSQL would.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = {
      query: async (...args: Parameters<typeof t.pool.query>) => {
        await gate;
        return t.pool.query(...args);
      },
    } as unknown as typeof t.pool;
    limiter = new RateLimiter(slow, { user: 5, anon: 5 }, pino({ enabled: false }), () => now);
    expect([1, 2, 3].map(() => limiter!.hit('mid-flush', 5).allowed)).toEqual([true, true, true]);
    const flushing = limiter.flush();
    const meanwhile = [1, 2, 3].map(() => limiter!.hit('mid-flush', 5).allowed);
    release();
    await flushing;
    // The 3 sent hits still count while their query runs: 2 more, then 429.
    expect(meanwhile).toEqual([true, true, false]);
    // The total read back (3) and the 2 accepted meanwhile: still full, not counted twice either.
    expect(limiter.hit('mid-flush', 5).allowed).toBe(false);
    await limiter.flush();
    const { rows } = await t.pool.query<{ hits: number }>(`SELECT hits FROM rate_limit_counts WHERE bucket = 'a:mid-flush' AND window_start = $1`, [
      Math.floor(now / 60_000),
    ]);
    expect(rows).toEqual([{ hits: 5 }]);
  });

  it('does not count a flushed hit twice: after the flush, exactly the limit is accepted', async () => {
    const now = Date.UTC(2026, 0, 1, 13, 0, 10);
    limiter = new RateLimiter(t.pool, { user: 4, anon: 4 }, pino({ enabled: false }), () => now);
    expect([1, 2].map(() => limiter!.hit('after-flush', 4).allowed)).toEqual([true, true]);
    await limiter.flush();
    expect([1, 2, 3].map(() => limiter!.hit('after-flush', 4).allowed)).toEqual([true, true, false]);
  });
});

describe('the token cache', () => {
  let t: TestApp;
  let limiter: RateLimiter | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await limiter?.stop();
  });
  afterAll(() => t.close());

  /** A signer that knows two good tokens of user 7 (real verification is tokens.test.ts's). */
  const signer = { accessUid: (token: string) => (token === 'good-one' || token === 'good-two' ? 7 : null) } as unknown as TokenSigner;
  // gc() on demand: the flag set at run time gives a new context the gc function.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapAfterGc = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };

  it('keeps its memory bounded however many large junk tokens it is sent', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 5);
    limiter = new RateLimiter(t.pool, { user: 1_000_000, anon: 1_000_000 }, pino({ enabled: false }), () => now);
    const before = heapAfterGc();
    // 3,000 different ~16 KB headers: ~48 MB if each were kept as a key.
    for (let i = 0; i < 3_000; i++) {
      const junk = `Bearer ${'x'.repeat(16_000)}.${i}`;
      expect(limiter.check(signer, junk, '10.40.0.1').limit).toBe(1_000_000); // counted as anonymous
    }
    const grown = heapAfterGc() - before;
    expect(grown).toBeLessThan(8 * 1024 * 1024); // measured: ~0.1 MB; 48 MB when raw headers were kept
    expect(limiter.tokenCache).toEqual({ entries: 0, keyChars: 0 });
  });

  it('still counts valid tokens per user, keyed by a small hash whatever the header size', () => {
    const now = Date.UTC(2026, 0, 1, 12, 1, 5);
    limiter = new RateLimiter(t.pool, { user: 3, anon: 100 }, pino({ enabled: false }), () => now);
    const headers = ['Bearer good-one', 'Bearer good-two', `Bearer${' '.repeat(16_000)}good-one`];
    expect(headers.map((h, i) => limiter!.check(signer, h, `10.41.0.${i}`).allowed)).toEqual([true, true, true]);
    // The fourth call of user 7, from a fresh address and a cached token, is over their 3.
    const refused = limiter.check(signer, 'Bearer good-one', '10.41.0.9');
    expect(refused).toMatchObject({ allowed: false, limit: 3 });
    expect(limiter.tokenCache).toEqual({ entries: 3, keyChars: 3 * TOKEN_KEY_CHARS });
    // An address with no token is counted on its own.
    expect(limiter.check(signer, undefined, '10.41.0.9')).toMatchObject({ allowed: true, limit: 100 });
  });
});

describe('RATE_LIMIT_REGISTER', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { user: 0, anon: 0, register: 2 } });
    other = await buildApp({ config: t.config, pool: t.pool });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const QUIZ = { name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' };
  const validate = (app: FastifyInstance, email: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/user/valitedRegister', payload: { email, ...QUIZ }, remoteAddress: address });
  const addAccount = (app: FastifyInstance, email: string, ticket: string, address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/addAccount',
      payload: { email, lockedPassword: 'pass1234', uname: '新同学', sex: 1, birthday: '2004-02-29' },
      cookies: { xb_register: ticket },
      remoteAddress: address,
    });
  async function ticket(app: FastifyInstance, email: string, address: string): Promise<string> {
    const res = await validate(app, email, address);
    expect(res.statusCode).toBe(200);
    return cookieFrom(res, 'xb_register')!;
  }

  it('allows RATE_LIMIT_REGISTER accounts an hour per address, in every process, then 注册太频繁了', async () => {
    const address = '10.7.0.1';
    // A ticket taken before the limit is reached does not get past it at step two.
    const early = await ticket(t.app, 'r3@example.com', address);
    expect((await addAccount(t.app, 'r1@example.com', await ticket(t.app, 'r1@example.com', address), address)).statusCode).toBe(200);
    expect((await addAccount(other, 'r2@example.com', await ticket(other, 'r2@example.com', address), address)).statusCode).toBe(200);

    for (const app of [t.app, other]) {
      const refused = await validate(app, 'r4@example.com', address);
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toEqual({ code: 429, msg: '注册太频繁了，请一小时后再试' });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    const late = await addAccount(other, 'r3@example.com', early, address);
    expect(late.statusCode).toBe(429);
    expect(json(late).msg).toBe('注册太频繁了，请一小时后再试');
    const { rows } = await t.pool.query(`SELECT 1 FROM users WHERE email = 'r3@example.com'`);
    expect(rows).toHaveLength(0);

    // Another address registers as usual.
    expect((await addAccount(t.app, 'r5@example.com', await ticket(t.app, 'r5@example.com', '10.7.0.2'), '10.7.0.2')).statusCode).toBe(200);
  });

  it('counts parallel registrations one by one', async () => {
    const address = '10.7.0.9';
    const emails = ['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com'];
    const tickets = await Promise.all(emails.map((e) => ticket(t.app, e, address)));
    const answers = await Promise.all(emails.map((e, i) => addAccount(i % 2 ? other : t.app, e, tickets[i]!, address)));
    expect(statuses(answers).sort()).toEqual([200, 200, 429, 429]);
  });
});

describe('configuration', () => {
  it('reads RATE_LIMIT_USER, RATE_LIMIT_ANON and RATE_LIMIT_REGISTER (defaults 300, 600, 5; 0 turns one off)', () => {
    expect(loadConfig({}).rateLimits).toEqual({ user: 300, anon: 600, register: 5 });
    expect(loadConfig({ RATE_LIMIT_USER: '0', RATE_LIMIT_ANON: '120', RATE_LIMIT_REGISTER: '0' }).rateLimits).toEqual({ user: 0, anon: 120, register: 0 });
  });

  it.each(['-1', 'abc', '1.5', '1000001'])('stops the start for %s, naming the variable', (value) => {
    for (const name of ['RATE_LIMIT_USER', 'RATE_LIMIT_ANON', 'RATE_LIMIT_REGISTER']) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
