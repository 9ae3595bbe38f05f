/**
 * A backup taken while the site keeps posting is one consistent snapshot: the restored counters
 * agree with the restored rows, although posts (each with its counters, in one transaction) were
 * committed between the reads of site_counters, users and yy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createPool, NO_TIMEOUTS, withTransaction } from '../data/pool';
import { insertYy } from '../features/yy';
import { createTestDatabase } from '../test/helpers';
import { createUser } from '../test/users';
import { LocalStorage } from '../uploads/storage';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
});

it('restores counters that match the rows although posts were written during the backup', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'xb-snapshot-'));
  cleanup.push(() => rm(work, { recursive: true, force: true }));
  const source = await createTestDatabase();
  cleanup.push(source.drop);
  const pool = createPool(source.url);
  cleanup.push(() => pool.end());
  const alice = await createUser(pool);
  const bob = await createUser(pool);
  // Enough rows that copying yy takes a while, with their counters set as the site keeps them.
  // Written without the pool's 5 s statement bound: on a CI machine running two test tiers at once
  // the 20,000 rows and their search index once took longer (a fixture, not what is tested).
  await withTransaction(
    pool,
    async (c) => {
      await c.query(
        `INSERT INTO yy (uid, content) SELECT CASE WHEN i % 2 = 0 THEN $1::bigint ELSE $2::bigint END, repeat('字', 40) || i FROM generate_series(1, 20000) i`,
        [alice.uid, bob.uid],
      );
      await c.query(`UPDATE users u SET yy_count = (SELECT count(*) FROM yy WHERE yy.uid = u.uid)`);
      await c.query(`UPDATE site_counters SET value = (SELECT count(*) FROM yy) WHERE name = 'yy'`);
    },
    NO_TIMEOUTS,
  );

  let running = true;
  let posted = 0;
  const writer = (async () => {
    while (running) {
      await withTransaction(pool, (c) => insertYy(c, { uid: posted % 2 ? alice.uid : bob.uid, content: `写 ${posted}`, transpondId: null }));
      posted += 1;
    }
  })();
  const file = path.join(work, 'live.zip');
  try {
    // Give the writer a head start, so posts are under way when the snapshot is taken.
    while (posted < 5) await new Promise((r) => setTimeout(r, 5));
    await createBackup({ databaseUrl: source.url, storage: new LocalStorage(path.join(work, 'none')), file });
  } finally {
    running = false;
    await writer;
  }
  const postedDuring = posted;
  expect(postedDuring).toBeGreaterThan(5);

  const target = await createTestDatabase({ migrated: false });
  cleanup.push(target.drop);
  await restoreBackup({ databaseUrl: target.url, storage: new LocalStorage(path.join(work, 'restored')), file });
  const restored = createPool(target.url);
  cleanup.push(() => restored.end());
  const { rows } = await restored.query<{ counted: number; site: number; users_ok: boolean }>(`
    SELECT (SELECT count(*) FROM yy)::int AS counted,
           (SELECT value FROM site_counters WHERE name = 'yy')::int AS site,
           (SELECT bool_and(u.yy_count = (SELECT count(*) FROM yy WHERE yy.uid = u.uid)) FROM users u) AS users_ok`);
  expect(rows[0]!.counted).toBeGreaterThanOrEqual(20000);
  expect(rows[0]!.site).toBe(rows[0]!.counted);
  expect(rows[0]!.users_ok).toBe(true);
  // The source went on after the snapshot: the backup holds fewer posts than were finally written.
  const finalCount = Number((await pool.query('SELECT count(*) AS n FROM yy')).rows[0].n);
  expect(finalCount).toBe(20000 + postedDuring);
  expect(rows[0]!.counted).toBeLessThan(finalCount);
}, 60_000);
