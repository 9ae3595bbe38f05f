/**
 * Removing content (migration 015; docs/api.md "Removed content and what a blocker sees"): a
 * moderator hides a yy, comment, board message, reply, 小纸条, 日志 entry or its comment everywhere without deleting it, so a
 * mistake can be undone until an operator purges it.
 *
 * CONTRACT for the moderation routes:
 * - `removeItem(db, kind, id, byUid, reason)` sets `removed_at`, `removed_by`, `removed_reason` on
 *   a visible item and takes it off the counters every read shows: a yy off its author's
 *   `users.yy_count` and `site_counters['yy']`, a comment off its yy's `comment_count`, a board
 *   message off the board owner's `users.leave_count` (a reply has no counter), a 小纸条 off both
 *   users' conversations (`scrip_threads`: newest note, note and unread counts). A message's
 *   replies, a yy's comments and the notices of a comment are left as they are: they are hidden
 *   with what they hang on (reads join through it), and come back with it.
 * - `restoreItem(db, kind, id)` clears the three columns of a removed item and puts it back on
 *   the same counters.
 * - Both answer `null` when there is no such item (or it was deleted), otherwise its author's uid
 *   and whether anything changed: removing a removed item, or restoring a visible one, is a no-op
 *   (`changed: false`, counters untouched), so a repeated moderator action is harmless.
 * - Call them inside the transaction that also writes the moderation log and the sanction
 *   (withTransaction's client): the row is locked before the counter it changes, in the order
 *   deleting takes them (a comment's yy first, then the comment), so it waits for, and never
 *   deadlocks with, a deletion or a new comment.
 * - Reads never see removed rows: the yy, comments, board, notices and hot topics queries and the export
 *   (features/export/data.ts) filter on `removed_at IS NULL`; the author cannot delete a removed item
 *   (it is "not found" to them), so the counters never lose it twice.
 */
import type { ReportKind } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { refreshScripNote } from '../../scrip';

/** What a moderator can remove: every reportable kind but a user. */
export type RemovableKind = Exclude<ReportKind, 'user'>;

export const REMOVABLE_KINDS: readonly RemovableKind[] = ['yy', 'comment', 'leave', 'leaveReply', 'scrip', 'diary', 'diary_comment'];

export interface RemovalResult {
  /** The item's author. */
  uid: number;
  /** False when the item was already in the asked state (nothing written). */
  changed: boolean;
}

/** Table, key and author's column of each kind. */
const TABLES: Record<RemovableKind, { table: string; key: string; author: string }> = {
  yy: { table: 'yy', key: 'weibo_id', author: 'uid' },
  comment: { table: 'yy_comments', key: 'comment_id', author: 'uid' },
  leave: { table: 'leaves', key: 'leave_id', author: 'uid' },
  leaveReply: { table: 'leave_replies', key: 'id', author: 'uid' },
  scrip: { table: 'scrips', key: 'id', author: 'from_uid' },
  diary: { table: 'diaries', key: 'diary_id', author: 'uid' },
  diary_comment: { table: 'diary_comments', key: 'comment_id', author: 'uid' },
};

/**
 * Locks the item's row (and first the row its counter lives on, for a comment: its yy, like a
 * deletion) and answers its author and whether it is removed now; null when there is none.
 */
async function lockItem(db: Queryable, kind: RemovableKind, id: number): Promise<{ uid: number; removed: boolean } | null> {
  if (kind === 'comment') {
    // The yy row first: the order findCommentKey (a deletion) and countComment take them in.
    await db.query('SELECT 1 FROM yy WHERE weibo_id = (SELECT weibo_id FROM yy_comments WHERE comment_id = $1) FOR UPDATE', [id]);
  }
  if (kind === 'diary_comment') {
    // The entry's row first, like a diary comment's deletion.
    await db.query('SELECT 1 FROM diaries WHERE diary_id = (SELECT diary_id FROM diary_comments WHERE comment_id = $1) FOR UPDATE', [id]);
  }
  const { table, key, author } = TABLES[kind];
  const { rows } = await db.query<{ uid: number; removed: boolean }>(
    `SELECT ${author} AS uid, removed_at IS NOT NULL AS removed FROM ${table} WHERE ${key} = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Moves the counters the item is on by `delta` (-1 on removal, +1 on restore). */
async function moveCounters(db: Queryable, kind: RemovableKind, id: number, delta: 1 | -1): Promise<void> {
  switch (kind) {
    case 'yy':
      await db.query('UPDATE users SET yy_count = yy_count + $2 WHERE uid = (SELECT uid FROM yy WHERE weibo_id = $1)', [id, delta]);
      await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [delta]);
      break;
    case 'comment':
      await db.query('UPDATE yy SET comment_count = comment_count + $2 WHERE weibo_id = (SELECT weibo_id FROM yy_comments WHERE comment_id = $1)', [id, delta]);
      break;
    case 'leave':
      await db.query('UPDATE users SET leave_count = leave_count + $2 WHERE uid = (SELECT fuid FROM leaves WHERE leave_id = $1)', [id, delta]);
      break;
    case 'leaveReply':
      break;
    case 'scrip':
      // Both users' conversations: their newest note, note and unread counts (after the row changed).
      await refreshScripNote(db, id);
      break;
    case 'diary':
      break;
    case 'diary_comment':
      await db.query('UPDATE diaries SET comment_count = comment_count + $2 WHERE diary_id = (SELECT diary_id FROM diary_comments WHERE comment_id = $1)', [
        id,
        delta,
      ]);
      break;
  }
}

/**
 * Hides a visible item everywhere and takes it off its counters (see the contract above). `reason`
 * is what the author's notice says; `byUid` the moderator.
 */
export async function removeItem(db: Queryable, kind: RemovableKind, id: number, byUid: number, reason: string): Promise<RemovalResult | null> {
  const item = await lockItem(db, kind, id);
  if (!item) return null;
  if (item.removed) return { uid: item.uid, changed: false };
  const { table, key } = TABLES[kind];
  await db.query(`UPDATE ${table} SET removed_at = now(), removed_by = $2, removed_reason = $3 WHERE ${key} = $1`, [id, byUid, reason]);
  await moveCounters(db, kind, id, -1);
  return { uid: item.uid, changed: true };
}

/** Shows a removed item again and puts it back on its counters (see the contract above). */
export async function restoreItem(db: Queryable, kind: RemovableKind, id: number): Promise<RemovalResult | null> {
  const item = await lockItem(db, kind, id);
  if (!item) return null;
  if (!item.removed) return { uid: item.uid, changed: false };
  const { table, key } = TABLES[kind];
  await db.query(`UPDATE ${table} SET removed_at = NULL, removed_by = NULL, removed_reason = NULL WHERE ${key} = $1`, [id]);
  await moveCounters(db, kind, id, 1);
  return { uid: item.uid, changed: true };
}

export interface PurgeResult {
  yy: number;
  comments: number;
  leaves: number;
  leaveReplies: number;
  scrips: number;
  /** 日志 entries and their comments. */
  diaries: number;
  diaryComments: number;
  /** Picture files no row names any more: remove them from the storage after the commit. */
  files: string[];
}

/**
 * The operator's purge (`npm run moderator -- purge <days>`): items removed more than `days` days
 * ago are deleted for good, with what hangs under them (a yy's comments and pictures, a message's
 * replies). Until then a removal can be undone. The counters already left them out at removal, so
 * nothing is uncounted again. Run it in one transaction; remove the returned files after it commits.
 */
export async function purgeRemoved(db: Queryable, days: number): Promise<PurgeResult> {
  const older = `removed_at < now() - make_interval(days => $1)`;
  const count = async (sql: string) => (await db.query(sql, [days])).rowCount ?? 0;
  const leaveReplies = await count(`DELETE FROM leave_replies WHERE ${older}`);
  // Removal already took a note off both conversations' counts.
  const scrips = await count(`DELETE FROM scrips WHERE ${older}`);
  const leaves = await count(`DELETE FROM leaves WHERE ${older}`);
  const comments = await count(`DELETE FROM yy_comments WHERE ${older}`);
  // A yy's pictures: only the files no other row names (an import stores a picture once).
  const { rows } = await db.query<{ file: string }>(
    `WITH purged AS (SELECT weibo_id FROM yy WHERE ${older}),
          gone AS (DELETE FROM uploads WHERE weibo_id IN (SELECT weibo_id FROM purged) RETURNING file, weibo_id)
     SELECT DISTINCT g.file FROM gone g
     WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND (u.weibo_id IS NULL OR u.weibo_id NOT IN (SELECT weibo_id FROM purged)))`,
    [days],
  );
  const yy = await count(`DELETE FROM yy WHERE ${older}`);
  const diaryComments = await count(`DELETE FROM diary_comments WHERE ${older}`);
  // A 日志 entry's pictures, the same way.
  const { rows: diaryFiles } = await db.query<{ file: string }>(
    `WITH purged AS (SELECT diary_id FROM diaries WHERE ${older}),
          gone AS (DELETE FROM uploads WHERE diary_id IN (SELECT diary_id FROM purged) RETURNING id, file)
     SELECT DISTINCT g.file FROM gone g WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file = g.file AND u.id <> g.id)`,
    [days],
  );
  const diaries = await count(`DELETE FROM diaries WHERE ${older}`);
  const files = [...new Set([...rows.map((r) => r.file), ...diaryFiles.map((r) => r.file)])];
  return { yy, comments, leaves, leaveReplies, scrips, diaries, diaryComments, files };
}
