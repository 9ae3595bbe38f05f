/**
 * Anti-spam for yy posts, comments and uploads, counted in PostgreSQL so every API process shares
 * the numbers (like the login throttle). Each accepted action adds a `post_log` row; past the
 * configured count within the window the next one is refused (api/http/posting-limits.ts answers
 * 429). Callers hold `lockPoster` for the transaction, so parallel requests of one user are counted
 * one after another.
 */
import type { Pool, PoolClient } from 'pg';
import type { PostLimits } from '../config';
import { withTransaction, type Queryable } from './pool';

export type PostKind = 'yy' | 'comment' | 'upload';

export const TOO_FAST = '发得太快了，请稍后再试';
export const DUPLICATE_TEXT = '请不要重复发送相同的内容';
/** The same text again within this many seconds is refused. */
export const DUPLICATE_WINDOW_SECONDS = 60;
/** post_log rows older than this are purged (the longest window allowed is a day). */
const LOG_KEEP_HOURS = 24;

export function limitFor(limits: PostLimits, kind: PostKind): number {
  return kind === 'yy' ? limits.yy : kind === 'comment' ? limits.comments : limits.uploads;
}

/** Serialises one user's posting across processes for the rest of the transaction. */
export async function lockPoster(db: Queryable, uid: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(3, hashint8($1))', [uid]);
}

/**
 * withTransaction (data/pool.ts) holding lockPoster from the start, with BEGIN and the lock sent as
 * one simple query: one round trip fewer for every post (ADR 0009, "Second pass"). The uid is
 * written into the text, so it must be a positive safe integer (the token's subject is).
 */
export async function withPosterLock<T>(pool: Pool, uid: number, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(uid) || uid <= 0) throw new Error(`withPosterLock: not a user id: ${uid}`);
  // The same key as lockPoster's, so both kinds of callers wait for each other.
  return withTransaction(pool, fn, `BEGIN; SELECT pg_advisory_xact_lock(3, hashint8(${uid}::bigint))`);
}

/**
 * False when `uid` already has `limit` accepted actions of `kind` in the window; else records this
 * one and answers true. A limit of 0 disables the check (true, nothing recorded).
 */
export async function tryPostSlot(db: Queryable, uid: number, kind: PostKind, limits: PostLimits): Promise<boolean> {
  return tryLoggedSlot(db, uid, kind, limitFor(limits, kind), limits.windowMinutes);
}

/**
 * tryPostSlot for any kind of `post_log` with its own limit (LIMIT_SCRIPS's 小纸条, LIMIT_DIARIES's 日志), counted within
 * `windowMinutes`: false past `limit`, else records this one. A limit of 0: true, nothing recorded.
 */
export async function tryLoggedSlot(db: Queryable, uid: number, kind: PostKind | 'scrip' | 'diary', limit: number, windowMinutes: number): Promise<boolean> {
  if (limit <= 0) return true;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM post_log
       WHERE uid = $1 AND kind = $2 AND at > now() - make_interval(mins => $3)
       LIMIT $4) recent`,
    [uid, kind, windowMinutes, limit],
  );
  if ((rows[0]?.n ?? 0) >= limit) return false;
  await db.query('INSERT INTO post_log (uid, kind) VALUES ($1, $2)', [uid, kind]);
  return true;
}

export async function purgeOldPostLog(db: Queryable): Promise<void> {
  await db.query('DELETE FROM post_log WHERE at < now() - make_interval(hours => $1)', [LOG_KEEP_HOURS]);
}
