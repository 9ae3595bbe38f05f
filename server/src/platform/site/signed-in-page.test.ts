/**
 * Signed-in pages rendered on the server, through the real sandbox with the built shell and
 * mf-space server entries (copied into a site folder of the test's own, so one of them can be
 * broken). Skipped, with a message, when they are not built (`npm test` builds first).
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_STATE_ID } from '@xiaoba/shared/page-render';
import { insertYy } from '../../features/yy';
import { REPO_ROOT } from '../../paths';
import { startTestApp, type TestApp } from '../../test/helpers';
import { buildTestRunner } from '../../test/render';
import { createUser, PASSWORD } from '../../test/users';
import { member } from '../../test/yy';
import { MAX_PLANNED_REQUESTS, mergeApiCaches, plannedRequests, redirectOf } from './signed-in-page';

const shellEntry = path.join(REPO_ROOT, 'shell/dist/server/entry.mjs');
const spaceEntry = path.join(REPO_ROOT, 'mf-space/dist/server/entry.mjs');
const homeEntry = path.join(REPO_ROOT, 'mf-home/dist/server/entry.mjs');
const built = existsSync(shellEntry) && existsSync(spaceEntry) && existsSync(homeEntry);
if (!built) console.warn('signed-in-page.test: shell, mf-space or mf-home is not built (npm run build): skipped');

let t: TestApp;
let siteDir: string;
let runner: string;
let owner: { uid: number };
let cookies: Record<string, string>;

const page = (url: string, jar: Record<string, string> = cookies) => t.app.inject({ method: 'GET', url, cookies: jar, headers: { accept: 'text/html' } });

function pageState(html: string): { auth: { token: string; user: { uid: number } }; api?: { queries: Record<string, { status: string }> } } | null {
  const match = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe.skipIf(!built)('signed-in pages rendered on the server', () => {
  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), 'xb-ssr-site-'));
    for (const ws of ['shell', 'mf-space', 'mf-home']) cpSync(path.join(REPO_ROOT, ws, 'dist'), path.join(siteDir, ws, 'dist'), { recursive: true });
    runner = await buildTestRunner('site');
    t = await startTestApp({ siteDir, serverRender: { timeoutMs: 5000, processes: 1, runner } });
    owner = await createUser(t.pool, { name: '星星', email: 'ssr@example.com' });
    await insertYy(t.pool, { uid: owner.uid, content: '服务器渲染的第一条yy', transpondId: null, ctime: Math.floor(Date.now() / 1000) - 60 });
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(owner.uid), password: PASSWORD } });
    cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  });

  afterAll(async () => {
    await t?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
    if (runner) rmSync(runner, { force: true });
  });

  it('sends /my with its first screen and the state the browser takes over, for this browser only', async () => {
    const before = await t.pool.query('SELECT token_hash, rotated_at FROM refresh_tokens ORDER BY token_hash');
    const res = await page('/my');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-server-render']).toBe('ok');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    // The frame (the header's user), the area (the yy) and their styles, before any script.
    // In the shell's root, which hydrates it; the area in its slot, as a root of its own.
    expect(res.body).toMatch(/<div id="root"><a [^>]*href="#main"/);
    expect(res.body).toMatch(/<div id="xb-area">(<link [^>]*>)*<section/);
    expect(res.body).toContain('星星');
    expect(res.body).toContain('服务器渲染的第一条yy');
    expect(res.body).toMatch(/<style data-xb-prerender[^>]*>[^<]*\{/);
    expect(res.body).not.toContain('data-styled=');
    // Its scripts start after the first paint (the boot script), as on a prerendered page.
    expect(res.body).toContain('<script type="xb-module"');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).toContain('<script async src="/boot.js"></script>');
    const state = pageState(res.body);
    expect(state?.auth.user.uid).toBe(owner.uid);
    // The token works for the API, as the browser will use it.
    const info = await t.app.inject({ url: '/api/user/getinfo', headers: { authorization: `Bearer ${state?.auth.token}` } });
    expect(info.statusCode).toBe(200);
    const answered = Object.entries(state?.api?.queries ?? {}).filter(([, q]) => q.status === 'fulfilled');
    expect(answered.map(([key]) => key.split('(')[0]).sort()).toEqual(['getHotTopics', 'getOwnLeaveCount', 'getUserYy', 'getVisitors']);
    // A page request proves the session without rotating anything.
    expect((await t.pool.query('SELECT token_hash, rotated_at FROM refresh_tokens ORDER BY token_hash')).rows).toEqual(before.rows);
  });

  it('keeps what users wrote as text: a yy that tries to end the state script or open a tag stays inert', async () => {
    const evil = '</script><img src=x onerror=alert(1)><!-- ';
    await insertYy(t.pool, { uid: owner.uid, content: evil, transpondId: null, ctime: Math.floor(Date.now() / 1000) - 10 });
    const res = await page('/my');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The state's JSON is whole and says exactly what was written.
    const queries = Object.values(pageState(res.body)?.api?.queries ?? {}) as { data?: { records?: { content: string }[] } }[];
    expect(queries.flatMap((q) => q.data?.records ?? []).map((r) => r.content)).toContain(evil);
  });

  it("renders another user's space with its owner", async () => {
    const other = await createUser(t.pool, { name: '月亮', email: 'moon@example.com' });
    await insertYy(t.pool, { uid: other.uid, content: '月亮的yy', transpondId: null, ctime: Math.floor(Date.now() / 1000) - 30 });
    const res = await page(`/${other.uid}`);
    expect(res.headers['x-server-render']).toBe('ok');
    expect(res.body).toContain('月亮的yy');
    expect(res.body).toContain('月亮');
  });

  it("names a page after what it shows: a 日志 entry by its title (escaped), a space's pages by their owner", async () => {
    const cat = await member(t, '萌萌猫');
    const added = await cat.call('POST', '/api/diary/add', { title: '春游<野餐>&', content: '去公园', visibility: 'public' });
    expect(added.statusCode, added.body).toBe(200);
    const diaryId = (added.json() as { data: { diaryId: number } }).data.diaryId;
    const entry = await page(`/${cat.uid}/diary/${diaryId}`);
    expect(entry.headers['x-server-render']).toBe('ok');
    expect(entry.body).toContain('<title>春游&lt;野餐&gt;&amp; - 校巴</title>');
    for (const [url, title] of [
      [`/${cat.uid}/diary`, '萌萌猫的日志'],
      [`/${cat.uid}/photo`, '萌萌猫的相册'],
      [`/${cat.uid}/medal`, '萌萌猫的勋章'],
      [`/${cat.uid}/board`, '萌萌猫的留言板'],
      [`/${cat.uid}`, '萌萌猫的空间'],
      ['/my/diary', '我的日志'],
    ] as const) {
      expect((await page(url)).body, url).toContain(`<title>${title} - 校巴</title>`);
    }
  });

  it('redirects where the page would send the browser, before painting: a space that does not exist to /notfound, the own space to /my', async () => {
    for (const [url, to] of [
      ['/999999999', '/notfound'],
      ['/abc', '/notfound'],
      [`/${owner.uid}`, '/my'],
      [`/${owner.uid}/board`, '/my/board'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
      expect(res.headers['x-server-render'], url).toBe('redirect');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.body, url).toBe('');
    }
  });

  it("leaves a page of the moderators' remote to the browser, which adds its routes for moderators only: no redirect", async () => {
    const res = await page('/admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-server-render']).toBe('none');
    expect(res.body).toContain('<div id="xb-area"><div class="xb-splash" data-xb-client role="status" aria-label="加载中">');
  });

  it("renders the not-found page with the shell's page in the area and its title, at /notfound and at a path no route owns", async () => {
    const other = await page('/a/b/c');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-server-render']).toBe('ok');
    expect(other.body).toContain('<title>页面不存在 - 校巴</title>');
    expect(other.body.replace(/<!-- -->/g, '')).toContain('<h1>404</h1><p>你要找的页面不见了');
    const res = await page('/notfound');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-server-render']).toBe('ok');
    expect(res.body).toContain('<title>页面不存在 - 校巴</title>');
    expect(res.body).toContain('星星'); // the header
    expect(res.body.replace(/<!-- -->/g, '')).toMatch(/<main[^>]*><section[^>]*><h1>404<\/h1><p>你要找的页面不见了/);
    expect(res.body).not.toContain('xb-splash" data-xb-client');
    expect(pageState(res.body)?.auth.user.uid).toBe(owner.uid);
  });

  it("renders /home with mf-space's feed filled into mf-home's page, one cache for both", async () => {
    const res = await page('/home');
    expect(res.headers['x-server-render']).toBe('ok');
    expect(res.body).toContain('欢迎回来，<!-- -->星星'); // mf-home's page
    expect(res.body).toMatch(/<div tabindex="-1" data-xb-fragment="mf_space \.\/feed" data-xb-props="[^"]*">.*服务器渲染的第一条yy/s); // mf-space's fragment in its slot
    const keys = Object.keys(pageState(res.body)?.api?.queries ?? {}).map((key) => key.split('(')[0]);
    expect(keys).toEqual(expect.arrayContaining(['getNotices', 'getFanNotices', 'getSystemNotices', 'getAllYy']));
  });

  it('gives a visitor without a valid page session exactly the page as before', async () => {
    const jars: Record<string, string>[] = [{}, { xb_page: 'forged.value.here' }, { xb_refresh: cookies.xb_refresh! }];
    for (const jar of jars) {
      const res = await page('/my', jar);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-server-render']).toBeUndefined();
      expect(res.body).not.toContain('xb-prerender');
      expect(res.body).toContain('xb-splash');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('renders an archive read-only, as the browser shows it: no composer', async () => {
    expect((await page('/my')).body).toContain('说点什么吧');
    const archived = await startTestApp({ siteDir, archiveMode: true, serverRender: { timeoutMs: 5000, processes: 1, runner } });
    try {
      await createUser(archived.pool, { name: '存档', email: 'archive@example.com' });
      const login = await archived.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'archive@example.com', password: PASSWORD } });
      const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      const res = await archived.app.inject({ url: '/my', cookies: jar, headers: { accept: 'text/html' } });
      expect(res.headers['x-server-render']).toBe('ok');
      expect(res.body).toContain('存档');
      expect(res.body).not.toContain('说点什么吧');
    } finally {
      await archived.close();
    }
  });

  it('never serves a server entry to a browser', async () => {
    expect((await t.app.inject({ url: '/server/entry.mjs' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/remotes/mf-space/server/entry.mjs' })).statusCode).toBe(404);
  });

  it("serves the frame with the browser's loading state in the area when the remote's render fails", async () => {
    const broken = path.join(siteDir, 'mf-space/dist/server/entry.mjs');
    await writeFile(broken, `export function plan() { return { requests: [] }; }\nexport function render() { throw new Error('a broken remote'); }\n`);
    // A later modification time: the renderer imports the file anew.
    await utimes(broken, new Date(), new Date(Date.now() + 10_000));
    const res = await page('/my');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-server-render']).toBe('error');
    expect(res.body).toContain('星星'); // the header, from the shell's render
    expect(res.body).toContain('<div id="xb-area"><div class="xb-splash" data-xb-client role="status" aria-label="加载中">');
    expect(res.body).not.toContain('服务器渲染的第一条yy');
    // The session and the user still reach the browser; no first-screen data does.
    const state = pageState(res.body);
    expect(state?.auth.user.uid).toBe(owner.uid);
    expect(state?.api).toBeUndefined();
  });

  it('ends the page session with the logout: the next page is rendered in the browser', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', cookies });
    expect(out.statusCode).toBe(200);
    const res = await page('/my');
    expect(res.headers['x-server-render']).toBeUndefined();
    expect(res.body).not.toContain('星星');
  });
});

describe("two renders' caches", () => {
  it('merge queries and the tags naming them', () => {
    const a = { queries: { 'a(1)': { status: 'fulfilled' } }, provided: { tags: { Yy: { '1': ['a(1)'] } }, keys: { 'a(1)': [{ type: 'Yy', id: 1 }] } } };
    const b = {
      queries: { 'b(1)': { status: 'fulfilled' } },
      provided: { tags: { Yy: { '1': ['b(1)'] }, User: { '2': ['b(1)'] } }, keys: { 'b(1)': [{ type: 'User', id: 2 }] } },
    };
    expect(mergeApiCaches(a, b)).toEqual({
      queries: { 'a(1)': { status: 'fulfilled' }, 'b(1)': { status: 'fulfilled' } },
      provided: {
        tags: { Yy: { '1': ['a(1)', 'b(1)'] }, User: { '2': ['b(1)'] } },
        keys: { 'a(1)': [{ type: 'Yy', id: 1 }], 'b(1)': [{ type: 'User', id: 2 }] },
      },
    });
    expect(mergeApiCaches(undefined, b)).toBe(b);
    expect(mergeApiCaches(a, undefined)).toBe(a);
  });
});

describe("a render's redirect", () => {
  it('is followed only to another path of this site', () => {
    expect(redirectOf({ redirect: '/notfound' }, '/999')).toBe('/notfound');
    expect(redirectOf({ redirect: '/my/board?x=1' }, '/1/board')).toBe('/my/board?x=1');
    for (const bad of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'notfound', '/a b', `/${'a'.repeat(600)}`, 42, null])
      expect(redirectOf({ redirect: bad }, '/999'), String(bad)).toBeNull();
    expect(redirectOf({ redirect: '/999' }, '/999')).toBeNull(); // never to itself
    expect(redirectOf(null, '/999')).toBeNull();
    expect(redirectOf({ api: {} }, '/999')).toBeNull();
  });
});

describe("a remote's plan", () => {
  it('keeps only plain paths below /api, once each, at most MAX_PLANNED_REQUESTS', () => {
    const urls = ['/yy/hottopics', '/yy/hottopics', '//evil.example/x', 'http://evil.example/', '/../admin', '/a b', '/x#y', '/a\\b', '', 42, null];
    expect(plannedRequests({ requests: urls.map((url) => ({ url })) })).toEqual([{ url: '/yy/hottopics' }]);
    const many = Array.from({ length: 20 }, (_, i) => ({ url: `/yy/getUseryy/${i + 1}?pageNum=1&pageSize=20` }));
    expect(plannedRequests({ requests: many })).toHaveLength(MAX_PLANNED_REQUESTS);
    for (const bad of [null, 'x', { requests: 'x' }, { requests: [null] }]) expect(plannedRequests(bad)).toEqual([]);
  });

  it("keeps only GETs of the read routes, never the viewer's own full record", () => {
    const asked = [
      { url: '/live/stream' },
      { url: '/export/start' },
      { url: '/mod/reports' },
      { url: '/user/getinfo' },
      { url: '/user/getuserinfo/100001' },
      { url: '/yy/createyy' },
      { url: '/count/getfans', method: 'POST' },
      { url: '/count/getcomments', method: 'get' },
      { url: '/user/getuserinfo/100002' },
      { url: '/yy/getUseryy/100002?pageNum=1&pageSize=20', method: 'GET' },
      { url: '/search/yy?q=a&pageNum=1&pageSize=20' },
      { url: '/album/upload?albumId=5' },
      { url: '/album/photos/5?pageNum=1&pageSize=30' },
    ];
    expect(plannedRequests({ requests: asked }, 100001)).toEqual([
      { url: '/user/getuserinfo/100002' },
      { url: '/yy/getUseryy/100002?pageNum=1&pageSize=20' },
      { url: '/search/yy?q=a&pageNum=1&pageSize=20' },
      { url: '/album/photos/5?pageNum=1&pageSize=30' },
    ]);
  });
});
