/**
 * The rate limits' tables (migrations 006 and 013): the general /api limit's per-minute counts of
 * every process (`rate_limit_counts`), the accounts created per address (`registration_log`) and
 * the valitedRegister calls per address (`register_check_log`). The rules that read them, and their
 * answers, are api/http/rate-limit.ts's.
 */
import type { Queryable } from './pool';

/**
 * Adds one process's new hits of `window` (a clock minute's number) into the shared counts, in one
 * statement, and returns each bucket's total of every process.
 */
export async function addRateCounts(db: Queryable, window: number, buckets: string[], hits: number[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ bucket: string; hits: number }>(
    `INSERT INTO rate_limit_counts AS c (bucket, window_start, hits)
     SELECT bucket, $1, hits FROM unnest($2::text[], $3::int[]) AS t(bucket, hits)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + EXCLUDED.hits
     RETURNING bucket, hits`,
    [window, buckets, hits],
  );
  return new Map(rows.map((r) => [r.bucket, r.hits]));
}

/** Deletes the counts of the minutes before `window`. */
export async function deleteRateCountsBefore(db: Queryable, window: number): Promise<void> {
  await db.query('DELETE FROM rate_limit_counts WHERE window_start < $1', [window]);
}

/** Serialises registrations from one address across processes for the rest of the transaction. */
export async function lockRegistrations(db: Queryable, address: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(4, hashtext($1))', [address]);
}

/** How many accounts `address` created within the last `minutes`, counted up to `limit` at most. */
export async function countRecentRegistrations(db: Queryable, address: string, minutes: number, limit: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM registration_log
       WHERE address = $1 AND at > now() - make_interval(mins => $2)
       LIMIT $3) recent`,
    [address, minutes, limit],
  );
  return rows[0]?.n ?? 0;
}

export async function insertRegistration(db: Queryable, address: string): Promise<void> {
  await db.query('INSERT INTO registration_log (address) VALUES ($1)', [address]);
}

/** Deletes the registrations and valitedRegister calls older than `minutes`. */
export async function deleteRegistrationsBefore(db: Queryable, minutes: number): Promise<void> {
  await db.query('DELETE FROM registration_log WHERE at < now() - make_interval(mins => $1)', [minutes]);
  await db.query('DELETE FROM register_check_log WHERE at < now() - make_interval(mins => $1)', [minutes]);
}

/** Advisory lock class of the valitedRegister count (numbered after its migration, 013). */
const REGISTER_CHECK_LOCK_CLASS = 7_263_013;

/**
 * Records one valitedRegister call of `address` when fewer than `max` were made within the last
 * `minutes`, and returns 0; else records nothing and returns the seconds until the oldest counted
 * call leaves the window. Serialised per address across processes for the rest of the transaction
 * (`db` must be in one), so parallel calls are counted one by one.
 */
export async function takeRegisterCheckSlot(db: Queryable, address: string, minutes: number, max: number): Promise<number> {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REGISTER_CHECK_LOCK_CLASS, address]);
  const { rows } = await db.query<{ seconds: string | null }>(
    `WITH full_at AS (
       SELECT at FROM register_check_log WHERE address = $1 AND at > now() - make_interval(mins => $2)
       ORDER BY at DESC OFFSET $3 - 1 LIMIT 1),
     added AS (INSERT INTO register_check_log (address) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM full_at) RETURNING 1)
     SELECT ceil(extract(epoch FROM (SELECT at FROM full_at) + make_interval(mins => $2) - now()))::bigint AS seconds`,
    [address, minutes, max],
  );
  const seconds = Number(rows[0]?.seconds ?? 0);
  return seconds > 0 ? seconds : 0;
}
