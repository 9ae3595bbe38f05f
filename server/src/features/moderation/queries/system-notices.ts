/** The notices the moderators' actions leave a user (docs/api.md "System notices"). */
import type { SystemNotice, SystemNoticeKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { epoch } from '../../../data/epoch';

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
    `SELECT id, kind, text, ${epoch('ctime')} AS ctime, unread FROM system_notices WHERE uid = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
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
