/**
 * A user's standing (docs/api.md "Safety" → "Sanctions"): their role and the
 * freeze or ban in force, read from the columns of `users` that migration 016 added (the
 * `sanctions` table is the history; these columns its current effect).
 */
import { SANCTION_MSG, type UserInfo, type UserRole } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';

export interface UserStanding {
  role: UserRole;
  /** Unix seconds the freeze ends; 0 when not frozen (a freeze that has ended reads as 0). */
  frozenUntil: number;
  frozenReason: string;
  /** Unix seconds of the ban; 0 when not banned. */
  bannedAt: number;
  banReason: string;
}

/** One indexed read by primary key; null when there is no such user. */
export async function readStanding(db: Queryable, uid: number): Promise<UserStanding | null> {
  const { rows } = await db.query<UserStanding>({
    name: 'user-standing',
    text: `SELECT role,
                  CASE WHEN frozen_until > now() THEN floor(extract(epoch FROM frozen_until))::bigint ELSE 0 END AS "frozenUntil",
                  frozen_reason AS "frozenReason",
                  coalesce(floor(extract(epoch FROM banned_at))::bigint, 0) AS "bannedAt",
                  ban_reason AS "banReason"
             FROM users WHERE uid = $1`,
    values: [uid],
  });
  return rows[0] ?? null;
}

/** The freeze's end as users read it: the day in China time (UTC+8, no daylight saving). */
export function chinaDate(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 10);
}

export const frozenMessage = (s: UserStanding): string => SANCTION_MSG.frozen(chinaDate(s.frozenUntil), s.frozenReason);
export const bannedMessage = (s: UserStanding): string => SANCTION_MSG.banned(s.banReason);

/** UserInfo with the standing the pages need (role, frozenUntil). */
export function withStanding<T extends UserInfo>(info: T, standing: UserStanding | null): T {
  return { ...info, role: standing?.role ?? 'user', frozenUntil: standing?.frozenUntil ?? 0 };
}

/** Ends every session of a user at once (a ban): their refresh tokens stop working. */
export async function revokeAllSessions(db: Queryable, uid: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE uid = $1 AND revoked_at IS NULL', [uid]);
}

/** How long a process trusts a standing it read: a ban or freeze from another process shows within this. */
export const STANDING_CACHE_MS = 5_000;
/** Past this many users the cache starts afresh (a bound on memory, not an LRU: a refill is one query each). */
const STANDING_CACHE_MAX = 50_000;

/**
 * The per-process cache of standings the sanctions hook reads on every signed-in call. A moderator's
 * action in this process drops the entry at once (`forget`); other processes see it within
 * STANDING_CACHE_MS. Concurrent misses for one user share one query.
 */
export class StandingCache {
  private readonly entries = new Map<number, { at: number; standing: Promise<UserStanding | null> }>();

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = STANDING_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(uid: number): Promise<UserStanding | null> {
    const t = this.now();
    const hit = this.entries.get(uid);
    if (hit && t - hit.at < this.ttlMs) return hit.standing;
    if (this.entries.size >= STANDING_CACHE_MAX) this.entries.clear();
    const standing = readStanding(this.db, uid);
    this.entries.set(uid, { at: t, standing });
    // A failed read is not kept: the next call asks again.
    standing.catch(() => this.entries.delete(uid));
    return standing;
  }

  forget(uid: number): void {
    this.entries.delete(uid);
  }
}
