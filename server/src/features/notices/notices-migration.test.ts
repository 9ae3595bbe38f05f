import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths';
import { createTestDatabase } from '../../test/helpers';
import { migrate } from '../../data/migrate';
import { createPool, type Pool } from '../../data/pool';

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let before: string;

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  pool = createPool(db.url);
  // The migrations before 004 only.
  before = await mkdtemp(path.join(tmpdir(), 'xb-migrations-'));
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file < '004') await cp(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  }
});
afterAll(async () => {
  await pool.end();
  await db.drop();
  await rm(before, { recursive: true, force: true });
});

it('004_notices turns the comments already there into notices already read', async () => {
  await migrate(pool, before);
  const user = async (name: string) =>
    (await pool.query(`INSERT INTO users (email, password_hash, name) VALUES ($1, 'x', $2) RETURNING uid`, [`${name}@example.com`, name])).rows[0]
      .uid as number;
  const [a, b] = [await user('aaa'), await user('bbb')];
  const yy = (await pool.query(`INSERT INTO yy (uid, content) VALUES ($1, '甲的yy') RETURNING weibo_id`, [a])).rows[0].weibo_id;
  const comment = async (uid: number, reply: { id: number; uid: number } | null = null) =>
    (
      await pool.query(`INSERT INTO yy_comments (weibo_id, uid, content, reply_comment_id, reply_uid) VALUES ($1, $2, 'x', $3, $4) RETURNING comment_id`, [
        yy,
        uid,
        reply?.id ?? null,
        reply?.uid ?? null,
      ])
    ).rows[0].comment_id as number;
  const own = await comment(a); // A on A's yy: nobody
  const fromB = await comment(b); // B on A's yy: A, 'comment'
  const replyToA = await comment(b, { id: own, uid: a }); // B replies to A on A's yy: A once, 'reply'
  const replyToB = await comment(a, { id: fromB, uid: b }); // A replies to B: B, 'reply'

  expect(await migrate(pool, MIGRATIONS_DIR)).toContain('004_notices.sql');
  const { rows } = await pool.query('SELECT comment_id, uid, kind, unread FROM comment_notices ORDER BY comment_id, uid');
  expect(rows).toEqual([
    { comment_id: fromB, uid: a, kind: 'comment', unread: false },
    { comment_id: replyToA, uid: a, kind: 'reply', unread: false },
    { comment_id: replyToB, uid: b, kind: 'reply', unread: false },
  ]);
});
