/**
 * SQL for 勋章 (migration 027): what a user earned (`user_medals`), from the one definition of the
 * rules (server/sql/10_medal_rules.sql, `medal_rules(uid)`). A medal once earned stays; its time
 * is when the data first satisfied the rule. A new medal leaves one system notice listing them.
 */
import { MEDAL_HOW, MEDAL_IDS, MEDALS, medalById, medalNoticeText, type MedalEntry, type MedalId } from '@xiaoba/shared/core';
import type { Pool, Queryable } from '../../data/pool';
import { NO_TIMEOUTS, withTransaction } from '../../data/pool';
import { addSystemNotice } from '../moderation';

const EPOCH = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

/** The catalogue's order as SQL (`array_position` sorts a user's medals by it). */
const ORDER = `ARRAY[${MEDAL_IDS.map((id) => `'${id}'`).join(', ')}]::text[]`;

/**
 * `u.uid`'s earned medal ids in the catalogue's order, as a JSON array: the `medals` of getinfo
 * and getuserinfo, read in their one statement (the primary key, index-only).
 */
export const earnedMedalsSql = (u: string) =>
  `coalesce((SELECT json_agg(m.medal ORDER BY array_position(${ORDER}, m.medal)) FROM user_medals m WHERE m.uid = ${u}.uid), '[]')`;

/**
 * Stores the medals `uid`'s data now earns and they did not have, and leaves one system notice
 * listing them; answers the new ones. The rules of the medals they hold are not read at all. Run inside the transaction of a write that can earn a medal
 * (a yy posted, a follow for both users in uid order) and on reading the medal list. Two
 * transactions earning the same medal store it once (the primary key): only one notices it.
 */
export async function awardMedals(db: Queryable, uid: number): Promise<MedalId[]> {
  const { rows } = await db.query<{ medal: MedalId }>({
    name: 'medal-award',
    text: `INSERT INTO user_medals (uid, medal, earned_at)
           SELECT $1, r.medal, r.satisfied_at
             FROM medal_rules($1, ARRAY(SELECT m.medal FROM user_medals m WHERE m.uid = $1)) r
            WHERE r.satisfied_at IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.uid = $1)
           ON CONFLICT (uid, medal) DO NOTHING
           RETURNING medal`,
    values: [uid],
  });
  const fresh = MEDAL_IDS.filter((id) => rows.some((r) => r.medal === id));
  if (fresh.length > 0) await addSystemNotice(db, uid, 'medal', medalNoticeText(fresh));
  return fresh;
}

/** awardMedals for several users, in uid order, so two transactions touching the same pair never deadlock. */
export async function awardMedalsOf(db: Queryable, uids: number[]): Promise<void> {
  for (const uid of [...new Set(uids)].sort((a, b) => a - b)) await awardMedals(db, uid);
}

/** Each medal of the catalogue as `uid` holds it; null when there is no such user. */
export async function medalList(db: Queryable, uid: number): Promise<MedalEntry[] | null> {
  const { rows } = await db.query<{ medal: MedalId | null; at: number | null }>({
    name: 'medal-list',
    text: `SELECT m.medal, ${EPOCH('m.earned_at')} AS at
             FROM users u LEFT JOIN user_medals m ON m.uid = u.uid
            WHERE u.uid = $1`,
    values: [uid],
  });
  if (rows.length === 0) return null;
  const earned = new Map(rows.filter((r) => r.medal !== null).map((r) => [r.medal!, Number(r.at)]));
  return MEDALS.map((m) => ({ id: m.id, name: m.name, how: MEDAL_HOW[m.id], earned: earned.has(m.id), earnedAt: earned.get(m.id) ?? null }));
}

/** A medal in a user's export: its id and name, and when it was earned (the export's time format). */
export interface MedalExport {
  id: MedalId;
  name: string;
  earnedAt: string;
}

/** A user's earned medals for their export, in the catalogue's order; `time` writes a timestamp column as the export does. */
export async function exportMedals(db: Queryable, uid: number, time: (column: string) => string): Promise<MedalExport[]> {
  const { rows } = await db.query<{ id: MedalId; earnedAt: string }>(
    `SELECT medal AS id, ${time('earned_at')} AS "earnedAt" FROM user_medals WHERE uid = $1 ORDER BY array_position(${ORDER}, medal)`,
    [uid],
  );
  return rows.map((r) => ({ id: r.id, name: medalById(r.id).name, earnedAt: r.earnedAt }));
}

// Any constant works; it only has to be the same in every process starting on this database.
const LAUNCH_LOCK_KEY = 7_263_027;

/**
 * The launch of medals: once per database (medal_launch), every existing user gets the medals
 * their data already earns, with one notice at most each (listing them), none for a user without.
 * Under an advisory lock in one transaction: several API processes starting at once do it once,
 * the others wait and find it done. Answers how many users got medals (0 when already done).
 */
export async function launchMedals(pool: Pool): Promise<number> {
  return withTransaction(
    pool,
    async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [LAUNCH_LOCK_KEY]);
      const { rows: done } = await db.query('SELECT 1 FROM medal_launch');
      if (done.length > 0) return 0;
      const { rows } = await db.query<{ uid: number; medals: MedalId[] }>(
        `WITH fresh AS (
         INSERT INTO user_medals (uid, medal, earned_at)
         SELECT u.uid, r.medal, r.satisfied_at FROM users u CROSS JOIN LATERAL medal_rules(u.uid) r
          WHERE r.satisfied_at IS NOT NULL
         ON CONFLICT (uid, medal) DO NOTHING
         RETURNING uid, medal
       )
       SELECT uid, array_agg(medal ORDER BY array_position(${ORDER}, medal)) AS medals FROM fresh GROUP BY uid`,
      );
      if (rows.length > 0) {
        await db.query(`INSERT INTO system_notices (uid, kind, text) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])`, [
          rows.map((r) => r.uid),
          rows.map(() => 'medal'),
          rows.map((r) => medalNoticeText(r.medals)),
        ]);
      }
      await db.query('INSERT INTO medal_launch DEFAULT VALUES');
      return rows.length;
      // Every user once: no statement bound, like the migrations before it.
    },
    NO_TIMEOUTS,
  );
}
