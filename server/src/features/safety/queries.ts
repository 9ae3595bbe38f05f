/**
 * SQL for the block list (migration 014): add, remove and list a user's blocks. A block refuses
 * exactly as the privacy setting 'me' does (data/privacy.ts mayWriteSql).
 */
import { BLOCKS_MAX, type BlockedUser } from '@xiaoba/shared/core';
import { withTransaction, type Pool, type Queryable } from '../../data/pool';
import { listedCard } from '../../data/user-card';

// The first half of the advisory lock key "user N is adding a block" (any constant not used elsewhere).
const BLOCK_LOCK_CLASS = 7_263_022;

/**
 * `uid` blocks `blockedUid`. 'added', 'already' (blocking twice changes nothing, not even the
 * time), or 'noUser' when `blockedUid` names nobody. The caller's own row must exist (the token's
 * subject may have been deleted): 'noCaller' then. 'full' when the caller has BLOCKS_MAX blocks or
 * more already (they keep them all; nothing changes). The blocked user's follow of the blocker
 * ends in the same statement (a blocked user may not follow; the counters follow by trigger, 018);
 * the blocker's follow of them is the blocker's own choice and stays. One user's adds are taken one
 * at a time (an advisory lock in the transaction), so parallel adds cannot pass the cap.
 */
export async function addBlock(pool: Pool, uid: number, blockedUid: number): Promise<'added' | 'already' | 'noUser' | 'noCaller' | 'full'> {
  const r = await withTransaction(pool, async (db) => {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2::text))', [BLOCK_LOCK_CLASS, uid]);
    const { rows } = await db.query<{ target: boolean; caller: boolean; existing: boolean; added: boolean }>(
      `WITH target AS (SELECT uid FROM users WHERE uid = $2),
            caller AS (SELECT uid FROM users WHERE uid = $1),
            existing AS (SELECT 1 FROM blocks WHERE uid = $1 AND blocked_uid = $2),
            -- Counted up to the cap only (the primary key's range of the caller).
            room AS (SELECT count(*) < $3 AS ok FROM (SELECT 1 FROM blocks WHERE uid = $1 LIMIT $3) b),
            added AS (
              INSERT INTO blocks (uid, blocked_uid)
              SELECT caller.uid, target.uid FROM caller, target, room WHERE room.ok
              ON CONFLICT (uid, blocked_uid) DO NOTHING
              RETURNING 1
            ),
            unfollowed AS (
              DELETE FROM follows f USING caller, target, room
              WHERE f.uid = target.uid AND f.followed_uid = caller.uid AND (room.ok OR EXISTS (SELECT 1 FROM existing))
            )
       SELECT EXISTS (SELECT 1 FROM target) AS target, EXISTS (SELECT 1 FROM caller) AS caller,
              EXISTS (SELECT 1 FROM existing) AS existing, EXISTS (SELECT 1 FROM added) AS added`,
      [uid, blockedUid, BLOCKS_MAX],
    );
    return rows[0]!;
  });
  if (!r.caller) return 'noCaller';
  if (!r.target) return 'noUser';
  if (r.existing) return 'already';
  return r.added ? 'added' : 'full';
}

/** Ends a block; false when `blockedUid` names nobody (a block of nobody cannot exist). Idempotent. */
export async function removeBlock(db: Queryable, uid: number, blockedUid: number): Promise<boolean> {
  const { rows } = await db.query<{ target: boolean }>(
    `WITH removed AS (DELETE FROM blocks WHERE uid = $1 AND blocked_uid = $2)
     SELECT EXISTS (SELECT 1 FROM users WHERE uid = $2) AS target`,
    [uid, blockedUid],
  );
  return rows[0]!.target;
}

/** A page of the users `uid` blocked, newest block first, and how many there are, in one round trip. */
export async function blockPage(db: Queryable, uid: number, limit: number, offset: number): Promise<{ total: number; records: BlockedUser[] }> {
  const { rows } = await db.query<{ total: number; records: BlockedUser[] }>(
    `SELECT (SELECT count(*) FROM blocks WHERE uid = $1)::int AS total,
            coalesce((SELECT json_agg(p ORDER BY p.ctime DESC, p.uid DESC) FROM (
              SELECT ${listedCard('u')}, floor(extract(epoch FROM b.ctime))::bigint AS ctime
              FROM blocks b JOIN users u ON u.uid = b.blocked_uid
              WHERE b.uid = $1
              ORDER BY b.ctime DESC, b.blocked_uid DESC
              LIMIT $2 OFFSET $3
            ) p), '[]'::json) AS records`,
    [uid, limit, offset],
  );
  return rows[0]!;
}
