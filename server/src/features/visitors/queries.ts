/**
 * SQL for space visits. `visits` holds one row per visitor per visited space per UTC day (a later
 * visit that day only moves its time); `space_visitors` the latest visit of each pair, so the
 * "most recent distinct visitors" list reads a handful of index entries; `users.visit_count`
 * counts the `visits` rows, so the visit count is one row read.
 */
import { VISITORS_SHOWN, type Visitor, type VisitorList } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { authorCard } from '../../data/user-card';

/**
 * The statements that record a visit of `$2` to `$1`'s space at the time of the CTE `t` (no row in
 * `t`: nothing recorded): the day row (xmax = 0 only for a row this statement inserted), the
 * latest visit of the pair, and the counter when the day row is new.
 */
const VISIT_CTES = `day_row AS (
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
     )`;

/**
 * Records that `visitor` opened `visited`'s space, now (or at `at`, unix seconds: demo data).
 * The first visit of a UTC day adds a row and counts it; later ones that day move its time.
 * A user never visits their own space. Returns whether a new visit was counted.
 */
export async function recordVisit(db: Queryable, visited: number, visitor: number, at?: number): Promise<boolean> {
  if (visited === visitor) return false;
  const { rows } = await db.query<{ counted: boolean }>(
    `WITH t AS (
       SELECT coalesce(to_timestamp($3::double precision), now()) AT TIME ZONE 'UTC' AS at
     ), ${VISIT_CTES}
     SELECT EXISTS (SELECT 1 FROM counted) AS counted`,
    [visited, visitor, at ?? null],
  );
  return rows[0]?.counted ?? false;
}

/** What a space's owner allows another user who opens it (blocks and privacy). */
export interface SpaceAccess {
  /** The owner blocked the viewer: their visit is not recorded. */
  blockedByOwner: boolean;
  /** The viewer blocked the owner. */
  blockedByViewer: boolean;
  /** The viewer follows the owner. */
  following: boolean;
  /** The owner lets the viewer comment on their yy, write on their board, follow them, repost their yy (mayWriteSql). */
  mayComment: boolean;
  mayLeave: boolean;
  mayFollow: boolean;
  mayRepost: boolean;
  /** The viewer may send the owner a 小纸条 (scrip_allows, server/sql/10_scrip_allows.sql). */
  mayScrip: boolean;
  showBirthday: boolean;
  showLastLogin: boolean;
}

/**
 * The space page's read of another's space (GET /api/user/getuserinfo): what its owner allows
 * `viewer`, and, when `record`, the visit recorded in the same statement unless the owner blocked
 * the viewer. Null when there is no such owner. Never call it for one's own space.
 */
export async function visitSpace(db: Queryable, visited: number, viewer: number, record: boolean): Promise<SpaceAccess | null> {
  const { rows } = await db.query<SpaceAccess>({
    name: 'visit-space',
    text: `WITH access AS (
       SELECT ${mayWriteSql('comment', 'o', '$2')} AS "mayComment", ${mayWriteSql('board', 'o', '$2')} AS "mayLeave",
              ${mayWriteSql('follow', 'o', '$2')} AS "mayFollow", ${mayWriteSql('repost', 'o', '$2')} AS "mayRepost",
              coalesce(scrip_allows($2, o.uid), false) AS "mayScrip",
              o.show_birthday AS "showBirthday", o.show_last_login AS "showLastLogin",
              EXISTS (SELECT 1 FROM blocks b WHERE b.uid = $1 AND b.blocked_uid = $2) AS "blockedByOwner",
              EXISTS (SELECT 1 FROM blocks b WHERE b.uid = $2 AND b.blocked_uid = $1) AS "blockedByViewer",
              EXISTS (SELECT 1 FROM follows f WHERE f.uid = $2 AND f.followed_uid = $1) AS following
       FROM users o WHERE o.uid = $1
     ), t AS (
       SELECT now() AT TIME ZONE 'UTC' AS at FROM access WHERE $3 AND NOT access."blockedByOwner"
     ), ${VISIT_CTES}
     SELECT * FROM access`,
    values: [visited, viewer, record],
  });
  return rows[0] ?? null;
}

/**
 * The space's most recent distinct visitors (latest visit first) and its visit count, as `viewer`
 * may see them: users the owner blocked are left out (their past visits too, while blocked); when
 * the owner hides their visitors, others get no names and `hidden`. Null: no such user.
 */
export async function listVisitors(db: Queryable, visited: number, viewer: number, limit = VISITORS_SHOWN): Promise<VisitorList | null> {
  const owner = await db.query<{ visit_count: number; show_visitors: boolean }>('SELECT visit_count, show_visitors FROM users WHERE uid = $1', [visited]);
  const row = owner.rows[0];
  if (!row) return null;
  const total = row.visit_count;
  if (!row.show_visitors && viewer !== visited) return { data: [], total, hidden: true };
  const { rows } = await db.query<Visitor>(
    `SELECT v.visited AS "visitedId", v.visitor AS uid, ${authorCard('u')},
            floor(extract(epoch FROM v.ctime))::bigint AS ctime
     FROM (SELECT * FROM space_visitors sv WHERE visited = $1
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = $1 AND b.blocked_uid = sv.visitor)
           ORDER BY ctime DESC, visitor DESC LIMIT $2) v
     JOIN users u ON u.uid = v.visitor
     ORDER BY v.ctime DESC, v.visitor DESC`,
    [visited, limit],
  );
  return { data: rows, total };
}
