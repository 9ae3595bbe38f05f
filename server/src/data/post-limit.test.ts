import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { createUser } from '../test/users';
import { createPool, withTransaction, type Pool } from './pool';
import { lockPoster, withPosterLock } from './post-limit';

// withPosterLock sends BEGIN and the poster's lock as one query; it must take the very lock
// lockPoster takes (routes of both kinds serialise one user's posting together).
let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let uid: number;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url);
  uid = (await createUser(pool, { name: '锁锁' })).uid;
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('withPosterLock', () => {
  it('waits for a transaction holding lockPoster for the same user, and lockPoster waits for it', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = withTransaction(pool, async (c) => {
      await lockPoster(c, uid);
      order.push('lockPoster holds');
      await held;
      order.push('lockPoster done');
    });
    await tick(100);
    const second = withPosterLock(pool, uid, async () => void order.push('withPosterLock runs'));
    await tick(300);
    expect(order).toEqual(['lockPoster holds']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['lockPoster holds', 'lockPoster done', 'withPosterLock runs']);

    // The other way round.
    order.length = 0;
    let release2!: () => void;
    const held2 = new Promise<void>((r) => (release2 = r));
    const a = withPosterLock(pool, uid, async () => {
      order.push('withPosterLock holds');
      await held2;
    });
    await tick(100);
    const b = withTransaction(pool, async (c) => {
      await lockPoster(c, uid);
      order.push('lockPoster runs');
    });
    await tick(300);
    expect(order).toEqual(['withPosterLock holds']);
    release2();
    await Promise.all([a, b]);
    expect(order).toEqual(['withPosterLock holds', 'lockPoster runs']);
  });

  it('does not hold another user', async () => {
    const other = (await createUser(pool, { name: '别人' })).uid;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = withPosterLock(pool, uid, () => held);
    await tick(100);
    await withPosterLock(pool, other, async () => undefined); // would hang if it waited
    release();
    await first;
  });

  it('commits what fn did, rolls it back when fn throws', async () => {
    await withPosterLock(pool, uid, (c) => c.query("UPDATE users SET name = '提交' WHERE uid = $1", [uid]));
    await expect(
      withPosterLock(pool, uid, async (c) => {
        await c.query("UPDATE users SET name = '回滚' WHERE uid = $1", [uid]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await pool.query('SELECT name FROM users WHERE uid = $1', [uid])).rows[0].name).toBe('提交');
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53])('refuses %s as a user id before touching the database', async (bad) => {
    await expect(withPosterLock(pool, bad, async () => undefined)).rejects.toThrow('not a user id');
  });
});
