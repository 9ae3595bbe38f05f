/**
 * The API server as a child process, started as `npm start` runs it (`node <bundle of src/main.ts>`),
 * for tests that need real processes (several of them on one database, `kill -9`).
 *
 * `startServerPair` starts two of them side by side on one database (src/multi-process.test.ts,
 * src/features/live/multi-process.test.ts).
 *
 * Build-independent: the source is bundled with build.mjs's options into server/test-results/ (one
 * level below server/, like dist/, so paths.ts finds migrations/), no prior `npm run build` needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT, SERVER_ROOT } from '../paths';

/** Bundles src/main.ts into `outfile` with build.mjs's options: npm packages stay external, @xiaoba/* is compiled in. */
export async function bundleServerTo(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(SERVER_ROOT, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'externalise-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@xiaoba/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

/** Bundles src/main.ts into server/test-results/<name>.js; returns its path and a remover. */
export async function bundleServer(name: string): Promise<{ script: string; remove(): void }> {
  const dir = path.join(SERVER_ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  const script = path.join(dir, `${name}-${process.pid}.js`);
  await bundleServerTo(script);
  return { script, remove: () => rmSync(script, { force: true }) };
}

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Spawns the bundled server on a free loopback port with `env` over the test's environment and
 * resolves once it prints its banner (rejects with its output if it exits or takes 60 s).
 */
export async function startServerProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!out.includes('is running at')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** The JWT_SECRET both processes of a pair share (tests sign access tokens with it that either accepts). */
export const PAIR_JWT_SECRET = 'two-processes-share-this-secret-0123456789';

/** Two API processes of one bundle on one database, and how to stop them. */
export interface ServerPair {
  a: ServerProcess;
  b: ServerProcess;
  /** Stops (SIGTERM) each process still running and waits for its exit, then removes the site and data folders. */
  stop(): Promise<void>;
}

/**
 * Starts two processes of `script` side by side, as server/README.md "Running several API
 * processes" lays them out: the same `env` (DATABASE_URL, S3_* …), the same JWT_SECRET
 * (PAIR_JWT_SECRET) and one assembled
 * site (a shell's index.html, plus `shellFiles` in shell/dist), each with its own DATA_DIR (never
 * shared between processes) and loopback port. When one fails to start, the other is killed and
 * the failure thrown.
 */
export async function startServerPair(
  script: string,
  options: { tag: string; env: Record<string, string>; shellFiles?: Record<string, string> },
): Promise<ServerPair> {
  const folders: string[] = [];
  const removeFolders = async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  };
  const siteDir = await mkdtemp(path.join(tmpdir(), `xb-${options.tag}-site-`));
  folders.push(siteDir);
  const shellDist = path.join(siteDir, 'shell', 'dist');
  await mkdir(shellDist, { recursive: true });
  const files = { 'index.html': '<!doctype html><html><head><title>校巴</title></head><body><div id="root"></div></body></html>', ...options.shellFiles };
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(shellDist, name), text);

  const start = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `xb-${options.tag}-data-`));
    folders.push(dataDir);
    return startServerProcess(script, {
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      REMOTES_FILE: path.join(REPO_ROOT, 'remotes.config.json'),
      DEMO_DATA: '0',
      JWT_SECRET: PAIR_JWT_SECRET,
      ...options.env,
    });
  };
  const started = await Promise.allSettled([start(), start()]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // Never leave the one that did start running.
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL');
    await removeFolders();
    throw failed.reason;
  }
  const [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
  return {
    a,
    b,
    async stop() {
      for (const server of [a, b]) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
      await removeFolders();
    },
  };
}
