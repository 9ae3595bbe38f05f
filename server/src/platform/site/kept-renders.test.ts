/**
 * Signed-in pages with renders kept for the same input (platform/render/render-memo.ts), through the
 * real sandbox and the built shell, mf-space and mf-home entries: a page asked again is never an
 * older one when its data or its user changed, nor another user's; and it reaches a browser
 * compressed (page-compression.ts). Skipped, with a message, when they are not built.
 */
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_STATE_ID } from '@xiaoba/shared/page-render';
import { insertYy } from '../../features/yy';
import { REPO_ROOT } from '../../paths';
import { startTestApp, type TestApp } from '../../test/helpers';
import { buildTestRunner } from '../../test/render';
import { createUser, PASSWORD } from '../../test/users';

const built = ['shell', 'mf-space', 'mf-home'].every((ws) => existsSync(path.join(REPO_ROOT, ws, 'dist/server/entry.mjs')));
if (!built) console.warn('kept-renders.test: shell, mf-space or mf-home is not built (npm run build): skipped');

let t: TestApp;
let siteDir: string;
let runner: string;

async function signIn(name: string, email: string): Promise<{ uid: number; cookies: Record<string, string> }> {
  const user = await createUser(t.pool, { name, email });
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(user.uid), password: PASSWORD } });
  return { uid: user.uid, cookies: Object.fromEntries(login.cookies.map((c) => [c.name, c.value])) };
}

const page = (url: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, cookies, headers: { accept: 'text/html', ...headers } });
const now = () => Math.floor(Date.now() / 1000);
/** The uid of the user in the page's state (the browser's store starts signed in as them). */
function pageUser(html: string): number | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as { auth: { user: { uid: number } } }).auth.user.uid : undefined;
}

describe.skipIf(!built)('signed-in pages with renders kept for the same input', () => {
  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), 'xb-kept-site-'));
    for (const ws of ['shell', 'mf-space', 'mf-home']) cpSync(path.join(REPO_ROOT, ws, 'dist'), path.join(siteDir, ws, 'dist'), { recursive: true });
    runner = await buildTestRunner('kept');
    t = await startTestApp({ siteDir, serverRender: { timeoutMs: 5000, processes: 1, runner, memoMs: 60_000, memoMb: 8 } });
  });

  afterAll(async () => {
    await t?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
    if (runner) rmSync(runner, { force: true });
  });

  it('shows what changed since the last view of the same page: a new yy, a new name', async () => {
    const owner = await signIn('星星', 'kept-owner@example.com');
    await insertYy(t.pool, { uid: owner.uid, content: '第一条yy', transpondId: null, ctime: now() - 120 });
    const first = await page('/my', owner.cookies);
    expect(first.headers['x-server-render']).toBe('ok');
    expect(first.body).toContain('第一条yy');
    expect((await page('/my', owner.cookies)).body).toContain('第一条yy');

    await insertYy(t.pool, { uid: owner.uid, content: '刚写的第二条yy', transpondId: null, ctime: now() - 5 });
    const after = await page('/my', owner.cookies);
    expect(after.headers['x-server-render']).toBe('ok');
    expect(after.body).toContain('刚写的第二条yy');
    expect(after.body).toContain('第一条yy');

    await t.pool.query(`UPDATE users SET name = '新名字' WHERE uid = $1`, [owner.uid]);
    const renamed = await page('/my', owner.cookies);
    expect(renamed.body).toContain('新名字');
    expect(renamed.body).not.toContain('星星');
  });

  it("never gives one user another's page", async () => {
    const a = await signIn('甲同学', 'kept-a@example.com');
    const b = await signIn('乙同学', 'kept-b@example.com');
    await insertYy(t.pool, { uid: a.uid, content: '甲的yy', transpondId: null, ctime: now() - 60 });
    await insertYy(t.pool, { uid: b.uid, content: '乙的yy', transpondId: null, ctime: now() - 60 });
    for (const [me, other] of [
      [a, b],
      [b, a],
      [a, b],
    ] as const) {
      for (const url of ['/my', '/home']) {
        const res = await page(url, me.cookies);
        expect(res.headers['x-server-render'], url).toBe('ok');
        // The user the page is for (the state the browser takes over), and in the frame.
        expect(pageUser(res.body), url).toBe(me.uid);
        expect(res.body, url).toContain(me === a ? '甲同学' : '乙同学');
      }
      // The space is the viewer's own (/home's feed shows everyone's yy, with their authors).
      const mine = (await page('/my', me.cookies)).body;
      expect(mine).toContain(me === a ? '甲的yy' : '乙的yy');
      expect(mine).not.toContain(other === a ? '甲同学' : '乙同学');
    }
  });

  it('sends the page compressed to a browser that takes brotli', async () => {
    const owner = await signIn('压缩', 'kept-br@example.com');
    await insertYy(t.pool, { uid: owner.uid, content: '压缩的yy', transpondId: null, ctime: now() - 60 });
    const res = await page('/my', owner.cookies, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['x-server-render']).toBe('ok');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('压缩的yy');
  });

  // Last: it pauses mf-space's renders for the rest of this app's life.
  it('counts a failed render once however many pages shared it, and pauses a remote after three', async () => {
    const entry = path.join(siteDir, 'mf-space/dist/server/entry.mjs');
    const users = await Promise.all([1, 2, 3].map((n) => signIn(`失败${n}`, `kept-fail-${n}@example.com`)));
    // A plan that fails after a while: pages asked side by side wait for the same one.
    writeFileSync(
      entry,
      `export async function plan() { await new Promise((r) => setTimeout(r, 1000)); throw new Error('broken for the test'); }
export async function render() { throw new Error('broken for the test'); }`,
    );
    const shared = await Promise.all(Array.from({ length: 5 }, () => page('/my', users[0]!.cookies)));
    expect(shared.map((res) => res.headers['x-server-render'])).toEqual(Array(5).fill('error'));
    // One failure counted, not five: mf-space is still asked, and renders again once mended.
    cpSync(path.join(REPO_ROOT, 'mf-space/dist/server/entry.mjs'), entry);
    expect((await page('/my', users[0]!.cookies)).headers['x-server-render']).toBe('ok');

    // Three different pages failing side by side are three failures: the remote is paused.
    writeFileSync(
      entry,
      `export async function plan() { await new Promise((r) => setTimeout(r, 1000)); throw new Error('broken for the test'); }
export async function render() { throw new Error('broken for the test'); }`,
    );
    const apart = await Promise.all(users.map((u) => page('/my', u.cookies)));
    expect(apart.map((res) => res.headers['x-server-render'])).toEqual(['error', 'error', 'error']);
    cpSync(path.join(REPO_ROOT, 'mf-space/dist/server/entry.mjs'), entry);
    expect((await page('/my', users[0]!.cookies)).headers['x-server-render']).toBe('suspended');
  });
});
