#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in tiers, two at a time where they can overlap, then a
 * table of each tier's time. Exits 1 when a tier fails, after printing that tier's output (every
 * tier's output is also kept in test-results/tiers/<tier>.log).
 *
 * Tiers run through turbo, so a tier whose inputs did not change replays its cached result. With
 * CI set, nothing comes from the cache (`--force`). Tiers after the build run with `--only`: this
 * script has already built, and their turbo inputs name the built files they test.
 *
 *   node tools/test-tiers.mjs            every tier
 *   node tools/test-tiers.mjs unit server only these tiers (and nothing they wait for)
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const repo = join(import.meta.dirname, '..');
const logDir = join(repo, 'test-results', 'tiers');
const force = process.env.CI ? ['--force'] : [];
/** Two tiers at once: this machine has two cores, and one tier often waits on PostgreSQL or a browser. */
const SLOTS = 2;

const turbo = (...args) => ['npx', 'turbo', 'run', ...args, '--output-logs=new-only', ...force];

/**
 * Each tier: its command, the tiers it waits for. Listed in the order they take a free slot: the
 * browser tests, the longest, start as soon as the build is done; the short server tiers after the
 * build fill the slot that frees last. Each server tier starts a PostgreSQL of its own.
 */
const TIERS = [
  { name: 'build', does: 'every workspace built (vite, esbuild)', cmd: turbo('build', '--concurrency=2') },
  { name: 'unit', does: 'front-end unit tests (happy-dom), workspace by workspace', cmd: turbo('test', '--filter=!@xiaoba/server', '--concurrency=1') },
  { name: 'budget', does: 'first-load bytes within tools/budget.json', after: ['build'], cmd: ['node', 'tools/check-budget.mjs'] },
  { name: 'browser', does: 'Chromium against the built site', after: ['build'], cmd: turbo('e2e', '--filter=@xiaoba/tests', '--only') },
  { name: 'server', does: 'server tests that need no build (tier `fast`)', cmd: turbo('test', '--filter=@xiaoba/server') },
  {
    name: 'server-built',
    does: 'server renders of the built shell and remotes',
    after: ['build'],
    cmd: turbo('test:built', '--filter=@xiaoba/server', '--only'),
  },
  {
    name: 'server-process',
    does: 'whole server processes, kill -9, sandbox children',
    after: ['build'],
    cmd: turbo('test:process', '--filter=@xiaoba/server', '--only'),
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !TIERS.some((t) => t.name === w));
if (unknown.length) {
  console.error(`unknown tier ${unknown.join(', ')}; tiers: ${TIERS.map((t) => t.name).join(', ')}`);
  process.exit(2);
}
const tiers = wanted.length ? TIERS.filter((t) => wanted.includes(t.name)) : TIERS;
mkdirSync(logDir, { recursive: true });

/** @type {Map<string, {status: 'running' | 'passed' | 'failed' | 'skipped', seconds?: number, log: string}>} */
const results = new Map();
const started = Date.now();
const elapsed = (from) => (Date.now() - from) / 1000;
const stamp = () => `[${elapsed(started).toFixed(0).padStart(4)} s]`;

function run(tier) {
  const log = join(logDir, `${tier.name}.log`);
  results.set(tier.name, { status: 'running', log });
  console.log(`${stamp()} ${tier.name}: started (${tier.does})`);
  const from = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const [command, ...args] = tier.cmd;
    const child = spawn(command, args, { cwd: repo, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = elapsed(from);
        const status = code === 0 ? 'passed' : 'failed';
        results.set(tier.name, { status, seconds, log });
        console.log(`${stamp()} ${tier.name}: ${status} in ${seconds.toFixed(0)} s`);
        resolve();
      });
    });
  });
}

/** Starts every tier whose waits are over while a slot is free; skips those that wait on a failure. */
async function schedule() {
  const running = new Set();
  for (;;) {
    for (const tier of tiers) {
      if (results.has(tier.name)) continue;
      const waits = (tier.after ?? []).filter((name) => tiers.some((t) => t.name === name));
      if (waits.some((name) => ['failed', 'skipped'].includes(results.get(name)?.status ?? ''))) {
        results.set(tier.name, { status: 'skipped', log: '' });
        console.log(`${stamp()} ${tier.name}: skipped (a tier it waits for failed)`);
        continue;
      }
      if (running.size >= SLOTS || !waits.every((name) => results.get(name)?.status === 'passed')) continue;
      const job = run(tier).then(() => running.delete(job));
      running.add(job);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
}

await schedule();

const total = elapsed(started);
const failed = tiers.filter((t) => results.get(t.name)?.status === 'failed');
for (const tier of failed) {
  console.log(`\n===== ${tier.name} failed: its output (${results.get(tier.name).log}) =====\n`);
  console.log(readFileSync(results.get(tier.name).log, 'utf8'));
}
console.log('\ntier            status    time   what');
for (const tier of tiers) {
  const r = results.get(tier.name);
  const time = r.seconds === undefined ? '-' : `${r.seconds.toFixed(0)} s`;
  console.log(`${tier.name.padEnd(15)} ${r.status.padEnd(9)} ${time.padStart(6)}   ${tier.does}`);
}
console.log(`${'total'.padEnd(15)} ${(failed.length ? 'failed' : 'passed').padEnd(9)} ${`${total.toFixed(0)} s`.padStart(6)}   wall clock, tiers overlapping`);
// One closing line over every tier, in the plain form CI reads ('N passed, N failed, N skipped'):
// the sum of the vitest summaries (`Tests  3 failed | 941 passed | 1 skipped (945)`) in the logs.
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const tier of tiers) {
  const { log } = results.get(tier.name);
  if (!log) continue;
  for (const line of stripVTControlCharacters(readFileSync(log, 'utf8')).split('\n')) {
    if (!/\bTests\s+\d/.test(line)) continue;
    for (const kind of Object.keys(counts)) counts[kind] += Number(line.match(new RegExp(`(\\d+) ${kind}`))?.[1] ?? 0);
  }
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed.length ? 1 : 0);
