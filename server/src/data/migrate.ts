import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFINITIONS_DIR, MIGRATIONS_DIR } from '../paths';
import { NO_TIMEOUTS, withTransaction, type Pool, type Queryable } from './pool';

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_263_001;

const sqlFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();

/**
 * Applies `NNN_name.sql` files not yet recorded in `schema_migrations`, in name order, then the
 * repeatable definitions of `definitionsDir` (applyDefinitions), all in one transaction. The
 * advisory lock makes concurrent starts (several API processes) wait for the first one instead of
 * racing it; no statement or lock timeout cuts them off (NO_TIMEOUTS). `definitionsDir` is the
 * server's `sql/` when `dir` is the server's migrations, else none (a test migrating part of the
 * history must not meet definitions written for the whole of it). Returns the names applied now:
 * the migrations', then the definitions' (`sql/<file>`).
 */
export async function migrate(pool: Pool, dir: string, definitionsDir: string | null = dir === MIGRATIONS_DIR ? DEFINITIONS_DIR : null): Promise<string[]> {
  const files = await sqlFiles(dir);
  const definitions = definitionsDir === null ? [] : await readDefinitions(definitionsDir);
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
      if (definitionsDir !== null) applied.push(...(await applyDefinitions(client, definitions)).map((name) => `sql/${name}`));
      return applied;
    },
    NO_TIMEOUTS,
  );
}

export interface Definition {
  /** The file's name in the folder, its key in `schema_definitions`. */
  name: string;
  sql: string;
  sha256: string;
}

/** The definitions of a folder (`*.sql`), in name order, with each text's SHA-256. */
export async function readDefinitions(dir: string): Promise<Definition[]> {
  const out: Definition[] = [];
  for (const name of await sqlFiles(dir)) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    out.push({ name, sql, sha256: createHash('sha256').update(sql).digest('hex') });
  }
  return out;
}

/**
 * Applies the definitions whose text changed since they were last applied here (or were never
 * applied), in their order, recording each one's SHA-256 in `schema_definitions`; an unchanged one
 * is not run again. Run inside migrate's transaction and lock, after the numbered migrations: a
 * definition may use every table, a migration never uses a definition. Each file must be safe to
 * run again (CREATE OR REPLACE; a DROP ... IF EXISTS where a signature changed). A file removed
 * from the folder leaves its objects as they are. Returns the names applied.
 */
export async function applyDefinitions(db: Queryable, definitions: Definition[]): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_definitions (
      name text PRIMARY KEY,
      sha256 text NOT NULL,
      applied_at timestamp(3) NOT NULL DEFAULT now()
    )`);
  const { rows } = await db.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_definitions');
  const known = new Map(rows.map((r) => [r.name, r.sha256]));
  const applied: string[] = [];
  for (const d of definitions) {
    if (known.get(d.name) === d.sha256) continue;
    await db.query(d.sql);
    await db.query(
      `INSERT INTO schema_definitions (name, sha256) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now()`,
      [d.name, d.sha256],
    );
    applied.push(d.name);
  }
  return applied;
}
