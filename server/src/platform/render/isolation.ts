/**
 * How the render sandbox's children are contained beyond their empty environment: what the OS
 * offers (probed once), the user ids their pools run as, and the command line that starts one
 * (Node's permission model, wrapped in `unshare` where it can be). sandbox.ts runs what this builds.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the OS offers to contain a child, beyond Node's permission model:
 * - `net`: the arguments of `unshare` that give it a network namespace of its own (no interface
 *   up: no connection of any kind), or null when that cannot be had;
 * - `uidBase`: when the server runs as root, where the user ids its pools run as start (one per
 *   root, in a block per sandbox; no supplementary groups, no capabilities): such a child can signal no process of another
 *   user. Null when the server cannot switch users.
 */
export interface Isolation {
  net: string[] | null;
  uidBase: number | null;
}

/** How one pool's children are contained: what the probe found, and whether its root is readable by its user. */
export interface Containment {
  network: boolean;
  signals: boolean;
}

/** The pools' user ids: high, unnamed ids that no account or file on a usual machine has. */
export const RENDER_UID_BASE = 2_130_000_000;
/** Each sandbox takes a block of this many ids (its pools'), chosen by its process and order, so two servers on one machine do not share ids. */
const UID_BLOCK = 64;
const UID_BLOCKS = 250_000;
let sandboxes = 0;

let probed: Isolation | undefined;

/**
 * Tries once (then remembers) what contains a child here: `unshare --net` (as root), or `unshare
 * --user --net` (an unprivileged user namespace) otherwise; and a switch of user id, as root only.
 */
export function probeIsolation(): Isolation {
  if (probed) return probed;
  const works = (args: string[]) => {
    try {
      return spawnSync('unshare', [...args, 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
    } catch {
      return false;
    }
  };
  const root = process.getuid?.() === 0;
  const net = root ? ['--net'] : ['--user', '--net'];
  const hasNet = works(net);
  const uid = String(RENDER_UID_BASE);
  const canSwitch = root && (hasNet ? works([...net, '--setgid', uid, '--setuid', uid]) : true);
  probed = { net: hasNet ? net : null, uidBase: canSwitch ? RENDER_UID_BASE : null };
  return probed;
}

/** Whether a user that is neither the owner nor in the group may read `file` (a folder: list and enter it), and enter each folder above it. */
export function readableByOthers(file: string): boolean {
  try {
    const stat = statSync(file);
    if ((stat.mode & 0o004) === 0 || (stat.isDirectory() && (stat.mode & 0o001) === 0)) return false;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) return false;
      if (path.dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

/** The command-line options of a child: the permission model with reads limited to the runner and the roots. */
export function runnerExecArgv(runner: string, roots: readonly string[], maxOldSpaceMb: number): string[] {
  // Node 22.13+/23.5+ call it --permission; Node 20 only knows --experimental-permission.
  const permission = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
  return [permission, '--no-warnings', `--max-old-space-size=${maxOldSpaceMb}`, ...[runner, ...roots].map((p) => `--allow-fs-read=${p}`)];
}

/** The user ids of one sandbox's pools: the first of its block, or null when it cannot switch users. */
export function firstPoolUid(isolation: Isolation, roots: number): number | null {
  if (roots > UID_BLOCK) throw new Error(`render sandbox: at most ${UID_BLOCK} roots`);
  return isolation.uidBase === null ? null : isolation.uidBase + ((process.pid * 8 + sandboxes++) % UID_BLOCKS) * UID_BLOCK;
}

/** How one pool's children are started, and so contained. */
export interface Launch {
  command: string;
  args: string[];
  containment: Containment;
}

/**
 * The command that starts a child for `root` (`realRoot` its real path): node under the permission
 * model, wrapped in `unshare` for the network namespace and, when another user may read the runner
 * and the root, the pool's own user id (`uid`).
 */
export function launchFor(pool: {
  runner: string;
  /** readableByOthers(runner), asked once per sandbox. */
  runnerReadable: boolean;
  root: string;
  realRoot: string;
  uid: number | null;
  isolation: Isolation;
  maxOldSpaceMb: number;
}): Launch {
  const { runner, root, uid, isolation } = pool;
  // Another user can start the runner only if it may read it and the root.
  const switchUser = uid !== null && pool.runnerReadable && readableByOthers(pool.realRoot);
  const nodeArgs = [...runnerExecArgv(runner, [root], pool.maxOldSpaceMb), runner];
  const wrap = [...(isolation.net ?? []), ...(switchUser ? ['--setgid', String(uid), '--setuid', String(uid)] : [])];
  const viaUnshare = isolation.net !== null || switchUser;
  return {
    command: viaUnshare ? 'unshare' : process.execPath,
    args: viaUnshare ? [...wrap, '--', process.execPath, ...nodeArgs] : nodeArgs,
    containment: { network: isolation.net !== null, signals: switchUser },
  };
}
