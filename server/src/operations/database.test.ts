/**
 * Where the commands find the database: DATABASE_URL, the server's running embedded cluster (from
 * its postmaster.pid), or an embedded cluster started for the command — the operator's path of
 * `npm run restore` into an empty DATA_DIR, then `npm run backup` of it with the server down.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../data/pool';
import { createTestDatabase } from '../test/helpers';
import { createUser } from '../test/users';
import { LocalStorage } from '../uploads/storage';
import { createBackup } from './backup';
import { openDatabase } from './database';
import { restoreBackup } from './restore';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'xb-ops-db-'));
  // As in global-setup: PostgreSQL runs as `postgres` when the tests run as root, and must get in.
  await chmod(work, 0o755);
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function usersIn(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM users')).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('openDatabase', () => {
  it('uses DATABASE_URL as given and never prints its password', async () => {
    const db = await openDatabase({ databaseUrl: 'postgres://site:s3cret@db.example:5432/xiaoba', dataDir: work, pgPort: null }, 'backup');
    expect(db.url).toBe('postgres://site:s3cret@db.example:5432/xiaoba');
    expect(db.description).toContain('db.example:5432/xiaoba');
    expect(db.description).not.toContain('s3cret');
    await db.close();
  });

  it('refuses to back up a DATA_DIR that holds no cluster, rather than backing up a new empty one', async () => {
    await expect(openDatabase({ databaseUrl: null, dataDir: path.join(work, 'nothing'), pgPort: null }, 'backup')).rejects.toThrow(
      /no database to back up: DATABASE_URL is not set and .*nothing\/pg holds no embedded PostgreSQL/,
    );
  });

  it("connects to the server's running cluster through its postmaster.pid and pg-password", async () => {
    // A DATA_DIR whose files point at the test cluster, as the server's own would at its cluster.
    const admin = new URL(inject('pgAdminUrl'));
    const dataDir = path.join(work, 'running');
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    await writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), `4242\n${dataDir}/pg\n1700000000\n${admin.port}\n/tmp\nlocalhost\n`);
    await writeFile(path.join(dataDir, 'pg-password'), `${decodeURIComponent(admin.password)}\n`);
    const db = await openDatabase({ databaseUrl: null, dataDir, pgPort: null }, 'backup');
    expect(db.description).toBe(`embedded PostgreSQL in ${dataDir}/pg (running, port ${admin.port})`);
    const client = new pg.Client(db.url);
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await client.end();
    await db.close();
  });

  it('restores into an empty DATA_DIR (a new embedded cluster, started and stopped), then backs that up with the server down', async () => {
    const source = await createTestDatabase();
    const pool = createPool(source.url);
    await createUser(pool);
    await createUser(pool);
    await pool.end();
    const first = path.join(work, 'first.zip');
    await createBackup({ databaseUrl: source.url, storage: new LocalStorage(path.join(work, 'no-uploads')), file: first });
    await source.drop();

    const dataDir = path.join(work, 'fresh');
    const target = await openDatabase({ databaseUrl: null, dataDir, pgPort: null }, 'restore');
    expect(target.description).toMatch(/started for this command .*stopped after/);
    try {
      await restoreBackup({ databaseUrl: target.url, storage: new LocalStorage(path.join(dataDir, 'uploads')), file: first });
      expect(await usersIn(target.url)).toBe(2);
    } finally {
      await target.close();
    }

    const again = await openDatabase({ databaseUrl: null, dataDir, pgPort: null }, 'backup');
    try {
      const second = await createBackup({
        databaseUrl: again.url,
        storage: new LocalStorage(path.join(dataDir, 'uploads')),
        file: path.join(work, 'second.zip'),
      });
      expect(second.manifest.database.tables.find((t) => t.name === 'users')?.rows).toBe(2);
    } finally {
      await again.close();
    }
  }, 120_000);
});
