/**
 * The general /api limit, shared by every API process without a database round trip per request.
 *
 * Each request counts against one key: `u:<uid>` when it carries a valid access token
 * (RATE_LIMIT_USER a minute), else `a:<address>` (RATE_LIMIT_ANON a minute), so a school class
 * behind one address is limited per child once signed in, and one account is limited however many
 * addresses it uses. Windows are clock minutes.
 *
 * A process counts in memory and, every `flushMs` (1 s), adds its new counts into PostgreSQL
 * (`rate_limit_counts`) in one statement that returns the totals of all processes for those keys.
 * A request is refused when the last known total plus this process's counts since then reach the
 * limit. Overshoot bound: with N processes, a key can get at most (N - 1) x (what one process
 * accepts for it within one flush interval) beyond the limit, and never more than N x limit in a
 * minute; with one process the limit is exact. If the database cannot be reached, counting goes
 * on locally (each process then enforces the limit alone) and the counts are added later.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RateLimits } from '../../config';
import { withTransaction, type Pool, type Queryable } from '../../data/pool';
import {
  addRateCounts,
  countRecentRegistrations,
  deleteRateCountsBefore,
  deleteRegistrationsBefore,
  insertRegistration,
  takeRegisterCheckSlot,
} from '../../data/rate-limits';
import type { TokenSigner } from '../auth/tokens';
import { createHash } from 'node:crypto';
import { ApiError, MSG } from './errors';

export const RATE_WINDOW_MS = 60_000;
export const FLUSH_INTERVAL_MS = 1_000;
/**
 * Valid tokens verified in the current minute, so a request is not verified twice (here and in the
 * guard) at full cost. Keyed by the SHA-256 of the Authorization header (43 characters whatever the
 * header's size, up to ~16 KB) and holding valid tokens only, so junk or refused tokens take no room:
 * at most TOKEN_CACHE_MAX x TOKEN_KEY_CHARS characters of keys (about 1 MB of strings).
 */
export const TOKEN_CACHE_MAX = 20_000;
/** Length of a cache key: SHA-256 in base64url. */
export const TOKEN_KEY_CHARS = 43;

interface Slot {
  /** Hits of all processes for this key in `window`, as of the last flush (this process's included). */
  total: number;
  /** Hits this process accepted that `total` does not include yet (sent by a flush still running included). */
  pending: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

/** A signed-in user's uid, or an anonymous caller's address (`u:<uid>` and `a:<address>` in PostgreSQL). */
export type SlotKey = number | string;

const bucketOf = (key: SlotKey): string => (typeof key === 'number' ? `u:${key}` : `a:${key}`);

const BEARER = /^Bearer\s+(\S+)$/i;

export class RateLimiter {
  private window = currentWindow(Date.now());
  private slots = new Map<SlotKey, Slot>();
  /** SHA-256 of an Authorization header -> uid of its valid access token, for the current window. */
  private tokens = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  /** The last flush failed (PostgreSQL unreachable): logged once, until one succeeds. */
  private failing = false;

  constructor(
    private readonly pool: Pool,
    private readonly limits: Pick<RateLimits, 'user' | 'anon'>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.limits.user > 0 || this.limits.anon > 0;
  }

  start(flushMs = FLUSH_INTERVAL_MS): void {
    if (!this.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Counts one /api request: against its user when `authorization` holds a valid access token
   * (an invalid or expired one counts as anonymous: the guard refuses it anyway), else against
   * its address. A token is verified once a minute here (a token expiring within that minute
   * still counts for its user; it is only the counting key).
   */
  check(signer: TokenSigner, authorization: string | undefined, address: string): RateDecision {
    const now = this.now();
    this.roll(now);
    let uid: number | null = null;
    if (authorization) {
      const key = createHash('sha256').update(authorization).digest('base64url');
      const cached = this.tokens.get(key);
      if (cached !== undefined) uid = cached;
      else {
        const token = BEARER.exec(authorization)?.[1];
        uid = token ? signer.accessUid(token) : null;
        // A refused token is not kept: it would only make room for more junk.
        if (uid !== null) {
          if (this.tokens.size >= TOKEN_CACHE_MAX) this.tokens.clear();
          this.tokens.set(key, uid);
        }
      }
    }
    return uid !== null ? this.count(uid, this.limits.user, now) : this.count(address, this.limits.anon, now);
  }

  /** What the token cache holds: entries and the characters of their keys (tests bound its memory). */
  get tokenCache(): { entries: number; keyChars: number } {
    let keyChars = 0;
    for (const key of this.tokens.keys()) keyChars += key.length;
    return { entries: this.tokens.size, keyChars };
  }

  /** Counts one request of `key` against `limit` (0: unlimited, not counted). */
  hit(key: SlotKey, limit: number): RateDecision {
    const now = this.now();
    this.roll(now);
    return this.count(key, limit, now);
  }

  private count(key: SlotKey, limit: number, now: number): RateDecision {
    const resetSeconds = Math.max(1, Math.ceil(((this.window + 1) * RATE_WINDOW_MS - now) / 1000));
    if (limit <= 0) return { allowed: true, limit, remaining: 0, resetSeconds };
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { total: 0, pending: 0 };
      this.slots.set(key, slot);
    }
    const used = slot.total + slot.pending;
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    slot.pending += 1;
    return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
  }

  /**
   * Adds this process's new counts into PostgreSQL and reads back those keys' totals of all
   * processes. Only keys with new hits are sent: a key idle here has no decision to make, and its
   * next hit here is sent (and its total refreshed) at the next flush. One flush at a time.
   */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.flushOnce().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    this.roll(this.now());
    const window = this.window;
    const keys = [...this.slots.keys()].filter((k) => this.slots.get(k)!.pending > 0);
    if (keys.length === 0) return;
    const buckets = keys.map(bucketOf);
    const slots = keys.map((k) => this.slots.get(k)!);
    const sent = slots.map((slot) => slot.pending);
    // The sent hits stay in `pending` until the totals that include them are read back: taken out
    // before, the requests answered while the query runs would not see them and the limit would be
    // overshot by as many (one request in a sequential loop: 101 accepted of 100).
    let totals: Map<string, number>;
    try {
      totals = await addRateCounts(this.pool, window, buckets, sent);
    } catch (err) {
      // They are still pending: the next flush sends them (if the minute is still the same).
      // Once per outage, not every second.
      if (!this.failing) this.log.warn({ err }, 'rate limit counts could not be shared; each process limits alone until they can');
      this.failing = true;
      return;
    }
    if (this.failing) this.log.info('rate limit counts are shared again');
    this.failing = false;
    if (this.window !== window) return; // a new minute began meanwhile: these totals are history
    // In one synchronous step, so no request sees the sent hits both in the total and still pending.
    slots.forEach((slot, i) => {
      slot.pending -= sent[i]!;
      const total = totals.get(buckets[i]!);
      slot.total = total ?? slot.total + sent[i]!;
    });
  }

  private roll(now: number): void {
    const window = currentWindow(now);
    if (window === this.window) return;
    // Unsent hits of the old minute no longer matter to anyone.
    this.window = window;
    this.slots = new Map();
    this.tokens = new Map();
  }
}

function currentWindow(now: number): number {
  return Math.floor(now / RATE_WINDOW_MS);
}

/** Rows of minutes that are over (kept one extra minute for late flushes). */
export async function purgeOldRateCounts(db: Queryable, now = Date.now()): Promise<void> {
  await deleteRateCountsBefore(db, currentWindow(now) - 1);
}

/**
 * The onRequest hook of the /api scope: counts the request against its user or address and
 * answers 429 (the usual envelope, `Retry-After`) past the limit.
 */
export function rateLimitHook(limiter: RateLimiter, signer: TokenSigner) {
  // Callback style and synchronous: no promise per request on the hot read path.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const decision = limiter.check(signer, request.headers.authorization, request.ip);
    if (decision.limit <= 0) return done();
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.resetSeconds);
    if (!decision.allowed) {
      reply.header('retry-after', decision.resetSeconds);
      return done(new ApiError(429, MSG.tooManyRequests));
    }
    done();
  };
}

/** The registration limit's window: RATE_LIMIT_REGISTER accounts per address within it. */
export const REGISTER_WINDOW_MINUTES = 60;

export { lockRegistrations } from '../../data/rate-limits';

/** Throws 429 (注册太频繁了…) when `address` created `limit` accounts within the last hour; 0 disables. */
export async function checkRegistrationLimit(db: Queryable, address: string, limit: number): Promise<void> {
  if (limit <= 0) return;
  if ((await countRecentRegistrations(db, address, REGISTER_WINDOW_MINUTES, limit)) >= limit) throw new ApiError(429, MSG.registerTooFast);
}

export async function recordRegistration(db: Queryable, address: string, limit: number): Promise<void> {
  if (limit <= 0) return;
  await insertRegistration(db, address);
}

export async function purgeOldRegistrations(db: Queryable): Promise<void> {
  await deleteRegistrationsBefore(db, REGISTER_WINDOW_MINUTES);
}

/**
 * valitedRegister calls an address may make per registration it may complete: room for typos and
 * a taken e-mail or two, while its 409 for a taken e-mail can test only a handful of addresses.
 */
export const REGISTER_CHECKS_PER_REGISTRATION = 4;

/**
 * Counts one valitedRegister call of `address`: REGISTER_CHECKS_PER_REGISTRATION x
 * RATE_LIMIT_REGISTER an hour (0 turns it off, like the registration limit). Returns 0 when the
 * call may go on (it is then recorded), else the seconds until the oldest counted call leaves the
 * hour. Serialised per address across processes, so parallel calls are counted one by one.
 */
export async function takeRegisterCheck(pool: Pool, address: string, registerLimit: number): Promise<number> {
  if (registerLimit <= 0) return 0;
  return withTransaction(pool, (db) => takeRegisterCheckSlot(db, address, REGISTER_WINDOW_MINUTES, registerLimit * REGISTER_CHECKS_PER_REGISTRATION));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The general /api limit's counter (tests flush it to see other processes' counts). */
    rateLimiter: RateLimiter;
  }
}
