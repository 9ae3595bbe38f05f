#!/usr/bin/env node
/**
 * `npm run bench:durability [-- --rounds N] [-- --writers W]`: are acknowledged writes kept when
 * the server dies hard? Against the built server exactly as `npm start` runs it
 * (node server/dist/main.js, embedded PostgreSQL, a temporary DATA_DIR), each round:
 *   1. concurrent writers: registrations (valitedRegister + addAccount), yy posts and comments;
 *   2. `kill -9` of the server at a random moment (every second round PostgreSQL's whole process
 *      group is killed with it, as an OOM kill of the container would: WAL recovery at start);
 *   3. restart on the same DATA_DIR (the new server stops the PostgreSQL left running);
 *   4. every write answered 200 before the kill is looked up through the API.
 * At the end all acknowledged writes of all rounds are checked once more and the server is
 * stopped with SIGTERM (expected: exit 0, postmaster.pid gone). Prints rounds, acknowledged and
 * lost writes; exits 1 on any loss. Needs a built server (built here when missing).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureServerBuilt, freePort, repo, tempDataDir } from '../tests/src/site-server.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    writers: { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(args.rounds);
const WRITERS = Number(args.writers);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || !Number.isInteger(WRITERS) || WRITERS < 1) {
  console.error('usage: npm run bench:durability -- [--rounds N (20)] [--writers W (8)] [--keep]');
  process.exit(2);
}
/** The kill comes at a random moment this long after the writers started. */
const KILL_AFTER_MS = [300, 2500];
const DEMO_UIDS = [100001, 100002, 100003, 100004];

ensureServerBuilt();

const dataDir = tempDataDir('xiaoba-durability-');
const pgPort = String(await freePort());
const env = {
  DATA_DIR: dataDir,
  PG_PORT: pgPort,
  DEMO_DATA: '1',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  // Every limit off: the writers go as fast as the server lets them.
  RATE_LIMIT_USER: '0',
  RATE_LIMIT_ANON: '0',
  RATE_LIMIT_REGISTER: '0',
  LIMIT_YY: '0',
  LIMIT_COMMENTS: '0',
};

/** Starts node server/dist/main.js; resolves when it prints its banner. */
async function startServer() {
  const port = await freePort();
  const t0 = performance.now();
  let output = '';
  const child = spawn(process.execPath, [join(repo, 'server/dist/main.js')], {
    cwd: repo,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 180_000;
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start (exit ${child.exitCode}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited, url: `http://127.0.0.1:${port}`, startMs: performance.now() - t0, output: () => output };
}

async function call(server, method, path, { body, token, cookie } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, headers: res.headers };
}

async function login(server, uid) {
  const res = await call(server, 'POST', '/api/user/login', { body: { username: String(uid), password: 'xiaoba123' } });
  if (res.status !== 200) throw new Error(`login ${uid} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json.data.token;
}

/** Everything acknowledged so far, each with the round it was written in. */
const acked = { accounts: [], yy: [], comments: [] };
let serial = 0;
const unexpected = [];

/** One writer: loops over the three kinds of writes until the server is gone. */
async function writer(server, round, w, tokens) {
  for (;;) {
    const n = ++serial;
    const pick = Math.random();
    try {
      if (pick < 0.25) {
        const email = `dur-${round}-${w}-${n}@bench.xiaoba.fan`;
        const step1 = await call(server, 'POST', '/api/user/valitedRegister', {
          body: { email, name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' },
        });
        if (step1.status !== 200) {
          unexpected.push(`valitedRegister ${step1.status} ${step1.json?.msg}`);
          continue;
        }
        const cookie = (step1.headers.get('set-cookie') ?? '').split(';')[0];
        const step2 = await call(server, 'POST', '/api/user/addAccount', {
          cookie,
          body: { email, lockedPassword: 'bench123', uname: `压测${n % 1000}`, sex: n % 2, birthday: '2000-01-01' },
        });
        if (step2.status === 200) acked.accounts.push({ uid: step2.json.data.uid, email, round });
        else unexpected.push(`addAccount ${step2.status} ${step2.json?.msg}`);
      } else if (pick < 0.65 || acked.yy.length === 0) {
        const i = n % tokens.length;
        const content = `耐久测试 第${round}轮 写手${w} 第${n}条`;
        const res = await call(server, 'POST', '/api/yy/createyy', { token: tokens[i], body: { content } });
        if (res.status === 200) acked.yy.push({ weiboId: res.json.data.weiboId, uid: DEMO_UIDS[i], content, round });
        else unexpected.push(`createyy ${res.status} ${res.json?.msg}`);
      } else {
        const target = acked.yy[Math.floor(Math.random() * acked.yy.length)];
        const i = n % tokens.length;
        const content = `评论 第${round}轮 第${n}条`;
        const res = await call(server, 'POST', '/api/comment/add', { token: tokens[i], body: { weiboId: target.weiboId, content } });
        if (res.status === 200) acked.comments.push({ commentId: res.json.data.commentId, weiboId: target.weiboId, content, round });
        else unexpected.push(`comment ${res.status} ${res.json?.msg}`);
      }
    } catch {
      // The server was killed under this request: it was never acknowledged.
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    }
  }
}

/** Looks every acknowledged write up through the API; returns the missing ones. */
async function verify(server, token, filter) {
  const missing = [];
  const accounts = acked.accounts.filter(filter);
  const yy = acked.yy.filter(filter);
  const comments = acked.comments.filter(filter);
  const inBatches = async (items, size, fn) => {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
  };
  await inBatches(accounts, 16, async (a) => {
    const res = await call(server, 'GET', `/api/user/getuserinfo/${a.uid}`, { token });
    if (res.status !== 200) missing.push(`account ${a.uid} (${a.email}, round ${a.round}): ${res.status}`);
  });
  // One comment list per yy: answers 404 when the yy is gone, and lists its (newest 500) comments.
  const lists = new Map();
  for (const id of new Set([...yy.map((y) => y.weiboId), ...comments.map((c) => c.weiboId)])) lists.set(id, null);
  await inBatches([...lists.keys()], 16, async (id) => {
    const res = await call(server, 'GET', `/api/comment/getComment?weiboId=${id}`, { token });
    lists.set(id, res.status === 200 ? new Set(res.json.data.map((c) => c.commentId)) : null);
  });
  for (const y of yy) if (!lists.get(y.weiboId)) missing.push(`yy ${y.weiboId} (round ${y.round})`);
  for (const c of comments) {
    if (!lists.get(c.weiboId)?.has(c.commentId)) missing.push(`comment ${c.commentId} on yy ${c.weiboId} (round ${c.round})`);
  }
  return missing;
}

/** The PostgreSQL settings that decide whether a commit survives a crash. */
async function durabilitySettings() {
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const db = new pg.Client(`postgres://postgres:${encodeURIComponent(password)}@localhost:${pgPort}/postgres`);
  await db.connect();
  try {
    const settings = {};
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method']) {
      settings[name] = (await db.query(`SHOW ${name}`)).rows[0][name];
    }
    return settings;
  } finally {
    await db.end();
  }
}

function postmasterPid() {
  try {
    return Number.parseInt(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0], 10);
  } catch {
    return null;
  }
}

const t0 = performance.now();
const lost = [];
const restartMs = [];
let pgKills = 0;
let server = await startServer();
const settings = await durabilitySettings();
console.log(
  `PostgreSQL durability settings: ${Object.entries(settings)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}`,
);
if (settings.fsync !== 'on' || settings.synchronous_commit !== 'on') {
  console.error('fsync and synchronous_commit must be on');
  process.exitCode = 1;
}

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const tokens = await Promise.all(DEMO_UIDS.map((uid) => login(server, uid)));
    const before = acked.accounts.length + acked.yy.length + acked.comments.length;
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(server, round, w, tokens));
    const delay = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
    await new Promise((r) => setTimeout(r, delay));
    const withPostgres = round % 2 === 0;
    const postmaster = withPostgres ? postmasterPid() : null;
    server.child.kill('SIGKILL');
    // PostgreSQL runs in its own process group (the server starts it detached): kill it whole.
    if (postmaster) {
      process.kill(-postmaster, 'SIGKILL');
      pgKills++;
    }
    await server.exited;
    await Promise.all(writers);

    server = await startServer();
    restartMs.push(server.startMs);
    const token = await login(server, DEMO_UIDS[0]);
    const missing = await verify(server, token, (x) => x.round === round);
    lost.push(...missing);
    const count = acked.accounts.length + acked.yy.length + acked.comments.length - before;
    console.log(
      `round ${String(round).padStart(2)}: killed after ${Math.round(delay)} ms${withPostgres ? ' (with PostgreSQL)' : ''}, ` +
        `${count} acknowledged, ${missing.length} lost, restart ${Math.round(server.startMs)} ms`,
    );
    for (const m of missing) console.log(`  LOST ${m}`);
  }

  // Everything once more (a later round must not have lost an earlier round's writes).
  const token = await login(server, DEMO_UIDS[0]);
  const finalMissing = await verify(server, token, () => true);
  for (const m of finalMissing) if (!lost.includes(m)) lost.push(m);
} finally {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const clean = code === 0 && postmasterPid() === null;
  const total = acked.accounts.length + acked.yy.length + acked.comments.length;
  const seconds = (performance.now() - t0) / 1000;
  const avg = restartMs.length ? restartMs.reduce((a, b) => a + b, 0) / restartMs.length : 0;
  console.log('');
  console.log(`rounds                      ${ROUNDS} (${pgKills} with PostgreSQL killed too), ${WRITERS} writers`);
  console.log(`acknowledged writes         ${total} (${acked.accounts.length} registrations, ${acked.yy.length} yy, ${acked.comments.length} comments)`);
  console.log(`lost writes                 ${lost.length} (expected 0)`);
  console.log(`restart after kill -9       avg ${Math.round(avg)} ms, max ${Math.round(Math.max(0, ...restartMs))} ms`);
  console.log(`final SIGTERM               exit ${code}, postmaster.pid ${postmasterPid() === null ? 'gone' : 'LEFT'}`);
  console.log(`time                        ${seconds.toFixed(1)} s`);
  if (unexpected.length) {
    const kinds = new Map();
    for (const u of unexpected) kinds.set(u, (kinds.get(u) ?? 0) + 1);
    console.log(`refused writes (not acknowledged, not counted): ${[...kinds].map(([k, n]) => `${k} x${n}`).join('; ')}`);
  }
  if (args.keep) console.log(`data folder kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
  if (lost.length > 0 || !clean) process.exitCode = 1;
}
