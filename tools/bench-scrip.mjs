#!/usr/bin/env node
/**
 * `node tools/bench-scrip.mjs` (also run at the end of `npm run bench`): 小纸条 on the server as
 * `npm start` runs it (server/dist/main.js, embedded PostgreSQL, fresh data folder). Seeds
 * 1,000,000 notes: one user with 1,000 conversations (20 notes each, 3 of them unread) and
 * the rest between 10,000 other users (up to 50 partners each), with each user's row of each
 * conversation as the send keeps it, and 100,000 yy. Then times, interleaved (one client,
 * sequential, after a warm-up): GET /api/scrip/threads page 1, GET /api/scrip/thread/{uid} page 1
 * (a different conversation each time, so most reads also mark notes read), GET /api/count/getscrip,
 * and GET /api/yy/getyy page 1 on the same site. Prints p50 and p99 of each, and each p99 against
 * getyy's: the target is at most 2x. Options: --notes=N (1000000), --requests=N (300).
 * Needs a built server (`npm run build -w @xiaoba/server`; built here when missing).
 */
import { loginHeaders, ms, options, pct, row, startBenchSite } from './bench-db.mjs';

const opts = options();
const NOTES = Number(opts.notes ?? 1_000_000);
const REQUESTS = Number(opts.requests ?? 300);
const USERS = 10_000;
const CONVERSATIONS = 1_000;
const PER_CONVERSATION = 20;
const PARTNERS = 50;
const YY = 100_000;
const WARMUP = 30;
const TARGET_RATIO = 2;

const { site, db, stop } = await startBenchSite('xiaoba-bench-scrip-');

try {
  const t0 = performance.now();
  await db.query(`SET maintenance_work_mem = '256MB'`);
  // Bulk rows as the routes would have written them, without the live signals' trigger (a million
  // NOTIFYs to the server's LISTEN connection) and the foreign-key triggers.
  await db.query('SET session_replication_role = replica');
  // The bench user and the others share 100001's password (xiaoba123), to sign in.
  const { rows: users } = await db.query(
    `INSERT INTO users (email, password_hash, name, birthday)
     SELECT 'scrip' || g || '@xiaoba.fan', (SELECT password_hash FROM users WHERE uid = 100001), '纸条' || g, '2000-01-02'
     FROM generate_series(1, $1) g RETURNING uid`,
    [USERS + 1],
  );
  const me = Number(users[0].uid);
  const first = Number(users[1].uid);
  const others = NOTES - CONVERSATIONS * PER_CONVERSATION;
  // The other users' notes first, older; then the bench user's, one conversation after the other interleaved.
  await db.query(
    `INSERT INTO scrips (from_uid, to_uid, content, ctime)
     SELECT $1::bigint + g % $3, $1::bigint + (g % $3 + 1 + (g / $3) % $4) % $3,
            '小纸条 ' || g || ' [b' || (g % 54 + 1) || ']', now() - make_interval(secs => $2 + $5 - g)
     FROM generate_series(1, $2) g`,
    [first, others, USERS, PARTNERS, CONVERSATIONS * PER_CONVERSATION],
  );
  await db.query(
    `INSERT INTO scrips (from_uid, to_uid, content, ctime)
     SELECT CASE WHEN g % 2 = 0 THEN $1::bigint ELSE $2::bigint + g % $3 END,
            CASE WHEN g % 2 = 0 THEN $2::bigint + g % $3 ELSE $1::bigint END,
            '我的小纸条 ' || g, now() - make_interval(secs => $4 - g)
     FROM generate_series(1, $4) g`,
    [me, first, CONVERSATIONS, CONVERSATIONS * PER_CONVERSATION],
  );
  // Each user's row of each conversation, as the send keeps them, all read; then the bench user's
  // rows with the last 3 of the 10 notes from the other unread.
  await db.query(
    `INSERT INTO scrip_threads (uid, other_uid, last_id, last_in_id, read_through, notes)
     SELECT x.uid, x.other, max(s.id), coalesce(max(s.id) FILTER (WHERE s.from_uid = x.other), 0),
            coalesce(max(s.id) FILTER (WHERE s.from_uid = x.other), 0), count(*)
     FROM scrips s CROSS JOIN LATERAL (VALUES (s.from_uid, s.to_uid), (s.to_uid, s.from_uid)) x (uid, other)
     GROUP BY x.uid, x.other`,
  );
  await db.query(
    `UPDATE scrip_threads t SET read_through = c.read_through, unread = c.unread
     FROM (SELECT from_uid AS other, (array_agg(id ORDER BY id))[7] AS read_through, (count(*) - 7)::int AS unread
             FROM scrips WHERE to_uid = $1 GROUP BY from_uid) c
     WHERE t.uid = $1 AND t.other_uid = c.other`,
    [me],
  );
  await db.query(
    `INSERT INTO yy (uid, content, ctime)
     SELECT $1::bigint + g % $2, 'bench yy ' || g || ' [b' || (g % 54 + 1) || '] #测试#', now() - make_interval(secs => g * 7)
     FROM generate_series(1, $3) g`,
    [first, USERS, YY],
  );
  await db.query('UPDATE users u SET yy_count = c.n FROM (SELECT uid, count(*)::int AS n FROM yy GROUP BY uid) c WHERE c.uid = u.uid');
  await db.query(`UPDATE site_counters SET value = (SELECT count(*) FROM yy) WHERE name = 'yy'`);
  await db.query('SET session_replication_role = DEFAULT');
  await db.query('VACUUM ANALYZE');
  const { rows: counted } = await db.query(
    'SELECT (SELECT count(*) FROM scrips)::int AS notes, (SELECT count(*) FROM scrip_threads WHERE uid = $1)::int AS mine',
    [me],
  );
  row(
    `seed ${counted[0].notes.toLocaleString('en')} notes, ${counted[0].mine} conversations of one user, ${YY.toLocaleString('en')} yy`,
    `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const headers = await loginHeaders(site, me);
  const get = async (path) => {
    const t1 = performance.now();
    const res = await fetch(`${site.url}${path}`, { headers });
    const body = await res.json();
    const elapsed = performance.now() - t1;
    if (!res.ok || body.code !== 200) throw new Error(`${path} answered ${res.status}: ${body.msg}`);
    return { elapsed, data: body.data };
  };
  const first20 = (await get('/api/scrip/threads?pageNum=1&pageSize=20')).data;
  if (first20.total !== CONVERSATIONS || first20.records.length !== 20)
    throw new Error(`threads: ${first20.total} conversations, ${first20.records.length} on page 1`);

  const samples = { threads: [], thread: [], count: [], getyy: [] };
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const other = first + (i % CONVERSATIONS);
    const round = [
      ['threads', '/api/scrip/threads?pageNum=1&pageSize=20'],
      ['thread', `/api/scrip/thread/${other}?pageNum=1&pageSize=20`],
      ['count', '/api/count/getscrip'],
      ['getyy', '/api/yy/getyy?pageNum=1&pageSize=20'],
    ];
    for (const [name, path] of round) {
      const { elapsed, data } = await get(path);
      if (name === 'thread' && data.records.length === 0) throw new Error(`thread with ${other}: empty`);
      if (i >= WARMUP) samples[name].push(elapsed);
    }
  }
  const yyP99 = pct(samples.getyy, 99);
  const label = {
    threads: 'scrip/threads page 1 (1,000 conversations)',
    thread: 'scrip/thread/{uid} page 1 (marks it read)',
    count: 'count/getscrip',
    getyy: 'yy/getyy page 1 (same site)',
  };
  for (const name of ['threads', 'thread', 'count', 'getyy']) {
    row(`${label[name]}: p50`, ms(pct(samples[name], 50)));
    row(`${label[name]}: p99`, ms(pct(samples[name], 99)));
  }
  for (const name of ['threads', 'thread']) {
    const ratio = pct(samples[name], 99) / yyP99;
    row(`  ${name} p99 / getyy p99 (target <= ${TARGET_RATIO})`, `x${ratio.toFixed(2)}${ratio <= TARGET_RATIO ? '' : '  OVER TARGET'}`);
  }
} finally {
  await stop();
}
