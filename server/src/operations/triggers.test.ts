/**
 * A migration that keeps a counter with a trigger: the restore loads the rows as they were and
 * does not let the trigger count them a second time; the trigger works again afterwards.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createPool } from '../data/pool';
import { MIGRATIONS_DIR } from '../paths';
import { createTestDatabase } from '../test/helpers';
import { createUser } from '../test/users';
import { LocalStorage } from '../uploads/storage';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const TRIGGER_MIGRATION = `
CREATE TABLE yy_tally (uid bigint PRIMARY KEY REFERENCES users (uid), n integer NOT NULL);
CREATE FUNCTION yy_tally_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO yy_tally (uid, n) VALUES (NEW.uid, 1) ON CONFLICT (uid) DO UPDATE SET n = yy_tally.n + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER yy_tally_bump AFTER INSERT ON yy FOR EACH ROW EXECUTE FUNCTION yy_tally_bump();
`;

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
});

it('does not let a counting trigger count the restored rows again, and leaves the trigger enabled', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'xb-triggers-'));
  cleanup.push(() => rm(work, { recursive: true, force: true }));
  const migrations = path.join(work, 'migrations');
  await cp(MIGRATIONS_DIR, migrations, { recursive: true });
  await writeFile(path.join(migrations, '900_tally.sql'), TRIGGER_MIGRATION);

  const source = await createTestDatabase();
  cleanup.push(source.drop);
  const pool = createPool(source.url);
  cleanup.push(() => pool.end());
  await pool.query(TRIGGER_MIGRATION);
  await pool.query(`INSERT INTO schema_migrations (name) VALUES ('900_tally.sql')`);
  const { uid } = await createUser(pool);
  for (const content of ['一', '二', '三']) await pool.query('INSERT INTO yy (uid, content) VALUES ($1, $2)', [uid, content]);
  expect((await pool.query('SELECT n FROM yy_tally WHERE uid = $1', [uid])).rows[0].n).toBe(3);

  const file = path.join(work, 'tally.zip');
  await createBackup({ databaseUrl: source.url, storage: new LocalStorage(path.join(work, 'none')), file });
  const target = await createTestDatabase({ migrated: false });
  cleanup.push(target.drop);
  await restoreBackup({ databaseUrl: target.url, storage: new LocalStorage(path.join(work, 'restored')), file, migrationsDir: migrations });

  const restored = createPool(target.url);
  cleanup.push(() => restored.end());
  expect((await restored.query('SELECT n FROM yy_tally WHERE uid = $1', [uid])).rows[0].n).toBe(3);
  await restored.query('INSERT INTO yy (uid, content) VALUES ($1, $2)', [uid, '四']);
  expect((await restored.query('SELECT n FROM yy_tally WHERE uid = $1', [uid])).rows[0].n).toBe(4);
});
