/**
 * SQL for follows and fans (migration 018; docs/api.md "Follows"). The
 * counters users.follows and users.fans follow the rows by the migration's trigger, in the same
 * transaction, whatever adds or removes a row (a follow, an unfollow, a block, a deleted user).
 * A follow row is also the followed user's "X 关注了你" notice, with its own read mark (`unread`).
 */
import type { FanNotice, FanNotices, FollowListKind, FollowUser } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { authorCardJson, listedCardJson, viewerFollows } from '../../data/user-card';

/** Newest fan notices GET /api/count/getfans answers. */
export const FAN_NOTICES_MAX = 20;

export type FollowResult = 'added' | 'already' | 'noUser' | 'noCaller' | 'refused' | 'tooFast';

/**
 * `uid` follows `followedUid`, in one statement: refused when `followedUid` does not let `uid`
 * follow (their `follow` setting or a block, alike: mayWriteSql), or when
 * `uid` already made `perHour` follows within the last hour (0: no limit; each new follow adds a
 * post_log row of kind 'follow'). Following twice changes nothing (not the time, not the notice).
 * Callers serialise one user's follows (withPosterLock) so the hour's count cannot be overtaken;
 * two parallel follows of one pair insert one row either way (the primary key).
 */
export async function addFollow(db: Queryable, uid: number, followedUid: number, perHour: number): Promise<FollowResult> {
  const { rows } = await db.query<{ target: boolean; caller: boolean; refused: boolean; already: boolean; recent: number; added: boolean }>(
    `WITH target AS (SELECT uid FROM users WHERE uid = $2),
          caller AS (SELECT uid FROM users WHERE uid = $1),
          refused AS (SELECT 1 FROM users o WHERE o.uid = $2 AND NOT ${mayWriteSql('follow', 'o', '$1')}),
          existing AS (SELECT 1 FROM follows WHERE uid = $1 AND followed_uid = $2),
          recent AS (
            SELECT count(*)::int AS n FROM (
              SELECT 1 FROM post_log WHERE uid = $1 AND kind = 'follow' AND at > now() - interval '1 hour' LIMIT $3
            ) r
          ),
          added AS (
            INSERT INTO follows (uid, followed_uid)
            SELECT caller.uid, target.uid FROM caller, target
            WHERE NOT EXISTS (SELECT 1 FROM refused) AND NOT EXISTS (SELECT 1 FROM existing)
              AND ($3 = 0 OR (SELECT n FROM recent) < $3)
            ON CONFLICT (uid, followed_uid) DO NOTHING
            RETURNING 1
          ),
          logged AS (INSERT INTO post_log (uid, kind) SELECT $1, 'follow' FROM added WHERE $3 > 0)
     SELECT EXISTS (SELECT 1 FROM target) AS target, EXISTS (SELECT 1 FROM caller) AS caller,
            EXISTS (SELECT 1 FROM refused) AS refused, EXISTS (SELECT 1 FROM existing) AS already,
            (SELECT n FROM recent) AS recent, EXISTS (SELECT 1 FROM added) AS added`,
    [uid, followedUid, perHour],
  );
  const r = rows[0]!;
  if (!r.caller) return 'noCaller';
  if (!r.target) return 'noUser';
  // A follower from before the owner chose 'me' stays one: following again changes nothing.
  if (r.refused) return r.already ? 'already' : 'refused';
  if (r.added) return 'added';
  if (r.already) return 'already';
  // Not added, not there before: either the limit, or a parallel follow of the same pair won.
  return perHour > 0 && r.recent >= perHour ? 'tooFast' : 'already';
}

/** Ends a follow; false when `followedUid` names nobody. Idempotent. */
export async function removeFollow(db: Queryable, uid: number, followedUid: number): Promise<boolean> {
  const { rows } = await db.query<{ target: boolean }>(
    `WITH removed AS (DELETE FROM follows WHERE uid = $1 AND followed_uid = $2)
     SELECT EXISTS (SELECT 1 FROM users WHERE uid = $2) AS target`,
    [uid, followedUid],
  );
  return rows[0]!.target;
}

/** One list's columns: `f` the relation, `u` the listed user, `$2` the viewer. */
const LISTED = `json_build_object(${listedCardJson('u', '$2')}, 'ctime', floor(extract(epoch FROM f.ctime))::bigint)`;

/** The page's relations, newest first, for each kind: whom $1 follows, or who follows $1. */
const PAGE_OF: Record<FollowListKind, string> = {
  follows: `SELECT ${LISTED} AS item FROM follows f JOIN users u ON u.uid = f.followed_uid
            WHERE f.uid = $1 ORDER BY f.ctime DESC, f.followed_uid DESC LIMIT $3 OFFSET $4`,
  fans: `SELECT ${LISTED} AS item FROM follows f JOIN users u ON u.uid = f.uid
         WHERE f.followed_uid = $1 ORDER BY f.ctime DESC, f.uid DESC LIMIT $3 OFFSET $4`,
};

export interface FollowPage {
  /** The owner hides their lists and the viewer is someone else: no records were read. */
  hidden: boolean;
  total: number;
  records: FollowUser[];
}

/**
 * A page of `owner`'s follows or fans as `viewer` sees them, in one round trip; the total is the
 * owner's counter (kept true by the trigger). Null when there is no such owner.
 */
export async function followPage(
  db: Queryable,
  owner: number,
  viewer: number,
  kind: FollowListKind,
  limit: number,
  offset: number,
): Promise<FollowPage | null> {
  const { rows } = await db.query<{ hidden: boolean; total: number; records: FollowUser[] | null }>(
    `SELECT (NOT o.show_follows AND o.uid <> $2) AS hidden, o.${kind === 'follows' ? 'follows' : 'fans'} AS total,
            CASE WHEN o.show_follows OR o.uid = $2 THEN
              coalesce((SELECT json_agg(p.item) FROM (${PAGE_OF[kind]}) p), '[]'::json)
            END AS records
     FROM users o WHERE o.uid = $1`,
    [owner, viewer, limit, offset],
  );
  const r = rows[0];
  if (!r) return null;
  return { hidden: r.hidden, total: r.total, records: r.hidden ? [] : (r.records ?? []) };
}

/**
 * The caller's "X 关注了你" notices: the unread count and the newest FAN_NOTICES_MAX, in one round
 * trip. They are the current follows (an unfollow takes its notice away).
 */
export async function fanNotices(db: Queryable, uid: number, limit = FAN_NOTICES_MAX): Promise<FanNotices> {
  const { rows } = await db.query<{ count: number; records: FanNotice[] }>(
    `SELECT (SELECT count(*) FROM follows WHERE followed_uid = $1 AND unread)::int AS count,
            coalesce((SELECT json_agg(json_build_object(
                ${authorCardJson('u')},
                'ctime', floor(extract(epoch FROM f.ctime))::bigint, 'unread', f.unread,
                'following', ${viewerFollows('u', '$1')})
              ORDER BY f.ctime DESC, f.uid DESC)
              FROM (SELECT * FROM follows x WHERE x.followed_uid = $1 ORDER BY x.ctime DESC, x.uid DESC LIMIT $2) f
              JOIN users u ON u.uid = f.uid), '[]'::json) AS records`,
    [uid, limit],
  );
  return rows[0]!;
}

/**
 * Marks the caller's fan notices read: all, or those up to `upTo` (unix seconds: the newest ctime
 * the caller has seen), so one arriving later stays unread. Returns how many are still unread.
 * Compared as seconds (not `to_timestamp`): any safe integer is a valid `upTo`, found by fuzz.test.ts.
 */
export async function clearFanNotices(db: Queryable, uid: number, upTo: number | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH cleared AS (
       UPDATE follows SET unread = false
       WHERE followed_uid = $1 AND unread AND ($2::bigint IS NULL OR floor(extract(epoch FROM ctime))::bigint <= $2)
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM follows WHERE followed_uid = $1 AND unread) - (SELECT count(*) FROM cleared))::int AS n`,
    [uid, upTo],
  );
  return rows[0]!.n;
}
