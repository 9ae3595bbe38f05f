/**
 * Root only (PostgreSQL then runs as `postgres`): where the cluster goes when that user cannot
 * reach DATA_DIR, and the messages when it cannot be helped. The whole start from a 0700 home is
 * in process.test.ts.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUser, reachableClusterDir, userCanReach } from './pg-access';

const root = process.getuid?.() === 0;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(mode: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xb-access-'));
  dirs.push(dir);
  chmodSync(dir, mode);
  return dir;
}

describe.skipIf(!root)('the cluster folder as root', () => {
  it('stays in DATA_DIR/pg, owned by postgres, when the postgres user can reach DATA_DIR', async () => {
    const user = postgresUser();
    const dataDir = folder(0o755);
    const base = folder(0o755);
    const cluster = await reachableClusterDir(dataDir, user, base);
    expect(cluster).toBe(path.join(dataDir, 'pg'));
    expect(statSync(cluster).uid).toBe(user.uid);
    expect(statSync(cluster).mode & 0o777).toBe(0o700);
  });

  it('in a 0700 home: kept under the shared base, DATA_DIR/pg a link to it, the same folder next time', async () => {
    const user = postgresUser();
    const home = folder(0o700);
    const dataDir = path.join(home, '.data');
    mkdirSync(dataDir);
    expect(userCanReach(user, dataDir)).toBe(false);
    const base = folder(0o755);

    const cluster = await reachableClusterDir(dataDir, user, base);
    expect(cluster.startsWith(path.join(base, 'clusters') + path.sep)).toBe(true);
    expect(lstatSync(path.join(dataDir, 'pg')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dataDir, 'pg'))).toBe(cluster);
    expect(userCanReach(user, cluster, true)).toBe(true);
    expect(await reachableClusterDir(dataDir, user, base)).toBe(cluster);
  });

  it('a 0700 DATA_DIR in an open folder: gets o+x and keeps its cluster inside', async () => {
    const user = postgresUser();
    const dataDir = folder(0o700);
    const messages: string[] = [];
    const cluster = await reachableClusterDir(dataDir, user, folder(0o755), (m) => messages.push(m));
    expect(cluster).toBe(path.join(dataDir, 'pg'));
    expect(statSync(dataDir).mode & 0o777).toBe(0o701);
    expect(userCanReach(user, cluster, true)).toBe(true);
    expect(messages.join()).toContain('added o+x');
  });

  it('an initialised cluster the postgres user cannot reach: stops with what to do', async () => {
    const user = postgresUser();
    const dataDir = path.join(folder(0o700), '.data');
    mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    await expect(reachableClusterDir(dataDir, user, folder(0o755))).rejects.toThrow(/cannot reach the cluster .*ln -s/s);
  });

  it('a shared base that cannot be created: stops naming it and what to set', async () => {
    const user = postgresUser();
    const dataDir = path.join(folder(0o700), '.data');
    mkdirSync(dataDir);
    const blocker = path.join(folder(0o755), 'a-file');
    writeFileSync(blocker, '');
    await expect(reachableClusterDir(dataDir, user, path.join(blocker, 'xiaoba'))).rejects.toThrow(/cannot be created.*DATABASE_URL/s);
  });
});
