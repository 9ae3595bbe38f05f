/**
 * Which database the backup and restore commands work on, as the server would find it:
 * DATABASE_URL when set; otherwise the embedded cluster in DATA_DIR — the running one when the
 * server is up (its postmaster.pid names the port), else started here and stopped afterwards.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export interface TargetDatabase {
  url: string;
  /** For the printed report, without the password. */
  description: string;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPort'>,
  purpose: 'backup' | 'restore',
  notice?: (line: string) => void,
): Promise<TargetDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, description: `DATABASE_URL (${redact(config.databaseUrl)})`, close: async () => {} };
  }
  const clusterDir = path.join(config.dataDir, 'pg');
  if (purpose === 'backup' && !existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(`no database to back up: DATABASE_URL is not set and ${clusterDir} holds no embedded PostgreSQL (set DATA_DIR?)`);
  }
  const running = await runningCluster(config.dataDir);
  if (running) return running;
  // It takes the DATA_DIR lock, so a server started meanwhile refuses instead of sharing the cluster.
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort, ...(notice ? { onNotice: notice } : {}) });
  return {
    url: embedded.url,
    description: `embedded PostgreSQL in ${clusterDir} (started for this command on port ${embedded.port}, stopped after)`,
    close: () => embedded.stop(),
  };
}

/** The cluster the server is running, or null when none answers. */
async function runningCluster(dataDir: string): Promise<TargetDatabase | null> {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, ...
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const port = Number(lines[3]);
  if (!Number.isInteger(port) || port <= 0) return null;
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/postgres`;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.query('SELECT 1');
  } catch {
    // A file left by a crash: nothing listens there.
    return null;
  } finally {
    await probe.end().catch(() => {});
  }
  return { url, description: `embedded PostgreSQL in ${path.join(dataDir, 'pg')} (running, port ${port})`, close: async () => {} };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'unparsable URL';
  }
}
