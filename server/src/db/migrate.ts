import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { NO_TIMEOUTS, withTransaction, type Pool } from './pool';

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_263_001;

/**
 * Applies `NNN_name.sql` files not yet recorded in `schema_migrations`, in name order, in one
 * transaction. The advisory lock makes concurrent starts (several API processes) wait for the
 * first one instead of racing it; no statement or lock timeout cuts them off (NO_TIMEOUTS).
 * Returns the names applied now.
 */
export async function migrate(pool: Pool, dir: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return withTransaction(
    pool,
    async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamp(3) NOT NULL DEFAULT now()
    )`);
      const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
      const done = new Set(rows.map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        await client.query(await readFile(path.join(dir, file), 'utf8'));
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        applied.push(file);
      }
      return applied;
    },
    NO_TIMEOUTS,
  );
}
