/**
 * The API server as a child process, started as `npm start` runs it (`node <bundle of src/main.ts>`),
 * for tests that need real processes (several of them on one database, `kill -9`).
 *
 * Build-independent: the source is bundled with build.mjs's options into server/test-results/ (one
 * level below server/, like dist/, so paths.ts finds migrations/), no prior `npm run build` needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
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
