/**
 * Failed-login throttling, counted in PostgreSQL so every API process sees the same numbers:
 * 5 failures per account or 20 per client address within 15 minutes lock further tries until
 * enough of those failures have aged out of the window.
 */
import type { Queryable } from '../db/pool';

export const LOGIN_WINDOW_MINUTES = 15;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

/**
 * Minutes until a login may be tried again, or 0 when it may be tried now. A key is locked while
 * its limit-th most recent failure is inside the window; the lock ends when that one leaves it.
 */
export async function loginLockMinutes(db: Queryable, account: string, address: string): Promise<number> {
  const { rows } = await db.query<{ seconds: number | null }>(
    `WITH window_start AS (SELECT now() - make_interval(mins => $3) AS at)
     SELECT ceil(extract(epoch FROM GREATEST(
       (SELECT f.at FROM login_failures f, window_start w WHERE f.account = $1 AND f.at > w.at
          ORDER BY f.at DESC OFFSET $4 - 1 LIMIT 1),
       (SELECT f.at FROM login_failures f, window_start w WHERE f.address = $2 AND f.at > w.at
          ORDER BY f.at DESC OFFSET $5 - 1 LIMIT 1)
     ) + make_interval(mins => $3) - now()))::bigint AS seconds`,
    [account, address, LOGIN_WINDOW_MINUTES, ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT],
  );
  const seconds = rows[0]?.seconds ?? null;
  return seconds === null || seconds <= 0 ? 0 : Math.ceil(seconds / 60);
}

export async function recordLoginFailure(db: Queryable, account: string, address: string): Promise<void> {
  await db.query('INSERT INTO login_failures (account, address) VALUES ($1, $2)', [account, address]);
}

/** A successful login forgives the account's failures (not the address's). */
export async function clearLoginFailures(db: Queryable, account: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE account = $1', [account]);
}

export async function purgeOldLoginFailures(db: Queryable): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE at < now() - make_interval(mins => $1)', [LOGIN_WINDOW_MINUTES]);
}

/**
 * Serialises logins of one account across processes for the rest of the transaction, so parallel
 * guesses cannot all pass the count before any failure is recorded.
 */
export async function lockAccount(db: Queryable, account: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(1, hashtext($1))', [account]);
}
