#!/usr/bin/env node
/**
 * `npm run bench:import-load`: do other users still get answered while someone restores the
 * largest export the limits allow? ("Every wait is bounded"; target: their p99 within
 * 2x of the same load without the import.)
 *
 * Against the real server (server/dist/main.js, embedded PostgreSQL, a fresh data folder, only on
 * 127.0.0.1, the general /api rate limit off with RATE_LIMIT_USER=0 RATE_LIMIT_ANON=0, the posting
 * limits as configured):
 *   1. One importer's space is seeded straight into the database: --posts yy (default 60,000) with
 *      --comments of their own under them, a few board messages, and pictures (distinct WebPs of
 *      about 5 MB) until the export ZIP fills IMPORT_MAX_MB (read like the server reads it: the
 *      environment, else the default in server/src/config.ts), within the import's ZIP entry and
 *      data.json caps (read from server/src/features/export/import/zip.ts).
 *   2. The importer exports it through the real API (prepare, download: this site's signed ZIP),
 *      then loses it (the yy deleted in SQL, as after a reset): the honest large restore.
 *   3. Other users post (`POST /api/yy/createyy`, each poster within LIMIT_YY) and read
 *      (`getyy` and `getUseryy` page 1) at fixed rates with autocannon for --duration seconds
 *      (20) WITHOUT an import, then the same load WHILE the importer uploads the ZIP and it is
 *      restored (measured from the upload's first byte until the import answers, at most
 *      --max-import seconds, 120).
 *   4. Prints each call's p50/p99 in both phases and the p99 ratio, the import's time and report.
 *
 * Options: --duration=S (20), --posts=N (60000; about 170,000 fill the data.json cap), --comments=N
 * (posts / 4), --picture-mb=M (the
 * budget for pictures; default: whatever IMPORT_MAX_MB leaves), --read-rate=R per read call
 * (50 req/s), --post-rate=R (10 req/s), --max-import=S (120). Builds the server when
 * server/dist/main.js is missing (rebuild it yourself after changing the server).
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { ensureServerBuilt, freePort, repo, startSite, tempDataDir } from '../tests/src/site-server.mjs';

const opts = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const DURATION = Number(opts.duration ?? 20);
const POSTS = Number(opts.posts ?? 60_000);
const COMMENTS = Number(opts.comments ?? Math.floor(POSTS / 4));
const READ_RATE = Number(opts['read-rate'] ?? 50);
const POST_RATE = Number(opts['post-rate'] ?? 10);
const MAX_IMPORT = Number(opts['max-import'] ?? 120);
const WARMUP = 2;
const MiB = 1024 * 1024;

/** A server setting as the server sees it: the environment, else its default in config.ts. */
function serverSetting(name) {
  if (process.env[name]) return Number(process.env[name]);
  const source = readFileSync(join(repo, 'server/src/config.ts'), 'utf8');
  const found = new RegExp(`'${name}',\\s*([\\d_]+)`).exec(source);
  if (!found) throw new Error(`no default for ${name} in server/src/config.ts`);
  return Number(found[1].replaceAll('_', ''));
}

/** The entries of a ZIP (names and sizes), from its central directory. */
async function zipEntries(file) {
  const yauzl = (await import('yauzl')).default;
  const zip = await new Promise((ok, fail) => yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? fail(err) : ok(z))));
  const list = [];
  await new Promise((ok, fail) => {
    zip.on('entry', (entry) => {
      list.push(entry);
      zip.readEntry();
    });
    zip.on('end', ok);
    zip.on('error', fail);
    zip.readEntry();
  });
  zip.close();
  return list;
}

/** A constant of the import (server/src/features/export/import/zip.ts), e.g. its ZIP entry cap. */
function importConstant(name, fallback) {
  const source = readFileSync(join(repo, 'server/src/features/export/import/zip.ts'), 'utf8');
  const found = new RegExp(`const ${name} = ([\\d_ *]+);`).exec(source);
  if (!found) {
    console.warn(`(${name} not found in import/zip.ts: assuming ${fallback})`);
    return fallback;
  }
  return found[1].split('*').reduce((n, f) => n * Number(f.trim().replaceAll('_', '')), 1);
}

const IMPORT_MAX_MB = serverSetting('IMPORT_MAX_MB');
const LIMIT_YY = serverSetting('LIMIT_YY');
const MAX_ENTRIES = importConstant('MAX_ENTRIES', 50_000);
const MAX_JSON_BYTES = importConstant('MAX_JSON_BYTES', 64 * MiB);

ensureServerBuilt();
const dataDir = tempDataDir('xiaoba-bench-import-');
const zipFile = join(dataDir, 'export.zip');
const pgPort = String(await freePort());
const site = await startSite({
  DATA_DIR: dataDir,
  PG_PORT: pgPort,
  DEMO_DATA: '1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_USER: '0',
  RATE_LIMIT_ANON: '0',
  EXPORT_PER_HOUR: '0',
});
const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
const db = new pg.Client(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`);
await db.connect();

const api = async (path, { token, method = 'GET', body } = {}) => {
  const res = await fetch(site.url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${json.msg}`);
  return json.data;
};

try {
  // ---- users: accounts in SQL (the demo password's hash), signed in through the API ------------
  const phaseSeconds = WARMUP + DURATION + WARMUP + MAX_IMPORT;
  const posterCount = LIMIT_YY > 0 ? Math.ceil((POST_RATE * phaseSeconds * 1.2) / LIMIT_YY) : 4;
  const { password_hash: hash } = (await db.query('SELECT password_hash FROM users WHERE uid = 100001')).rows[0];
  const { rows: made } = await db.query(
    `INSERT INTO users (email, password_hash, name)
     SELECT 'load' || g || '@xiaoba.fan', $1, '路人' || g FROM generate_series(1, $2::int) g RETURNING uid`,
    [hash, posterCount + 1],
  );
  const signIn = async (uid) => ({
    uid,
    token: (await api('/api/user/login', { method: 'POST', body: { username: String(uid), password: 'xiaoba123' } })).token,
  });
  const importer = await signIn(made.pop().uid);
  const posters = [];
  for (const { uid } of made) posters.push(await signIn(uid));
  console.log(`${posters.length} other users (each posts at most LIMIT_YY=${LIMIT_YY || 'off'}), importer ${importer.uid}`);

  // ---- the importer's space ---------------------------------------------------------------------
  let t0 = performance.now();
  const U = importer.uid;
  await db.query(
    `INSERT INTO yy (uid, content, ctime)
     SELECT $1, '第' || g || '条：那年夏天的校巴[b' || (g % 54 + 1) || ']，' || repeat('我们一起去春游，', 1 + g % 6) || '#童年回忆#',
            now() - interval '400 days' + make_interval(secs => g * 60)
     FROM generate_series(1, $2::int) g`,
    [U, POSTS],
  );
  await db.query(
    `INSERT INTO yy_comments (weibo_id, uid, content, ctime)
     SELECT weibo_id, $1, '自己补一句[m55]：' || weibo_id, ctime + interval '1 minute'
     FROM (SELECT weibo_id, ctime FROM yy WHERE uid = $1 ORDER BY weibo_id LIMIT $2) y`,
    [U, COMMENTS],
  );
  await db.query(`UPDATE yy SET comment_count = 1 WHERE weibo_id IN (SELECT weibo_id FROM yy_comments WHERE uid = $1)`, [U]);
  await db.query(
    `INSERT INTO leaves (fuid, uid, content, ctime) SELECT $1, $1, '留言' || g, now() - interval '300 days' + make_interval(mins => g) FROM generate_series(1, 100) g`,
    [U],
  );
  await db.query('UPDATE users SET yy_count = yy_count + $2, leave_count = leave_count + 100 WHERE uid = $1', [U, POSTS]);
  await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [POSTS]);
  await db.query('ANALYZE');
  const bare = await api('/api/export/prepare', { token: importer.token, method: 'POST', body: {} });
  console.log(
    `seeded ${POSTS.toLocaleString('en')} yy, ${COMMENTS.toLocaleString('en')} comments, 100 board messages in ${((performance.now() - t0) / 1000).toFixed(1)} s: export without pictures ${(bare.size / MiB).toFixed(1)} MB`,
  );

  // Pictures until the ZIP fills IMPORT_MAX_MB (2 % kept for the page's picture links), each distinct.
  t0 = performance.now();
  const budget = opts['picture-mb'] ? Number(opts['picture-mb']) * MiB : IMPORT_MAX_MB * MiB * 0.98 - bare.size;
  const sharp = (await import('sharp')).default;
  const raw = randomBytes(1600 * 1200 * 3);
  const pictures = [];
  let bytes = 0;
  mkdirSync(join(dataDir, 'uploads', 'yy'), { recursive: true });
  while (pictures.length < Math.min(POSTS, MAX_ENTRIES - 200)) {
    raw.writeUInt32LE(pictures.length, 0); // a different picture each time
    const webp = await sharp(raw, { raw: { width: 1600, height: 1200, channels: 3 } })
      .webp({ quality: 100, effort: 0 })
      .toBuffer();
    if (bytes + webp.length > budget) break;
    const file = `yy/${randomBytes(16).toString('hex')}.webp`;
    writeFileSync(join(dataDir, 'uploads', file), webp);
    pictures.push({ file, size: webp.length });
    bytes += webp.length;
  }
  await db.query(
    `INSERT INTO uploads (uid, file, size, width, height, weibo_id, position)
     SELECT $1, p.file, p.size, 1600, 1200, y.weibo_id, 0
     FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS p(file, size, n)
     JOIN (SELECT weibo_id, row_number() OVER (ORDER BY weibo_id DESC) AS n FROM yy WHERE uid = $1) y USING (n)`,
    [U, pictures.map((p) => p.file), pictures.map((p) => p.size)],
  );
  console.log(`${pictures.length} pictures, ${(bytes / MiB).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- the export, through the API --------------------------------------------------------------
  t0 = performance.now();
  const prepared = await api('/api/export/prepare', { token: importer.token, method: 'POST', body: {} });
  const download = await fetch(`${site.url}/api/export/download/${prepared.ticket}`);
  if (!download.ok) throw new Error(`download answered ${download.status}`);
  await pipeline(Readable.fromWeb(download.body), createWriteStream(zipFile));
  const zipMb = prepared.size / MiB;
  const entries = await zipEntries(zipFile);
  const dataJson = entries.find((e) => e.fileName.endsWith('/data.json'))?.uncompressedSize ?? 0;
  console.log(
    `export: ${zipMb.toFixed(1)} MB of IMPORT_MAX_MB=${IMPORT_MAX_MB}: ${prepared.posts} yy, ${prepared.images} pictures, ` +
      `${entries.length} entries of at most ${MAX_ENTRIES}, data.json ${(dataJson / MiB).toFixed(1)} MB of at most ${MAX_JSON_BYTES / MiB}; in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (prepared.size > IMPORT_MAX_MB * MiB) throw new Error('the export is over IMPORT_MAX_MB: lower --picture-mb');

  // Lost (as after a reset): the yy go with their pictures' rows and comments; the files too.
  await db.query('DELETE FROM yy WHERE uid = $1', [U]);
  await db.query('DELETE FROM leaves WHERE fuid = $1', [U]);
  await db.query('UPDATE users SET yy_count = 0, leave_count = 0 WHERE uid = $1', [U]);
  await db.query(`UPDATE site_counters SET value = value - $1 WHERE name = 'yy'`, [POSTS]);
  for (const p of pictures) rmSync(join(dataDir, 'uploads', p.file), { force: true });
  await db.query('ANALYZE');

  // ---- the load ---------------------------------------------------------------------------------
  let posted = 0;
  const readers = posters.slice(0, 20);
  const someone = 100001; // a demo user with a few posts
  const calls = {
    createyy: {
      rate: POST_RATE,
      connections: 4,
      build: (req) => {
        const n = posted++;
        const user = posters[n % posters.length];
        return {
          ...req,
          method: 'POST',
          path: '/api/yy/createyy',
          headers: { ...req.headers, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `路过说一句 ${n} ${Math.random().toString(36).slice(2, 8)}` }),
        };
      },
    },
    'getyy p1': {
      rate: READ_RATE,
      connections: 8,
      build: (req, i) => ({
        ...req,
        path: '/api/yy/getyy?pageNum=1&pageSize=20',
        headers: { ...req.headers, authorization: `Bearer ${readers[i % readers.length].token}` },
      }),
    },
    'getUseryy p1': {
      rate: READ_RATE,
      connections: 8,
      build: (req, i) => ({
        ...req,
        path: `/api/yy/getUseryy/${someone}?pageNum=1&pageSize=20`,
        headers: { ...req.headers, authorization: `Bearer ${readers[i % readers.length].token}` },
      }),
    },
  };

  /** Every call at its rate for `seconds`, together; `until` (a promise) may stop them earlier. */
  async function load(seconds, until) {
    const runs = Object.entries(calls).map(([name, call]) => {
      let i = 0;
      let instance;
      const done = new Promise((ok, fail) => {
        instance = autocannon(
          {
            url: site.url,
            connections: call.connections,
            overallRate: call.rate,
            duration: seconds,
            requests: [{ setupRequest: (req) => call.build(req, i++) }],
          },
          // autocannon's err is an Error (untyped in this .mjs).
          // eslint-disable-next-line typescript/prefer-promise-reject-errors
          (err, result) => (err ? fail(err) : ok(result)),
        );
      });
      return { name, instance, done };
    });
    until?.then(() => runs.forEach((r) => r.instance.stop()));
    const results = {};
    for (const r of runs) {
      const res = await r.done;
      results[r.name] = {
        p50: res.latency.p50,
        p99: res.latency.p99,
        max: res.latency.max,
        total: res.requests.total,
        bad: res.non2xx + res.errors + res.timeouts,
        rps: res.requests.average,
      };
    }
    return results;
  }

  console.log(`\nload: createyy ${POST_RATE}/s, getyy p1 ${READ_RATE}/s, getUseryy p1 ${READ_RATE}/s`);
  await load(WARMUP);
  const without = await load(DURATION);
  console.log(`without an import: ${DURATION} s measured`);

  await load(WARMUP);
  const form = new FormData();
  form.append('file', await openAsBlob(zipFile, { type: 'application/zip' }), 'export.zip');
  const started = performance.now();
  const importing = fetch(`${site.url}/api/import`, { method: 'POST', headers: { authorization: `Bearer ${importer.token}` }, body: form }).then(
    async (res) => ({
      status: res.status,
      body: await res.json(),
      seconds: (performance.now() - started) / 1000,
    }),
  );
  const withImport = await load(MAX_IMPORT, importing);
  const measured = (performance.now() - started) / 1000;
  const imported = await importing;
  const created = imported.body.data?.created ?? {};
  console.log(
    `with the import: ${measured.toFixed(1)} s measured; the import answered ${imported.status} ${imported.body.msg} after ${imported.seconds.toFixed(1)} s` +
      (imported.seconds > MAX_IMPORT ? ` (load stopped at --max-import=${MAX_IMPORT} s)` : '') +
      `: created ${Object.entries(created)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; ${imported.body.data?.unrestorable?.length ?? 0} unrestorable`,
  );

  // ---- figures ----------------------------------------------------------------------------------
  const pad = (cells) => cells.map((c, i) => String(c).padEnd(i === 0 ? 16 : 14)).join(' ');
  console.log('\n' + pad(['call', 'p50 without', 'p99 without', 'p50 with', 'p99 with', 'p99 ratio', 'requests', 'failed']));
  let worst = 0;
  const table = [];
  for (const name of Object.keys(calls)) {
    const a = without[name];
    const b = withImport[name];
    const ratio = b.p99 / Math.max(1, a.p99);
    worst = Math.max(worst, ratio);
    const cells = [name, `${a.p50} ms`, `${a.p99} ms`, `${b.p50} ms`, `${b.p99} ms`, `x${ratio.toFixed(2)}`, `${a.total} / ${b.total}`, `${a.bad} / ${b.bad}`];
    table.push(cells);
    console.log(pad(cells));
  }
  console.log(`\nworst p99 ratio with / without the import: x${worst.toFixed(2)} (target: at most 2) ${worst <= 2 ? 'MET' : 'NOT MET'}`);
  console.log(
    '\n| call | p50 without | p99 without | p50 with | p99 with | p99 ratio | requests without / with | failed without / with |\n|---|---|---|---|---|---|---|---|',
  );
  for (const cells of table) console.log(`| ${cells.join(' | ')} |`);
} finally {
  await db.end().catch(() => {});
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
