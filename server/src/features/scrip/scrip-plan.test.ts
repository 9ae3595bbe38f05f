/**
 * The plans of the conversation list and of a conversation's page (docs/performance.md): each
 * reads its index, never a whole table, on a site big enough for the planner to choose (a user
 * with 300 conversations among 40,000 notes; tools/bench-scrip.mjs times them at 1,000 and 1,000,000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../data/pool';
import { NO_TIMEOUTS, withTransaction } from '../../data/pool';
import { startTestApp, type TestApp } from '../../test/helpers';
import { member, type Member } from '../../test/yy';
import { threadList, threadPage } from './queries';

let t: TestApp;
let me: Member;
let partner: number;

/** What PostgreSQL planned for the statements `run` makes on one connection (auto_explain), on its second run. */
async function plansDuring(pool: Pool, run: (db: { query: Pool['query'] }) => Promise<unknown>): Promise<string> {
  const client = await pool.connect();
  const notices: string[] = [];
  const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query('SET auto_explain.log_min_duration = 0');
    await client.query('SET auto_explain.log_level = notice');
    await run(client);
    notices.length = 0;
    await run(client);
    return notices.join('\n');
  } finally {
    client.off('notice', onNotice);
    await client.query('RESET ALL');
    client.release();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  me = await member(t, '很多朋友');
  // 300 conversations of mine (30 notes each) and 31,000 notes between 1,000 other users, written
  // as the send writes them (both users' rows of each conversation), without the live signals'
  // trigger and the pool's statement bound.
  await withTransaction(
    t.pool,
    async (db) => {
      await db.query('SET LOCAL session_replication_role = replica');
      const { rows } = await db.query(
        `INSERT INTO users (email, password_hash, name) SELECT 'plan' || g || '@x.fan', 'x', '计划' || g FROM generate_series(1, 1000) g RETURNING uid`,
      );
      const first = rows[0].uid as number;
      partner = first;
      await db.query(
        `INSERT INTO scrips (from_uid, to_uid, content, ctime)
         SELECT $1::bigint + g % 1000, $1::bigint + (g % 1000 + 1 + g / 1000 % 20) % 1000, 'n' || g, now() - make_interval(secs => 100000 - g)
           FROM generate_series(1, 31000) g`,
        [first],
      );
      await db.query(
        `INSERT INTO scrips (from_uid, to_uid, content, ctime)
         SELECT CASE WHEN g % 2 = 0 THEN $1::bigint ELSE $2::bigint + g % 300 END, CASE WHEN g % 2 = 0 THEN $2::bigint + g % 300 ELSE $1::bigint END,
                'm' || g, now() - make_interval(secs => 9000 - g)
           FROM generate_series(1, 9000) g`,
        [me.uid, first],
      );
      await db.query(
        `INSERT INTO scrip_threads (uid, other_uid, last_id, last_in_id, unread, notes)
         SELECT x.uid, x.other, max(s.id), coalesce(max(s.id) FILTER (WHERE s.from_uid = x.other), 0),
                count(*) FILTER (WHERE s.from_uid = x.other AND s.id % 3 = 0), count(*)
           FROM scrips s CROSS JOIN LATERAL (VALUES (s.from_uid, s.to_uid), (s.to_uid, s.from_uid)) x (uid, other)
          GROUP BY x.uid, x.other`,
      );
    },
    NO_TIMEOUTS,
  );
  await t.pool.query('VACUUM ANALYZE');
}, 120_000);
afterAll(() => t?.close());

describe('plans', () => {
  it('the conversation list reads the caller’s rows of scrip_threads newest first, then each conversation’s last note by its key', async () => {
    const plans = await plansDuring(t.pool, (db) => threadList(db, me.uid, 20, 0));
    expect(plans).toMatch(/Index (Only )?Scan Backward using scrip_threads_list_idx on scrip_threads/);
    expect(plans).toMatch(/Index Scan using scrips_pkey on scrips s/);
    expect(plans).toMatch(/Index Scan using users_pkey on users u/);
    expect(plans).not.toMatch(/Seq Scan on (scrips|scrip_threads|users)/);
    const page = await threadList(t.pool, me.uid, 20, 0);
    expect(page.total).toBe(300);
  });

  it('a conversation page reads the pair index backwards from its newest note, and the two users by key', async () => {
    const plans = await plansDuring(t.pool, (db) => threadPage(db, me.uid, partner, 20, 0));
    expect(plans).toMatch(/Index Scan Backward using scrips_pair_idx on scrips s/);
    expect(plans).toMatch(/scrip_threads_pkey/);
    expect(plans).not.toMatch(/Seq Scan on (scrips|scrip_threads|users)/);
    const read = await threadPage(t.pool, me.uid, partner, 20, 0);
    expect(read?.page.records).toHaveLength(20);
    expect(read?.page.total).toBe(30);
  });
});
