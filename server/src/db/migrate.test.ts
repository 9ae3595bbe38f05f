import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, existingDemoUsers, seedDemoUsers } from '../demo';
import { MIGRATIONS_DIR } from '../paths';
import { createTestDatabase } from '../test/helpers';
import { migrate } from './migrate';
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
    // Every file of the folder, each applied by exactly one of the three, in name order.
    const all = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(all.slice(0, 5)).toEqual(['001_init.sql', '002_yy.sql', '003_space.sql', '004_notices.sql', '005_avatars.sql']);
    expect(results.flat()).toEqual(all);
    const { rows } = await pools[0]!.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows).toEqual(all.map((name) => ({ name })));
    expect(await migrate(pools[0]!, MIGRATIONS_DIR)).toEqual([]);
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
