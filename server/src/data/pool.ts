import pg from 'pg';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from '../config';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Per-pool type parsing (pg's global parsers stay untouched): bigint ids and counts come back as
 * numbers (they stay far below 2^53) and dates as their 'YYYY-MM-DD' text, free of any time zone.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool or one client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * The API's pool. Every wait is bounded (config.ts `DbTimeouts`): each connection starts with
 * PostgreSQL's statement, lock and idle-in-transaction timeouts, and a caller waits at most
 * `acquireMs` for a connection. Past one of them the query fails with an error that
 * api/http/errors.ts answers as 503 (`isDatabaseBusy`).
 */
export function createPool(connectionString: string, max = 10, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: timeouts.acquireMs,
    // Startup parameters, so they cost no round trip. `timestamp` columns hold UTC; pin the session
    // zone so now() means the same on any server. 0 is sent too: it overrides a role's own default.
    options: [
      '-c TimeZone=UTC',
      `-c statement_timeout=${timeouts.statementMs}`,
      `-c lock_timeout=${timeouts.lockMs}`,
      `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
    ].join(' '),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one: the pool listens only to idle clients, and PostgreSQL ends a session
  // left idle in a transaction past its timeout while the client is out. The holder's next query
  // then fails (api/http/errors.ts answers 503) and the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Per-transaction bounds (data/pool.ts withTransaction); 0 lifts one, absent keeps the connection's. */
export interface TransactionTimeouts {
  statementMs?: number;
  lockMs?: number;
  idleInTransactionMs?: number;
}

/** For migrations and the demo seed: never cut off, however long they run or wait for each other. */
export const NO_TIMEOUTS: TransactionTimeouts = { statementMs: 0, lockMs: 0, idleInTransactionMs: 0 };

/** `BEGIN` with `SET LOCAL` of the given bounds, in one round trip. */
function beginWith(timeouts: TransactionTimeouts): string {
  const set = (name: string, ms: number | undefined) => (ms === undefined ? '' : `; SET LOCAL ${name} = ${Math.max(0, Math.trunc(ms))}`);
  return `BEGIN${set('statement_timeout', timeouts.statementMs)}${set('lock_timeout', timeouts.lockMs)}${set('idle_in_transaction_session_timeout', timeouts.idleInTransactionMs)}`;
}

/**
 * Runs `fn` inside a transaction on one client. `begin` may add statements to the BEGIN's round
 * trip (a simple query; data/post-limit.ts takes its lock that way), or be per-transaction bounds
 * that replace the connection's (a longer statement timeout for an import, none for migrations).
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin: string | TransactionTimeouts = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    return await transactionOn(client, fn, begin);
  } finally {
    client.release();
  }
}

/** withTransaction on a client the caller already holds (an import keeps its lock's connection). */
export async function transactionOn<T>(
  client: pg.PoolClient,
  fn: (client: pg.PoolClient) => Promise<T>,
  begin: string | TransactionTimeouts = 'BEGIN',
): Promise<T> {
  try {
    await client.query(typeof begin === 'string' ? begin : beginWith(begin));
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** SQLSTATE of a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
