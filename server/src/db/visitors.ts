/**
 * SQL for space visits. `visits` holds one row per visitor per visited space per UTC day (a later
 * visit that day only moves its time); `space_visitors` the latest visit of each pair, so the
 * "most recent distinct visitors" list reads a handful of index entries; `users.visit_count`
 * counts the `visits` rows, so the visit count is one row read.
 */
import { VISITORS_SHOWN, type Visitor, type VisitorList } from '@xiaoba/shared/core';
import type { Queryable } from './pool';

/**
 * Records that `visitor` opened `visited`'s space, now (or at `at`, unix seconds: demo data).
 * The first visit of a UTC day adds a row and counts it; later ones that day move its time.
 * A user never visits their own space. Returns whether a new visit was counted.
 */
export async function recordVisit(db: Queryable, visited: number, visitor: number, at?: number): Promise<boolean> {
  if (visited === visitor) return false;
  // One statement: the day row (xmax = 0 only for a row this statement inserted), the latest
  // visit of the pair, and the counter when the day row is new.
  const { rows } = await db.query<{ counted: boolean }>(
    `WITH t AS (
       SELECT coalesce(to_timestamp($3::double precision), now()) AT TIME ZONE 'UTC' AS at
     ), day_row AS (
       INSERT INTO visits (visited, visitor, day, ctime)
       SELECT $1, $2, t.at::date, t.at FROM t
       ON CONFLICT (visited, visitor, day) DO UPDATE SET ctime = greatest(visits.ctime, excluded.ctime)
       RETURNING (xmax = 0) AS inserted
     ), latest AS (
       INSERT INTO space_visitors (visited, visitor, ctime)
       SELECT $1, $2, t.at FROM t
       ON CONFLICT (visited, visitor) DO UPDATE SET ctime = greatest(space_visitors.ctime, excluded.ctime)
     ), counted AS (
       UPDATE users SET visit_count = visit_count + 1
       WHERE uid = $1 AND (SELECT inserted FROM day_row)
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM counted) AS counted`,
    [visited, visitor, at ?? null],
  );
  return rows[0]?.counted ?? false;
}

/** The space's most recent distinct visitors (latest visit first) and its visit count; null: no such user. */
export async function listVisitors(db: Queryable, visited: number, limit = VISITORS_SHOWN): Promise<VisitorList | null> {
  const count = await db.query<{ visit_count: number }>('SELECT visit_count FROM users WHERE uid = $1', [visited]);
  const total = count.rows[0]?.visit_count;
  if (total === undefined) return null;
  const { rows } = await db.query<Visitor>(
    `SELECT v.visited AS "visitedId", v.visitor AS uid, u.name AS username, u.face, u.avatar,
            floor(extract(epoch FROM v.ctime))::bigint AS ctime
     FROM (SELECT * FROM space_visitors WHERE visited = $1 ORDER BY ctime DESC, visitor DESC LIMIT $2) v
     JOIN users u ON u.uid = v.visitor
     ORDER BY v.ctime DESC, v.visitor DESC`,
    [visited, limit],
  );
  return { data: rows, total };
}
