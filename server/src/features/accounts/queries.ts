/** SQL for the users table and its mapping to the API's UserInfo and SpaceUser. */
import { CHILD_PRIVACY_CHANGE, isSkinId, startingPrivacy, type Sex, type MedalId, type SkinId, type SpaceUser, type UserInfo } from '@xiaoba/shared/core';
import type { Pool, Queryable } from '../../data/pool';
import { earnedMedalsSql } from '../medal';
import { privacyInsert, privacySet } from '../../data/privacy';

export interface UserRow {
  uid: number;
  email: string;
  password_hash: string;
  name: string;
  sex: number;
  birthday: string | null;
  qianming: string;
  qm: string;
  skin: string;
  face: number;
  /** The uploaded picture's URL, '' when none. */
  avatar: string;
  babadou: number;
  experience: number;
  follows: number;
  fans: number;
  sign: number;
  ctime: number;
  last_time: number;
  /** Messages on the user's board (kept by features/board/queries.ts). */
  leave_count: number;
  /** The earned medals' ids, in the catalogue's order (features/medal). */
  medals: MedalId[];
}

const COLUMNS = `uid, email, password_hash, name, sex, birthday, qianming, qm, skin, face, avatar, babadou,
  experience, follows, fans, sign, leave_count,
  floor(extract(epoch FROM ctime))::bigint AS ctime,
  coalesce(floor(extract(epoch FROM last_login))::bigint, 0) AS last_time,
  ${earnedMedalsSql('users')} AS medals`;

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  sex: Sex;
  birthday: string | null;
  qianming?: string;
  qm?: string;
  skin?: SkinId;
  experience?: number;
  fans?: number;
  follows?: number;
  babadou?: number;
  sign?: number;
}

/** By 米米号. A named statement: each connection parses it once (every space page reads one). */
export async function findUserByUid(pool: Pool, uid: number): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>({ name: 'user-by-uid', text: `SELECT ${COLUMNS} FROM users WHERE uid = $1`, values: [uid] });
  return rows[0] ?? null;
}

export async function findUserByEmail(pool: Pool, email: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email.toLowerCase()]);
  return rows[0] ?? null;
}

/** A login name is a 米米号 (digits only) or an e-mail address (any case). */
export async function findUserByLoginName(pool: Pool, username: string): Promise<UserRow | null> {
  if (/^\d+$/.test(username)) {
    const uid = Number(username);
    return Number.isSafeInteger(uid) ? findUserByUid(pool, uid) : null;
  }
  return findUserByEmail(pool, username);
}

export async function emailTaken(pool: Pool, email: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM users WHERE email = $1', [email.toLowerCase()]);
  return (rowCount ?? 0) > 0;
}

/**
 * Inserts a user and returns the new 米米号. Throws a unique violation when the e-mail is taken.
 * The privacy settings are those its birthday starts with (startingPrivacy: a minor's account,
 * or one without a birthday, starts private).
 */
export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const privacy = privacyInsert(startingPrivacy(user.birthday), 14);
  const { rows } = await db.query<{ uid: number }>(
    `INSERT INTO users (email, password_hash, name, sex, birthday, qianming, qm, skin,
                        experience, fans, follows, babadou, sign, ${privacy.columns})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ${privacy.params}) RETURNING uid`,
    [
      user.email.toLowerCase(),
      user.passwordHash,
      user.name,
      user.sex,
      user.birthday,
      user.qianming ?? '',
      user.qm ?? '',
      user.skin ?? '',
      user.experience ?? 0,
      user.fans ?? 0,
      user.follows ?? 0,
      user.babadou ?? 0,
      user.sign ?? 0,
      ...privacy.values,
    ],
  );
  return rows[0]!.uid;
}

/**
 * Locks the user's row until the transaction ends, so one user's runs of a check-then-write (an
 * export's prepare) are serialised; false when there is no such user.
 */
export async function lockUser(db: Queryable, uid: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);
  return rowCount !== 0;
}

/** Records a login now; returns it in unix seconds. */
export async function touchLastLogin(pool: Pool, uid: number): Promise<number | null> {
  const { rows } = await pool.query<{ last_time: number }>(
    `UPDATE users SET last_login = now() WHERE uid = $1
     RETURNING floor(extract(epoch FROM last_login))::bigint AS last_time`,
    [uid],
  );
  return rows[0]?.last_time ?? null;
}

/**
 * The profile card: sex and birthday, and the profile counts as complete from now on; `name` null
 * keeps the nickname. `toMinor`: the birthday now says under 18 where it did not, so the children's
 * settings (CHILD_PRIVACY_CHANGE) are applied in the same statement.
 */
export async function updateCard(pool: Pool, uid: number, sex: Sex, birthday: string, name: string | null = null, toMinor = false): Promise<UserRow | null> {
  const privacy = toMinor ? privacySet(CHILD_PRIVACY_CHANGE, 5) : { sql: '', values: [] };
  const { rows } = await pool.query<UserRow>(
    `UPDATE users SET sex = $2, birthday = $3, sign = 0, name = coalesce($4, name)${privacy.sql && `, ${privacy.sql}`} WHERE uid = $1 RETURNING ${COLUMNS}`,
    [uid, sex, birthday, name, ...privacy.values],
  );
  return rows[0] ?? null;
}

export async function updateSkin(pool: Pool, uid: number, skin: SkinId): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE users SET skin = $2 WHERE uid = $1', [uid, skin]);
  return (rowCount ?? 0) > 0;
}

/** A signature: `qm` the big one, `qianming` the small one; '' means the default. False: no such user. */
export async function updateSignature(pool: Pool, uid: number, column: 'qm' | 'qianming', value: string): Promise<boolean> {
  const sql = column === 'qm' ? 'UPDATE users SET qm = $2 WHERE uid = $1' : 'UPDATE users SET qianming = $2 WHERE uid = $1';
  const { rowCount } = await pool.query(sql, [uid, value]);
  return (rowCount ?? 0) > 0;
}

const asSex = (value: number): Sex => (value === 1 ? 1 : 0);
const asSkin = (value: string): SkinId => (isSkinId(value) ? value : '');

export function toUserInfo(row: UserRow): UserInfo {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    babadou: row.babadou,
    experience: row.experience,
    qianming: row.qianming,
    qm: row.qm,
    sex: asSex(row.sex),
    follows: row.follows,
    fans: row.fans,
    face: row.face,
    avatar: row.avatar,
    ctime: row.ctime,
    skin: asSkin(row.skin),
    birthday: row.birthday ?? '',
    lastTime: row.last_time,
    sign: row.sign,
    medals: row.medals,
  };
}

export function toSpaceUser(row: UserRow): SpaceUser {
  return {
    uid: row.uid,
    uname: row.name,
    sex: asSex(row.sex),
    ctime: row.ctime,
    qianming: row.qianming,
    qm: row.qm,
    follows: row.follows,
    fans: row.fans,
    experience: row.experience,
    face: row.face,
    avatar: row.avatar,
    leaves: row.leave_count,
    birthday: row.birthday ?? '',
    skin: asSkin(row.skin),
    lastTime: row.last_time,
    medals: row.medals,
  };
}

/**
 * Sets the uploaded picture's URL (or '' to clear it) and optionally the face, with the user's
 * row locked, so two changes racing each see the other's picture as the one to remove. Returns
 * the previous avatar URL (the caller removes its file after the commit), or null: no such user.
 */
export async function replaceAvatar(db: Queryable, uid: number, avatar: string, face?: number): Promise<{ previous: string } | null> {
  const { rows } = await db.query<{ avatar: string }>('SELECT avatar FROM users WHERE uid = $1 FOR UPDATE', [uid]);
  if (!rows[0]) return null;
  await db.query('UPDATE users SET avatar = $2, face = coalesce($3, face) WHERE uid = $1', [uid, avatar, face ?? null]);
  return { previous: rows[0].avatar };
}

/** What GET /api/api/avatar/{uid} needs, or null when there is no such user. */
export async function findAvatar(db: Queryable, uid: number): Promise<{ name: string; face: number; avatar: string } | null> {
  const { rows } = await db.query<{ name: string; face: number; avatar: string }>('SELECT name, face, avatar FROM users WHERE uid = $1', [uid]);
  return rows[0] ?? null;
}
