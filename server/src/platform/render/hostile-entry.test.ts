/**
 * A hostile server entry published through the real deploy route (mf-home's key), against the
 * real sandbox and the built shell and mf-space entries. It tries, at import and in its calls, to
 * kill the server and a bystander process, to reach a port of the test and a cloud's metadata
 * address, to read the renders of other remotes, to learn the user's e-mail and hidden birthday,
 * and to plan requests beyond the read routes. Skipped, with a message, where the builds are
 * missing or the OS offers no network namespace and user switch (the server not root).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { PAGE_STATE_ID } from '@xiaoba/shared/page-render';
import { insertYy } from '../../features/yy';
import { createKey } from '../deploy/keys';
import type { Config } from '../../config';
import { REPO_ROOT } from '../../paths';
import { startTestApp, type TestApp } from '../../test/helpers';
import { buildTestRunner } from '../../test/render';
import { createUser, PASSWORD } from '../../test/users';
import { probeIsolation } from './isolation';

const built = ['shell', 'mf-space', 'mf-home'].every((ws) => existsSync(path.join(REPO_ROOT, ws, 'dist/server/entry.mjs')));
const isolation = probeIsolation();
const strong = isolation.net !== null && isolation.uidBase !== null;
if (!built) console.warn('hostile-entry.test: shell, mf-space or mf-home is not built (npm run build): skipped');
if (!strong) console.warn('hostile-entry.test: no network namespace or user switch here (not root, or no unshare): skipped');

const SPACE_SECRET = '只给自己看的yy-space-render';

/** The hostile entry: Node built-ins only, as the publish check asks. */
const hostileEntry = (port: number, bystander: number) => `
import net from 'node:net';
const attempt = async (fn) => { try { return { value: String(await fn()) }; } catch (e) { return { code: e.code ?? e.cause?.code ?? String(e) }; } };
const tried = {
  killParent: await attempt(() => process.kill(process.ppid, 'SIGKILL')),
  killParentGroup: await attempt(() => process.kill(-process.ppid, 'SIGKILL')),
  killBystander: await attempt(() => process.kill(${bystander}, 'SIGKILL')),
  rawKill: await attempt(() => { const r = process._kill(process.ppid, 9); if (r) throw Object.assign(new Error('errno ' + r), { code: 'errno ' + r }); return 'sent'; }),
  tcp: await new Promise((resolve) => {
    const socket = net.connect(${port}, '127.0.0.1');
    const done = (result) => { socket.destroy(); resolve(result); };
    socket.once('connect', () => done({ value: 'connected' }));
    socket.once('error', (e) => done({ code: e.code }));
    setTimeout(() => done({ code: 'no answer' }), 1000);
  }),
  fetch: await attempt(() => fetch('http://127.0.0.1:${port}/', { signal: AbortSignal.timeout(1000) }).then((r) => r.status)),
  metadata: await attempt(() => fetch('http://169.254.169.254/latest/meta-data/', { signal: AbortSignal.timeout(1000) }).then((r) => r.status)),
};
const seen = [];
process.on('message', (m) => seen.push(JSON.stringify(m)));
export function plan(props) {
  return { requests: [
    { url: '/live/stream' }, { url: '/api/live/stream' }, { url: '/count/getcomments', method: 'POST' },
    { url: '/mod/reports' }, { url: '/export/start' }, { url: '/count/getfans' },
    // The viewer's own full records: the e-mail, the birthday they hide.
    { url: '/user/getinfo' }, { url: '/user/getuserinfo/' + props.state.auth.user.uid },
  ] };
}
export function render(props) {
  if (props.path.includes('m=loop')) for (;;) {}
  if (props.path.includes('m=throw')) throw new Error('hostile');
  const report = { tried, seen, user: props.state.auth.user, responses: (props.responses ?? []).map((r) => [r.url, r.status]) };
  return { html: '<pre id="hostile">' + JSON.stringify(report).replace(/</g, '\\\\u003c').replace(/&/g, '\\\\u0026') + '</pre>' };
}
`;

/** A ZIP of a folder's files, with some replaced. */
function zipFolder(dir: string, replace: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const file = path.join(rel, name);
      if (statSync(path.join(dir, file)).isDirectory()) walk(file);
      else if (!(file in replace)) z.addBuffer(readFileSync(path.join(dir, file)), file);
    }
  };
  walk('');
  for (const [file, text] of Object.entries(replace)) z.addBuffer(Buffer.from(text), file);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

type Report = { tried: Record<string, { value?: string; code?: string }>; seen: string[]; user: Record<string, unknown>; responses: [string, number][] };

const reportOf = (html: string): Report | null => {
  const match = /<pre id="hostile">(.*?)<\/pre>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as Report) : null;
};
const stateOf = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`).exec(html)![1]!) as { auth: { user: Record<string, unknown> } };

describe.skipIf(!built || !strong)('a hostile published server entry', () => {
  let siteDir: string;
  let dataDir: string;
  let runner: string;
  let listener: Server;
  let port: number;
  let arrived = 0;
  let bystander: ChildProcess;
  const apps: TestApp[] = [];
  let build: Buffer;

  /** An app over the test's site with mf-home's hostile build published, and a signed-in user whose birthday is hidden. */
  async function open(serverRender: Partial<Config['serverRender']> = {}) {
    const t = await startTestApp({ siteDir, dataDir, serverRender: { timeoutMs: 4000, processes: 1, runner, ...serverRender } });
    apps.push(t);
    const { key } = await createKey(t.pool, 'mf-home');
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/deploy/mf-home',
      headers: { 'content-type': 'application/zip', 'x-deploy-key': key },
      payload: build,
    });
    expect(published.statusCode, published.body).toBe(200);
    const user = await createUser(t.pool, { name: '星星', email: 'hostile-test@example.com' });
    await t.pool.query(`UPDATE users SET birthday = '2013-05-01', show_birthday = false WHERE uid = $1`, [user.uid]);
    await insertYy(t.pool, { uid: user.uid, content: SPACE_SECRET, transpondId: null, ctime: Math.floor(Date.now() / 1000) - 60 });
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(user.uid), password: PASSWORD } });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const page = (url: string) => t.app.inject({ method: 'GET', url, cookies, headers: { accept: 'text/html' } });
    return { t, page };
  }

  beforeAll(async () => {
    // Readable by the sandbox's own users, as a site's folders are (mkdtemp makes them the owner's only).
    siteDir = await mkdtemp(path.join(tmpdir(), 'xb-hostile-site-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'xb-hostile-data-'));
    await chmod(siteDir, 0o755);
    await chmod(dataDir, 0o755);
    for (const ws of ['shell', 'mf-space', 'mf-home']) cpSync(path.join(REPO_ROOT, ws, 'dist'), path.join(siteDir, ws, 'dist'), { recursive: true });
    listener = createServer((socket) => {
      arrived++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
    bystander = spawn('sleep', ['600'], { stdio: 'ignore' });
    build = await zipFolder(path.join(REPO_ROOT, 'mf-home/dist'), { 'server/entry.mjs': hostileEntry(port, bystander.pid!) });
    runner = await buildTestRunner('hostile');
  }, 60_000);

  afterAll(async () => {
    for (const t of apps) await t.close();
    bystander?.kill('SIGKILL');
    listener?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (runner) rmSync(runner, { force: true });
  });

  it('harms nothing outside its area: no signal, no connection, no other remote, no more of the user, no request off the read routes', async () => {
    const { page } = await open();
    const started = Date.now();
    const home = await page('/home');
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-server-render']).toBe('ok');
    // Planned: an endless stream, a POST, routes that are not reads: none was sent, the page did not wait.
    expect(Date.now() - started).toBeLessThan(15_000);
    const first = reportOf(home.body)!;
    expect(first.responses).toEqual([['/count/getfans', 200]]);
    // Its signals reached nobody: the server answers, the bystander lives.
    for (const attempt of ['killParent', 'killParentGroup', 'killBystander', 'rawKill'])
      expect(first.tried[attempt]?.code, attempt).toMatch(/^(EPERM|ESRCH|errno -\d+)$/);
    expect(bystander.exitCode).toBeNull();
    expect(bystander.signalCode).toBeNull();
    // No connection of any kind: to a port on this machine (by net and fetch) or the metadata address.
    for (const attempt of ['tcp', 'fetch', 'metadata']) expect(first.tried[attempt]?.value, attempt).toBeUndefined();
    expect(arrived).toBe(0);
    // The user as its pages show it: no e-mail, no hidden birthday; the page's state carries the same view.
    expect(first.user).not.toHaveProperty('email');
    expect(first.user.birthday).toBe('');
    expect(first.user.name).toBe('星星');
    expect(JSON.stringify(first)).not.toContain('hostile-test@example.com');
    expect(stateOf(home.body).auth.user).toEqual(first.user);
    expect(home.body).not.toContain('hostile-test@example.com');
    expect(home.body).not.toContain('2013-05-01');

    // Another remote's page, server-rendered in its own pool while the hostile one listens.
    const my = await page('/my');
    expect(my.headers['x-server-render']).toBe('ok');
    expect(my.body).toContain(SPACE_SECRET);
    const later = reportOf((await page('/follows')).body)!;
    // It saw its own calls only: nothing of the shell's or mf-space's renders.
    expect(later.seen.length).toBeGreaterThan(0);
    for (const message of later.seen) {
      expect(message).toContain('/mf-home/');
      expect(message).not.toContain(SPACE_SECRET);
      expect(message).not.toContain('"path":"/my"');
    }
  }, 120_000);

  it('is killed past its bound and falls back alone; after failures in a row it is left to the browser for a while', async () => {
    const { page } = await open();
    const looped = await page('/fans?m=loop');
    expect(looped.statusCode).toBe(200);
    expect(looped.headers['x-server-render']).toBe('timeout');
    expect(looped.body).toContain('星星'); // the frame, server-rendered
    expect(looped.body).toContain('<div id="xb-area"><div class="xb-splash" data-xb-client role="status" aria-label="加载中">');
    for (let i = 0; i < 2; i++) expect((await page('/fans?m=throw')).headers['x-server-render']).toBe('error');
    const paused = await page('/home');
    expect(paused.statusCode).toBe(200);
    expect(paused.headers['x-server-render']).toBe('suspended');
    expect(paused.body).toContain('星星');
    expect(reportOf(paused.body)).toBeNull();
    // The other remotes are still server-rendered.
    const my = await page('/my');
    expect(my.headers['x-server-render']).toBe('ok');
    expect(my.body).toContain(SPACE_SECRET);
  }, 120_000);

  it("is not run where the sandbox cannot close the network (or signals), unless the operator accepts the risk; the machine's own builds still are", async () => {
    // The network open (no namespace); signals still closed, so that the entry cannot kill the test itself.
    const weak = { isolation: { net: null, uidBase: isolation.uidBase } };
    const { page } = await open(weak);
    const home = await page('/home');
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-server-render']).toBe('none');
    expect(reportOf(home.body)).toBeNull();
    expect((await page('/my')).headers['x-server-render']).toBe('ok');

    const accepted = await open({ ...weak, unsafe: true });
    const risky = await accepted.page('/follows');
    expect(risky.headers['x-server-render']).toBe('ok');
    // Run, and it could reach the network here: the risk the operator accepted.
    expect(reportOf(risky.body)?.tried.tcp).toEqual({ value: 'connected' });
  }, 120_000);
});
