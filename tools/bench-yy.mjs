#!/usr/bin/env node
/**
 * `node tools/bench-yy.mjs` (also run at the end of `npm run bench`): figures of the yy calls on
 * the server exactly as `npm start` runs it (server/dist/main.js, embedded PostgreSQL, fresh data
 * folder):
 *   - page 1 of GET /api/yy/getUseryy/{uid} for a user with 10 posts and one with 100,000 posts
 *     (200 sequential requests each after a warm-up): p50, p95 and the ratio, which should stay
 *     near 1 (counters instead of count(*), an index scanned backwards);
 *   - POST /api/yy/upload of a ~4 MB photo-like 3000x2000 JPEG: time, stored WebP size and size;
 *     then the same photo as an avatar (POST /api/api/avatar/upload, stored square).
 * Needs a built server (`npm run build -w @xiaoba/server`; built here when missing).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { ensureServerBuilt, freePort, startSite, tempDataDir } from '../tests/src/site-server.mjs';

const SMALL_POSTS = 10;
const BIG_POSTS = 100_000;
const REQUESTS = 200;
const WARMUP = 20;
const UPLOADS = 5;

const rows = [];
const row = (figure, value) => {
  rows.push([figure, value]);
  console.log(`${figure.padEnd(52)} ${value}`);
};
const ms = (x) => `${x.toFixed(2)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const pct = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

ensureServerBuilt();

const dataDir = tempDataDir('xiaoba-bench-yy-');
const pgPort = String(await freePort());
// Demo data gives a login (100001); the upload limit would stop the repeated uploads, and the
// general per-user limit the 440 page requests.
const site = await startSite({
  DATA_DIR: dataDir,
  PG_PORT: pgPort,
  DEMO_DATA: '1',
  LIMIT_UPLOADS: '0',
  RATE_LIMIT_USER: '0',
  RATE_LIMIT_ANON: '0',
  LOG_LEVEL: 'warn',
});
const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
const db = new pg.Client(`postgres://postgres:${encodeURIComponent(password)}@localhost:${pgPort}/postgres`);
await db.connect();

try {
  // Two users: one with 10 posts, one with 100,000, inserted in one statement each with their
  // counters, as the API would have kept them.
  const user = async (email, name) =>
    (await db.query(`INSERT INTO users (email, password_hash, name) VALUES ($1, 'x', $2) RETURNING uid`, [email, name])).rows[0].uid;
  const small = await user('bench-small@xiaoba.fan', '十条');
  const big = await user('bench-big@xiaoba.fan', '十万条');
  const seed = async (uid, n) => {
    const t0 = performance.now();
    await db.query(
      `INSERT INTO yy (uid, content, ctime)
       SELECT $1, 'bench yy ' || g || ' [b' || (g % 54 + 1) || '] #测试#', now() - make_interval(secs => g * 7)
       FROM generate_series(1, $2) g`,
      [uid, n],
    );
    await db.query('UPDATE users SET yy_count = yy_count + $2 WHERE uid = $1', [uid, n]);
    await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [n]);
    return performance.now() - t0;
  };
  await seed(small, SMALL_POSTS);
  const seedMs = await seed(big, BIG_POSTS);
  await db.query('ANALYZE yy');
  row(`seed ${BIG_POSTS.toLocaleString('en')} posts (one INSERT … SELECT)`, `${(seedMs / 1000).toFixed(2)} s`);

  const login = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '100001', password: 'xiaoba123' }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()).data;
  const auth = { authorization: `Bearer ${token}` };

  async function pageLatencies(uid) {
    const url = `${site.url}/api/yy/getUseryy/${uid}?pageNum=1&pageSize=20`;
    const samples = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: auth });
      const body = await res.json();
      const elapsed = performance.now() - t0;
      if (!res.ok || body.data.records.length === 0) throw new Error(`getUseryy answered ${res.status}`);
      if (i >= WARMUP) samples.push(elapsed);
    }
    return samples;
  }
  const smallMs = await pageLatencies(small);
  const bigMs = await pageLatencies(big);
  row(`getUseryy page 1, ${SMALL_POSTS} posts: p50`, ms(pct(smallMs, 50)));
  row(`getUseryy page 1, ${SMALL_POSTS} posts: p95`, ms(pct(smallMs, 95)));
  row(`getUseryy page 1, ${BIG_POSTS.toLocaleString('en')} posts: p50`, ms(pct(bigMs, 50)));
  row(`getUseryy page 1, ${BIG_POSTS.toLocaleString('en')} posts: p95`, ms(pct(bigMs, 95)));
  row('  ratio of p50 (100,000 / 10)', `x${(pct(bigMs, 50) / pct(smallMs, 50)).toFixed(2)}`);
  const lastPage = Math.ceil(BIG_POSTS / 20);
  const t0 = performance.now();
  await fetch(`${site.url}/api/yy/getUseryy/${big}?pageNum=${lastPage}&pageSize=20`, { headers: auth });
  row(`getUseryy last page (${lastPage}) of 100,000 posts, once`, ms(performance.now() - t0));

  // A photo-like JPEG of about 4 MB: smooth noise, 3000x2000, quality lowered from 95 until it fits.
  const noise = Buffer.alloc(1500 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  let photo;
  for (let quality = 95; ; quality -= 3) {
    photo = await sharp(noise, { raw: { width: 1500, height: 1000, channels: 3 } })
      .resize(3000, 2000, { kernel: 'cubic' })
      .jpeg({ quality })
      .toBuffer();
    if (photo.length <= 4.5 * 1024 * 1024 || quality < 60) break;
  }
  /** The same photo sent UPLOADS times to `path`: the median time and the last answer. */
  async function uploads(path) {
    const times = [];
    let answer;
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const start = performance.now();
      const res = await fetch(`${site.url}${path}`, { method: 'POST', headers: auth, body: form });
      answer = await res.json();
      times.push(performance.now() - start);
      if (!res.ok) throw new Error(`upload answered ${res.status}: ${answer.msg}`);
    }
    return { ms: pct(times, 50), data: answer.data };
  }
  const picture = await uploads('/api/yy/upload');
  row(`upload of a 3000x2000 JPEG (${mb(photo.length)}): median of ${UPLOADS}`, `${picture.ms.toFixed(0)} ms`);
  row('  stored as WebP', `${picture.data.width}x${picture.data.height}, ${(picture.data.size / 1024).toFixed(0)} KB`);
  const avatar = await uploads('/api/api/avatar/upload');
  row(`avatar upload of the same JPEG: median of ${UPLOADS}`, `${avatar.ms.toFixed(0)} ms`);
  row('  stored as a square WebP', `${avatar.data.width}x${avatar.data.height}, ${(avatar.data.size / 1024).toFixed(1)} KB`);
} finally {
  await db.end();
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| figure | value |\n|---|---|');
for (const [figure, value] of rows) console.log(`| ${figure.trim()} | ${value} |`);
