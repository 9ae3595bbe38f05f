/**
 * What the seeded benches share (tools/bench-follow-feed.mjs, tools/bench-search.mjs): their
 * `--name=value` options, the printed rows and percentiles, and the server as `npm start` runs it
 * (server/dist/main.js, built when missing, embedded PostgreSQL, fresh data folder) with a
 * superuser connection to its database to seed rows in bulk. tools/bench-api.mjs signs its users
 * in with loginHeaders.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ensureServerBuilt, freePort, startSite, tempDataDir } from '../tests/src/site-server.mjs';

/** The command line's `--name=value` options, by name. */
export const options = () => Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));

export const row = (figure, value) => console.log(`${figure.padEnd(52)} ${value}`);
export const ms = (x) => `${x.toFixed(2)} ms`;
/** The p-th percentile (nearest rank) of `samples`. */
export const pct = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Starts the server on a fresh data folder (`prefix` names it) with demo data (a password hash to
 * copy: 100001's, password xiaoba123) and without the general rate limits (they would stop the
 * timed requests), and connects to its PostgreSQL as the superuser.
 * @param {string} prefix
 * @returns {Promise<{ site: { url: string }, db: pg.Client, stop: () => Promise<void> }>} `stop` closes the connection, stops the server and removes the folder
 */
export async function startBenchSite(prefix) {
  ensureServerBuilt();
  const dataDir = tempDataDir(prefix);
  const pgPort = String(await freePort());
  const site = await startSite({ DATA_DIR: dataDir, PG_PORT: pgPort, DEMO_DATA: '1', RATE_LIMIT_USER: '0', RATE_LIMIT_ANON: '0', LOG_LEVEL: 'warn' });
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const db = new pg.Client(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`);
  await db.connect();
  const stop = async () => {
    await db.end();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { site, db, stop };
}

/** After yy inserted in bulk: each user's yy_count and the site's yy counter, as the API keeps them. */
export async function countYy(db) {
  await db.query('UPDATE users u SET yy_count = c.n FROM (SELECT uid, count(*)::int AS n FROM yy GROUP BY uid) c WHERE c.uid = u.uid');
  await db.query(`UPDATE site_counters SET value = (SELECT count(*) FROM yy) WHERE name = 'yy'`);
}

/** Logs `uid` in (password xiaoba123) and returns the request headers carrying its access token. */
export async function loginHeaders(site, uid) {
  const res = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: String(uid), password: 'xiaoba123' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`login of ${uid} answered ${res.status}: ${body.msg}`);
  // The page-session cookie, for a bench of server-rendered pages; not a header to send with API calls.
  const page = res.headers.getSetCookie().find((c) => c.startsWith('xb_page='));
  return Object.defineProperty({ authorization: `Bearer ${body.data.token}` }, 'pageCookie', { value: page ? page.split(';')[0] : '', enumerable: false });
}
