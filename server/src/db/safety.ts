/**
 * SQL for blocks and privacy (issue 17, migration 014): the block list, the privacy settings, and
 * the checks the write routes make inside their own transactions. The comment check is folded into
 * the comment count (db/yy.ts countComment) and the space's into the visit (db/visitors.ts
 * visitSpace); the checks here are one primary-key probe each.
 */
import { type BlockedUser, type PrivacySettings, type WhoMayWrite } from '@xiaoba/shared/core';
import type { Queryable } from './pool';

/**
 * `uid` blocks `blockedUid`. 'added', 'already' (blocking twice changes nothing, not even the
 * time), or 'noUser' when `blockedUid` names nobody. The caller's own row must exist (the token's
 * subject may have been deleted): 'noCaller' then. The blocked user's follow of the blocker ends
 * in the same statement (issue 18: they may not follow; the counters follow by trigger, 018); the
 * blocker's follow of them is the blocker's own choice and stays.
 */
export async function addBlock(db: Queryable, uid: number, blockedUid: number): Promise<'added' | 'already' | 'noUser' | 'noCaller'> {
  const { rows } = await db.query<{ target: boolean; caller: boolean; added: boolean }>(
    `WITH target AS (SELECT uid FROM users WHERE uid = $2),
          caller AS (SELECT uid FROM users WHERE uid = $1),
          added AS (
            INSERT INTO blocks (uid, blocked_uid)
            SELECT caller.uid, target.uid FROM caller, target
            ON CONFLICT (uid, blocked_uid) DO NOTHING
            RETURNING 1
          ),
          unfollowed AS (
            DELETE FROM follows f USING caller, target WHERE f.uid = target.uid AND f.followed_uid = caller.uid
          )
     SELECT EXISTS (SELECT 1 FROM target) AS target, EXISTS (SELECT 1 FROM caller) AS caller, EXISTS (SELECT 1 FROM added) AS added`,
    [uid, blockedUid],
  );
  const r = rows[0]!;
  if (!r.caller) return 'noCaller';
  if (!r.target) return 'noUser';
  return r.added ? 'added' : 'already';
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
              SELECT u.uid, u.name, u.face, u.avatar, u.qianming, floor(extract(epoch FROM b.ctime))::bigint AS ctime
              FROM blocks b JOIN users u ON u.uid = b.blocked_uid
              WHERE b.uid = $1
              ORDER BY b.ctime DESC, b.blocked_uid DESC
              LIMIT $2 OFFSET $3
            ) p), '[]'::json) AS records`,
    [uid, limit, offset],
  );
  return rows[0]!;
}

interface PrivacyRow {
  privacy_comment: WhoMayWrite;
  privacy_board: WhoMayWrite;
  show_visitors: boolean;
  show_birthday: boolean;
  findable: boolean;
  show_follows: boolean;
}
const PRIVACY_COLUMNS = 'privacy_comment, privacy_board, show_visitors, show_birthday, findable, show_follows';

const toPrivacy = (r: PrivacyRow): PrivacySettings => ({
  comment: r.privacy_comment,
  board: r.privacy_board,
  showVisitors: r.show_visitors,
  showBirthday: r.show_birthday,
  findable: r.findable,
  showFollows: r.show_follows,
});

/** A user's privacy settings; null when there is no such user. */
export async function findPrivacy(db: Queryable, uid: number): Promise<PrivacySettings | null> {
  const { rows } = await db.query<PrivacyRow>(`SELECT ${PRIVACY_COLUMNS} FROM users WHERE uid = $1`, [uid]);
  return rows[0] ? toPrivacy(rows[0]) : null;
}

/** Sets the given settings (the others keep their values) and answers them all; null: no such user. */
export async function updatePrivacy(db: Queryable, uid: number, change: Partial<PrivacySettings>): Promise<PrivacySettings | null> {
  const { rows } = await db.query<PrivacyRow>(
    `UPDATE users SET privacy_comment = coalesce($2, privacy_comment), privacy_board = coalesce($3, privacy_board),
       show_visitors = coalesce($4, show_visitors), show_birthday = coalesce($5, show_birthday), findable = coalesce($6, findable),
       show_follows = coalesce($7, show_follows)
     WHERE uid = $1 RETURNING ${PRIVACY_COLUMNS}`,
    [
      uid,
      change.comment ?? null,
      change.board ?? null,
      change.showVisitors ?? null,
      change.showBirthday ?? null,
      change.findable ?? null,
      change.showFollows ?? null,
    ],
  );
  return rows[0] ? toPrivacy(rows[0]) : null;
}

/**
 * Whether `writer` may write a new message on `owner`'s board: the owner always; anyone else when
 * the owner has not blocked them and lets others write. Null when there is no such owner.
 */
export async function boardAllows(db: Queryable, owner: number, writer: number): Promise<boolean | null> {
  const { rows } = await db.query<{ allowed: boolean }>(
    `SELECT (o.uid = $2 OR (o.privacy_board = 'everyone'
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = o.uid AND b.blocked_uid = $2))) AS allowed
     FROM users o WHERE o.uid = $1`,
    [owner, writer],
  );
  return rows[0]?.allowed ?? null;
}

/** Whether any of `owners` (their own acts aside) has blocked `uid`. */
export async function blockedByAny(db: Queryable, owners: number[], uid: number): Promise<boolean> {
  const others = owners.filter((o) => o !== uid);
  if (others.length === 0) return false;
  const { rows } = await db.query<{ blocked: boolean }>('SELECT EXISTS (SELECT 1 FROM blocks WHERE uid = ANY($1::bigint[]) AND blocked_uid = $2) AS blocked', [
    others,
    uid,
  ]);
  return rows[0]!.blocked;
}
