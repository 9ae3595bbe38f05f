/**
 * The render sandbox against real child processes: fixture entries are written to a temporary
 * root, the runner is bundled as build.mjs bundles it (server/test-results/, one level below
 * server/ like dist/).
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { TEST_JWT_SECRET } from '../../test/helpers';
import { buildTestRunner } from '../../test/render';
import { probeIsolation, runnerExecArgv } from './isolation';
import { createRenderSandbox, type RenderLog, type RenderSandbox } from './sandbox';

let base: string;
let root: string;
let outside: string;
let runner: string;
const logged: string[] = [];
const log: RenderLog = { info: (m) => logged.push(m), warn: (m) => logged.push(m) };
const open: RenderSandbox[] = [];

const FIXTURES: Record<string, string> = {
  'good.mjs': `export async function render(props) { return { html: '<p class="hi">你好，' + props.name + '</p>', css: '.hi{color:red}' }; }`,
  'no-css.mjs': `export function render() { return { html: '<b>x</b>' }; }`,
  'planned.mjs': `export function plan(p) { return { requests: [{ url: '/yy/getyy?uid=' + p.uid }] }; }
export function render(p) { return { html: '<i>' + p.n + '</i>', state: { seen: p.n } }; }`,
  'pid.mjs': `export async function render() { return { html: String(process.pid) }; }`,
  // An entry whose import alone takes 700 ms (a big bundle on a busy machine).
  'heavy.mjs': `const until = Date.now() + 700; while (Date.now() < until) {} export function render() { return { html: 'heavy' }; }`,
  'slow.mjs': `export async function render(p) { await new Promise((r) => setTimeout(r, p.ms)); return { html: String(process.pid) }; }`,
  'never.mjs': `export function render() { return new Promise(() => {}); }`,
  'loop.mjs': `export function render() { for (;;) {} }`,
  'throws.mjs': `export async function render() { throw new Error('broken remote'); }`,
  'bad-shape.mjs': `export async function render() { return { html: 42 }; }`,
  'no-render.mjs': `export const x = 1;`,
  'exits.mjs': `export async function render() { process.exit(1); }`,
  'malicious.mjs': `
import fs from 'node:fs';
import net from 'node:net';
const attempt = async (fn) => { try { return { value: await fn() }; } catch (e) { return { code: e.code ?? String(e) }; } };
/** PostgreSQL's first answer to a startup message without a password: 'R' + length + auth code (0: in, 10: SASL password wanted). */
function pgAuthCode(host, port, user) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => {
      const params = Buffer.from('user\\0' + user + '\\0database\\0postgres\\0\\0');
      const head = Buffer.alloc(8);
      head.writeInt32BE(8 + params.length, 0);
      head.writeInt32BE(196608, 4);
      socket.write(Buffer.concat([head, params]));
    });
    socket.once('data', (d) => { socket.destroy(); resolve(d[0] === 82 ? d.readInt32BE(5) : 'message ' + String.fromCharCode(d[0])); });
    socket.once('error', reject);
  });
}
export async function render(p) {
  const got = {
    jwt: process.env.JWT_SECRET ?? null,
    databaseUrl: process.env.DATABASE_URL ?? null,
    envKeys: Object.keys(process.env),
    passwordFile: await attempt(() => fs.readFileSync(p.passwordFile, 'utf8')),
    parentEnviron: await attempt(() => fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8')),
    write: await attempt(() => fs.writeFileSync(p.writeTo, 'x')),
    spawn: await attempt(async () => (await import('node:child_process')).execFileSync('cat', [p.passwordFile]).toString()),
    worker: await attempt(async () => { const { Worker } = await import('node:worker_threads'); new Worker('1', { eval: true }); return 'started'; }),
    pg: await attempt(() => import('pg')),
    db: await attempt(() => pgAuthCode(p.pgHost, p.pgPort, p.pgUser)),
  };
  return { html: JSON.stringify(got) };
}`,
};

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'xb-render-'));
  // Readable by the pools' own user ids (mkdtemp makes it the owner's only), as a site's builds are.
  await chmod(base, 0o755);
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  for (const [name, text] of Object.entries(FIXTURES)) await writeFile(path.join(root, name), text);
  await writeFile(path.join(outside, 'pg-password'), 'very-secret-password\n', { mode: 0o600 });
  await writeFile(path.join(outside, 'good.mjs'), FIXTURES['good.mjs']!);
  await symlink(path.join(outside, 'good.mjs'), path.join(root, 'link.mjs'));

  runner = await buildTestRunner('sandbox');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  rmSync(runner, { force: true });
  await rm(base, { recursive: true, force: true });
});

function sandbox(options: { timeoutMs?: number; processes?: number } = {}): RenderSandbox {
  const s = createRenderSandbox({ roots: [root], timeoutMs: options.timeoutMs ?? 5000, processes: options.processes, log, runner });
  open.push(s);
  return s;
}

const entry = (name: string) => path.join(root, name);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('render sandbox', () => {
  it('renders html and css from the props', async () => {
    const s = sandbox();
    expect(await s.render({ entry: entry('good.mjs'), props: { name: '巴巴' } })).toEqual({
      ok: true,
      html: '<p class="hi">你好，巴巴</p>',
      css: '.hi{color:red}',
      data: null,
    });
    // The entry is kept: a second render answers from the same module, with its own props.
    expect(await s.render({ entry: entry('good.mjs'), props: { name: 'yy' } })).toMatchObject({ ok: true, html: '<p class="hi">你好，yy</p>' });
    expect(await s.render({ entry: entry('no-css.mjs'), props: null })).toEqual({ ok: true, html: '<b>x</b>', css: '', data: null });
  });

  it("runs an entry's plan, and hands back the state its render gives", async () => {
    const s = sandbox();
    expect(await s.render({ entry: entry('planned.mjs'), call: 'plan', props: { uid: 7 } })).toEqual({
      ok: true,
      html: '',
      css: '',
      data: { requests: [{ url: '/yy/getyy?uid=7' }] },
    });
    expect(await s.render({ entry: entry('planned.mjs'), props: { n: 3 } })).toEqual({ ok: true, html: '<i>3</i>', css: '', data: { seen: 3 } });
    // An entry without a plan: the call is an error, the child serves the next one.
    expect(await s.render({ entry: entry('good.mjs'), call: 'plan', props: {} })).toEqual({ ok: false, reason: 'error' });
    expect(await s.render({ entry: entry('no-css.mjs'), props: null })).toMatchObject({ ok: true });
  });

  it('imports a rebuilt entry anew: a new build at the same path is not the module kept', async () => {
    const s = sandbox();
    const file = path.join(root, 'rebuilt.mjs');
    await writeFile(file, `export function render() { return { html: 'first' }; }`);
    expect(await s.render({ entry: file, props: null })).toMatchObject({ ok: true, html: 'first' });
    await writeFile(file, `export function render() { return { html: 'second' }; }`);
    // A later modification time (file systems with coarse times would otherwise see the same one).
    const { utimes } = await import('node:fs/promises');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await s.render({ entry: file, props: null })).toMatchObject({ ok: true, html: 'second' });
  });

  it("gives an entry none of the server's secrets, files, processes or database", async () => {
    const saved = { JWT_SECRET: process.env.JWT_SECRET, DATABASE_URL: process.env.DATABASE_URL };
    const db = new URL(inject('pgAdminUrl'));
    process.env.JWT_SECRET = TEST_JWT_SECRET;
    process.env.DATABASE_URL = db.toString();
    try {
      const s = sandbox();
      const result = await s.render({
        entry: entry('malicious.mjs'),
        props: {
          passwordFile: path.join(outside, 'pg-password'),
          writeTo: path.join(root, 'written.txt'),
          pgHost: db.hostname === 'localhost' ? '127.0.0.1' : db.hostname,
          pgPort: Number(db.port),
          pgUser: decodeURIComponent(db.username),
        },
      });
      expect(result.ok).toBe(true);
      const html = result.ok ? result.html : '';
      expect(html).not.toContain(TEST_JWT_SECRET);
      expect(html).not.toContain('very-secret-password');
      expect(html).not.toContain(decodeURIComponent(db.password));
      const got = JSON.parse(html);
      expect(got.jwt).toBeNull();
      expect(got.databaseUrl).toBeNull();
      expect(got.envKeys).toEqual(['NODE_ENV']);
      expect(got.passwordFile).toEqual({ code: 'ERR_ACCESS_DENIED' });
      expect(got.parentEnviron).toEqual({ code: 'ERR_ACCESS_DENIED' });
      expect(got.write).toEqual({ code: 'ERR_ACCESS_DENIED' });
      expect(got.spawn).toEqual({ code: 'ERR_ACCESS_DENIED' });
      expect(got.worker).toEqual({ code: 'ERR_ACCESS_DENIED' });
      expect(got.pg.value).toBeUndefined();
      // Where the OS gives the child a network namespace, PostgreSQL cannot even be reached; else it
      // wants the password (SASL, code 10) the entry cannot read: it is not let in (code 0).
      if (probeIsolation().net) expect(got.db.code).toMatch(/^E[A-Z]+$/);
      else expect(got.db).toEqual({ value: 10 });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it.each(['never.mjs', 'loop.mjs'])('answers timeout for a render past the bound (%s), then renders the next', async (name) => {
    const s = sandbox({ timeoutMs: 600 });
    const pid = await s.render({ entry: entry('pid.mjs'), props: {} });
    const t0 = Date.now();
    expect(await s.render({ entry: entry(name), props: {} })).toEqual({ ok: false, reason: 'timeout' });
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(590);
    expect(took).toBeLessThan(2000);
    const after = await s.render({ entry: entry('pid.mjs'), props: {} });
    expect(after.ok).toBe(true);
    // The stuck renderer was killed and replaced. SIGKILL is delivered and the child reaped
    // asynchronously: on a busy machine it can still be there a moment after the answer.
    expect(after.ok && pid.ok && after.html !== pid.html).toBe(true);
    if (pid.ok) await vi.waitFor(() => expect(alive(Number(pid.html))).toBe(false), { timeout: 3000, interval: 50 });
  });

  it('warm() starts the children and loads an entry before the first page asks for it', async () => {
    const cold = sandbox({ timeoutMs: 500 });
    // Cold, the first render pays for the process and the import: past the bound.
    expect(await cold.render({ entry: entry('heavy.mjs'), props: {} })).toEqual({ ok: false, reason: 'timeout' });
    const warmed = sandbox({ timeoutMs: 500 });
    warmed.warm([entry('heavy.mjs'), path.join(outside, 'x.mjs'), entry('missing.mjs')]);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await warmed.render({ entry: entry('heavy.mjs'), props: {} })).toEqual({ ok: true, html: 'heavy', css: '', data: null });
  });

  it('keeps a healthy renderer whose render only waited in the queue past the bound', async () => {
    const s = sandbox({ timeoutMs: 1500 });
    const seen = logged.length;
    const pid = (await s.render({ entry: entry('pid.mjs'), props: {} })) as { html: string };
    // Imported once beforehand: on a busy machine the first import alone took past the margin below.
    expect(await s.render({ entry: entry('slow.mjs'), props: { ms: 0 } })).toMatchObject({ ok: true });
    // The first takes 800 ms; the second, asked 100 ms later, waits for it, is answered timeout at
    // 1600 ms, and is let finish in the child (it has run 800 ms of its own 1500, and needs 1000):
    // the child is not killed. Asked later, not at once: two calls' entry checks (a realpath each)
    // may end in either order, and so may their places in the queue.
    const first = s.render({ entry: entry('slow.mjs'), props: { ms: 800 } });
    await new Promise((r) => setTimeout(r, 100));
    const second = s.render({ entry: entry('slow.mjs'), props: { ms: 1000 } });
    expect(await first).toMatchObject({ ok: true, html: pid.html });
    expect(await second).toEqual({ ok: false, reason: 'timeout' });
    expect(await s.render({ entry: entry('pid.mjs'), props: {} })).toMatchObject({ ok: true, html: pid.html });
    expect(logged.slice(seen).some((line) => line.includes('killed'))).toBe(false);
  });

  it('renders on another process while one is stuck', async () => {
    const s = sandbox({ timeoutMs: 1500, processes: 2 });
    const stuck = s.render({ entry: entry('loop.mjs'), props: {} });
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    expect(await s.render({ entry: entry('good.mjs'), props: { name: 'a' } })).toMatchObject({ ok: true });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await stuck).toEqual({ ok: false, reason: 'timeout' });
  });

  it('answers error for an entry that throws, returns a wrong shape or exports no render', async () => {
    const s = sandbox();
    for (const name of ['throws.mjs', 'bad-shape.mjs', 'no-render.mjs', 'missing.mjs']) {
      expect(await s.render({ entry: entry(name), props: {} })).toEqual({ ok: false, reason: 'error' });
    }
    expect(logged.some((line) => line.includes('broken remote'))).toBe(true);
    // The renderer is still the same healthy process.
    expect(await s.render({ entry: entry('good.mjs'), props: { name: 'b' } })).toMatchObject({ ok: true });
  });

  it('answers crashed when the renderer dies, restarts it, and backs off when it keeps dying', async () => {
    const s = sandbox({ timeoutMs: 5000 });
    expect(await s.render({ entry: entry('exits.mjs'), props: {} })).toEqual({ ok: false, reason: 'crashed' });
    expect(await s.render({ entry: entry('good.mjs'), props: { name: 'c' } })).toMatchObject({ ok: true, html: '<p class="hi">你好，c</p>' });
    // Crash after crash, the restarts wait 0, 100, 200, 400 ms: no fork storm.
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) expect(await s.render({ entry: entry('exits.mjs'), props: {} })).toEqual({ ok: false, reason: 'crashed' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(700);
    expect(await s.render({ entry: entry('good.mjs'), props: { name: 'd' } })).toMatchObject({ ok: true });
  });

  it('refuses an entry outside the roots without asking a renderer', async () => {
    const s = sandbox();
    for (const e of [path.join(outside, 'good.mjs'), path.join(root, '..', 'outside', 'good.mjs'), entry('link.mjs'), 'good.mjs', root, `${root}-x/good.mjs`]) {
      expect(await s.render({ entry: e, props: {} }), e).toEqual({ ok: false, reason: 'refused' });
    }
  });

  it.skipIf(!probeIsolation().net || probeIsolation().uidBase === null)(
    "closes the network and signals to other processes, and keeps each root's renders in processes of its own",
    async () => {
      const listener = createServer((socket) => {
        arrived++;
        socket.destroy();
      });
      let arrived = 0;
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const port = (listener.address() as { port: number }).port;
      const other = path.join(base, 'other');
      await mkdir(other, { recursive: true });
      await writeFile(
        path.join(other, 'spy.mjs'),
        `import net from 'node:net';
const seen = [];
process.on('message', (m) => seen.push(m.entry));
const attempt = async (fn) => { try { return String(await fn()); } catch (e) { return e.code ?? e.cause?.code ?? String(e); } };
export async function render(p) {
  const tcp = await new Promise((resolve) => { const s = net.connect(${port}, '127.0.0.1'); s.once('connect', () => { s.destroy(); resolve('connected'); }); s.once('error', (e) => resolve(e.code)); });
  return { html: JSON.stringify({ seen, pid: process.pid, tcp, fetch: await attempt(() => fetch('http://127.0.0.1:${port}/').then((r) => r.status)),
    kill: await attempt(() => process.kill(process.ppid, 'SIGKILL')), killInit: await attempt(() => process.kill(1, 0)), killOtherRoot: await attempt(() => process.kill(p.victim ?? 1, 'SIGKILL')) }) };
}`,
      );
      try {
        const s = createRenderSandbox({ roots: [root, other], timeoutMs: 5000, log, runner });
        open.push(s);
        const pid = await s.render({ entry: entry('pid.mjs'), props: {} });
        expect(s.containment(entry('pid.mjs'))).toEqual({ network: true, signals: true });
        await s.render({ entry: path.join(other, 'spy.mjs'), props: {} });
        await s.render({ entry: entry('good.mjs'), props: { name: 'secret-of-another-root' } });
        const spy = await s.render({ entry: path.join(other, 'spy.mjs'), props: { victim: pid.ok ? Number(pid.html) : 1 } });
        const got = JSON.parse(spy.ok ? spy.html : '{}');
        // Its own second call only (the first imported it): the other root's renders went to other processes.
        expect(got.seen).toEqual([path.join(other, 'spy.mjs')]);
        expect(pid.ok && Number(pid.html)).not.toBe(got.pid);
        expect(got.tcp).toMatch(/^E[A-Z]+$/);
        expect(got.fetch).toMatch(/^E[A-Z]+$/);
        expect(arrived).toBe(0);
        expect(got.kill).toBe('EPERM');
        expect(got.killInit).toBe('EPERM');
        // The other root's renderer runs as another user: it cannot signal this root's either.
        expect(got.killOtherRoot).toBe('EPERM');
        if (pid.ok) expect(alive(Number(pid.html))).toBe(true);
        expect(logged.some((line) => line.includes('network closed') && line.includes('signals to other processes blocked'))).toBe(true);
      } finally {
        listener.close();
      }
    },
  );

  it('kills its renderers on close, and a renderer exits when its channel closes', async () => {
    const s = sandbox();
    const pid = await s.render({ entry: entry('pid.mjs'), props: {} });
    expect(pid.ok).toBe(true);
    const stuck = s.render({ entry: entry('loop.mjs'), props: {} });
    await new Promise((r) => setTimeout(r, 100));
    await s.close();
    expect(await stuck).toEqual({ ok: false, reason: 'error' });
    if (pid.ok) expect(alive(Number(pid.html))).toBe(false);
    expect(await s.render({ entry: entry('good.mjs'), props: {} })).toEqual({ ok: false, reason: 'error' });

    // The server dying closes the channel: the runner exits by itself.
    const child = fork(runner, [], { execArgv: runnerExecArgv(runner, [root], 64), env: {}, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    await new Promise((resolve) => child.once('message', resolve));
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.disconnect();
    expect(await exited).toBe(0);
  });
});
