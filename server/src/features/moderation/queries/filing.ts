/** Reports as users file them: one per reporter and target, at most LIMIT_REPORTS an hour. */
import type { ReportKind, ReportReason } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';

export { visibleTargetAuthor } from './targets';

/** Files a report; false when this reporter already reported this target (nothing new). */
export async function insertReport(
  db: Queryable,
  r: { reporterUid: number; kind: ReportKind; id: number; targetUid: number; reason: ReportReason; note: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO reports (reporter_uid, target_kind, target_id, target_uid, reason, note) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (reporter_uid, target_kind, target_id) DO NOTHING`,
    [r.reporterUid, r.kind, r.id, r.targetUid, r.reason, r.note],
  );
  return (rowCount ?? 0) > 0;
}

export async function reportExists(db: Queryable, reporterUid: number, kind: ReportKind, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM reports WHERE reporter_uid = $1 AND target_kind = $2 AND target_id = $3', [reporterUid, kind, id]);
  return (rowCount ?? 0) > 0;
}

/** Reports the user filed within the last hour (the LIMIT_REPORTS window). */
export async function reportsInLastHour(db: Queryable, reporterUid: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports WHERE reporter_uid = $1 AND ctime > now() - interval '1 hour'`, [
    reporterUid,
  ]);
  return rows[0]!.n;
}

/** Serialises one reporter's reports across processes, so the hourly limit cannot be raced. */
export async function lockReporter(db: Queryable, uid: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(17, $1::int)', [uid % 2_147_483_647]);
}
