/**
 * Starts the site exactly as `npm start` serves it (node server/dist/main.js over the built shell
 * and remotes), for the browser tests and the benchmarks. Plain JS so `npm run bench` needs no
 * TypeScript loader.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repo = join(import.meta.dirname, '..', '..');

/** Chromium's flags for the browser tests and the benchmarks: quiet, no background traffic to skew figures. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Builds the server when server/dist/main.js is missing (the benchmarks may run before any build). */
export function ensureServerBuilt() {
  if (existsSync(join(repo, 'server/dist/main.js'))) return;
  const built = spawnSync('npm', ['run', 'build', '-w', '@xiaoba/server'], { cwd: repo, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
}

/**
 * A fresh temporary DATA_DIR. mkdtemp makes it 0700; as root, PostgreSQL runs as the `postgres`
 * user, which must be able to enter it.
 * @param {string} prefix
 */
export function tempDataDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** @returns {Promise<number>} a TCP port free on 127.0.0.1 right now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * @param {Record<string, string>} env extra environment (PORT, DATA_DIR, ...)
 * @param {string} [root] the checkout whose build is served (tools/bench-taps.mjs serves an older one beside this)
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, log: () => string, stop: () => Promise<void> }>}
 */
export async function startSite(env, root = repo) {
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const log = () => output;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/remotes.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server at ${url} did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, log, stop };
}
