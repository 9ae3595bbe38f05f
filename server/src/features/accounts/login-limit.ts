/**
 * Failed-login throttling, counted in PostgreSQL so every API process sees the same numbers, and
 * built so that a stranger cannot use it to keep the owner out ("lock out the address, not the
 * account"). Within a 15-minute window:
 *
 * - an (account, address) pair with 5 failures is locked: the guesser waits, the owner signing in
 *   from anywhere else does not;
 * - an address with 20 failures over any accounts is locked for every account: one address gets
 *   20 guesses a window in all, and can hold no account locked against its owner;
 * - an account with 50 failures over all addresses (a guessing botnet) is guarded: each address
 *   then gets 1 try at it a window instead of 5. An address that has not failed on the account
 *   still gets its try, so the owner's right password always goes through (unless the owner's own
 *   address is the one guessing, or is shared with it).
 *
 * A lock lasts until enough failures have aged out of the window; a successful login forgives that
 * pair's failures only, never other addresses' (so the owner signing in frees no guesser).
 */
import type { Queryable } from '../../data/pool';

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures of one address on one account that lock that pair. */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures of one address over any accounts that lock the address. */
export const ADDRESS_FAILURE_LIMIT = 20;
/** Failures on one account over all addresses past which each address gets only one try at it. */
export const ACCOUNT_GUARD_FAILURES = 50;

/**
 * Seconds until `address` may try `account` again, or 0 when it may try now. Each lock ends when
 * the failure that made it leaves the window: the pair's 5th most recent, the address's 20th most
 * recent, or, under the account guard, the earlier of the account's 50th most recent and the
 * pair's most recent.
 */
export async function loginLockSeconds(db: Queryable, account: string, address: string): Promise<number> {
  const { rows } = await db.query<{ seconds: number | null }>(
    `WITH w AS (SELECT now() - make_interval(mins => $3) AS start),
     pair AS (
       SELECT f.at FROM login_failures f, w WHERE f.account = $1 AND f.address = $2 AND f.at > w.start
       ORDER BY f.at DESC LIMIT $4),
     lock AS (SELECT
       (SELECT at FROM pair ORDER BY at DESC OFFSET $4 - 1 LIMIT 1) AS pair_full,
       (SELECT f.at FROM login_failures f, w WHERE f.address = $2 AND f.at > w.start
          ORDER BY f.at DESC OFFSET $5 - 1 LIMIT 1) AS address_full,
       (SELECT max(at) FROM pair) AS pair_last,
       (SELECT f.at FROM login_failures f, w WHERE f.account = $1 AND f.at > w.start
          ORDER BY f.at DESC OFFSET $6 - 1 LIMIT 1) AS account_guarded)
     SELECT ceil(extract(epoch FROM GREATEST(
       pair_full,
       address_full,
       -- LEAST skips NULLs: the guard locks only a pair that has failed while the account is guarded.
       CASE WHEN pair_last IS NOT NULL AND account_guarded IS NOT NULL THEN LEAST(pair_last, account_guarded) END
     ) + make_interval(mins => $3) - now()))::bigint AS seconds
     FROM lock`,
    [account, address, LOGIN_WINDOW_MINUTES, PAIR_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, ACCOUNT_GUARD_FAILURES],
  );
  const seconds = Number(rows[0]?.seconds ?? 0);
  return seconds > 0 ? seconds : 0;
}

export async function recordLoginFailure(db: Queryable, account: string, address: string): Promise<void> {
  await db.query('INSERT INTO login_failures (account, address) VALUES ($1, $2)', [account, address]);
}

/** A successful login forgives this address's failures on the account, not other addresses'. */
export async function clearLoginFailures(db: Queryable, account: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE account = $1 AND address = $2', [account, address]);
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
