/**
 * What a report names (a yy, comment, board message, reply or space): its author, and its
 * description in context as the moderators see it. The description is a LATERAL subquery, so a
 * page of the queue or of a user describes all its targets in the statement that reads the page.
 */
import { diaryPath, type ReportedTarget, type ReportKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';

/**
 * The author of a reportable item that is still visible (not deleted, not removed) to `reporter`,
 * or null. A 小纸条 is reported by its reader only: to anyone else it is not there.
 */
export async function visibleTargetAuthor(db: Queryable, kind: ReportKind, id: number, reporter: number): Promise<number | null> {
  const sql: Record<ReportKind, string> = {
    yy: 'SELECT uid FROM yy WHERE weibo_id = $1 AND removed_at IS NULL',
    comment: 'SELECT uid FROM yy_comments WHERE comment_id = $1 AND removed_at IS NULL',
    leave: 'SELECT uid FROM leaves WHERE leave_id = $1 AND removed_at IS NULL',
    leaveReply: 'SELECT uid FROM leave_replies WHERE id = $1 AND removed_at IS NULL',
    user: 'SELECT uid FROM users WHERE uid = $1',
    scrip: 'SELECT from_uid AS uid FROM scrips WHERE id = $1 AND removed_at IS NULL AND to_uid = $2',
    // A 日志 entry or its comment: only one the reporter may see (visible_diaries).
    diary: 'SELECT d.uid FROM visible_diaries($2, (SELECT x.uid FROM diaries x WHERE x.diary_id = $1)) d WHERE d.diary_id = $1',
    diary_comment: `SELECT c.uid FROM diary_comments c JOIN visible_diaries($2, (SELECT x.uid FROM diaries x WHERE x.diary_id = c.diary_id)) d ON d.diary_id = c.diary_id
                    WHERE c.comment_id = $1 AND c.removed_at IS NULL`,
  };
  const byReporter = kind === 'scrip' || kind === 'diary' || kind === 'diary_comment';
  const { rows } = await db.query<{ uid: number }>(sql[kind], byReporter ? [id, reporter] : [id]);
  return rows[0]?.uid ?? null;
}

/**
 * The author of an item whatever its state (removed included), or null when it is gone. A 小纸条
 * only once reported: the moderators act on, and see, no other note.
 */
export async function itemAuthor(db: Queryable, kind: Exclude<ReportKind, 'user'>, id: number): Promise<{ uid: number; removed: boolean } | null> {
  const sql: Record<Exclude<ReportKind, 'user'>, string> = {
    yy: 'SELECT uid, removed_at IS NOT NULL AS removed FROM yy WHERE weibo_id = $1',
    comment: 'SELECT uid, removed_at IS NOT NULL AS removed FROM yy_comments WHERE comment_id = $1',
    leave: 'SELECT uid, removed_at IS NOT NULL AS removed FROM leaves WHERE leave_id = $1',
    leaveReply: 'SELECT uid, removed_at IS NOT NULL AS removed FROM leave_replies WHERE id = $1',
    scrip: `SELECT from_uid AS uid, removed_at IS NOT NULL AS removed FROM scrips s
             WHERE s.id = $1 AND EXISTS (SELECT 1 FROM reports r WHERE r.target_kind = 'scrip' AND r.target_id = s.id)`,
    diary: 'SELECT uid, removed_at IS NOT NULL AS removed FROM diaries WHERE diary_id = $1',
    diary_comment: 'SELECT uid, removed_at IS NOT NULL AS removed FROM diary_comments WHERE comment_id = $1',
  };
  const { rows } = await db.query<{ uid: number; removed: boolean }>(sql[kind], [id]);
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

/** The columns `targetDescription` adds to a row, prefixed `t_`; null ones when the item is gone. */
export interface TargetColumns {
  t_uid: number | null;
  t_username: string | null;
  t_content: string | null;
  t_removed: boolean | null;
  t_context: string | null;
  /** The yy's author (comment) or the board's owner (leave, reply), for the link. */
  t_place_uid: number | null;
  /** The name of the author the report recorded: it names a target its author has since deleted. */
  t_author_name: string | null;
  /** The 日志 entry of a `diary` or `diary_comment` target, for the link. */
  t_diary_id?: number | null;
}

/**
 * SQL joins describing the target whose kind, id and recorded author are the SQL expressions given
 * (columns of a row before them): `LEFT JOIN LATERAL` one row at most, the columns of TargetColumns.
 */
export function targetDescription(kind: string, id: string, authorUid: string): string {
  return `LEFT JOIN LATERAL (
      SELECT ty.uid, tu.name AS username, ty.content, ty.removed_at IS NOT NULL AS removed, '' AS context, ty.uid AS place_uid
        FROM yy ty JOIN users tu ON tu.uid = ty.uid WHERE ${kind} = 'yy' AND ty.weibo_id = ${id}
      UNION ALL
      SELECT tc.uid, tu.name, tc.content, tc.removed_at IS NOT NULL, towner.name || '的yy：' || ty.content, ty.uid
        FROM yy_comments tc JOIN users tu ON tu.uid = tc.uid JOIN yy ty ON ty.weibo_id = tc.weibo_id JOIN users towner ON towner.uid = ty.uid
       WHERE ${kind} = 'comment' AND tc.comment_id = ${id}
      UNION ALL
      SELECT tl.uid, tu.name, tl.content, tl.removed_at IS NOT NULL, towner.name || '的留言板', tl.fuid
        FROM leaves tl JOIN users tu ON tu.uid = tl.uid JOIN users towner ON towner.uid = tl.fuid WHERE ${kind} = 'leave' AND tl.leave_id = ${id}
      UNION ALL
      SELECT trep.uid, tu.name, trep.content, trep.removed_at IS NOT NULL, towner.name || '的留言板，回复留言：' || tl.content, tl.fuid
        FROM leave_replies trep JOIN users tu ON tu.uid = trep.uid JOIN leaves tl ON tl.leave_id = trep.leave_id JOIN users towner ON towner.uid = tl.fuid
       WHERE ${kind} = 'leaveReply' AND trep.id = ${id}
      UNION ALL
      SELECT ts.uid, ts.name, ts.name || E'\\n' || ts.qianming || E'\\n' || ts.qm, false, ts.name || '的空间', ts.uid
        FROM users ts WHERE ${kind} = 'user' AND ts.uid = ${id}
      UNION ALL
      SELECT tn.from_uid, tu.name, tn.content, tn.removed_at IS NOT NULL, '写给' || treader.name || '的小纸条', tn.from_uid
        FROM scrips tn JOIN users tu ON tu.uid = tn.from_uid JOIN users treader ON treader.uid = tn.to_uid
       WHERE ${kind} = 'scrip' AND tn.id = ${id}
      UNION ALL
      SELECT td.uid, tu.name, td.title || E'\n' || td.content, td.removed_at IS NOT NULL, tu.name || '的日志', td.uid
        FROM diaries td JOIN users tu ON tu.uid = td.uid WHERE ${kind} = 'diary' AND td.diary_id = ${id}
      UNION ALL
      SELECT tdc.uid, tu.name, tdc.content, tdc.removed_at IS NOT NULL, towner.name || '的日志：' || td.title, td.uid
        FROM diary_comments tdc JOIN users tu ON tu.uid = tdc.uid JOIN diaries td ON td.diary_id = tdc.diary_id JOIN users towner ON towner.uid = td.uid
       WHERE ${kind} = 'diary_comment' AND tdc.comment_id = ${id}
    ) t (t_uid, t_username, t_content, t_removed, t_context, t_place_uid) ON true
    LEFT JOIN LATERAL (
      SELECT ${id} AS t_diary_id WHERE ${kind} = 'diary'
      UNION ALL SELECT tdc.diary_id FROM diary_comments tdc WHERE ${kind} = 'diary_comment' AND tdc.comment_id = ${id}
    ) tdiary ON true
    LEFT JOIN LATERAL (SELECT ta.name AS t_author_name FROM users ta WHERE ta.uid = ${authorUid}) ta ON true`;
}

const clip = (s: string, n = 60): string => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s);

/** A target as the moderators see it, from its key, the author its reports recorded and its described columns. */
export function toTarget(kind: ReportKind, id: number, authorUid: number, row: TargetColumns): ReportedTarget {
  if (row.t_removed === null) {
    return { kind, id, uid: authorUid, username: row.t_author_name ?? '', content: '', context: '', href: `/${authorUid}`, removed: false, gone: true };
  }
  const board = kind === 'leave' || kind === 'leaveReply';
  const place = row.t_place_uid ?? authorUid;
  return {
    kind,
    id,
    uid: row.t_uid ?? authorUid,
    username: row.t_username ?? '',
    content: row.t_content ?? '',
    context: clip(row.t_context ?? ''),
    href: row.t_diary_id ? diaryPath(place, row.t_diary_id) : `/${place}${board ? '/board' : ''}`,
    removed: row.t_removed === true,
    gone: false,
  };
}
