/**
 * The privacy settings (migration 014) and the one rule of every write to another user's things:
 * a shared read model. The yy, comment, board, visitor and follow queries fold the rule into their
 * own statements (mayWriteSql: the comment count in features/comments/queries.ts, the visit in
 * features/visitors); the write routes call allAllow and boardAllows inside their transactions,
 * one primary-key probe each. The block list is the safety feature's (features/safety/queries.ts).
 * Who may send 小纸条 (`scrip`) is the SQL function scrip_allows (server/sql/10_scrip_allows.sql).
 */
import type { PrivacySettings, ScripWho, WhoMayWrite } from '@xiaoba/shared/core';
import type { Queryable } from './pool';

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
  privacy_scrip: ScripWho;
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
  scrip: 'privacy_scrip',
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
