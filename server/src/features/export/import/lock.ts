/** One import at a time per user, and at most IMPORTS_PER_PROCESS in one process. */
import type { Pool, PoolClient } from '../../../data/pool';
import { ApiError, MSG } from '../../../api/http/errors';
import { IMPORT_MSG } from './messages';

// Any constant: the first half of the advisory lock key "an import of user N is running".
const IMPORT_LOCK_CLASS = 7_263_011;

/** Imports running at once in one process; each holds one pool connection for its whole run. */
export const IMPORTS_PER_PROCESS = 3;
let importsRunning = 0;

/**
 * Runs one user's import while holding a session advisory lock (every API process sees it), so a
 * user runs one import at a time; another answers 409 at once. The lock goes with the connection,
 * which `fn` uses for all its work: an import takes one connection of the pool, and at most
 * IMPORTS_PER_PROCESS imports run at once (another answers 503 with Retry-After), so imports
 * never leave the other requests without connections.
 */
export async function withImportLock<T>(pool: Pool, uid: number, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  if (importsRunning >= IMPORTS_PER_PROCESS) throw new ApiError(503, MSG.busy);
  importsRunning++;
  try {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [IMPORT_LOCK_CLASS, uid]);
      if (!rows[0]?.ok) throw new ApiError(409, IMPORT_MSG.running);
      try {
        return await fn(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK_CLASS, uid]).catch(() => {});
      }
    } finally {
      client.release();
    }
  } finally {
    importsRunning--;
  }
}
