/**
 * The render sandbox (docs/adr/0016-render-sandbox.md): remotes' server renders run in child
 * processes that cannot read the server's secrets, files or database password, reach the network,
 * signal other processes, or see another remote's renders.
 *
 * Each child (runner.ts, built as dist/render-runner.js) is started with:
 * - an environment of `NODE_ENV=production` only: nothing of the server's (JWT_SECRET,
 *   DATABASE_URL, S3_* ...);
 * - Node's permission model: it may read the runner's file and ITS OWN root (one remote's server
 *   build) and nothing else; it may not write files, start processes or workers, or load native addons;
 * - when the OS allows it (probed once, `probeIsolation`): a network namespace of its own
 *   (`unshare --net`: only a loopback that is down, so no connection of any kind, not even to
 *   127.0.0.1), and, when the server runs as root, a user id of its own per root (`--setuid`; a
 *   block of ids per sandbox, RENDER_UID_BASE and up), so it cannot signal the server or any
 *   process but its own pool's;
 * - a heap bound (`--max-old-space-size`), its stdout and stderr piped into the server's log.
 *
 * Children are pooled per root: the renders of one remote never share a process (nor its module
 * cache, nor its IPC channel) with another's. A pool's children start on its first render.
 * A child renders one request at a time; a pool's requests wait in its queue for its first free child.
 * - An entry outside the roots (after resolving symbolic links) answers `refused`, the child is not asked.
 * - An entry that throws, or resolves to something else than `{ html: string, css?: string }`: `error`.
 * - No answer within `timeoutMs` of the call (queue wait included): `timeout`; a child busy with it
 *   is killed and replaced, so a render stuck in a loop does not block the next ones.
 * - A child that dies (process.exit, out of memory, an unhandled rejection): its request answers
 *   `crashed` and it is replaced. Replacements after failures wait a doubling delay
 *   (RESTART_MIN_MS to RESTART_MAX_MS, back to none after a render answers) so a crashing entry
 *   cannot fork without end.
 *
 * Children exit when their IPC channel closes (the server exits or dies, or `close()`), and the
 * server kills them in its `exit` hook too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { firstPoolUid, launchFor, probeIsolation, readableByOthers, type Containment, type Isolation, type Launch } from './isolation';

// The system's realpath(3), one call, synchronous: fs/promises' realpath walks the path in
// JavaScript, an lstat per component, and was a tenth of a server-rendered page's CPU time; the
// thread pool's round trip of the asynchronous one still cost a page more than the call itself.
const realpath = (file: string): string => realpathSync.native(file);

/** The built runner beside the server's bundle: dist/render-runner.js (server/build.mjs). */
export const defaultRunner = () => fileURLToPath(new URL('./render-runner.js', import.meta.url));

export type RenderFailure = 'timeout' | 'error' | 'crashed' | 'refused';
/** `data`: `render`'s `state`, or what `plan` resolved to (JSON; null when none). */
export type RenderResult = { ok: true; html: string; css: string; data: unknown } | { ok: false; reason: RenderFailure };

export interface RenderRequest {
  /** Absolute path of a remote's server entry (an ES module exporting `render(props)`); must lie inside a root. */
  entry: string;
  /** The export to run: `render` (default) or `plan` (runner.ts). */
  call?: 'render' | 'plan';
  /** The render's data, sent as JSON. */
  props: unknown;
}

export interface RenderLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface RenderSandboxOptions {
  /** Folders the renderers may read: the remotes' server builds. */
  roots: string[];
  /** Longest wait for one render, queueing included. */
  timeoutMs: number;
  /** Child processes rendering side by side (default 1). */
  processes?: number;
  /** Where the children's output and the sandbox's warnings go (default: the console). */
  log?: RenderLog;
  /** The built runner (default: render-runner.js beside this bundle, i.e. dist/render-runner.js). */
  runner?: string;
  /** Heap bound of each child in MiB (default 128). */
  maxOldSpaceMb?: number;
  /** What the OS offers to contain the children (default: probed once, `probeIsolation()`). */
  isolation?: Isolation;
}

export interface RenderSandbox {
  render(request: RenderRequest): Promise<RenderResult>;
  /**
   * Starts the children of each entry's pool and has them load the entry now, so the first page
   * after a start is not the one that pays for the processes and the imports (which can take longer
   * than a render's bound on a busy machine). Entries outside the roots are ignored.
   */
  warm(entries: string[]): void;
  /** How an entry's children are (or would be) contained; null for an entry outside the roots. */
  containment(entry: string): Containment | null;
  /** Kills the children; pending renders answer `error`. */
  close(): Promise<void>;
}

export const RESTART_MIN_MS = 100;
export const RESTART_MAX_MS = 5000;
/** Longest line of a child's output passed to the log. */
const LOG_LINE_MAX = 2000;

interface Job {
  entry: string;
  call: 'render' | 'plan';
  props: unknown;
  resolve(result: RenderResult): void;
  timer: NodeJS.Timeout;
  done: boolean;
  /** Set when sent to a child: its answer carries it. */
  id?: number;
  /** When it was sent to a child (ms since the epoch). */
  sentAt?: number;
}

interface Slot {
  child: ChildProcess | null;
  ready: boolean;
  job: Job | null;
  /** Failures (crashes, kills after a timeout) since the last answered render: sets the restart delay. */
  failures: number;
  restartTimer: NodeJS.Timeout | undefined;
}

/** The children of one root (one remote's server build), its queue, and how they are started. */
interface Pool extends Launch {
  root: string;
  realRoot: string;
  slots: Slot[];
  queue: Job[];
  started: boolean;
  /** Entries each child loads as soon as it is ready (warm()). */
  warmEntries: Set<string>;
}

function isInsideRoot(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export function createRenderSandbox(options: RenderSandboxOptions): RenderSandbox {
  const log: RenderLog = options.log ?? { info: (m) => console.log(m), warn: (m) => console.warn(m) };
  const runner = path.resolve(options.runner ?? defaultRunner());
  if (options.roots.length === 0) throw new Error('render sandbox: no roots');
  const isolation = options.isolation ?? probeIsolation();
  const maxOldSpaceMb = options.maxOldSpaceMb ?? 128;
  const runnerReadable = readableByOthers(runner);
  const firstUid = firstPoolUid(isolation, options.roots.length);
  const unreadable: string[] = [];
  const pools: Pool[] = options.roots.map((given, index) => {
    const root = path.resolve(given);
    let realRoot = root;
    try {
      // The children's permission is checked on real paths: compare entries with the roots' real paths.
      realRoot = realpathSync(root);
    } catch {
      // A root not there yet: its entries are answered `error` (no such entry).
    }
    const uid = firstUid === null ? null : firstUid + index;
    const launch = launchFor({ runner, runnerReadable, root, realRoot, uid, isolation, maxOldSpaceMb });
    if (isolation.uidBase !== null && !launch.containment.signals) unreadable.push(root);
    return {
      root,
      realRoot,
      slots: Array.from({ length: Math.max(1, options.processes ?? 1) }, () => ({
        child: null,
        ready: false,
        job: null,
        failures: 0,
        restartTimer: undefined,
      })),
      queue: [],
      started: false,
      warmEntries: new Set<string>(),
      ...launch,
    };
  });
  log.info(
    `render sandbox: Node's permission model (file reads: the runner and the pool's own root); ` +
      `network ${isolation.net ? `closed (unshare ${isolation.net.join(' ')})` : 'OPEN (unshare --net unavailable)'}; ` +
      `signals to other processes ${firstUid !== null ? `blocked (a user id per pool from ${firstUid})` : 'NOT blocked (the server is not root)'}` +
      (unreadable.length > 0 ? `, except for roots another user cannot read (their pools run as the server's user): ${unreadable.join(', ')}` : '') +
      (isolation.uidBase !== null && !runnerReadable ? ` (the runner ${runner} is not readable by others)` : '') +
      `; one pool of children per root (${pools.length})`,
  );
  let closed = false;
  let nextId = 1;

  const finish = (job: Job, result: RenderResult) => {
    if (job.done) return;
    job.done = true;
    clearTimeout(job.timer);
    job.resolve(result);
  };

  const pipeOutput = (child: ChildProcess) => {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => log.info(`[render ${child.pid}] ${line.slice(0, LOG_LINE_MAX)}`));
    }
  };

  // Not a job: the child answers nothing, and a render asking meanwhile waits for the same import.
  const sendWarm = (child: ChildProcess, entry: string) => {
    try {
      child.send({ type: 'warm', entry });
    } catch {
      // The child is going: its successor is sent the entry when it is ready.
    }
  };

  const start = (pool: Pool, slot: Slot) => {
    slot.restartTimer = undefined;
    if (closed) return;
    // spawn with an IPC channel: NODE_CHANNEL_FD and its serialization mode reach node through unshare's exec.
    const child = spawn(pool.command, pool.args, {
      env: { NODE_ENV: 'production' },
      cwd: path.dirname(runner),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    slot.child = child;
    slot.ready = false;
    pipeOutput(child);
    child.on('message', (message: { type?: string; id?: number; ok?: boolean; html?: unknown; css?: unknown; data?: unknown; message?: unknown }) => {
      if (slot.child !== child) return;
      if (message.type === 'ready') {
        slot.ready = true;
        for (const entry of pool.warmEntries) sendWarm(child, entry);
        pump(pool);
        return;
      }
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      slot.job = null;
      slot.failures = 0;
      if (message.ok === true && typeof message.html === 'string' && typeof message.css === 'string') {
        finish(job, { ok: true, html: message.html, css: message.css, data: message.data ?? null });
      } else {
        log.warn(`render of ${job.entry} failed: ${typeof message.message === 'string' ? message.message.slice(0, LOG_LINE_MAX) : 'malformed answer'}`);
        finish(job, { ok: false, reason: 'error' });
      }
      pump(pool);
    });
    const lost = (why: string) => {
      if (slot.child !== child) return; // already retired (timeout, close)
      slot.child = null;
      slot.ready = false;
      const job = slot.job;
      slot.job = null;
      if (job) {
        log.warn(`render of ${job.entry}: the renderer ${why}`);
        finish(job, { ok: false, reason: 'crashed' });
      } else if (!closed) {
        log.warn(`a renderer ${why}`);
      }
      restart(pool, slot);
    };
    child.on('exit', (code, signal) => lost(`exited (${signal ?? code})`));
    child.on('error', (error) => {
      lost(`failed: ${error.message}`);
      child.kill('SIGKILL');
    });
  };

  const restart = (pool: Pool, slot: Slot) => {
    if (closed) return;
    const delay = slot.failures === 0 ? 0 : Math.min(RESTART_MIN_MS * 2 ** (slot.failures - 1), RESTART_MAX_MS);
    slot.failures += 1;
    slot.restartTimer = setTimeout(() => start(pool, slot), delay);
  };

  /** Kills a slot's child at once (a render past its bound) and starts a replacement. */
  const retire = (pool: Pool, slot: Slot) => {
    const child = slot.child;
    slot.child = null;
    slot.ready = false;
    slot.job = null;
    child?.kill('SIGKILL');
    restart(pool, slot);
  };

  const pump = (pool: Pool) => {
    for (const slot of pool.slots) {
      if (pool.queue.length === 0) return;
      if (!slot.child || !slot.ready || slot.job) continue;
      const job = pool.queue.shift()!;
      job.id = nextId++;
      job.sentAt = Date.now();
      try {
        slot.child.send({ id: job.id, entry: job.entry, call: job.call, props: job.props });
        slot.job = job;
      } catch (error) {
        // Props that cannot be sent (a function, a symbol): the caller's error, the child is fine.
        log.warn(`render of ${job.entry}: props not sendable: ${(error as Error).message}`);
        finish(job, { ok: false, reason: 'error' });
      }
    }
  };

  /** The pool of the root an entry lies in (lexically), if any. */
  const poolOf = (entry: string) => pools.find((pool) => isInsideRoot(entry, pool.root));

  const onExit = () => {
    for (const pool of pools) for (const slot of pool.slots) slot.child?.kill('SIGKILL');
  };
  process.on('exit', onExit);

  return {
    warm(entries) {
      for (const entry of entries) {
        if (closed || !path.isAbsolute(entry)) continue;
        const pool = poolOf(path.resolve(entry));
        let real: string;
        try {
          real = realpath(entry);
        } catch {
          continue; // not built: nothing to load
        }
        if (!pool || !isInsideRoot(real, pool.realRoot) || pool.warmEntries.has(real)) continue;
        pool.warmEntries.add(real);
        if (!pool.started) {
          pool.started = true;
          for (const slot of pool.slots) start(pool, slot);
        } else {
          for (const slot of pool.slots) if (slot.child && slot.ready) sendWarm(slot.child, real);
        }
      }
    },

    containment(entry) {
      if (typeof entry !== 'string' || !path.isAbsolute(entry)) return null;
      const pool = poolOf(path.resolve(entry));
      return pool ? { ...pool.containment } : null;
    },

    async render({ entry, call = 'render', props }) {
      if (closed) return { ok: false, reason: 'error' };
      if (typeof entry !== 'string' || !path.isAbsolute(entry)) return { ok: false, reason: 'refused' };
      const pool = poolOf(path.resolve(entry));
      if (!pool) return { ok: false, reason: 'refused' };
      let real: string;
      try {
        real = realpath(entry);
      } catch {
        log.warn(`render of ${entry}: no such entry`);
        return { ok: false, reason: 'error' };
      }
      // A symbolic link inside a root pointing out of it (or into another root): Node's permission model would follow it.
      if (!isInsideRoot(real, pool.realRoot)) return { ok: false, reason: 'refused' };
      if (closed) return { ok: false, reason: 'error' };
      if (!pool.started) {
        pool.started = true;
        for (const slot of pool.slots) start(pool, slot);
      }
      return new Promise<RenderResult>((resolve) => {
        const job: Job = { entry: real, call, props, resolve, done: false, timer: undefined as unknown as NodeJS.Timeout };
        job.timer = setTimeout(() => {
          const slot = pool.slots.find((s) => s.job === job);
          if (slot) {
            // The caller has its answer now. A child is killed only for a render that itself ran
            // past the bound: one that waited in the queue first (a busy site) is let finish, its
            // answer dropped, rather than killing a healthy child and its loaded entries.
            const left = options.timeoutMs - (Date.now() - (job.sentAt ?? 0));
            const child = slot.child;
            const kill = () => {
              if (slot.job !== job || slot.child !== child) return;
              log.warn(`render of ${job.entry} took longer than ${options.timeoutMs} ms: renderer ${child?.pid} killed`);
              retire(pool, slot);
            };
            if (left <= 0) kill();
            else setTimeout(kill, left);
          } else {
            const at = pool.queue.indexOf(job);
            if (at >= 0) pool.queue.splice(at, 1);
          }
          finish(job, { ok: false, reason: 'timeout' });
        }, options.timeoutMs);
        pool.queue.push(job);
        pump(pool);
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      process.off('exit', onExit);
      const exits: Promise<unknown>[] = [];
      for (const pool of pools) {
        for (const job of pool.queue.splice(0)) finish(job, { ok: false, reason: 'error' });
        for (const slot of pool.slots) {
          clearTimeout(slot.restartTimer);
          if (slot.job) finish(slot.job, { ok: false, reason: 'error' });
          slot.job = null;
          const child = slot.child;
          slot.child = null;
          if (child && child.exitCode === null && child.signalCode === null) {
            exits.push(new Promise((resolve) => child.once('exit', resolve)));
            child.kill('SIGKILL');
          }
        }
      }
      await Promise.all(exits);
    },
  };
}
