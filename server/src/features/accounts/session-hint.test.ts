/** The xb_session hint cookie travels with the refresh cookie (docs/adr/0008). */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, startTestApp, type TestApp } from '../../test/helpers';
import { createUser, PASSWORD } from '../../test/users';

let t: TestApp;
let user: { uid: number; email: string };

beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t.pool, { email: 'hint@example.com', name: '提示' });
});
afterAll(() => t.close());

const login = () => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: user.email, password: PASSWORD } });
const withCookie = (method: 'GET' | 'POST', url: string, refresh: string | undefined) =>
  t.app.inject({ method, url, cookies: refresh === undefined ? { xb_session: '1' } : { xb_refresh: refresh, xb_session: '1' } });
const hint = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name === 'xb_session').at(-1);

describe('the session hint cookie', () => {
  it('is set by login with the refresh cookie: readable by the page, site-wide, no secret, same lifetime', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const refresh = res.cookies.find((c) => c.name === 'xb_refresh')!;
    expect(hint(res)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: refresh.maxAge });
    expect(hint(res)?.httpOnly).toBeFalsy();
  });

  it('is renewed by every refresh', async () => {
    const cookie = cookieFrom(await login(), 'xb_refresh');
    const res = await withCookie('POST', '/api/user/refresh', cookie);
    expect(res.statusCode).toBe(200);
    expect(hint(res)).toMatchObject({ value: '1', maxAge: 14 * 86_400 });
  });

  it('is cleared by logout, by a refused refresh and by checkcookie without a session', async () => {
    const cookie = cookieFrom(await login(), 'xb_refresh');
    const out = await withCookie('POST', '/api/user/logout', cookie);
    expect(cookieFrom(out, 'xb_refresh')).toBe('');
    expect(hint(out)).toMatchObject({ value: '', path: '/' });

    const refused = await withCookie('POST', '/api/user/refresh', cookie);
    expect(refused.statusCode).toBe(401);
    expect(hint(refused)?.value).toBe('');

    for (const c of [cookie, undefined]) {
      const check = await withCookie('GET', '/api/user/checkcookie', c);
      expect(check.json().data.code).toBe(401);
      expect(hint(check)?.value).toBe('');
      expect(cookieFrom(check, 'xb_refresh')).toBe('');
    }
  });

  it('is left alone by checkcookie while the session is valid', async () => {
    const cookie = cookieFrom(await login(), 'xb_refresh');
    const check = await withCookie('GET', '/api/user/checkcookie', cookie);
    expect(check.json().data.code).toBe(200);
    expect(check.headers['set-cookie']).toBeUndefined();
  });
});
