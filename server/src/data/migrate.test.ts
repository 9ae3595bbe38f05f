import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, existingDemoUsers, seedDemoUsers } from '../demo';
import { DEFINITIONS_DIR, MIGRATIONS_DIR } from '../paths';
import { createTestDatabase } from '../test/helpers';
import { migrate, readDefinitions } from './migrate';
import { createPool, type Pool } from './pool';

let db: { url: string; drop(): Promise<void> };
let pools: Pool[];

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  pools = [createPool(db.url), createPool(db.url), createPool(db.url)];
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await db.drop();
});

describe('migrate', () => {
  it('applies each migration once when several processes start together', async () => {
    const results = await Promise.all(pools.map((p) => migrate(p, MIGRATIONS_DIR)));
    // Every file of the folder, each applied by exactly one of the three, in name order; then
    // every definition of server/sql, in name order, by the same one.
    const all = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(all.slice(0, 5)).toEqual(['001_init.sql', '002_yy.sql', '003_space.sql', '004_notices.sql', '005_avatars.sql']);
    const definitions = (await readdir(DEFINITIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(definitions).toContain('10_visible_yy.sql');
    expect(results.flat()).toEqual([...all, ...definitions.map((d) => `sql/${d}`)]);
    expect(results.filter((r) => r.length > 0)).toHaveLength(1);
    const { rows } = await pools[0]!.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows).toEqual(all.map((name) => ({ name })));
    expect(await migrate(pools[0]!, MIGRATIONS_DIR)).toEqual([]);
  });

  it('applies the definitions once when several processes start together, and again only the one whose text changed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'xb-definitions-'));
    try {
      await writeFile(path.join(dir, '10_first.sql'), 'CREATE OR REPLACE FUNCTION xb_def_first() RETURNS int LANGUAGE sql IMMUTABLE RETURN 1;');
      await writeFile(
        path.join(dir, '20_second.sql'),
        'CREATE OR REPLACE FUNCTION xb_def_second() RETURNS int LANGUAGE sql IMMUTABLE RETURN xb_def_first() + 1;',
      );
      const results = await Promise.all(pools.map((p) => migrate(p, MIGRATIONS_DIR, dir)));
      // One of the three applied both, in name order; the others found them recorded.
      expect(results.flat()).toEqual(['sql/10_first.sql', 'sql/20_second.sql']);
      expect((await pools[0]!.query('SELECT xb_def_second() AS n')).rows[0].n).toBe(2);
      expect(await migrate(pools[1]!, MIGRATIONS_DIR, dir)).toEqual([]);

      // A changed text is applied again (by one process), the unchanged one is not.
      await writeFile(path.join(dir, '10_first.sql'), 'CREATE OR REPLACE FUNCTION xb_def_first() RETURNS int LANGUAGE sql IMMUTABLE RETURN 10;');
      const again = await Promise.all(pools.map((p) => migrate(p, MIGRATIONS_DIR, dir)));
      expect(again.flat()).toEqual(['sql/10_first.sql']);
      expect((await pools[0]!.query('SELECT xb_def_first() AS n')).rows[0].n).toBe(10);
      const { rows } = await pools[0]!.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_definitions ORDER BY name COLLATE "C"');
      expect(rows.map((r) => r.name)).toContain('10_first.sql');
      expect(rows.find((r) => r.name === '10_first.sql')!.sha256).toBe((await readDefinitions(dir))[0]!.sha256);

      // A definition that fails rolls back the whole start: nothing recorded, the old text stays.
      await writeFile(path.join(dir, '10_first.sql'), 'CREATE OR REPLACE FUNCTION xb_def_first() RETURNS int LANGUAGE sql IMMUTABLE RETURN 100;');
      await writeFile(path.join(dir, '30_broken.sql'), 'SELECT no_such_function();');
      await expect(migrate(pools[0]!, MIGRATIONS_DIR, dir)).rejects.toThrow(/no_such_function/);
      expect((await pools[0]!.query('SELECT xb_def_first() AS n')).rows[0].n).toBe(10);
    } finally {
      await pools[0]!.query('DROP FUNCTION IF EXISTS xb_def_second(); DROP FUNCTION IF EXISTS xb_def_first()');
      await pools[0]!.query(`DELETE FROM schema_definitions WHERE name IN ('10_first.sql', '20_second.sql', '30_broken.sql')`);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("re-applies the server's definitions on a database whose functions came from before them", async () => {
    // As a database migrated before server/sql existed: the list functions of migrations 017, 019, 020.
    await pools[0]!.query('DELETE FROM schema_definitions');
    await pools[0]!.query('DROP FUNCTION yy_page_rows(bigint, bigint[], bigint, bigint)');
    const old = (await readFile(path.join(MIGRATIONS_DIR, '019_follow_feed.sql'), 'utf8')).match(/CREATE FUNCTION yy_page_rows[\s\S]*?\n\$\$;/)![0];
    await pools[0]!.query(old);
    const applied = await migrate(pools[0]!, MIGRATIONS_DIR);
    // Every definition, in name order, the triggers' functions included; each recorded with its text's SHA-256.
    const definitions = await readDefinitions(DEFINITIONS_DIR);
    expect(applied).toEqual(definitions.map((d) => `sql/${d.name}`));
    const recorded = await pools[0]!.query<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_definitions ORDER BY name COLLATE "C"');
    expect(recorded.rows).toEqual(definitions.map(({ name, sha256 }) => ({ name, sha256 })));
    const { rows } = await pools[0]!.query(`SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = 'yy_page_rows'`);
    expect(rows).toEqual([{ args: 'p_total bigint, ids bigint[], p_viewer bigint, p_owner bigint' }]);
  });

  it('defines every function in server/sql but those an index depends on, which stay in the migrations', async () => {
    const defined = new Set<string>();
    for (const d of await readDefinitions(DEFINITIONS_DIR)) {
      for (const m of d.sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)) defined.add(m[1]!);
    }
    const { rows: functions } = await pools[0]!.query<{ name: string }>(
      `SELECT DISTINCT p.proname::text AS name FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
       ORDER BY 1`,
    );
    // What an index expression, a generated column or a constraint calls.
    const { rows: indexed } = await pools[0]!.query<{ name: string }>(
      `SELECT DISTINCT p.proname::text AS name FROM pg_depend d JOIN pg_proc p ON p.oid = d.refobjid
       WHERE d.refclassid = 'pg_proc'::regclass AND d.classid IN ('pg_class'::regclass, 'pg_attrdef'::regclass, 'pg_constraint'::regclass)
         AND p.pronamespace = 'public'::regnamespace`,
    );
    expect(indexed.map((r) => r.name)).toEqual(['search_grams']);
    // search_grams' own helpers: search_fold, and search_lower written beside it (sql/README.md).
    const stayInMigrations = ['search_fold', 'search_grams', 'search_lower'];
    expect(functions.map((r) => r.name).filter((name) => !defined.has(name))).toEqual(stayInMigrations);
    expect([...defined].filter((name) => stayInMigrations.includes(name))).toEqual([]);
  });

  it('starts 米米号 at 100001', async () => {
    const { rows } = await pools[0]!.query(`INSERT INTO users (email, password_hash, name) VALUES ('first@example.com', 'x', '第一') RETURNING uid`);
    expect(rows[0].uid).toBe(100_001);
    await pools[0]!.query('DELETE FROM users');
  });
});

describe('demo users', () => {
  it('are created once, on an empty users table, even by processes starting together', async () => {
    const results = await Promise.all(pools.map((p) => seedDemoUsers(p)));
    const created = results.flat();
    expect(created).toHaveLength(4);
    expect(await seedDemoUsers(pools[0]!)).toEqual([]);
    expect((await existingDemoUsers(pools[0]!)).map((u) => u.email)).toEqual(created.map((u) => u.email));

    const { rows } = await pools[0]!.query('SELECT skin, sign FROM users ORDER BY uid');
    expect(new Set(rows.map((r) => r.skin)).size).toBe(4);
    expect(rows.filter((r) => r.sign === 1)).toHaveLength(1);
    expect(DEMO_PASSWORD).toBe('xiaoba123');
  });
});
