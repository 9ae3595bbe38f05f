/** `npm run moderator -- add|remove|list` against a database, as the operator runs it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Pool } from '../../data/pool';
import { createTestDatabase } from '../../test/helpers';
import { createUser } from '../../test/users';
import { removeItem, restoreItem } from './queries/removal';
import { insertComment } from '../comments';
import { insertYy } from '../yy';
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

it('purge <days> deletes for good what was removed longer ago, with what hangs under it; newer removals stay restorable', async () => {
  const { uid } = await createUser(pool, { name: '小删', email: 'shan@example.com' });
  const out: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
  const env = { DATABASE_URL: db.url };
  const old = await insertYy(pool, { uid, content: '很久以前被删的', transpondId: null });
  await insertComment(pool, { weiboId: old, uid, content: '它下面的评论', replyCommentId: null, replyUid: null });
  const recent = await insertYy(pool, { uid, content: '刚被删的', transpondId: null });
  const kept = await insertYy(pool, { uid, content: '没被删的', transpondId: null });
  await removeItem(pool, 'yy', old, uid, '广告');
  await removeItem(pool, 'yy', recent, uid, '广告');
  await pool.query(`UPDATE yy SET removed_at = now() - interval '40 days' WHERE weibo_id = $1`, [old]);
  const counts = async () => (await pool.query('SELECT yy_count FROM users WHERE uid = $1', [uid])).rows[0].yy_count as number;
  const before = await counts();

  expect(await moderatorCommand(['purge', '30'], env, io)).toBe(0);
  expect(out.at(-1)).toMatch(/1 yy, 0 comments, 0 board messages, 0 replies/); // the comment went with its yy
  const left = (await pool.query('SELECT weibo_id FROM yy WHERE uid = $1 ORDER BY weibo_id', [uid])).rows.map((r) => r.weibo_id);
  expect(left).toEqual([recent, kept]);
  expect((await pool.query('SELECT 1 FROM yy_comments WHERE weibo_id = $1', [old])).rowCount).toBe(0);
  // The counters left removed items out at removal: a purge does not count them off again.
  expect(await counts()).toBe(before);
  expect((await restoreItem(pool, 'yy', recent))?.changed).toBe(true);

  expect(await moderatorCommand(['purge', 'soon'], env, io)).toBe(2);
  expect(await moderatorCommand(['purge'], env, io)).toBe(2);
});
