/** `npm run moderator -- add|remove|list` against a database, as the operator runs it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Pool } from '../db/pool';
import { createTestDatabase } from '../test/helpers';
import { createUser } from '../test/users';
import { moderatorCommand } from './command';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 2);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

it('adds, lists and removes moderators; refuses what is not a command or a user', async () => {
  const { uid } = await createUser(pool, { name: '阿管', email: 'guan@example.com' });
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  const env = { DATABASE_URL: db.url };
  const role = async () => (await pool.query('SELECT role FROM users WHERE uid = $1', [uid])).rows[0].role as string;

  expect(await moderatorCommand(['list'], env, io)).toBe(0);
  expect(out.at(-1)).toMatch(/no moderators yet/);
  expect(await moderatorCommand(['add', String(uid)], env, io)).toBe(0);
  expect(out.at(-1)).toBe(`moderator: ${uid} (阿管) is now a moderator`);
  expect(await role()).toBe('moderator');
  expect(await moderatorCommand(['add', String(uid)], env, io)).toBe(0);
  expect(out.at(-1)).toMatch(/is already a moderator/);
  out.length = 0;
  expect(await moderatorCommand(['list'], env, io)).toBe(0);
  expect(out).toEqual([`${String(uid).padStart(8)}  阿管  guan@example.com`]);
  expect(await moderatorCommand(['remove', String(uid)], env, io)).toBe(0);
  expect(await role()).toBe('user');

  expect(await moderatorCommand(['add', '999999'], env, io)).toBe(1);
  expect(err.at(-1)).toBe('moderator: no user 999999');
  expect(await moderatorCommand(['add', 'bob'], env, io)).toBe(2);
  expect(await moderatorCommand(['add'], env, io)).toBe(2);
  expect(await moderatorCommand(['promote', '1'], env, io)).toBe(2);
  expect(await moderatorCommand([], env, io)).toBe(2);
  expect(await moderatorCommand(['--help'], env, io)).toBe(0);
});
