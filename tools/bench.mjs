#!/usr/bin/env node
/**
 * `npm run bench`: the figures the project tracks, printed as a table.
 *   - build time of all modules, cold (turbo cache bypassed) and cached, and per module cold;
 *   - first load of /login in Chromium: JS requests, JS bytes and all bytes (as sent, gzip/brotli),
 *     and the time to a usable login form over an emulated 3G link, with and without preload hints;
 *   - first load of /my and /home signed in: requests, JS bytes, all bytes, time to the first yy;
 *   - login latency p50/p95 with the production argon2id settings (sequential, one client);
 *   - resident memory of the idle server process (PostgreSQL's own processes not included);
 *   - then tools/bench-pages.mjs: federated vs a single-bundle control build of the same sources,
 *     side by side with their ratio: first-load JS and script requests of /login, /register, /my,
 *     /home, and Lighthouse mobile (score, FCP, LCP, TBT, median of 3); a full run rewrites the
 *     figures in docs/performance.md and docs/performance-chart.svg;
 *   - then tools/bench-taps.mjs: on a phone profile (CPU 4x, 150 ms, 1.6 Mbit/s), this build beside
 *     the last build before hydration: first paint, when a tap made at first paint takes effect,
 *     its INP and a later tap's, the main thread's time after the paint, per page;
 *   - then tools/bench-yy.mjs: yy page-1 latency at 10 and 100,000 posts, a 4 MB photo upload;
 *   - then tools/bench-follow-feed.mjs and tools/bench-search.mjs (search at 1,000,000 yy);
 *   - then tools/bench-scrip.mjs (小纸条: 1,000 conversations among 1,000,000 notes, against getyy).
 * `npm run bench -- --no-build` skips the build timings; `-- --quick` (or BENCH_QUICK=1) skips Lighthouse.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, repo, startSite } from '../tests/src/site-server.mjs';

const args = new Set(process.argv.slice(2));
const rows = [];
const row = (figure, value) => {
  rows.push([figure, value]);
  console.log(`${figure.padEnd(52)} ${value}`);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function timed(command, argv, cwd = repo) {
  const start = performance.now();
  const result = spawnSync(command, argv, { cwd, stdio: 'ignore', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`);
  return performance.now() - start;
}

if (!args.has('--no-build')) {
  row('build, all modules, cold (turbo --force)', seconds(timed('npx', ['turbo', 'run', 'build', '--force'])));
  row('build, all modules, cached (turbo)', seconds(timed('npx', ['turbo', 'run', 'build'])));
  for (const ws of ['shell', 'mf-auth', 'mf-home', 'mf-space', 'mf-settings', 'server']) {
    row(`build, ${ws} alone`, seconds(timed('npm', ['run', 'build', '-w', `@xiaoba/${ws}`])));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'xiaoba-bench-'));
// As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
// 60 logins from one address in a row: the general limits (not what is measured) stay off.
const site = await startSite({ DATA_DIR: dataDir, RATE_LIMIT_ANON: '0', RATE_LIMIT_USER: '0' });
try {
  // First load of /login, empty cache.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  const started = performance.now();
  await page.goto(`${site.url}/login`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: /登录/ }).first().waitFor();
  const ready = performance.now() - started;
  await page.waitForLoadState('networkidle');
  let js = 0;
  let jsBytes = 0;
  let allBytes = 0;
  for (const request of responses) {
    const { responseBodySize, responseHeadersSize } = await request.sizes();
    allBytes += responseBodySize + responseHeadersSize;
    if (request.resourceType() === 'script') {
      js++;
      jsBytes += responseBodySize;
    }
  }
  row('first load /login: JS requests', String(js));
  row('first load /login: JS bytes as sent (compressed)', kb(jsBytes));
  row('first load /login: all bytes as sent, with headers', kb(allBytes));
  row('first load /login: until the login button shows (local)', `${ready.toFixed(0)} ms`);

  // The same first visit over an emulated 3G link (300 ms round trip, 1.6 Mbit/s down), with
  // the modulepreload hints the server and the shell's build add, and with them stripped.
  async function slowVisit(stripPreloads) {
    const context = await browser.newContext();
    const slow = await context.newPage();
    const cdp = await context.newCDPSession(slow);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 90_000 });
    if (stripPreloads) {
      await slow.route('**/login', async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/<link rel="modulepreload"[^>]*>/g, '');
        await route.fulfill({ response: res, body: html });
      });
    }
    const t0 = performance.now();
    await slow.goto(`${site.url}/login`);
    await slow.getByRole('button', { name: /登录/ }).first().waitFor({ timeout: 60_000 });
    const ms = performance.now() - t0;
    await context.close();
    return ms;
  }
  const withHints = [];
  const without = [];
  for (let i = 0; i < 3; i++) {
    withHints.push(await slowVisit(false));
    without.push(await slowVisit(true));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[1];
  row('first load /login on 3G: login button shows (median of 3)', `${(median(withHints) / 1000).toFixed(2)} s`);
  row('  same without the preload hints', `${(median(without) / 1000).toFixed(2)} s (x${(median(without) / median(withHints)).toFixed(2)})`);

  // First load of /my and of /home (its feed is a fragment of mf-space) signed in as a demo user,
  // empty cache: requests, bytes and the time until the first yy shows.
  for (const path of ['/my', '/home']) {
    const context = await browser.newContext();
    const visit = await context.newPage();
    const login = await visit.request.post(`${site.url}/api/user/login`, { data: { username: '100001', password: 'xiaoba123' } });
    if (!login.ok()) throw new Error(`login answered ${login.status()}`);
    const requests = [];
    visit.on('requestfinished', (request) => requests.push(request));
    const t0 = performance.now();
    await visit.goto(`${site.url}${path}`, { waitUntil: 'commit' });
    await visit.getByRole('article').first().waitFor();
    const shown = performance.now() - t0;
    await visit.waitForLoadState('networkidle');
    let scripts = 0;
    let scriptBytes = 0;
    let bytes = 0;
    for (const request of requests) {
      const { responseBodySize, responseHeadersSize } = await request.sizes();
      bytes += responseBodySize + responseHeadersSize;
      if (request.resourceType() === 'script') {
        scripts++;
        scriptBytes += responseBodySize;
      }
    }
    row(`first load ${path} (signed in): requests / JS requests`, `${requests.length} / ${scripts}`);
    row(`first load ${path}: JS bytes as sent (compressed)`, kb(scriptBytes));
    row(`first load ${path}: all bytes as sent (pictures included)`, kb(bytes));
    row(`first load ${path}: until the first yy shows (local)`, `${shown.toFixed(0)} ms`);
    await context.close();
  }
  await browser.close();

  // Login latency with the real argon2id settings.
  const samples = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const res = await fetch(`${site.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '100001', password: 'xiaoba123' }),
    });
    if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
  row('login latency p50 (60 sequential logins)', `${pct(50).toFixed(1)} ms`);
  row('login latency p95', `${pct(95).toFixed(1)} ms`);

  // Idle memory of the API process.
  await new Promise((r) => setTimeout(r, 3000));
  const status = readFileSync(`/proc/${site.child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  row('server process RSS at idle', `${(rss / 1024).toFixed(1)} MB`);
  try {
    const pg = execFileSync('sh', ['-c', `ps -o rss= --ppid ${site.child.pid} | awk '{s+=$1} END {print s}'`])
      .toString()
      .trim();
    if (pg) row('embedded PostgreSQL processes RSS (children)', `${(Number(pg) / 1024).toFixed(1)} MB`);
  } catch {
    // ps unavailable: skip
  }
} finally {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Federated vs the single-bundle control (bytes, requests, Lighthouse), on servers of their own.
console.log('');
const pagesBench = spawnSync(process.execPath, [join(repo, 'tools/bench-pages.mjs'), ...(args.has('--quick') ? ['--quick'] : [])], {
  cwd: repo,
  stdio: 'inherit',
});
if (pagesBench.status !== 0) process.exitCode = 1;

// Taps at first paint on the phone profile, beside the swap build (built once under /tmp), on servers of their own.
console.log('');
const tapsBench = spawnSync(process.execPath, [join(repo, 'tools/bench-taps.mjs'), ...(args.has('--quick') ? ['--quick'] : [])], {
  cwd: repo,
  stdio: 'inherit',
});
if (tapsBench.status !== 0) process.exitCode = 1;

// The yy figures (page latency at 10 vs 100,000 posts, picture upload), on a server of their own.
console.log('');
const yyBench = spawnSync(process.execPath, [join(repo, 'tools/bench-yy.mjs')], { cwd: repo, stdio: 'inherit' });
if (yyBench.status !== 0) process.exitCode = 1;

// The following feed at 1,000 follows and at 3 (1,000,000 yy), on a server of its own.
console.log('');
const followBench = spawnSync(process.execPath, [join(repo, 'tools/bench-follow-feed.mjs')], { cwd: repo, stdio: 'inherit' });
if (followBench.status !== 0) process.exitCode = 1;

// Search (Chinese words, one character, users) at 1,000,000 yy, on a server of its own.
console.log('');
const searchBench = spawnSync(process.execPath, [join(repo, 'tools/bench-search.mjs')], { cwd: repo, stdio: 'inherit' });
if (searchBench.status !== 0) process.exitCode = 1;

// 小纸条: a user with 1,000 conversations among 1,000,000 notes, against getyy, on a server of its own.
console.log('');
const scripBench = spawnSync(process.execPath, [join(repo, 'tools/bench-scrip.mjs')], { cwd: repo, stdio: 'inherit' });
if (scripBench.status !== 0) process.exitCode = 1;
