/**
 * Starts ONE embedded PostgreSQL for the whole test run in a temporary folder on a free port and
 * prepares a migrated template database; test files clone it (see createTestDatabase).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../operations/embedded';
import { migrate } from '../data/migrate';
import { createPool } from '../data/pool';
import { MIGRATIONS_DIR } from '../paths';
import { withDatabase } from './database-url';

const TEMPLATE_DB = 'xb_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the test cluster's `postgres` database. */
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'xb-test-'));
  // mkdtemp makes it 0700; when tests run as root, PostgreSQL runs as `postgres` and must get in.
  await chmod(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: dir, port: null });

  const admin = new pg.Client(db.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const pool = createPool(withDatabase(db.url, TEMPLATE_DB));
  await migrate(pool, MIGRATIONS_DIR);
  await pool.end();

  project.provide('pgAdminUrl', db.url);
  project.provide('pgTemplate', TEMPLATE_DB);
  return async () => {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
