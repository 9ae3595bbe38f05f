import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieFrom, json, startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import { createUser, PASSWORD } from '../../test/users';

let t: TestApp;
let user: { uid: number; email: string };

beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t.pool, { email: 'mimi@example.com', name: '米米' });
});
afterAll(() => t.close());
beforeEach(() => t.pool.query('DELETE FROM login_failures'));

const login = (body: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/api/user/login', payload: body as object, remoteAddress: ip });

const withCookie = (method: 'GET' | 'POST', url: string, refresh: string | undefined) =>
  t.app.inject({ method, url, cookies: refresh === undefined ? {} : { xb_refresh: refresh } });

describe('POST /api/user/login', () => {
  it('logs in by 米米号 and answers LoginData with a refresh cookie', async () => {
    const res = await login({ username: String(user.uid), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ code: 200, msg: '登录成功' });
    expect(body.data).toMatchObject({ uid: user.uid, username: '米米', name: '米米', email: user.email, sign: 0, skin: '', birthday: '2000-01-02' });
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data).not.toHaveProperty('password_hash');
    const cookie = res.cookies.find((c) => c.name === 'xb_refresh');
    expect(cookie).toMatchObject({ path: '/api/user', httpOnly: true, sameSite: 'Lax', maxAge: 14 * 86_400 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
  });

  it('sets the page session cookie xb_page beside it: HttpOnly, Path=/, SameSite=Lax, same lifetime', async () => {
    const res = await login({ username: String(user.uid), password: PASSWORD });
    const page = res.cookies.find((c) => c.name === 'xb_page');
    expect(page).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 14 * 86_400 });
    expect(page?.secure).toBeFalsy();
    expect(page?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // It is no access token: a page cookie sent as the bearer is refused.
    const info = await t.app.inject({ url: '/api/user/getinfo', headers: { authorization: `Bearer ${page?.value}` } });
    expect(info.statusCode).toBe(401);
    expect(info.headers['x-error-type']).toBe('access');
  });

  it('marks xb_page Secure when cookies are secure', async () => {
    const secure = await startTestApp({ cookieSecure: true });
    try {
      await createUser(secure.pool, { email: 'secure@example.com' });
      const res = await secure.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'secure@example.com', password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'xb_page')).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await secure.close();
    }
  });

  it('logs in by e-mail in any case, with spaces around the name', async () => {
    const res = await login({ username: '  MiMi@Example.COM ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.uid).toBe(user.uid);
  });

  it('answers 401 米米号或密码错误 without X-Error-Type for a wrong password or an unknown user', async () => {
    for (const username of [String(user.uid), 'nobody@example.com', '999999', '123456789012345678901']) {
      const res = await login({ username, password: 'wrong-pass' });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ code: 401, msg: '米米号或密码错误' });
      expect(res.headers['x-error-type']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each([
    [{}, '请输入米米号'],
    [{ username: '   ', password: 'xxxxxx' }, '请输入米米号'],
    [{ username: '100001' }, '请输入密码'],
    [{ username: '100001', password: '12345' }, '密码长度不能小于6位'],
    [{ username: '100001', password: '12345678901234567' }, '密码长度不能大于16位'],
    [{ username: 100001, password: 'xxxxxx' }, '请求参数有误'],
    [{ username: '100001', password: ['xxxxxx'] }, '请求参数有误'],
    [{ username: `${'a'.repeat(250)}@example.com`, password: 'xxxxxx' }, '米米号或邮箱过长'],
    [[1, 2], '请求参数有误'],
  ])('answers 400 for %j: %s', async (body, msg) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });

  it('answers 400 for malformed JSON, a missing body and a JSON string', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const payload of ['{"username":', '', '"text"']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '请求参数有误' });
    }
  });

  it('answers 413 with a Chinese message for a body that is too large', async () => {
    const res = await login({ username: 'x', password: 'y'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ code: 413, msg: '请求内容过大' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=1&password=2',
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).msg).toMatch(/JSON/);
  });
});

describe('login throttling', () => {
  const wrong = (username: string, ip: string) => login({ username, password: 'wrong-pass' }, ip);

  it('locks an address out of an account after 5 failures, whichever name is typed, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const username = i % 2 ? String(user.uid) : user.email.toUpperCase();
      expect((await wrong(username, '10.1.0.1')).statusCode).toBe(401);
    }
    const locked = await login({ username: String(user.uid), password: PASSWORD }, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toEqual({ code: 429, msg: '登录尝试过于频繁，请 15 分钟后再试' });
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  });

  it('lets the owner in from another address while an attacker keeps failing, and keeps the attacker throttled', async () => {
    const attacker = '10.66.0.1';
    for (let i = 0; i < 5; i++) expect((await wrong(user.email, attacker)).statusCode).toBe(401);
    // One more try every 3 minutes used to keep the account locked for everyone, for good.
    for (let round = 0; round < 3; round++) {
      await t.pool.query(`UPDATE login_failures SET at = at - interval '3 minutes'`);
      expect((await wrong(user.email, attacker)).statusCode).toBe(429);
      const owner = await login({ username: String(user.uid), password: PASSWORD }, `10.77.0.${round}`);
      expect(owner.statusCode).toBe(200);
      expect(json(owner).data.uid).toBe(user.uid);
    }
    // The owner signing in forgave the attacker nothing, not even the right password from there.
    const still = await login({ username: user.email, password: PASSWORD }, attacker);
    expect(still.statusCode).toBe(429);
    expect(json(still).msg).toMatch(/^登录尝试过于频繁，请 \d+ 分钟后再试$/);
    expect(Number(still.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not let one address hold several accounts locked against their owners', async () => {
    const other = await createUser(t.pool, { email: 'second@example.com', name: '二号' });
    const attacker = '10.88.0.1';
    for (const victim of [user.email, other.email]) {
      for (let i = 0; i < 5; i++) expect((await wrong(victim, attacker)).statusCode).toBe(401);
      expect((await wrong(victim, attacker)).statusCode).toBe(429);
    }
    for (const victim of [user.email, other.email]) {
      expect((await login({ username: victim, password: PASSWORD }, '10.88.0.2')).statusCode).toBe(200);
    }
  });

  it('computes the minutes left from the failures still in the window', async () => {
    for (let i = 0; i < 5; i++) await login({ username: user.email, password: 'wrong-pass' });
    // Age the failures: the 5th most recent is now 11 minutes old, so 4 minutes remain.
    await t.pool.query(`UPDATE login_failures SET at = at - interval '11 minutes'`);
    const locked = await login({ username: user.email, password: PASSWORD });
    expect(json(locked).msg).toBe('登录尝试过于频繁，请 4 分钟后再试');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(4 * 60);
    await t.pool.query(`UPDATE login_failures SET at = at - interval '5 minutes'`);
    expect((await login({ username: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("forgives a successful login its own address's failures on the account", async () => {
    for (let i = 0; i < 4; i++) await wrong(user.email, '10.2.0.1');
    expect((await login({ username: user.email, password: PASSWORD }, '10.2.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await wrong(user.email, '10.2.0.1')).statusCode).toBe(401);
    expect((await login({ username: user.email, password: PASSWORD }, '10.2.0.1')).statusCode).toBe(200);
  });

  it('locks a client address after 20 failures over any accounts', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await wrong(`probe${i}@example.com`, '10.9.9.9')).statusCode).toBe(401);
    }
    const res = await login({ username: user.email, password: PASSWORD }, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await login({ username: user.email, password: PASSWORD }, '10.9.9.8')).statusCode).toBe(200);
  });

  it('gives each address one try at an account that 50 failures from many addresses guard, and the owner still gets in', async () => {
    // 49 failures from ten addresses: not yet guarded, a new address gets its 5 tries.
    await t.pool.query(`INSERT INTO login_failures (account, address) SELECT $1, '10.5.0.' || (n % 10) FROM generate_series(1, 49) n`, [`uid:${user.uid}`]);
    expect((await wrong(user.email, '10.5.1.1')).statusCode).toBe(401);
    // That was the 50th: now each further address gets one try a window.
    for (const guesser of ['10.5.1.2', '10.5.1.3']) {
      expect((await wrong(user.email, guesser)).statusCode).toBe(401);
      const locked = await wrong(user.email, guesser);
      expect(locked.statusCode).toBe(429);
      expect(json(locked).msg).toBe('登录尝试过于频繁，请 15 分钟后再试');
    }
    expect((await wrong(user.email, '10.5.1.1')).statusCode).toBe(429);
    expect((await login({ username: user.email, password: PASSWORD }, '10.5.2.1')).statusCode).toBe(200);
    // Once the botnet's failures age out, the guard lifts.
    await t.pool.query(`UPDATE login_failures SET at = at - interval '16 minutes' WHERE address LIKE '10.5.0.%'`);
    expect((await wrong(user.email, '10.5.1.2')).statusCode).toBe(401);
  });

  it('counts parallel guesses exactly: no more than 5 from one address get an answer other than 429', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => wrong(user.email, '10.4.0.1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('refresh tokens', () => {
  async function loginCookie(): Promise<string> {
    const res = await login({ username: user.email, password: PASSWORD });
    return cookieFrom(res, 'xb_refresh')!;
  }

  it('rotates on every use: the new cookie works, the old one does not', async () => {
    const first = await loginCookie();
    const res = await withCookie('POST', '/api/user/refresh', first);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.token).toMatch(/\./);
    const second = cookieFrom(res, 'xb_refresh')!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const info = await t.app.inject({ url: '/api/user/getinfo', headers: { authorization: `Bearer ${json(res).data.token}` } });
    expect(json(info).data.uid).toBe(user.uid);
    // The refresh brings the same user info, so a restoring page needs no getinfo after it.
    expect(json(res).data.user).toEqual(json(info).data);

    const third = cookieFrom(await withCookie('POST', '/api/user/refresh', second), 'xb_refresh');
    expect(third).toBeTruthy();
  });

  it('sets xb_page again on refresh, with a fresh lifetime', async () => {
    const res = await withCookie('POST', '/api/user/refresh', await loginCookie());
    expect(res.statusCode).toBe(200);
    const page = res.cookies.find((c) => c.name === 'xb_page');
    expect(page).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 14 * 86_400 });
    expect(page?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('clears xb_page (Path=/) wherever it clears the refresh cookie', async () => {
    const cleared = (res: Awaited<ReturnType<typeof withCookie>>) => res.cookies.filter((c) => c.name === 'xb_page').at(-1);
    const refused = await withCookie('POST', '/api/user/refresh', 'made-up-token');
    expect(cleared(refused)).toMatchObject({ value: '', path: '/' });
    const out = await withCookie('POST', '/api/user/logout', await loginCookie());
    expect(cleared(out)).toMatchObject({ value: '', path: '/' });
    expect(cleared(await withCookie('GET', '/api/user/checkcookie', undefined))).toMatchObject({ value: '', path: '/' });
  });

  /** Moves every rotation back past the grace window, as if a minute had gone by. */
  const pastGrace = () => t.pool.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '1 minute' WHERE rotated_at IS NOT NULL`);

  it('lets two tabs that refresh with the same cookie at once both stay signed in', async () => {
    const shared = await loginCookie();
    const [a, b] = await Promise.all([withCookie('POST', '/api/user/refresh', shared), withCookie('POST', '/api/user/refresh', shared)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = [cookieFrom(a, 'xb_refresh')!, cookieFrom(b, 'xb_refresh')!];
    expect(next[0]).not.toBe(next[1]);
    for (const cookie of next) expect((await withCookie('POST', '/api/user/refresh', cookie)).statusCode).toBe(200);
  });

  it('treats a rotated token presented again as theft: 401 refresh and the newest token dies too', async () => {
    const first = await loginCookie();
    const second = cookieFrom(await withCookie('POST', '/api/user/refresh', first), 'xb_refresh')!;
    await pastGrace();

    const reuse = await withCookie('POST', '/api/user/refresh', first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.headers['x-error-type']).toBe('refresh');
    expect(json(reuse)).toEqual({ code: 401, msg: '登录已过期，请重新登录' });
    expect(cookieFrom(reuse, 'xb_refresh')).toBe('');

    const after = await withCookie('POST', '/api/user/refresh', second);
    expect(after.statusCode).toBe(401);
    expect(after.headers['x-error-type']).toBe('refresh');
    expect(json(await withCookie('GET', '/api/user/checkcookie', second)).data.code).toBe(401);
  });

  it('leaves other logins (families) of the same user alone', async () => {
    const phone = await loginCookie();
    const laptop = await loginCookie();
    await withCookie('POST', '/api/user/refresh', laptop);
    await pastGrace();
    await withCookie('POST', '/api/user/refresh', laptop); // reuse: laptop's family is revoked
    expect((await withCookie('POST', '/api/user/refresh', phone)).statusCode).toBe(200);
  });

  it('answers 401 refresh without a cookie, with a made-up one, and with an expired one', async () => {
    for (const cookie of [undefined, 'made-up-token']) {
      const res = await withCookie('POST', '/api/user/refresh', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-error-type']).toBe('refresh');
    }
    const old = await loginCookie();
    await t.pool.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'`);
    expect((await withCookie('POST', '/api/user/refresh', old)).headers['x-error-type']).toBe('refresh');
  });

  it('checkcookie answers HTTP 200 with data.code 200 or 401 and never rotates', async () => {
    const cookie = await loginCookie();
    const good = await withCookie('GET', '/api/user/checkcookie', cookie);
    expect(good.statusCode).toBe(200);
    expect(json(good).data).toEqual({ code: 200, msg: '登录有效' });
    expect(good.headers['set-cookie']).toBeUndefined();
    expect((await withCookie('POST', '/api/user/refresh', cookie)).statusCode).toBe(200);

    for (const c of [undefined, cookie]) {
      const bad = await withCookie('GET', '/api/user/checkcookie', c);
      expect(bad.statusCode).toBe(200);
      expect(json(bad)).toMatchObject({ code: 200, data: { code: 401, msg: '登录已过期，请重新登录' } });
    }
  });

  it('logout revokes the family and clears the cookie; without a cookie it still succeeds', async () => {
    const cookie = await loginCookie();
    const res = await withCookie('POST', '/api/user/logout', cookie);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '登出成功！' });
    expect(cookieFrom(res, 'xb_refresh')).toBe('');
    expect((await withCookie('POST', '/api/user/refresh', cookie)).statusCode).toBe(401);
    expect((await withCookie('POST', '/api/user/logout', undefined)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const sign = (typ: string, sub: string, exp: number, k = key) =>
    new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ }).setSubject(sub).setIssuedAt().setExpirationTime(exp).sign(k);
  const getinfo = (authorization?: string) => t.app.inject({ url: '/api/user/getinfo', headers: authorization ? { authorization } : {} });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a valid token', async () => {
    const res = await getinfo(`Bearer ${await sign('xb-access+jwt', String(user.uid), now() + 60)}`);
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 access for an expired, forged, foreign-typed, malformed or missing token', async () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another-secret');
    const cases = [
      `Bearer ${await sign('xb-access+jwt', String(user.uid), now() - 5)}`,
      `Bearer ${await sign('xb-access+jwt', String(user.uid), now() + 60, other)}`,
      `Bearer ${await sign('xb-register+jwt', user.email, now() + 60)}`,
      'Bearer not-a-jwt',
      'Basic abc',
      undefined,
    ];
    for (const authorization of cases) {
      const res = await getinfo(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['x-error-type']).toBe('access');
      expect(json(res).code).toBe(401);
    }
  });

  it('guards every call that needs a user', async () => {
    const calls = [
      { method: 'GET', url: '/api/user/getinfo' },
      { method: 'GET', url: `/api/user/getuserinfo/${user.uid}` },
      { method: 'PATCH', url: '/api/user/updatelogin' },
      { method: 'PATCH', url: '/api/user//updatelogin' },
      { method: 'PATCH', url: '/api/user/cardupdate', payload: { name: 'x', sex: 0, birthday: '2000-01-01' } },
      { method: 'POST', url: '/api/user/updateskin?classname=moon' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.headers['x-error-type']).toBe('access');
    }
  });
});

describe('unknown routes', () => {
  it('answers 404 接口不存在 for any unknown /api path and method', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/nothing'],
      ['POST', '/api/nothing'],
      ['GET', '/api'],
      ['GET', '/api/user/login'],
      ['DELETE', '/api/user/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(json(res)).toEqual({ code: 404, msg: '接口不存在' });
    }
  });
});
