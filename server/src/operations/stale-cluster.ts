/**
 * A PostgreSQL left behind on our cluster by a server that died without stopping it (kill -9, an
 * OOM kill, a closed terminal): the postmaster runs on by itself, and a new start would fail with
 * `lock file "postmaster.pid" already exists`. Called once the data folder lock is ours (so no
 * live server owns the cluster), this stops it the way `pg_ctl stop -m fast` does: SIGINT, then
 * wait. A fast shutdown rolls back open transactions and keeps every committed one.
 */
import { readdirSync, readFileSync, realpathSync, rmSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { canInspectWorkingDirs, parentPid, pidExists, processesWorkingIn, processName, waitFor } from './process-info';

export type StaleClusterOutcome =
  /** No postmaster.pid, or one postgres itself will judge. */
  | { action: 'none' }
  /** A postmaster of this cluster was running without its server: stopped. */
  | { action: 'stopped'; pid: number; signal: NodeJS.Signals }
  /** postmaster.pid named a pid now used by an unrelated process: the file was removed. */
  | { action: 'removed-pid-file'; pid: number };

export interface StaleClusterOptions {
  log?: (message: string) => void;
  /** How long the fast shutdown may take before an immediate one (SIGQUIT). */
  fastTimeoutMs?: number;
}

export class ClusterInUseError extends Error {
  constructor(clusterDir: string, postmaster: number, parent: number) {
    super(
      `PostgreSQL (pid ${postmaster}) is running on ${clusterDir}, started by the still running process ${parent} ` +
        `that holds no server lock (an older 校巴 server?). Stop that process first, or use another DATA_DIR.`,
    );
    this.name = 'ClusterInUseError';
  }
}

export async function clearStaleCluster(clusterDir: string, options: StaleClusterOptions = {}): Promise<StaleClusterOutcome> {
  const log = options.log ?? (() => {});
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return { action: 'none' };
  }
  if (!Number.isInteger(pid) || pid <= 0) return { action: 'none' };

  const clusterProcesses = () => processesWorkingIn(clusterDir);
  const isOurPostmaster = canInspectWorkingDirs
    ? pidExists(pid) && clusterProcesses().includes(pid)
    : pidExists(pid) && (processName(pid) ?? '').includes('postgres');

  if (isOurPostmaster) {
    const parent = parentPid(pid);
    // Started by a process still alive (not adopted by init or a subreaper after its server died).
    if (parent !== null && parent > 1 && parent !== process.pid && pidExists(parent) && processName(parent) === 'node') {
      throw new ClusterInUseError(clusterDir, pid, parent);
    }
    log(`PostgreSQL (pid ${pid}) was left running on ${clusterDir} by a server that died: stopping it (fast shutdown)`);
    let signal: NodeJS.Signals = 'SIGINT';
    const gone = () => !pidExists(pid) || (canInspectWorkingDirs && !clusterProcesses().includes(pid));
    process.kill(pid, signal);
    if (!(await waitFor(gone, options.fastTimeoutMs ?? 60_000))) {
      signal = 'SIGQUIT';
      log(`PostgreSQL (pid ${pid}) did not finish a fast shutdown: immediate shutdown (recovery runs at start)`);
      process.kill(pid, signal);
      if (!(await waitFor(gone, 15_000))) {
        signal = 'SIGKILL';
        process.kill(pid, signal);
        await waitFor(gone, 5_000);
      }
    }
    await waitForBackends(clusterProcesses, log);
    return { action: 'stopped', pid, signal };
  }

  // The postmaster is gone. Its backends notice that and quit by themselves; postgres refuses to
  // start while one still holds the shared memory, so wait for them.
  await waitForBackends(clusterProcesses, log);
  if (canInspectWorkingDirs && pidExists(pid) && clusterProcesses().length === 0) {
    // The pid was given to an unrelated process (typically after a container restart): postgres
    // would take it for a live postmaster and refuse forever. Nothing runs on the cluster.
    log(`postmaster.pid names pid ${pid}, which is no PostgreSQL of ${clusterDir} any more: removing the stale file`);
    unlinkSync(pidFile);
    return { action: 'removed-pid-file', pid };
  }
  return { action: 'none' };
}

async function waitForBackends(list: () => number[], log: (message: string) => void): Promise<void> {
  if (list().length === 0) return;
  if (await waitFor(() => list().length === 0, 15_000)) return;
  const left = list();
  log(`PostgreSQL processes ${left.join(', ')} outlived their postmaster: ending them`);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  }
  await waitFor(() => list().length === 0, 10_000);
}

/** Where PostgreSQL put its Unix socket and the socket's lock file before the server went TCP only. */
const OLD_SOCKET_DIR = '/tmp';

/**
 * Removes the socket lock files (`/tmp/.s.PGSQL.<port>.lock`, and their sockets) that name this
 * cluster and no running process of it: earlier versions listened on a Unix socket there, and
 * every hard kill left one behind. Called after clearStaleCluster, when nothing runs on the
 * cluster; locks of other clusters are left alone. Answers the removed lock files.
 */
export function removeStaleSocketLocks(clusterDir: string, options: { log?: (message: string) => void; socketDir?: string } = {}): string[] {
  const socketDir = options.socketDir ?? OLD_SOCKET_DIR;
  const ours = new Set([path.resolve(clusterDir)]);
  try {
    ours.add(realpathSync(clusterDir));
  } catch {
    // not created yet: no lock can name it by its real path
  }
  let names: string[];
  try {
    names = readdirSync(socketDir).filter((name) => /^\.s\.PGSQL\.\d+\.lock$/.test(name));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const lock = path.join(socketDir, name);
    let lines: string[];
    try {
      lines = readFileSync(lock, 'utf8').split('\n');
    } catch {
      continue; // another user's, or gone meanwhile
    }
    const pid = Number.parseInt(lines[0] ?? '', 10);
    if (!ours.has(lines[1] ?? '')) continue;
    if (pidExists(pid) && (!canInspectWorkingDirs || processesWorkingIn(clusterDir).includes(pid))) continue;
    try {
      rmSync(lock, { force: true });
      rmSync(lock.slice(0, -'.lock'.length), { force: true });
      removed.push(lock);
      options.log?.(`removed ${lock}, a socket lock of this cluster left by PostgreSQL pid ${pid}`);
    } catch {
      // not ours to remove: PostgreSQL no longer uses it anyway
    }
  }
  return removed;
}
