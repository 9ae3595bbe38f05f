/**
 * SQL for the message board: leave messages, their replies, and the mapping to the API's
 * LeaveMessage and LeaveReply. `users.leave_count` (the board owner's message count) changes in
 * the same transaction as every insert and delete, so a page and a space header read it instead
 * of counting. It counts visible messages: a moderator's removal (migration 015, features/moderation/queries/removal.ts)
 * takes one off, a restore puts it back. Reads leave out removed messages and replies (a removed
 * message hides its replies), and, for a viewer, the messages and replies of the users they
 * blocked.
 */
import type { LeaveMessage, LeaveReply } from '@xiaoba/shared/core';
import { epoch } from '../../data/epoch';
import type { Queryable } from '../../data/pool';
import { authorCard, type AuthorCardRow } from '../../data/user-card';

/** Most replies a message shows on a board page: its newest ones, oldest first. */
export const REPLIES_SHOWN_MAX = 100;

interface LeaveRow extends AuthorCardRow {
  id: number;
  fuid: number;
  uid: number;
  content: string;
  ctime: number;
}

type ReplyRow = LeaveReply;

const LEAVE_COLUMNS = `l.leave_id AS id, l.fuid, l.uid, ${authorCard('u')}, l.content, ${epoch('l.ctime')} AS ctime`;
const REPLY_COLUMNS = `r.id, r.leave_id AS "leaveId", r.uid, ${authorCard('u')}, r.content, ${epoch('r.ctime')} AS ctime`;

/** `alias`'s author is not one the viewer ($n) blocked. */
const NOT_BLOCKED = (alias: string, viewer: string) => `NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${viewer} AND b.blocked_uid = ${alias}.uid)`;

/**
 * Messages on a board as `viewer` sees them (`users.leave_count`, less the visible messages of the
 * users the viewer blocked: counted only when the viewer blocked anyone), or null when there is no
 * such user.
 */
export async function boardLeaveCount(db: Queryable, owner: number, viewer: number | null = null): Promise<number | null> {
  const { rows } = await db.query<{ leave_count: number }>(
    `SELECT u.leave_count - CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE uid = $2)
       THEN (SELECT count(*)::int FROM leaves l JOIN blocks b ON b.uid = $2 AND b.blocked_uid = l.uid WHERE l.fuid = $1 AND l.removed_at IS NULL)
       ELSE 0 END AS leave_count
     FROM users u WHERE u.uid = $1`,
    [owner, viewer],
  );
  return rows[0]?.leave_count ?? null;
}

/**
 * The visible replies of `leaveIds`, at most REPLIES_SHOWN_MAX newest per message, in ONE query;
 * a `viewer`'s blocked users' replies left out.
 */
async function repliesOf(db: Queryable, leaveIds: number[], viewer: number | null): Promise<Map<number, LeaveReply[]>> {
  const byLeave = new Map<number, LeaveReply[]>();
  if (leaveIds.length === 0) return byLeave;
  const { rows } = await db.query<ReplyRow>(
    `SELECT ${REPLY_COLUMNS}
     FROM unnest($1::bigint[]) AS m(leave_id)
     CROSS JOIN LATERAL (
       SELECT * FROM leave_replies x WHERE x.leave_id = m.leave_id AND x.removed_at IS NULL AND ${NOT_BLOCKED('x', '$3')}
       ORDER BY x.ctime DESC, x.id DESC LIMIT $2
     ) r
     JOIN users u ON u.uid = r.uid
     ORDER BY r.leave_id, r.ctime, r.id`,
    [leaveIds, REPLIES_SHOWN_MAX, viewer],
  );
  for (const r of rows) {
    const list = byLeave.get(r.leaveId) ?? [];
    list.push(r);
    byLeave.set(r.leaveId, list);
  }
  return byLeave;
}

function toLeave(row: LeaveRow, replies: LeaveReply[]): LeaveMessage {
  return { ...row, replies };
}

/**
 * One page of a board as `viewer` sees it (removed messages and those of the users the viewer
 * blocked left out), newest first, each message with its replies oldest first.
 */
export async function listLeaves(db: Queryable, owner: number, limit: number, offset: number, viewer: number | null = null): Promise<LeaveMessage[]> {
  const { rows } = await db.query<LeaveRow>(
    `SELECT ${LEAVE_COLUMNS}
     FROM (SELECT * FROM leaves m WHERE m.fuid = $1 AND m.removed_at IS NULL AND ${NOT_BLOCKED('m', '$4')}
           ORDER BY m.ctime DESC, m.leave_id DESC LIMIT $2 OFFSET $3) l
     JOIN users u ON u.uid = l.uid
     ORDER BY l.ctime DESC, l.leave_id DESC`,
    [owner, limit, offset, viewer],
  );
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
    viewer,
  );
  return rows.map((r) => toLeave(r, replies.get(r.id) ?? []));
}

export async function findLeave(db: Queryable, leaveId: number): Promise<LeaveMessage | null> {
  const { rows } = await db.query<LeaveRow>(`SELECT ${LEAVE_COLUMNS} FROM leaves l JOIN users u ON u.uid = l.uid WHERE l.leave_id = $1`, [leaveId]);
  const row = rows[0];
  if (!row) return null;
  const replies = await repliesOf(db, [row.id], null);
  return toLeave(row, replies.get(row.id) ?? []);
}

export interface LeaveKey {
  leave_id: number;
  fuid: number;
  uid: number;
}

/**
 * Who wrote a visible message and on whose board (a removed one is not found: it cannot be
 * deleted or replied to, and stays for a restore). `lock`: 'update' before deleting it, 'share'
 * before adding a reply (a concurrent delete then waits for the reply's transaction, and vice versa).
 */
export async function findLeaveKey(db: Queryable, leaveId: number, lock: 'update' | 'share' | null = null): Promise<LeaveKey | null> {
  const suffix = lock === 'update' ? ' FOR UPDATE' : lock === 'share' ? ' FOR KEY SHARE' : '';
  const { rows } = await db.query<LeaveKey>(`SELECT leave_id, fuid, uid FROM leaves WHERE leave_id = $1 AND removed_at IS NULL${suffix}`, [leaveId]);
  return rows[0] ?? null;
}

/**
 * Adds one to the board owner's message count, which also locks that user row until the end of
 * the transaction. False when there is no such user.
 */
export async function bumpLeaveCount(db: Queryable, owner: number, delta: 1 | -1): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET leave_count = leave_count + $2 WHERE uid = $1', [owner, delta]);
  return (rowCount ?? 0) > 0;
}

export interface NewLeave {
  /** The board's owner. */
  owner: number;
  uid: number;
  content: string;
  /** Unix seconds; now when absent (the demo data sets it). */
  ctime?: number;
}

/** Inserts a message and counts it on the owner's board; call inside a transaction. */
export async function insertLeave(db: Queryable, leave: NewLeave): Promise<number | null> {
  if (!(await bumpLeaveCount(db, leave.owner, 1))) return null;
  const { rows } = await db.query<{ leave_id: number }>(
    `INSERT INTO leaves (fuid, uid, content, ctime)
     VALUES ($1, $2, $3, coalesce(to_timestamp($4::double precision), now()) AT TIME ZONE 'UTC')
     RETURNING leave_id`,
    [leave.owner, leave.uid, leave.content, leave.ctime ?? null],
  );
  return rows[0]!.leave_id;
}

/** Deletes a message (its replies go with it) and uncounts it; call inside a transaction. */
export async function deleteLeave(db: Queryable, key: LeaveKey): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM leaves WHERE leave_id = $1', [key.leave_id]);
  if ((rowCount ?? 0) > 0) await bumpLeaveCount(db, key.fuid, -1);
}

export interface NewReply {
  leaveId: number;
  uid: number;
  content: string;
  ctime?: number;
}

export async function insertReply(db: Queryable, reply: NewReply): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO leave_replies (leave_id, uid, content, ctime)
     VALUES ($1, $2, $3, coalesce(to_timestamp($4::double precision), now()) AT TIME ZONE 'UTC')
     RETURNING id`,
    [reply.leaveId, reply.uid, reply.content, reply.ctime ?? null],
  );
  return rows[0]!.id;
}

export async function findReply(db: Queryable, id: number): Promise<LeaveReply | null> {
  const { rows } = await db.query<ReplyRow>(`SELECT ${REPLY_COLUMNS} FROM leave_replies r JOIN users u ON u.uid = r.uid WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

export interface ReplyKey {
  id: number;
  uid: number;
  /** The board's owner. */
  fuid: number;
}

/** A visible reply (under a visible message), locked; a removed one is not found (kept for a restore). */
export async function findReplyKey(db: Queryable, id: number): Promise<ReplyKey | null> {
  const { rows } = await db.query<ReplyKey>(
    `SELECT r.id, r.uid, l.fuid FROM leave_replies r JOIN leaves l ON l.leave_id = r.leave_id
     WHERE r.id = $1 AND r.removed_at IS NULL AND l.removed_at IS NULL FOR UPDATE OF r`,
    [id],
  );
  return rows[0] ?? null;
}

export async function deleteReply(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM leave_replies WHERE id = $1', [id]);
}
