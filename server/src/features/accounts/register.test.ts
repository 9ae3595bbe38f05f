import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, json, startTestApp, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ quiz: { name: ['巴巴', 'baba'], fans: ['粉丝'], message: ['纸条'], weibo: ['yy'] } });
  await createUser(t.pool, { email: 'taken@example.com' });
});
afterAll(() => t.close());

const QUIZ = { name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' };

const validate = (body: object) => t.app.inject({ method: 'POST', url: '/api/user/valitedRegister', payload: body });
const addAccount = (body: object, ticket?: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/addAccount', payload: body, cookies: ticket ? { xb_register: ticket } : {} });

async function ticketFor(email: string): Promise<string> {
  const res = await validate({ email, ...QUIZ });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res, 'xb_register')!;
}

const account = (email: string) => ({ email, lockedPassword: 'pass1234', uname: '新同学', sex: 1, birthday: '2004-02-29' });

describe('POST /api/user/valitedRegister', () => {
  it('accepts the right answers (trimmed, any case) and sets a short-lived HttpOnly ticket', async () => {
    const res = await validate({ email: ' New@Example.com ', name: ' BaBa ', fans: '粉丝 ', message: '纸条', weibo: 'YY' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ code: 200, msg: '验证通过' });
    const cookie = res.cookies.find((c) => c.name === 'xb_register');
    expect(cookie).toMatchObject({ path: '/api/user', httpOnly: true, sameSite: 'Lax', maxAge: 1800 });
  });

  it('answers 400 注册验证答案有误！ for a wrong answer', async () => {
    for (const wrong of [{ name: '妈妈' }, { fans: '关注' }, { message: '私信' }, { weibo: '微博' }]) {
      const res = await validate({ email: 'a@example.com', ...QUIZ, ...wrong });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: '注册验证答案有误！' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 409 for an e-mail already registered, in any case', async () => {
    const res = await validate({ email: 'TAKEN@example.com', ...QUIZ });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ code: 409, msg: '该邮箱已被注册！' });
  });

  it.each([
    [{ ...QUIZ }, '请完整填写注册信息！'],
    [{ email: 'not-an-email', ...QUIZ }, '邮箱格式有误！'],
    [{ email: `${'a'.repeat(250)}@example.com`, ...QUIZ }, '邮箱格式有误！'],
    [{ email: 'a@example.com', ...QUIZ, weibo: '  ' }, '请填写注册验证！'],
    [{ email: 'a@example.com', ...QUIZ, fans: 'x'.repeat(33) }, '注册验证答案过长！'],
    [{ email: 'a@example.com', ...QUIZ, name: 42 }, '请求参数有误'],
  ])('answers 400 for %j: %s', async (body, msg) => {
    const res = await validate(body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });
});

describe('POST /api/user/addAccount', () => {
  it('creates the account with the next 米米号 and the ticket is single-use', async () => {
    const ticket = await ticketFor('Fresh@Example.com');
    const res = await addAccount(account('fresh@example.com'), ticket);
    expect(res.statusCode).toBe(200);
    const { uid } = json(res).data;
    expect(uid).toBeGreaterThan(100_000);
    expect(json(res).msg).toBe(`注册成功！你的米米号是 ${uid}`);
    expect(cookieFrom(res, 'xb_register')).toBe('');

    const { rows } = await t.pool.query('SELECT * FROM users WHERE uid = $1', [uid]);
    expect(rows[0]).toMatchObject({ email: 'fresh@example.com', name: '新同学', sex: 1, birthday: '2004-02-29', sign: 0, skin: '', qm: '', qianming: '' });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(uid), password: 'pass1234' } });
    expect(login.statusCode).toBe(200);
    expect(json(login).data).toMatchObject({ uid, name: '新同学', sign: 0 });

    const again = await addAccount(account('fresh@example.com'), ticket);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ code: 409, msg: '该邮箱已被注册！' });
  });

  it('hands out 米米号 in sequence', async () => {
    const a = json(await addAccount(account('seq1@example.com'), await ticketFor('seq1@example.com'))).data.uid;
    const b = json(await addAccount(account('seq2@example.com'), await ticketFor('seq2@example.com'))).data.uid;
    expect(b).toBe(a + 1);
  });

  it('answers 403 without a ticket, with a forged one, or with one for another e-mail', async () => {
    const other = await ticketFor('other@example.com');
    for (const ticket of [undefined, 'forged.ticket.value', other]) {
      const res = await addAccount(account('someone@example.com'), ticket);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ code: 403, msg: '请先完成注册验证！' });
    }
  });

  it('does not take an access token as a ticket', async () => {
    const ticket = await ticketFor('tok@example.com');
    const created = json(await addAccount(account('tok@example.com'), ticket)).data.uid;
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(created), password: 'pass1234' } });
    const res = await addAccount(account('tok@example.com'), json(login).data.token);
    expect(res.statusCode).toBe(403);
  });

  it('lets exactly one of two racing registrations of one address through', async () => {
    const [t1, t2] = [await ticketFor('race@example.com'), await ticketFor('race@example.com')];
    const results = await Promise.all([addAccount(account('race@example.com'), t1), addAccount(account('race@example.com'), t2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    [{ ...account('x@example.com'), email: '' }, '注册信息丢失，请重新进行注册！'],
    [{ ...account('x@example.com'), lockedPassword: undefined }, '注册信息丢失，请重新进行注册！'],
    [{ ...account('x@example.com'), lockedPassword: '123' }, '密码应在6到16位之间！'],
    [{ ...account('x@example.com'), uname: '' }, '姓名不能为空！'],
    [{ ...account('x@example.com'), uname: '一' }, '昵称应在2~6位！'],
    [{ ...account('x@example.com'), uname: '一二三四五六七' }, '昵称应在2~6位！'],
    [{ ...account('x@example.com'), sex: 2 }, '请选择性别！'],
    [{ ...account('x@example.com'), sex: '1' }, '请求参数有误'],
    [{ ...account('x@example.com'), birthday: '' }, '请选择生日！'],
    [{ ...account('x@example.com'), birthday: '2003-02-29' }, '生日日期有误！'],
    [{ ...account('x@example.com'), birthday: '1980-01-01' }, '生日日期有误！'],
  ])('answers 400 for %j: %s', async (body, msg) => {
    const res = await addAccount(body, await ticketFor('x@example.com'));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 400, msg });
  });
});

describe('valitedRegister per address (4 x RATE_LIMIT_REGISTER an hour)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // RATE_LIMIT_REGISTER=2: 8 calls an hour per address.
    limited = await startTestApp({ rateLimits: { user: 0, anon: 0, register: 2 } });
    await createUser(limited.pool, { email: 'known@example.com' });
  });
  afterAll(() => limited.close());

  const check = (email: string, address: string) =>
    limited.app.inject({ method: 'POST', url: '/api/user/valitedRegister', payload: { email, ...QUIZ }, remoteAddress: address });

  it('answers 429 with Retry-After past the limit, the same for a taken and a free e-mail', async () => {
    const prober = '10.30.0.1';
    // Within the limit, the answer tells a taken e-mail (409) from a free one (200).
    for (let i = 0; i < 4; i++) {
      expect((await check('known@example.com', prober)).statusCode).toBe(409);
      expect((await check(`free${i}@example.com`, prober)).statusCode).toBe(200);
    }
    const taken = await check('known@example.com', prober);
    const free = await check('free9@example.com', prober);
    for (const res of [taken, free]) {
      expect(res.statusCode).toBe(429);
      expect(json(res)).toEqual({ code: 429, msg: '注册验证太频繁了，请 60 分钟后再试' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(taken.body).toBe(free.body);
    // Another address is counted on its own; the hour passing frees the prober.
    expect((await check('known@example.com', '10.30.0.2')).statusCode).toBe(409);
    await limited.pool.query(`UPDATE register_check_log SET at = at - interval '1 hour' WHERE address = $1`, [prober]);
    expect((await check('known@example.com', prober)).statusCode).toBe(409);
  });

  it('counts parallel calls of one address one by one', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => check(`par${i}@example.com`, '10.30.0.9')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});
