/**
 * SQL of reports, sanctions, the moderation log and system notices (migration 016, issue 17;
 * docs/api.md "Safety (issue 17)").
 */
import type {
  ModAction,
  ModLogEntry,
  ReportedTarget,
  ReportEntry,
  ReportKind,
  ReportReason,
  RuleBroken,
  Sanction,
  SanctionKind,
  SystemNotice,
  SystemNoticeKind,
} from '@xiaoba/shared/core';
import type { Queryable } from './pool';

const EPOCH = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;
const EPOCH0 = (column: string) => `coalesce(${EPOCH(column)}, 0)`;

// ---- targets ------------------------------------------------------------------------------------

/** The author of a reportable item that is still visible (not deleted, not removed), or null. */
export async function visibleTargetAuthor(db: Queryable, kind: ReportKind, id: number): Promise<number | null> {
  const sql: Record<ReportKind, string> = {
    yy: 'SELECT uid FROM yy WHERE weibo_id = $1 AND removed_at IS NULL',
    comment: 'SELECT uid FROM yy_comments WHERE comment_id = $1 AND removed_at IS NULL',
    leave: 'SELECT uid FROM leaves WHERE leave_id = $1 AND removed_at IS NULL',
    leaveReply: 'SELECT uid FROM leave_replies WHERE id = $1 AND removed_at IS NULL',
    user: 'SELECT uid FROM users WHERE uid = $1',
  };
  const { rows } = await db.query<{ uid: number }>(sql[kind], [id]);
  return rows[0]?.uid ?? null;
}

/** The author of an item whatever its state (removed included), or null when it is gone. */
export async function itemAuthor(db: Queryable, kind: Exclude<ReportKind, 'user'>, id: number): Promise<{ uid: number; removed: boolean } | null> {
  const table = { yy: 'yy WHERE weibo_id', comment: 'yy_comments WHERE comment_id', leave: 'leaves WHERE leave_id', leaveReply: 'leave_replies WHERE id' }[
    kind
  ];
  const { rows } = await db.query<{ uid: number; removed: boolean }>(`SELECT uid, removed_at IS NOT NULL AS removed FROM ${table} = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Who wrote a target (the user for 'user'): the item's author, or, for an item its author has
 * since deleted, the author its reports recorded. Null when neither knows it.
 */
export async function targetAuthor(db: Queryable, kind: ReportKind, id: number): Promise<number | null> {
  if (kind === 'user') {
    const { rows } = await db.query<{ uid: number }>('SELECT uid FROM users WHERE uid = $1', [id]);
    return rows[0]?.uid ?? null;
  }
  const item = await itemAuthor(db, kind, id);
  if (item) return item.uid;
  const { rows } = await db.query<{ uid: number }>('SELECT target_uid AS uid FROM reports WHERE target_kind = $1 AND target_id = $2 LIMIT 1', [kind, id]);
  return rows[0]?.uid ?? null;
}

const clip = (s: string, n = 60): string => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s);

interface TargetRow {
  uid: number | null;
  username: string | null;
  content: string | null;
  removed: boolean | null;
  context: string | null;
  /** The yy's author (comment) or the board's owner (leave, reply), for the link. */
  place_uid: number | null;
}

/**
 * What a target is, in its context, as the moderators see it. `authorUid` is the author the report
 * recorded: it names a target that its author has since deleted (`gone`).
 */
export async function describeTarget(db: Queryable, kind: ReportKind, id: number, authorUid: number): Promise<ReportedTarget> {
  const sql: Record<ReportKind, string> = {
    yy: `SELECT y.uid, u.name AS username, y.content, y.removed_at IS NOT NULL AS removed, '' AS context, y.uid AS place_uid
           FROM yy y JOIN users u ON u.uid = y.uid WHERE y.weibo_id = $1`,
    comment: `SELECT c.uid, u.name AS username, c.content, c.removed_at IS NOT NULL AS removed,
                     o.name || '的yy：' || y.content AS context, y.uid AS place_uid
                FROM yy_comments c JOIN users u ON u.uid = c.uid JOIN yy y ON y.weibo_id = c.weibo_id JOIN users o ON o.uid = y.uid
               WHERE c.comment_id = $1`,
    leave: `SELECT l.uid, u.name AS username, l.content, l.removed_at IS NOT NULL AS removed, o.name || '的留言板' AS context, l.fuid AS place_uid
              FROM leaves l JOIN users u ON u.uid = l.uid JOIN users o ON o.uid = l.fuid WHERE l.leave_id = $1`,
    leaveReply: `SELECT r.uid, u.name AS username, r.content, r.removed_at IS NOT NULL AS removed,
                        o.name || '的留言板，回复留言：' || l.content AS context, l.fuid AS place_uid
                   FROM leave_replies r JOIN users u ON u.uid = r.uid JOIN leaves l ON l.leave_id = r.leave_id JOIN users o ON o.uid = l.fuid
                  WHERE r.id = $1`,
    user: `SELECT uid, name AS username, name || E'\\n' || qianming || E'\\n' || qm AS content, false AS removed, name || '的空间' AS context, uid AS place_uid
             FROM users WHERE uid = $1`,
  };
  const { rows } = await db.query<TargetRow>(sql[kind], [id]);
  const row = rows[0];
  if (!row) {
    const { rows: named } = await db.query<{ name: string }>('SELECT name FROM users WHERE uid = $1', [authorUid]);
    return { kind, id, uid: authorUid, username: named[0]?.name ?? '', content: '', context: '', href: `/${authorUid}`, removed: false, gone: true };
  }
  const board = kind === 'leave' || kind === 'leaveReply';
  return {
    kind,
    id,
    uid: row.uid ?? authorUid,
    username: row.username ?? '',
    content: row.content ?? '',
    context: clip(row.context ?? ''),
    href: `/${row.place_uid ?? authorUid}${board ? '/board' : ''}`,
    removed: row.removed === true,
    gone: false,
  };
}

// ---- reports ------------------------------------------------------------------------------------

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

const REPORT_ENTRY = `r.id, r.reporter_uid AS "reporterUid", coalesce(ru.name, '') AS "reporterName", r.reason, r.note, ${EPOCH('r.ctime')} AS ctime`;

export interface OpenGroupKey {
  kind: ReportKind;
  id: number;
  uid: number;
  newest: number;
}

/** The queue's page: targets with open reports, the newest report first. */
export async function openReportGroups(db: Queryable, limit: number, offset: number): Promise<{ total: number; groups: OpenGroupKey[] }> {
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT target_kind, target_id FROM reports WHERE status = 'open') t`,
  );
  const total = counted[0]!.n;
  if (offset >= total) return { total, groups: [] };
  const { rows } = await db.query<OpenGroupKey>(
    `SELECT target_kind AS kind, target_id AS id, max(target_uid) AS uid, ${EPOCH('max(ctime)')} AS newest
       FROM reports WHERE status = 'open'
      GROUP BY target_kind, target_id
      ORDER BY max(ctime) DESC, max(id) DESC
      LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { total, groups: rows };
}

/** The open reports of one target, newest first. */
export async function openReportsOf(db: Queryable, kind: ReportKind, id: number): Promise<ReportEntry[]> {
  const { rows } = await db.query<ReportEntry>(
    `SELECT ${REPORT_ENTRY} FROM reports r LEFT JOIN users ru ON ru.uid = r.reporter_uid
      WHERE r.status = 'open' AND r.target_kind = $1 AND r.target_id = $2 ORDER BY r.ctime DESC, r.id DESC`,
    [kind, id],
  );
  return rows;
}

/** Every report against a user (open and handled), newest first, at most `limit`. */
export async function reportsAgainst(
  db: Queryable,
  uid: number,
  limit: number,
): Promise<Array<ReportEntry & { kind: ReportKind; targetId: number; status: 'open' | 'dismissed' | 'actioned' }>> {
  const { rows } = await db.query<ReportEntry & { kind: ReportKind; targetId: number; status: 'open' | 'dismissed' | 'actioned' }>(
    `SELECT ${REPORT_ENTRY}, r.target_kind AS kind, r.target_id AS "targetId", r.status
       FROM reports r LEFT JOIN users ru ON ru.uid = r.reporter_uid
      WHERE r.target_uid = $1 ORDER BY r.ctime DESC, r.id DESC LIMIT $2`,
    [uid, limit],
  );
  return rows;
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

// ---- removed items of a user --------------------------------------------------------------------

/** A user's items removed by moderators, newest removal first, at most `limit`. */
export async function removedItemsOf(db: Queryable, uid: number, limit: number): Promise<Array<{ kind: Exclude<ReportKind, 'user'>; id: number }>> {
  const { rows } = await db.query<{ kind: Exclude<ReportKind, 'user'>; id: number }>(
    `SELECT kind, id FROM (
       SELECT 'yy' AS kind, weibo_id AS id, removed_at FROM yy WHERE uid = $1 AND removed_at IS NOT NULL
       UNION ALL SELECT 'comment', comment_id, removed_at FROM yy_comments WHERE uid = $1 AND removed_at IS NOT NULL
       UNION ALL SELECT 'leave', leave_id, removed_at FROM leaves WHERE uid = $1 AND removed_at IS NOT NULL
       UNION ALL SELECT 'leaveReply', id, removed_at FROM leave_replies WHERE uid = $1 AND removed_at IS NOT NULL
     ) t ORDER BY removed_at DESC, id DESC LIMIT $2`,
    [uid, limit],
  );
  return rows;
}

// ---- sanctions ----------------------------------------------------------------------------------

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
     RETURNING id, ${EPOCH0('until')} AS until`,
    [s.uid, s.kind, s.rule, s.reason, s.byUid, s.days ?? null, s.item?.kind ?? null, s.item?.id ?? null],
  );
  return rows[0]!;
}

export async function sanctionsOf(db: Queryable, uid: number): Promise<Sanction[]> {
  const { rows } = await db.query<Sanction>(
    `SELECT s.id, s.kind, s.rule, s.reason, ${EPOCH0('s.until')} AS until, ${EPOCH('s.ctime')} AS ctime,
            coalesce(s.by_uid, 0) AS "byUid", coalesce(b.name, '') AS "byName", ${EPOCH0('s.lifted_at')} AS "liftedAt"
       FROM sanctions s LEFT JOIN users b ON b.uid = s.by_uid
      WHERE s.uid = $1 ORDER BY s.ctime DESC, s.id DESC`,
    [uid],
  );
  return rows;
}

/** A freeze or ban by id, locked for lifting. */
export async function findSanctionForUpdate(
  db: Queryable,
  id: number,
): Promise<{ id: number; uid: number; kind: SanctionKind; liftedAt: number; until: number } | null> {
  const { rows } = await db.query<{ id: number; uid: number; kind: SanctionKind; liftedAt: number; until: number }>(
    `SELECT id, uid, kind, ${EPOCH0('lifted_at')} AS "liftedAt", ${EPOCH0('until')} AS until FROM sanctions WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markSanctionLifted(db: Queryable, id: number, byUid: number): Promise<void> {
  await db.query('UPDATE sanctions SET lifted_at = now(), lifted_by = $2 WHERE id = $1', [id, byUid]);
}

/**
 * Writes the standing columns of `users` (what auth/standing.ts reads on every call) from the
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

// ---- the moderation log -------------------------------------------------------------------------

export async function appendLog(
  db: Queryable,
  e: { moderatorUid: number; action: ModAction; targetUid: number; kind?: ReportKind | ''; itemId?: number; reason: string },
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

export async function logPage(db: Queryable, limit: number, offset: number): Promise<{ total: number; records: ModLogEntry[] }> {
  const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM moderation_log');
  const total = counted[0]!.n;
  if (offset >= total) return { total, records: [] };
  const { rows } = await db.query<ModLogEntry>(
    `SELECT l.id, l.moderator_uid AS "moderatorUid", coalesce(m.name, '') AS "moderatorName", l.action,
            l.target_uid AS "targetUid", coalesce(t.name, '') AS "targetName", l.item_kind AS kind, l.item_id AS "itemId",
            l.reason, ${EPOCH('l.ctime')} AS ctime
       FROM moderation_log l LEFT JOIN users m ON m.uid = l.moderator_uid LEFT JOIN users t ON t.uid = l.target_uid
      ORDER BY l.ctime DESC, l.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { total, records: rows };
}

// ---- system notices -----------------------------------------------------------------------------

export async function addSystemNotice(db: Queryable, uid: number, kind: SystemNoticeKind, text: string): Promise<void> {
  await db.query('INSERT INTO system_notices (uid, kind, text) VALUES ($1, $2, $3)', [uid, kind, text]);
}

export async function systemNoticePage(
  db: Queryable,
  uid: number,
  limit: number,
  offset: number,
): Promise<{ total: number; unread: number; records: SystemNotice[] }> {
  const { rows: counted } = await db.query<{ total: number; unread: number }>(
    'SELECT count(*)::int AS total, (count(*) FILTER (WHERE unread))::int AS unread FROM system_notices WHERE uid = $1',
    [uid],
  );
  const { total, unread } = counted[0]!;
  if (offset >= total) return { total, unread, records: [] };
  const { rows } = await db.query<SystemNotice>(
    `SELECT id, kind, text, ${EPOCH('ctime')} AS ctime, unread FROM system_notices WHERE uid = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [uid, limit, offset],
  );
  return { total, unread, records: rows };
}

/**
 * Marks the caller's notices read (POST /api/notice/system/read): those up to `upTo` (the newest the
 * page showed), so one written meanwhile stays unread; all of them without it.
 */
export async function markSystemNoticesRead(db: Queryable, uid: number, upTo: number | null): Promise<void> {
  await db.query('UPDATE system_notices SET unread = false WHERE uid = $1 AND unread AND ($2::bigint IS NULL OR id <= $2)', [uid, upTo]);
}
