/**
 * The decisions of clearStaleCluster with stand-in processes (a `sleep` working in the cluster
 * folder plays the postmaster: PostgreSQL's processes are recognised by that working folder).
 * The real case, a PostgreSQL left by a server killed with -9, is in process.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parentPid, pidExists, processesWorkingIn } from './process-info';
import { clearStaleCluster, ClusterInUseError, removeStaleSocketLocks } from './stale-cluster';

const linux = existsSync('/proc/self/stat');
const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cluster(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'xb-stale-')), 'pg');
  mkdirSync(dir);
  dirs.push(path.dirname(dir));
  return dir;
}

const writePidFile = (dir: string, pid: number) => writeFileSync(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n5432\n\nlocalhost\n`);

/**
 * A process working in `dir` whose parent already exited, as a postmaster after its server died
 * (started through a node that exits at once, so it keeps default signal handling).
 */
function orphanIn(dir: string, script = 'setInterval(() => {}, 1000)'): number {
  const launcher = `const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(script)}], { cwd: ${JSON.stringify(dir)}, detached: true, stdio: 'ignore' }); c.unref(); console.log(c.pid)`;
  const pid = Number.parseInt(spawnSync(process.execPath, ['-e', launcher], { encoding: 'utf8' }).stdout, 10);
  pids.push(pid);
  return pid;
}

describe.skipIf(!linux)('a PostgreSQL left on the cluster', () => {
  it('without postmaster.pid: nothing to do', async () => {
    expect(await clearStaleCluster(cluster())).toEqual({ action: 'none' });
  });

  it('running without its server: stopped (SIGINT, a fast shutdown) and waited for', async () => {
    const dir = cluster();
    const pid = orphanIn(dir);
    await new Promise((r) => setTimeout(r, 200));
    writePidFile(dir, pid);
    expect(processesWorkingIn(dir)).toContain(pid);
    expect(parentPid(pid)).not.toBe(process.pid);

    const messages: string[] = [];
    const outcome = await clearStaleCluster(dir, { log: (m) => messages.push(m) });
    expect(outcome).toEqual({ action: 'stopped', pid, signal: 'SIGINT' });
    expect(processesWorkingIn(dir)).not.toContain(pid);
    expect(messages.join('\n')).toContain(`PostgreSQL (pid ${pid}) was left running`);
  });

  it('ignoring the fast shutdown: ended harder after the timeout', async () => {
    const dir = cluster();
    // Ignores SIGINT, as a postmaster stuck in a fast shutdown would.
    const pid = orphanIn(dir, 'process.on("SIGINT", () => {}); setInterval(() => {}, 1000)');
    await new Promise((r) => setTimeout(r, 600));
    writePidFile(dir, pid);
    const outcome = await clearStaleCluster(dir, { fastTimeoutMs: 500 });
    expect(outcome).toMatchObject({ action: 'stopped', pid, signal: 'SIGQUIT' });
  });

  it('still owned by a live server process (node): refused, nothing stopped', async () => {
    const dir = cluster();
    // Its parent is a node process that is alive: a server that holds no lock.
    const holder: ChildProcess = spawn(
      process.execPath,
      ['-e', 'require("child_process").spawn("sleep", ["120"], { stdio: "ignore" }); setInterval(() => {}, 1000)'],
      {
        cwd: dir,
        stdio: 'ignore',
      },
    );
    pids.push(holder.pid as number);
    let child: number | undefined;
    for (let i = 0; i < 50 && !child; i++) {
      await new Promise((r) => setTimeout(r, 100));
      child = processesWorkingIn(dir).find((p) => p !== holder.pid && parentPid(p) === holder.pid);
    }
    expect(child).toBeDefined();
    pids.push(child as number);
    writePidFile(dir, child as number);
    await expect(clearStaleCluster(dir)).rejects.toBeInstanceOf(ClusterInUseError);
    expect(pidExists(child as number)).toBe(true);
  });

  it('naming a pid now used by an unrelated process: the stale file is removed', async () => {
    const dir = cluster();
    // Our own parent: alive, but it does not work in the cluster folder.
    writePidFile(dir, process.ppid);
    expect(await clearStaleCluster(dir)).toEqual({ action: 'removed-pid-file', pid: process.ppid });
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('naming a dead pid: left for PostgreSQL, which handles that itself', async () => {
    const dir = cluster();
    const gone = spawnSync('/bin/sh', ['-c', 'echo $$'], { encoding: 'utf8' });
    writePidFile(dir, Number.parseInt(gone.stdout, 10));
    expect(await clearStaleCluster(dir)).toEqual({ action: 'none' });
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(true);
  });
});

describe.skipIf(!linux)('socket lock files an earlier PostgreSQL left in /tmp', () => {
  const deadPid = () => Number.parseInt(spawnSync('/bin/sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout, 10);
  const writeLock = (socketDir: string, port: number, pid: number, dataDir: string) => {
    writeFileSync(path.join(socketDir, `.s.PGSQL.${port}.lock`), `${pid}\n${dataDir}\n1700000000\n${port}\n${socketDir}\n`);
    writeFileSync(path.join(socketDir, `.s.PGSQL.${port}`), '');
  };

  it('removes the ones naming this cluster and no live process of it; keeps the others', () => {
    const dir = cluster();
    const socketDir = path.dirname(dir);
    const other = cluster();
    writeLock(socketDir, 5001, deadPid(), dir);
    // A zombie or a reused pid: alive, but not working in the cluster.
    writeLock(socketDir, 5002, process.ppid, dir);
    writeLock(socketDir, 5003, deadPid(), other);
    const removed = removeStaleSocketLocks(dir, { socketDir });
    expect(removed.sort()).toEqual([path.join(socketDir, '.s.PGSQL.5001.lock'), path.join(socketDir, '.s.PGSQL.5002.lock')]);
    expect(existsSync(path.join(socketDir, '.s.PGSQL.5001'))).toBe(false);
    expect(existsSync(path.join(socketDir, '.s.PGSQL.5003.lock'))).toBe(true);
  });

  it('keeps the lock of a PostgreSQL still running on the cluster', async () => {
    const dir = cluster();
    const socketDir = path.dirname(dir);
    const pid = orphanIn(dir);
    await new Promise((r) => setTimeout(r, 300));
    writeLock(socketDir, 5004, pid, dir);
    expect(removeStaleSocketLocks(dir, { socketDir })).toEqual([]);
    expect(existsSync(path.join(socketDir, '.s.PGSQL.5004.lock'))).toBe(true);
  });
});
