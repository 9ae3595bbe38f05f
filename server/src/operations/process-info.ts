/**
 * What the operating system says about other processes, for the data folder lock and the
 * stale-cluster check. Linux answers from /proc (exact: start times guard against reused pids,
 * working directories identify PostgreSQL processes); elsewhere `ps` gives a coarser answer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

const HAS_PROC = existsSync('/proc/self/stat');

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The process's start time in clock ticks since boot (Linux), or null when unknown. Recorded with
 * a pid, it tells the same process from a later one that got the pid again.
 */
export function processStartTime(pid: number): string | null {
  if (!HAS_PROC) return null;
  const fields = statFields(pid);
  // Field 22 of stat (starttime); the slice above begins at field 3 (state).
  return fields?.[19] ?? null;
}

/** State letter from /proc (Z: a zombie, already dead), or null. */
function processState(pid: number): string | null {
  return HAS_PROC ? (statFields(pid)?.[0] ?? null) : null;
}

/** The process is running and, when a start time was recorded, is the same process. */
export function isSameProcessAlive(pid: number, startTime: string | null | undefined): boolean {
  if (!pidExists(pid)) return false;
  if (processState(pid) === 'Z') return false;
  if (startTime && HAS_PROC) return processStartTime(pid) === startTime;
  return true;
}

export function parentPid(pid: number): number | null {
  if (HAS_PROC) {
    const fields = statFields(pid);
    return fields ? Number(fields[1]) : null;
  }
  const ps = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
  const value = Number.parseInt(ps.stdout ?? '', 10);
  return Number.isFinite(value) ? value : null;
}

/** The executable's short name (`node`, `postgres`), or null. */
export function processName(pid: number): string | null {
  if (HAS_PROC) {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return null;
    }
  }
  const ps = spawnSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' });
  const name = (ps.stdout ?? '').trim().split('/').pop();
  return name || null;
}

/**
 * Pids of the processes whose working directory is `dir` (Linux; [] elsewhere). Every PostgreSQL
 * process, the postmaster and each backend, works in its data directory, so this lists a
 * cluster's processes however they renamed themselves. As a non-root user only one's own
 * processes are visible, which are the only ones that can run one's cluster.
 */
export function processesWorkingIn(dir: string): number[] {
  if (!HAS_PROC) return [];
  let target: string;
  try {
    target = realpathSync(dir);
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === target) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to inspect
    }
  }
  return pids;
}

export const canInspectWorkingDirs = HAS_PROC;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done()` or the time is up; answers whether it became true. */
export async function waitFor(done: () => boolean, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(stepMs);
  }
}
