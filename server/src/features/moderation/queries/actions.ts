/**
 * The SQL of the moderators' actions, each run in the action's transaction: closing reports,
 * sanctions and the standing they set, and the append-only audit log.
 */
import type { ModLogAction, ReportKind, RuleBroken, SanctionKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { epoch0 } from '../../../data/epoch';

/** The author recorded by an open report of the target, or null when it has none open. */
export async function openReportAuthor(db: Queryable, kind: ReportKind, id: number): Promise<number | null> {
  const { rows } = await db.query<{ target_uid: number }>(
    `SELECT target_uid FROM reports WHERE status = 'open' AND target_kind = $1 AND target_id = $2 LIMIT 1`,
    [kind, id],
  );
  return rows[0]?.target_uid ?? null;
}

/**
 * Closes a target's open reports with the outcome; returns the reporters to tell. FOR UPDATE
 * through UPDATE: two moderators acting at once tell each reporter once.
 */
export async function closeReports(
  db: Queryable,
  kind: ReportKind,
  id: number,
  status: 'dismissed' | 'actioned',
  byUid: number,
  outcome: string,
): Promise<number[]> {
  const { rows } = await db.query<{ reporter_uid: number }>(
    `UPDATE reports SET status = $3, handled_by = $4, handled_at = now(), outcome = $5
      WHERE status = 'open' AND target_kind = $1 AND target_id = $2 RETURNING reporter_uid`,
    [kind, id, status, byUid, outcome],
  );
  return rows.map((r) => r.reporter_uid);
}

export async function insertSanction(
  db: Queryable,
  s: {
    uid: number;
    kind: SanctionKind;
    rule: RuleBroken | '';
    reason: string;
    byUid: number;
    days?: number;
    item?: { kind: Exclude<ReportKind, 'user'>; id: number };
  },
): Promise<{ id: number; until: number }> {
  const { rows } = await db.query<{ id: number; until: number }>(
    `INSERT INTO sanctions (uid, kind, rule, reason, by_uid, until, item_kind, item_id)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(days => $6::int) END, $7, $8)
     RETURNING id, ${epoch0('until')} AS until`,
    [s.uid, s.kind, s.rule, s.reason, s.byUid, s.days ?? null, s.item?.kind ?? null, s.item?.id ?? null],
  );
  return rows[0]!;
}

/** A freeze or ban by id, locked for lifting. */
export async function findSanctionForUpdate(
  db: Queryable,
  id: number,
): Promise<{ id: number; uid: number; kind: SanctionKind; liftedAt: number; until: number } | null> {
  const { rows } = await db.query<{ id: number; uid: number; kind: SanctionKind; liftedAt: number; until: number }>(
    `SELECT id, uid, kind, ${epoch0('lifted_at')} AS "liftedAt", ${epoch0('until')} AS until FROM sanctions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markSanctionLifted(db: Queryable, id: number, byUid: number): Promise<void> {
  await db.query('UPDATE sanctions SET lifted_at = now(), lifted_by = $2 WHERE id = $1', [id, byUid]);
}

/**
 * Writes the standing columns of `users` (what api/auth/standing.ts reads on every call) from the
 * sanctions in force: the freeze ending last that is not lifted, the newest ban not lifted. So a
 * shorter freeze never shortens a longer one, and lifting one leaves another in force.
 */
export async function recomputeStanding(db: Queryable, uid: number): Promise<void> {
  await db.query(
    `UPDATE users u SET frozen_until = f.until, frozen_reason = coalesce(f.reason, ''), banned_at = b.ctime, ban_reason = coalesce(b.reason, '')
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT until, reason FROM sanctions
                           WHERE uid = $1 AND kind = 'freeze' AND lifted_at IS NULL AND until > now() ORDER BY until DESC LIMIT 1) f ON true
       LEFT JOIN LATERAL (SELECT ctime, reason FROM sanctions
                           WHERE uid = $1 AND kind = 'ban' AND lifted_at IS NULL ORDER BY ctime DESC LIMIT 1) b ON true
      WHERE u.uid = $1`,
    [uid],
  );
}

/** The user as a moderator acts on them (locked: two moderators acting on one user take turns). */
export async function lockUserForModeration(db: Queryable, uid: number): Promise<{ uid: number; name: string; role: 'user' | 'moderator' } | null> {
  const { rows } = await db.query<{ uid: number; name: string; role: 'user' | 'moderator' }>('SELECT uid, name, role FROM users WHERE uid = $1 FOR UPDATE', [
    uid,
  ]);
  return rows[0] ?? null;
}

export async function appendLog(
  db: Queryable,
  e: { moderatorUid: number; action: ModLogAction; targetUid: number; kind?: ReportKind | ''; itemId?: number; reason: string },
): Promise<void> {
  await db.query(`INSERT INTO moderation_log (moderator_uid, action, target_uid, item_kind, item_id, reason) VALUES ($1, $2, $3, $4, $5, $6)`, [
    e.moderatorUid,
    e.action,
    e.targetUid,
    e.kind ?? '',
    e.itemId ?? 0,
    e.reason,
  ]);
}
