#!/usr/bin/env node
/**
 * `node tools/bench-follow-feed.mjs` (also run at the end of `npm run bench`): the following feed
 * (GET /api/yy/getfollowyy) on the server as `npm start` runs it (server/dist/main.js,
 * embedded PostgreSQL, fresh data folder). Seeds 1,000,000 yy over 10,000 users (100 each, spread
 * evenly in time), one caller following 1,000 of them and one following 3, then times page 1 for
 * each, the two callers' requests alternating (sequential, one client, after a warm-up): p50, p99
 * and the ratio of the p50s (the target is at most 1.3). Options: --posts=N (1000000),
 * --requests=N (400). Needs a built server (`npm run build -w @xiaoba/server`; built here when
 * missing).
 */
import { countYy, loginHeaders, ms, options, pct, row, startBenchSite } from './bench-db.mjs';

const opts = options();
const POSTS = Number(opts.posts ?? 1_000_000);
const AUTHORS = 10_000;
const REQUESTS = Number(opts.requests ?? 400);
const WARMUP = 50;

const { site, db, stop } = await startBenchSite('xiaoba-bench-follow-');

try {
  const t0 = performance.now();
  const { password_hash: hash } = (await db.query('SELECT password_hash FROM users WHERE uid = 100001')).rows[0];
  const { rows: authors } = await db.query(
    `INSERT INTO users (email, password_hash, name) SELECT 'feed' || g || '@xiaoba.fan', 'x', '作者' || g FROM generate_series(1, $1) g RETURNING uid`,
    [AUTHORS],
  );
  const first = authors[0].uid;
  // Consecutive posts by different authors, 7 s apart, newest first; the counters as the API keeps them.
  await db.query(
    `INSERT INTO yy (uid, content, ctime)
     SELECT $1::bigint + g % $3, 'bench yy ' || g || ' [b' || (g % 54 + 1) || ']', now() - make_interval(secs => g * 7)
     FROM generate_series(1, $2) g`,
    [first, POSTS, AUTHORS],
  );
  await countYy(db);
  const callers = {};
  for (const [name, follows, step] of [
    ['1,000 follows', 1000, AUTHORS / 1000],
    ['3 follows', 3, Math.floor(AUTHORS / 3)],
  ]) {
    const { uid } = (await db.query(`INSERT INTO users (email, password_hash, name) VALUES ($1, $2, $3) RETURNING uid`, [`${follows}@feed.fan`, hash, name]))
      .rows[0];
    // Through the table as POST /api/follow/add leaves it (its trigger keeps the counters).
    await db.query('INSERT INTO follows (uid, followed_uid) SELECT $1, $2::bigint + g * $3 FROM generate_series(0, $4 - 1) g', [uid, first, step, follows]);
    callers[name] = await loginHeaders(site, uid);
  }
  await db.query('ANALYZE');
  row(`seed ${POSTS.toLocaleString('en')} yy over ${AUTHORS.toLocaleString('en')} users`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const url = `${site.url}/api/yy/getfollowyy?pageNum=1&pageSize=20`;
  const samples = Object.fromEntries(Object.keys(callers).map((name) => [name, []]));
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    for (const [name, headers] of Object.entries(callers)) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      const elapsed = performance.now() - start;
      if (!res.ok || body.data.records.length !== 20) throw new Error(`getfollowyy answered ${res.status}: ${body.msg}`);
      if (i >= WARMUP) samples[name].push(elapsed);
    }
  }
  for (const [name, list] of Object.entries(samples)) {
    row(`getfollowyy page 1, ${name}: p50`, ms(pct(list, 50)));
    row(`getfollowyy page 1, ${name}: p99`, ms(pct(list, 99)));
  }
  const ratio = pct(samples['1,000 follows'], 50) / pct(samples['3 follows'], 50);
  row('  ratio of p50 (1,000 follows / 3; target at most 1.3)', `x${ratio.toFixed(2)}`);
} finally {
  await stop();
}
