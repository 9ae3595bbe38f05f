import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, json, startTestApp, type TestApp } from '../../test/helpers';
import { createUser, PASSWORD } from '../../test/users';
import { pino } from 'pino';
import { buildApp } from '../../app';
import { CSP_REPORTS_LOGGED_PER_MINUTE, violationsOf } from './security';

let siteDir: string;
let t: TestApp;

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'xb-sec-'));
  await mkdir(path.join(siteDir, 'shell/dist'), { recursive: true });
  await mkdir(path.join(siteDir, 'shared/dist/emoji'), { recursive: true });
  await writeFile(path.join(siteDir, 'shell/dist/index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(path.join(siteDir, 'shared/dist/emoji/a1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ siteDir });
  await createUser(t.pool, { email: 'sec@example.com' });
});
afterAll(async () => {
  await t.close();
  await rm(siteDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('security headers', () => {
  it.each([
    ['a page', '/login'],
    ['an /api answer', '/api/user/checkcookie'],
    ['an /api 404', '/api/nothing'],
    ['a missing file', '/missing.js'],
    ['the manifest', '/remotes.json'],
  ])('are on %s (%s)', async (_what, url) => {
    const res = await get(url);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).not.toMatch(/default-src[^;]*'unsafe-(inline|eval)'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "img-src 'self' data: blob:"]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // No HSTS over plain HTTP (COOKIE_SECURE=0): it would pin a site that has no certificate.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keep the stricter CSP of SVG files', async () => {
    const res = await get('/assets/emoji/a1.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  });

  it('include HSTS when COOKIE_SECURE=1', async () => {
    const secure = await startTestApp({ siteDir, cookieSecure: true });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/user/checkcookie' });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000');
    } finally {
      await secure.close();
    }
  });
});

describe('cookie-authenticated calls from another site', () => {
  const HOST = 'xiaoba.example';
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { host: HOST, ...headers }, cookies });

  async function login(): Promise<string> {
    const res = await call('POST', '/api/user/login', { origin: `http://${HOST}` }, {});
    expect(res.statusCode).toBe(400); // no body: only to show a same-origin call gets past the check
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { host: HOST, origin: `http://${HOST}` },
      payload: { username: 'sec@example.com', password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    return cookieFrom(ok, 'xb_refresh')!;
  }

  it.each([
    ['POST', '/api/user/refresh'],
    ['POST', '/api/user/logout'],
    ['GET', '/api/user/checkcookie'],
    ['POST', '/api/user/login'],
    ['POST', '/api/user/valitedRegister'],
    ['POST', '/api/user/addAccount'],
  ] as const)('%s %s refuses a foreign Origin, Origin null and Sec-Fetch-Site: cross-site with 403', async (method, url) => {
    const refresh = await login();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: `http://${HOST}.evil.example` },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' }, // a sibling subdomain is another site's page too
      // A browser's Sec-Fetch-Site wins over an Origin that happens to match.
      { 'sec-fetch-site': 'cross-site', origin: `http://${HOST}` },
    ];
    for (const headers of foreign) {
      const res = await call(method, url, headers, { xb_refresh: refresh });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ code: 403, msg: '请求来源不被允许，请从校巴网页操作' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The refused calls changed nothing: the login still refreshes from our own page.
    const same = await call('POST', '/api/user/refresh', { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' }, { xb_refresh: refresh });
    expect(same.statusCode).toBe(200);
  });

  it('works behind a proxy that rewrites Host: by Sec-Fetch-Site, or by X-Forwarded-Host for older browsers', async () => {
    const refresh = await login();
    const proxied = (headers: Record<string, string>, token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        headers: { host: '127.0.0.1:8080', origin: `https://${HOST}`, ...headers },
        cookies: { xb_refresh: token },
      });
    const modern = await proxied({ 'sec-fetch-site': 'same-origin' }, refresh);
    expect(modern.statusCode).toBe(200);
    const older = await proxied({ 'x-forwarded-host': HOST }, cookieFrom(modern, 'xb_refresh')!);
    expect(older.statusCode).toBe(200);
    // Without either, the Origin matches nothing the request was addressed to.
    expect((await proxied({}, cookieFrom(older, 'xb_refresh')!)).statusCode).toBe(403);
  });

  it('answers same-origin and Origin-less (non-browser) calls as before', async () => {
    let refresh = await login();
    const same = await call('POST', '/api/user/refresh', { origin: `http://${HOST}` }, { xb_refresh: refresh });
    expect(same.statusCode).toBe(200);
    refresh = cookieFrom(same, 'xb_refresh')!;
    const check = await call('GET', '/api/user/checkcookie', { 'sec-fetch-site': 'same-origin' }, { xb_refresh: refresh });
    expect(json(check).data).toEqual({ code: 200, msg: '登录有效' });
    const bare = await call('POST', '/api/user/refresh', {}, { xb_refresh: refresh });
    expect(bare.statusCode).toBe(200);
    const out = await call('POST', '/api/user/logout', { origin: `http://${HOST}` }, { xb_refresh: cookieFrom(bare, 'xb_refresh')! });
    expect(json(out)).toEqual({ code: 200, msg: '登出成功！' });
  });
});

describe('POST /csp-report', () => {
  it('is named in the policy (report-uri and report-to) and in Reporting-Endpoints', async () => {
    const res = await get('/login');
    expect(res.headers['content-security-policy']).toContain('report-uri /csp-report; report-to csp');
    expect(res.headers['reporting-endpoints']).toBe('csp="/csp-report"');
  });

  it('takes report-uri and Reporting API bodies and answers 204, a broken one too', async () => {
    const legacy = { 'csp-report': { 'document-uri': 'http://x/login', 'violated-directive': 'script-src-elem', 'blocked-uri': 'inline', 'line-number': 3 } };
    const modern = [{ type: 'csp-violation', body: { documentURL: 'http://x/my', effectiveDirective: 'img-src', blockedURL: 'https://evil.example/a.png' } }];
    for (const [type, payload] of [
      ['application/csp-report', JSON.stringify(legacy)],
      ['application/reports+json', JSON.stringify(modern)],
      ['application/csp-report', '{broken'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/csp-report', headers: { 'content-type': type }, payload });
      expect(res.statusCode).toBe(204);
    }
  });

  it('reads the violation out of both formats, and nothing out of anything else', () => {
    expect(
      violationsOf({ 'csp-report': { 'document-uri': 'http://x/login', 'violated-directive': 'script-src-elem', 'blocked-uri': 'inline', 'line-number': 3 } }),
    ).toEqual([{ document: 'http://x/login', directive: 'script-src-elem', blocked: 'inline', source: '', line: 3 }]);
    expect(
      violationsOf([
        { type: 'csp-violation', body: { documentURL: 'http://x/my', effectiveDirective: 'img-src', blockedURL: 'https://e/a.png', lineNumber: 'x' } },
        { type: 'deprecation', body: {} },
      ]),
    ).toEqual([{ document: 'http://x/my', directive: 'img-src', blocked: 'https://e/a.png', source: '', line: null }]);
    for (const junk of [null, 42, 'text', {}, { 'csp-report': 'x' }, [null, 1]]) expect(violationsOf(junk)).toEqual([]);
  });

  it(`logs each violation as a warning, at most ${CSP_REPORTS_LOGGED_PER_MINUTE} a minute`, async () => {
    const lines: { msg: string; csp?: { directive: string } }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = await buildApp({ config: t.config, pool: t.pool, logger });
    try {
      const report = JSON.stringify({ 'csp-report': { 'document-uri': 'http://x/', 'violated-directive': 'img-src', 'blocked-uri': 'https://e/a.png' } });
      for (let i = 0; i < CSP_REPORTS_LOGGED_PER_MINUTE + 5; i++) {
        await app.inject({ method: 'POST', url: '/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: report });
      }
      const logged = lines.filter((l) => l.msg === 'CSP violation reported by a browser');
      // A minute may turn during the loop: then the budget starts again.
      expect(logged.length).toBeGreaterThanOrEqual(CSP_REPORTS_LOGGED_PER_MINUTE);
      expect(logged.length).toBeLessThan(CSP_REPORTS_LOGGED_PER_MINUTE + 5);
      expect(logged[0]!.csp!.directive).toBe('img-src');
    } finally {
      await app.close();
    }
  });
});
