#!/usr/bin/env node
/**
 * `npm run bench:blocks`: what a user at the cap of blocks (BLOCKS_MAX, 1,000) running deep
 * searches costs everyone else, on the server as `npm start` runs it (server/dist/main.js, embedded
 * PostgreSQL, fresh data folder, loopback only). Seeds --posts yy (300,000) over 10,000 users, then
 * runs three phases of --seconds each (10), with --readers loops (4) of other users reading (getyy,
 * getfollowyy and a search, each page 1) all along:
 *   1. the readers alone;
 *   2. plus --searchers loops (4) of deep searches (the deepest page allowed: 20 × 50, a common
 *      word and a word only in old yy) by a user WITHOUT blocks;
 *   3. the same searches by a user who blocked 1,000 users.
 * Prints the readers' p50/p99 per phase and the ratio of phase 3 to phase 2 (the cost of the blocks:
 * target at most 2×) and to phase 1. Needs a built server (built here when missing).
 */
import { countYy, loginHeaders, ms, options, pct, row, startBenchSite } from './bench-db.mjs';

const opts = options();
const POSTS = Number(opts.posts ?? 300_000);
const USERS = 10_000;
const SECONDS = Number(opts.seconds ?? 10);
const READERS = Number(opts.readers ?? 4);
const SEARCHERS = Number(opts.searchers ?? 4);
const BLOCKS = 1_000;
const TARGET_RATIO = 2;

// prettier-ignore
const WORDS = ['今天', '我们', '学校', '下课', '作业', '好开心', '爬山', '朋友', '老师', '同学', '妈妈', '周末', '考试', '游戏', '米米', '校巴', '的', '了', '，', '。', '哈哈', ' '];
// The deepest page a search may ask (SEARCH_RESULTS_MAX, 1,000 results): page 20 of 50.
const DEEP = ['今天', '旧时光'].map((q) => `/api/search/yy?q=${encodeURIComponent(q)}&pageNum=20&pageSize=50`);
const READS = ['/api/yy/getyy?pageNum=1', '/api/yy/getfollowyy?pageNum=1', `/api/search/yy?q=${encodeURIComponent('朋友')}&pageNum=1`];

const { site, db, stop } = await startBenchSite('xiaoba-bench-blocks-');

async function get(url, headers) {
  const res = await fetch(`${site.url}${url}`, { headers });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.msg}`);
}

/** Loops of `urls` (round robin) by `headers` until `until`; the time of each request when `samples`. */
async function loop(urls, headers, until, samples) {
  for (let i = 0; performance.now() < until; i++) {
    const start = performance.now();
    await get(urls[i % urls.length], headers);
    samples?.push(performance.now() - start);
  }
}

async function phase(name, searcher) {
  const until = performance.now() + SECONDS * 1000;
  const samples = [];
  const searches = [];
  await Promise.all([
    ...readers.map((h, i) => loop(READS.slice(i % READS.length).concat(READS.slice(0, i % READS.length)), h, until, samples)),
    ...(searcher ? Array.from({ length: SEARCHERS }, (_, i) => loop(DEEP.slice(i % 2).concat(DEEP.slice(0, i % 2)), searcher, until, searches)) : []),
  ]);
  const p99 = pct(samples, 99);
  row(`${name}: readers p50 / p99`, `${ms(pct(samples, 50))} / ${ms(p99)}  (${samples.length} reads)`);
  if (searcher) row(`  its deep searches p50 / p99`, `${ms(pct(searches, 50))} / ${ms(pct(searches, 99))}  (${searches.length} searches)`);
  return p99;
}

let readers;
try {
  const t0 = performance.now();
  const { rows: users } = await db.query(
    `INSERT INTO users (email, password_hash, name) SELECT 'blocks' || g || '@xiaoba.fan', 'x', '用户' || g FROM generate_series(1, $1) g RETURNING uid`,
    [USERS],
  );
  const first = users[0].uid;
  const { indexdef } = (await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'yy_search_idx'`)).rows[0];
  await db.query('DROP INDEX yy_search_idx');
  await db.query(
    `INSERT INTO yy (uid, content, ctime)
     SELECT $1::bigint + g % $3,
            (SELECT string_agg(($4::text[])[1 + floor(random() * cardinality($4::text[]))::int + k * 0], '') FROM generate_series(1, 6 + g % 10) k)
              || g || CASE WHEN g > $2 / 2 AND g % 10 = 3 THEN '旧时光' ELSE '' END,
            now() - make_interval(secs => g * 7)
     FROM generate_series(1, $2) g`,
    [first, POSTS, USERS, WORDS],
  );
  await countYy(db);
  await db.query(indexdef);
  // The blocker (demo user 100001) blocks 1,000 of the users who write; the readers follow 200 each.
  await db.query('INSERT INTO blocks (uid, blocked_uid) SELECT 100001, $1::bigint + g FROM generate_series(0, $2 - 1) g', [first, BLOCKS]);
  for (const reader of [100003, 100004]) {
    await db.query('INSERT INTO follows (uid, followed_uid) SELECT $1, $2::bigint + g * 37 FROM generate_series(0, 199) g ON CONFLICT DO NOTHING', [
      reader,
      first,
    ]);
  }
  await db.query('ANALYZE');
  row(`seed ${POSTS.toLocaleString('en')} yy, ${USERS.toLocaleString('en')} users, ${BLOCKS} blocks`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const blocker = await loginHeaders(site, 100001);
  const plain = await loginHeaders(site, 100002);
  const readerHeaders = [await loginHeaders(site, 100003), await loginHeaders(site, 100004)];
  readers = Array.from({ length: READERS }, (_, i) => readerHeaders[i % readerHeaders.length]);
  // Warm-up: every request once.
  for (const url of [...READS, ...DEEP]) for (const h of [blocker, plain, ...readerHeaders]) await get(url, h);

  row(`${READERS} readers, ${SEARCHERS} deep searchers, ${SECONDS} s per phase`, '');
  const alone = await phase('1. readers alone', null);
  const unblocked = await phase('2. + deep searches, searcher without blocks', plain);
  const capped = await phase(`3. + deep searches, searcher with ${BLOCKS} blocks`, blocker);
  const ratio = capped / unblocked;
  row(`  readers' p99, phase 3 / phase 2 (target ≤ ${TARGET_RATIO}×)`, `${ratio.toFixed(2)}× ${ratio <= TARGET_RATIO ? 'ok' : 'OVER'}`);
  row(`  readers' p99, phase 3 / phase 1`, `${(capped / alone).toFixed(2)}×`);
} finally {
  await stop();
}
