/**
 * SQL for blocks and privacy (issue 17, migration 014): the block list, the privacy settings, and
 * the checks the write routes make inside their own transactions. The comment check is folded into
 * the comment count (db/yy.ts countComment) and the space's into the visit (db/visitors.ts
 * visitSpace); the checks here are one primary-key probe each.
 */
import { BLOCKS_MAX, type BlockedUser, type PrivacySettings, type WhoMayWrite } from '@xiaoba/shared/core';
import { withTransaction, type Pool, type Queryable } from '../data/pool';
import { listedCard } from '../data/user-card';

// The first half of the advisory lock key "user N is adding a block" (any constant not used elsewhere).
const BLOCK_LOCK_CLASS = 7_263_022;

/**
 * `uid` blocks `blockedUid`. 'added', 'already' (blocking twice changes nothing, not even the
 * time), or 'noUser' when `blockedUid` names nobody. The caller's own row must exist (the token's
 * subject may have been deleted): 'noCaller' then. 'full' when the caller has BLOCKS_MAX blocks or
 * more already (they keep them all; nothing changes). The blocked user's follow of the blocker
 * ends in the same statement (issue 18: they may not follow; the counters follow by trigger, 018);
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

interface PrivacyRow {
  privacy_comment: WhoMayWrite;
  privacy_board: WhoMayWrite;
  privacy_follow: WhoMayWrite;
  privacy_repost: WhoMayWrite;
  show_visitors: boolean;
  show_birthday: boolean;
  findable: boolean;
  show_follows: boolean;
  show_last_login: boolean;
}

/** Each setting's column, in one place: the reads, the update and the new user's row use it. */
export const PRIVACY_COLUMN = {
  comment: 'privacy_comment',
  board: 'privacy_board',
  follow: 'privacy_follow',
  repost: 'privacy_repost',
  showVisitors: 'show_visitors',
  showBirthday: 'show_birthday',
  findable: 'findable',
  showFollows: 'show_follows',
  showLastLogin: 'show_last_login',
} as const satisfies Record<keyof PrivacySettings, keyof PrivacyRow>;
const PRIVACY_KEYS = Object.keys(PRIVACY_COLUMN) as (keyof PrivacySettings)[];
const PRIVACY_COLUMNS = PRIVACY_KEYS.map((k) => PRIVACY_COLUMN[k]).join(', ');

const toPrivacy = (r: PrivacyRow): PrivacySettings => Object.fromEntries(PRIVACY_KEYS.map((k) => [k, r[PRIVACY_COLUMN[k]]])) as unknown as PrivacySettings;

/** A user's privacy settings; null when there is no such user. */
export async function findPrivacy(db: Queryable, uid: number): Promise<PrivacySettings | null> {
  const { rows } = await db.query<PrivacyRow>(`SELECT ${PRIVACY_COLUMNS} FROM users WHERE uid = $1`, [uid]);
  return rows[0] ? toPrivacy(rows[0]) : null;
}

/** `SET` items for the given settings, their values from `$first` on; '' for no change. */
export function privacySet(change: Partial<PrivacySettings>, first: number): { sql: string; values: unknown[] } {
  const keys = PRIVACY_KEYS.filter((k) => change[k] !== undefined);
  return { sql: keys.map((k, i) => `${PRIVACY_COLUMN[k]} = $${first + i}`).join(', '), values: keys.map((k) => change[k]) };
}

/** Every setting as INSERT columns and their placeholders from `$first` on (a new user's row). */
export function privacyInsert(settings: PrivacySettings, first: number): { columns: string; params: string; values: unknown[] } {
  return {
    columns: PRIVACY_COLUMNS,
    params: PRIVACY_KEYS.map((_, i) => `$${first + i}`).join(', '),
    values: PRIVACY_KEYS.map((k) => settings[k]),
  };
}

/** Sets the given settings (the others keep their values) and answers them all; null: no such user. */
export async function updatePrivacy(db: Queryable, uid: number, change: Partial<PrivacySettings>): Promise<PrivacySettings | null> {
  const set = privacySet(change, 2);
  const { rows } = await db.query<PrivacyRow>(
    set.sql === '' ? `SELECT ${PRIVACY_COLUMNS} FROM users WHERE uid = $1` : `UPDATE users SET ${set.sql} WHERE uid = $1 RETURNING ${PRIVACY_COLUMNS}`,
    [uid, ...set.values],
  );
  return rows[0] ? toPrivacy(rows[0]) : null;
}

/** The writes another user may be refused, each limited by its owner's setting of that name. */
export type LimitedWrite = 'comment' | 'board' | 'follow' | 'repost';

/**
 * The one rule of every write to another user's things, as SQL: true when `writer` (an SQL
 * expression) is the owner (`owner`, an alias of `users`), or the owner's setting lets everyone
 * and the owner has not blocked `writer`. A block and the setting 'me' refuse alike, so the
 * refusal (BLOCK_MSG.notAllowed) cannot tell a blocked user they are blocked. One primary-key
 * probe of `blocks`.
 */
export const mayWriteSql = (write: LimitedWrite, owner: string, writer: string): string =>
  `(${owner}.uid = ${writer} OR (${owner}.${PRIVACY_COLUMN[write]} = 'everyone'
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${owner}.uid AND b.blocked_uid = ${writer})))`;

/** Whether every one of `owners` lets `writer` do `write` (mayWriteSql); owners that do not exist are skipped. */
export async function allAllow(db: Queryable, write: LimitedWrite, owners: number[], writer: number): Promise<boolean> {
  const { rows } = await db.query<{ allowed: boolean }>(
    `SELECT coalesce(bool_and(${mayWriteSql(write, 'o', '$2')}), true) AS allowed FROM users o WHERE o.uid = ANY($1::bigint[])`,
    [owners, writer],
  );
  return rows[0]!.allowed;
}

/**
 * Whether `writer` may write a new message on `owner`'s board (mayWriteSql 'board'). Null when
 * there is no such owner.
 */
export async function boardAllows(db: Queryable, owner: number, writer: number): Promise<boolean | null> {
  const { rows } = await db.query<{ allowed: boolean }>(`SELECT ${mayWriteSql('board', 'o', '$2')} AS allowed FROM users o WHERE o.uid = $1`, [owner, writer]);
  return rows[0]?.allowed ?? null;
}
