/**
 * SQL for the message board: leave messages, their replies, and the mapping to the API's
 * LeaveMessage and LeaveReply. `users.leave_count` (the board owner's message count) changes in
 * the same transaction as every insert and delete, so a page and a space header read it instead
 * of counting.
 */
import type { LeaveMessage, LeaveReply } from '@xiaoba/shared/core';
import type { Queryable } from './pool';

/** Most replies a message shows on a board page: its newest ones, oldest first. */
export const REPLIES_SHOWN_MAX = 100;

const epoch = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

interface LeaveRow {
  id: number;
  fuid: number;
  uid: number;
  username: string;
  face: number;
  avatar: string;
  content: string;
  ctime: number;
}

type ReplyRow = LeaveReply;

const LEAVE_COLUMNS = `l.leave_id AS id, l.fuid, l.uid, u.name AS username, u.face, u.avatar, l.content, ${epoch('l.ctime')} AS ctime`;
const REPLY_COLUMNS = `r.id, r.leave_id AS "leaveId", r.uid, u.name AS username, u.face, u.avatar, r.content, ${epoch('r.ctime')} AS ctime`;

/** Messages on a board (`users.leave_count`), or null when there is no such user. */
export async function boardLeaveCount(db: Queryable, fuid: number): Promise<number | null> {
  const { rows } = await db.query<{ leave_count: number }>('SELECT leave_count FROM users WHERE uid = $1', [fuid]);
  return rows[0]?.leave_count ?? null;
}

/** The replies of `leaveIds`, at most REPLIES_SHOWN_MAX newest per message, in ONE query. */
async function repliesOf(db: Queryable, leaveIds: number[]): Promise<Map<number, LeaveReply[]>> {
  const byLeave = new Map<number, LeaveReply[]>();
  if (leaveIds.length === 0) return byLeave;
  const { rows } = await db.query<ReplyRow>(
    `SELECT ${REPLY_COLUMNS}
     FROM unnest($1::bigint[]) AS m(leave_id)
     CROSS JOIN LATERAL (
       SELECT * FROM leave_replies x WHERE x.leave_id = m.leave_id ORDER BY x.ctime DESC, x.id DESC LIMIT $2
     ) r
     JOIN users u ON u.uid = r.uid
     ORDER BY r.leave_id, r.ctime, r.id`,
    [leaveIds, REPLIES_SHOWN_MAX],
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

/** One page of a board, newest first, each message with its replies oldest first. */
export async function listLeaves(db: Queryable, fuid: number, limit: number, offset: number): Promise<LeaveMessage[]> {
  const { rows } = await db.query<LeaveRow>(
    `SELECT ${LEAVE_COLUMNS}
     FROM (SELECT * FROM leaves WHERE fuid = $1 ORDER BY ctime DESC, leave_id DESC LIMIT $2 OFFSET $3) l
     JOIN users u ON u.uid = l.uid
     ORDER BY l.ctime DESC, l.leave_id DESC`,
    [fuid, limit, offset],
  );
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toLeave(r, replies.get(r.id) ?? []));
}

export async function findLeave(db: Queryable, leaveId: number): Promise<LeaveMessage | null> {
  const { rows } = await db.query<LeaveRow>(`SELECT ${LEAVE_COLUMNS} FROM leaves l JOIN users u ON u.uid = l.uid WHERE l.leave_id = $1`, [leaveId]);
  const row = rows[0];
  if (!row) return null;
  const replies = await repliesOf(db, [row.id]);
  return toLeave(row, replies.get(row.id) ?? []);
}

export interface LeaveKey {
  leave_id: number;
  fuid: number;
  uid: number;
}

/**
 * Who wrote a message and on whose board. `lock`: 'update' before deleting it, 'share' before
 * adding a reply (a concurrent delete then waits for the reply's transaction, and vice versa).
 */
export async function findLeaveKey(db: Queryable, leaveId: number, lock: 'update' | 'share' | null = null): Promise<LeaveKey | null> {
  const suffix = lock === 'update' ? ' FOR UPDATE' : lock === 'share' ? ' FOR KEY SHARE' : '';
  const { rows } = await db.query<LeaveKey>(`SELECT leave_id, fuid, uid FROM leaves WHERE leave_id = $1${suffix}`, [leaveId]);
  return rows[0] ?? null;
}

/**
 * Adds one to the board owner's message count, which also locks that user row until the end of
 * the transaction. False when there is no such user.
 */
export async function bumpLeaveCount(db: Queryable, fuid: number, delta: 1 | -1): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET leave_count = leave_count + $2 WHERE uid = $1', [fuid, delta]);
  return (rowCount ?? 0) > 0;
}

export interface NewLeave {
  fuid: number;
  uid: number;
  content: string;
  /** Unix seconds; now when absent (the demo data sets it). */
  ctime?: number;
}

/** Inserts a message and counts it on the owner's board; call inside a transaction. */
export async function insertLeave(db: Queryable, leave: NewLeave): Promise<number | null> {
  if (!(await bumpLeaveCount(db, leave.fuid, 1))) return null;
  const { rows } = await db.query<{ leave_id: number }>(
    `INSERT INTO leaves (fuid, uid, content, ctime)
     VALUES ($1, $2, $3, coalesce(to_timestamp($4::double precision), now()) AT TIME ZONE 'UTC')
     RETURNING leave_id`,
    [leave.fuid, leave.uid, leave.content, leave.ctime ?? null],
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

export async function findReplyKey(db: Queryable, id: number): Promise<ReplyKey | null> {
  const { rows } = await db.query<ReplyKey>(
    `SELECT r.id, r.uid, l.fuid FROM leave_replies r JOIN leaves l ON l.leave_id = r.leave_id WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  return rows[0] ?? null;
}

export async function deleteReply(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM leave_replies WHERE id = $1', [id]);
}
