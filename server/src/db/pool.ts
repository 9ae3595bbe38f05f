import pg from 'pg';

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
/** Anything that runs a query: the pool or one client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    // `timestamp` columns hold UTC; pin the session zone so now() means the same on any server.
    options: '-c TimeZone=UTC',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/**
 * Runs `fn` inside a transaction on one client. `begin` may add statements to the BEGIN's round
 * trip (a simple query; db/post-limit.ts takes its lock that way).
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** SQLSTATE of a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
