/**
 * One server per data folder: `<dataDir>/server.lock` names the server that runs the embedded
 * PostgreSQL there (its pid and, on Linux, its start time, so a reused pid is not mistaken for
 * it). A live owner makes a second server refuse to start; a dead owner's lock (kill -9, OOM
 * kill, closed terminal) is taken over, and the caller then deals with what it left running.
 */
import { hostname } from 'node:os';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isSameProcessAlive, processStartTime } from './process-info';

export const LOCK_FILE = 'server.lock';

export interface LockOwner {
  pid: number;
  startTime: string | null;
  startedAt: string;
  host: string;
}

export interface DataDirLock {
  file: string;
  /** The owner before us when it died without releasing the lock, else null. */
  previous: LockOwner | null;
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another 校巴 server or backup/restore (pid ${owner.pid}, started ${owner.startedAt}). ` +
        `Two servers cannot share one embedded PostgreSQL: stop that one first (kill ${owner.pid}), ` +
        `give this one its own DATA_DIR, or point it at the same database with DATABASE_URL.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (!Number.isInteger(owner.pid)) return null;
    return {
      pid: owner.pid as number,
      startTime: owner.startTime ?? null,
      startedAt: owner.startedAt ?? '?',
      host: owner.host ?? '?',
    };
  } catch {
    return null;
  }
}

const sameOwner = (a: LockOwner | null, b: LockOwner | null) =>
  a !== null && b !== null && a.pid === b.pid && a.startTime === b.startTime && a.startedAt === b.startedAt;

/** Creates `file` only if absent (EEXIST otherwise), complete from its first moment when it can. */
function createExclusive(draft: string, file: string, owner: LockOwner): void {
  try {
    linkSync(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Some network and FUSE file systems have no hard links: an exclusive create does the same.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    writeFileSync(file, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o644 });
  }
}

/**
 * Takes the lock or throws DataDirInUseError. Atomic against another server starting at the same
 * moment: the lock appears complete (written aside, then hard-linked), and a stale one is renamed
 * away and checked to be the one judged stale before it is deleted.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid,
    startTime: processStartTime(pid),
    startedAt: new Date().toISOString(),
    host: hostname(),
  };
  const draft = `${file}.${pid}.new`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { mode: 0o644 });
  let previous: LockOwner | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        createExclusive(draft, file, me);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw error;
      }
      const owner = readOwner(file);
      if (owner && owner.pid !== pid && isSameProcessAlive(owner.pid, owner.startTime)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      // Dead owner (or an unreadable lock): move it aside, then make sure it is what we judged.
      const aside = `${file}.${pid}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = readOwner(aside);
      if (owner !== null && !sameOwner(moved, owner)) {
        // Another starting server replaced it meanwhile: put its lock back and look again.
        try {
          linkSync(aside, file);
        } catch {
          // a third one took the place; the next round judges that one
        }
        unlinkSync(aside);
        continue;
      }
      unlinkSync(aside);
      previous = owner;
    }
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // already gone
    }
  }

  let released = false;
  return {
    file,
    previous,
    release() {
      if (released) return;
      released = true;
      // Only our own lock: never remove one a later server wrote.
      if (sameOwner(readOwner(file), me)) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    },
  };
}
