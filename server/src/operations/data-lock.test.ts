import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from './data-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xb-lock-'));
  dirs.push(dir);
  return dir;
}

/** Another live process to stand for another server. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe('the data folder lock', () => {
  it('is taken in a free folder with our pid and released by us', () => {
    const dir = folder();
    const lock = acquireDataDirLock(dir);
    expect(lock.previous).toBeNull();
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while its owner lives, naming it, and is taken over once the owner died', async () => {
    const dir = folder();
    const other = await otherProcess();
    acquireDataDirLock(dir, other.pid);

    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(`pid ${other.pid}`);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);

    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const lock = acquireDataDirLock(dir);
    expect(lock.previous?.pid).toBe(other.pid);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.skipIf(!existsSync('/proc/self/stat'))('does not take a reused pid for the owner (start time differs)', () => {
    const dir = folder();
    // A lock naming a live pid (our parent) with another start time: the pid was reused.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTime: '1', startedAt: '2020-01-01T00:00:00.000Z', host: 'old' }));
    const lock = acquireDataDirLock(dir);
    expect(lock.previous?.pid).toBe(process.ppid);
    lock.release();
  });

  it('takes over an unreadable lock, and never removes a lock that is not its own', () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), 'half-writ');
    const lock = acquireDataDirLock(dir);
    // Someone replaced it (by hand, say): our release leaves theirs alone.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 1, startTime: null, startedAt: 'x', host: 'h' }));
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });
});
