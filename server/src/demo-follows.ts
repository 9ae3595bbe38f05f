/**
 * The demo users' follows: a small graph with a mutual pair, a one-way follow back to
 * follow, and a fan notice still unread, so the 关注 page, the follow buttons and the "X 关注了你"
 * notice all have something to show. users.follows and users.fans come out of the rows (the
 * trigger of migration 018), so they are the real counts.
 */
import type { Queryable } from './data/pool';

/** [follower, followed, days ago, unread], by index into the demo users (巴巴, 萌萌猫, 月下剑客, 小雨). */
export const DEMO_FOLLOWS: readonly (readonly [number, number, number, boolean])[] = [
  [0, 1, 20, false], // 巴巴 and 萌萌猫 follow each other
  [1, 0, 19, false],
  [2, 0, 12, false], // 月下剑客 follows 巴巴, who follows back
  [0, 2, 11, false],
  [1, 2, 6, false], // 萌萌猫 follows 月下剑客
  [3, 0, 1, true], // 小雨 is new: 巴巴 has not seen her follow yet, nor followed back
];

export async function seedDemoFollows(db: Queryable, uids: number[]): Promise<void> {
  const rows = DEMO_FOLLOWS.filter(([a, b]) => uids[a] !== undefined && uids[b] !== undefined);
  await db.query(
    `INSERT INTO follows (uid, followed_uid, ctime, unread)
     SELECT f.uid, f.followed, now() - make_interval(days => f.days), f.unread
     FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::boolean[]) AS f(uid, followed, days, unread)`,
    [rows.map(([a]) => uids[a]), rows.map(([, b]) => uids[b]), rows.map(([, , d]) => d), rows.map(([, , , u]) => u)],
  );
}
