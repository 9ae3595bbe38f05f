/**
 * Serves the site exactly as `npm start` does (node server/dist/main.js over the built shell and
 * remotes, embedded PostgreSQL, demo data) in a fresh data folder, plus a second API process on
 * the SAME database with a 3-second access token, for the token-expiry test. Both are stopped
 * and the folder removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const repo = join(import.meta.dirname, '..', '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    shortTokenURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForSite(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/remotes.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not start in time:\n${log()}`);
}

function startServer(env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, [join(repo, 'server/dist/main.js')], {
    cwd: repo,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, log: () => output };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  for (const built of ['server/dist/main.js', 'shell/dist/index.html', 'mf-auth/dist/remoteEntry.js']) {
    if (!existsSync(join(repo, built))) throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'xiaoba-e2e-'));
  const [port, pgPort, shortPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const jwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

  const main = startServer({ PORT: String(port), PG_PORT: String(pgPort), DATA_DIR: dataDir, JWT_SECRET: jwtSecret, HOST: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForSite(baseURL, main.child, main.log);

  const short = startServer({
    PORT: String(shortPort),
    HOST: '127.0.0.1',
    DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/xiaoba`,
    JWT_SECRET: jwtSecret,
    ACCESS_TOKEN_TTL_SECONDS: '3',
    DEMO_DATA: '0',
  });
  const shortTokenURL = `http://127.0.0.1:${shortPort}`;
  await waitForSite(shortTokenURL, short.child, short.log);

  project.provide('baseURL', baseURL);
  project.provide('shortTokenURL', shortTokenURL);

  return async () => {
    await stop(short.child);
    await stop(main.child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
