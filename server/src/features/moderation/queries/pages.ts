/**
 * The moderators' pages: the report queue, a user's record and the audit log. Each list is read in
 * one statement with what it shows of each item (the targets in context, the reporters' names), so
 * a page costs a round trip per list, never one per row.
 */
import type { ModLogEntry, ModUserPage, ReportEntry, ReportGroup, ReportKind, Sanction } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { epoch, epoch0 } from '../../../data/epoch';
import { targetDescription, toTarget, type TargetColumns } from './targets';

const REPORT_ENTRY = `r.id, r.reporter_uid AS "reporterUid", coalesce(ru.name, '') AS "reporterName", r.reason, r.note, ${epoch('r.ctime')} AS ctime`;

type QueueRow = TargetColumns & { total: number; kind: ReportKind | null; id: number; uid: number; newest: number; reports: ReportEntry[] };

/**
 * A page of the queue: targets with open reports, the newest report first, each described in
 * context with its open reports (newest first), and how many targets the queue holds. One statement.
 */
export async function reportQueuePage(db: Queryable, limit: number, offset: number): Promise<{ total: number; groups: ReportGroup[] }> {
  const { rows } = await db.query<QueueRow>(
    `WITH open_targets AS (
       SELECT target_kind AS kind, target_id AS id, max(target_uid) AS uid, max(ctime) AS newest_at, max(id) AS newest_id
         FROM reports WHERE status = 'open' GROUP BY target_kind, target_id
     ), page AS (
       SELECT * FROM open_targets ORDER BY newest_at DESC, newest_id DESC LIMIT $1 OFFSET $2
     )
     SELECT counted.total, p.kind, p.id, p.uid, ${epoch('p.newest_at')} AS newest, t.*, ta.*, tdiary.*, open_reports.reports
       FROM (SELECT count(*)::int AS total FROM open_targets) counted
       LEFT JOIN page p ON true
       ${targetDescription('p.kind', 'p.id', 'p.uid')}
       LEFT JOIN LATERAL (
         SELECT coalesce(json_agg(json_build_object(
                  'id', r.id, 'reporterUid', r.reporter_uid, 'reporterName', coalesce(ru.name, ''), 'reason', r.reason, 'note', r.note,
                  'ctime', ${epoch('r.ctime')}) ORDER BY r.ctime DESC, r.id DESC), '[]') AS reports
           FROM reports r LEFT JOIN users ru ON ru.uid = r.reporter_uid
          WHERE r.status = 'open' AND r.target_kind = p.kind AND r.target_id = p.id
       ) open_reports ON true
      ORDER BY p.newest_at DESC, p.newest_id DESC`,
    [limit, offset],
  );
  // Past the last page the one row holds only the count.
  const total = rows[0]?.total ?? 0;
  const groups = rows
    .filter((row): row is QueueRow & { kind: ReportKind } => row.kind !== null)
    .map((row) => ({ target: toTarget(row.kind, row.id, row.uid, row), reports: row.reports, newest: row.newest }));
  return { total, groups };
}

/** The user as the moderators see them, or null when there is none. */
export async function moderatedUser(db: Queryable, uid: number): Promise<ModUserPage['user'] | null> {
  const { rows } = await db.query<ModUserPage['user']>(
    `SELECT uid, name, face, avatar, role,
            CASE WHEN frozen_until > now() THEN ${epoch('frozen_until')} ELSE 0 END AS "frozenUntil",
            ${epoch0('banned_at')} AS "bannedAt", ban_reason AS "banReason"
       FROM users WHERE uid = $1`,
    [uid],
  );
  return rows[0] ?? null;
}

type AgainstRow = TargetColumns & ReportEntry & { kind: ReportKind; targetId: number; status: 'open' | 'dismissed' | 'actioned' };

/** Every report against a user (open and handled), newest first, at most `limit`, each with its target described. */
export async function reportsAgainst(db: Queryable, uid: number, limit: number): Promise<ModUserPage['reports']> {
  const { rows } = await db.query<AgainstRow>(
    `SELECT ${REPORT_ENTRY}, r.target_kind AS kind, r.target_id AS "targetId", r.status, t.*, ta.*, tdiary.*
       FROM (SELECT * FROM reports WHERE target_uid = $1 ORDER BY ctime DESC, id DESC LIMIT $2) r
       LEFT JOIN users ru ON ru.uid = r.reporter_uid
       ${targetDescription('r.target_kind', 'r.target_id', '$1')}
      ORDER BY r.ctime DESC, r.id DESC`,
    [uid, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    reporterUid: row.reporterUid,
    reporterName: row.reporterName,
    reason: row.reason,
    note: row.note,
    ctime: row.ctime,
    target: toTarget(row.kind, row.targetId, uid, row),
    status: row.status,
  }));
}

type RemovedRow = TargetColumns & { kind: Exclude<ReportKind, 'user'>; id: number };

/** A user's items removed by moderators, newest removal first, at most `limit`, each described. */
export async function removedItemsOf(db: Queryable, uid: number, limit: number): Promise<ModUserPage['removed']> {
  const { rows } = await db.query<RemovedRow>(
    `SELECT i.kind, i.id, t.*, ta.*, tdiary.*
       FROM (SELECT kind, id, removed_at FROM (
               SELECT 'yy' AS kind, weibo_id AS id, removed_at FROM yy WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'comment', comment_id, removed_at FROM yy_comments WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'leave', leave_id, removed_at FROM leaves WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'leaveReply', id, removed_at FROM leave_replies WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'scrip', id, removed_at FROM scrips WHERE from_uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'diary', diary_id, removed_at FROM diaries WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'diary_comment', comment_id, removed_at FROM diary_comments WHERE uid = $1 AND removed_at IS NOT NULL
               UNION ALL SELECT 'photo', photo_id, removed_at FROM album_photos WHERE uid = $1 AND removed_at IS NOT NULL
             ) removed ORDER BY removed_at DESC, id DESC LIMIT $2) i
       ${targetDescription('i.kind', 'i.id', '$1')}
      ORDER BY i.removed_at DESC, i.id DESC`,
    [uid, limit],
  );
  return rows.map((row) => toTarget(row.kind, row.id, uid, row));
}

export async function sanctionsOf(db: Queryable, uid: number): Promise<Sanction[]> {
  const { rows } = await db.query<Sanction>(
    `SELECT s.id, s.kind, s.rule, s.reason, ${epoch0('s.until')} AS until, ${epoch('s.ctime')} AS ctime,
            coalesce(s.by_uid, 0) AS "byUid", coalesce(b.name, '') AS "byName", ${epoch0('s.lifted_at')} AS "liftedAt"
       FROM sanctions s LEFT JOIN users b ON b.uid = s.by_uid
      WHERE s.uid = $1 ORDER BY s.ctime DESC, s.id DESC`,
    [uid],
  );
  return rows;
}

export async function logPage(db: Queryable, limit: number, offset: number): Promise<{ total: number; records: ModLogEntry[] }> {
  const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM moderation_log');
  const total = counted[0]!.n;
  if (offset >= total) return { total, records: [] };
  const { rows } = await db.query<ModLogEntry>(
    `SELECT l.id, l.moderator_uid AS "moderatorUid", coalesce(m.name, '') AS "moderatorName", l.action,
            l.target_uid AS "targetUid", coalesce(t.name, '') AS "targetName", l.item_kind AS kind, l.item_id AS "itemId",
            l.reason, ${epoch('l.ctime')} AS ctime
       FROM moderation_log l LEFT JOIN users m ON m.uid = l.moderator_uid LEFT JOIN users t ON t.uid = l.target_uid
      ORDER BY l.ctime DESC, l.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { total, records: rows };
}
