/**
 * Anti-spam for the message board, counted in PostgreSQL (the `post_log` of the yy posting limits,
 * kinds 'leave' and 'leave_reply') so every API process shares the numbers. Callers hold
 * `lockPoster` for the transaction, so parallel requests of one user are counted one after another.
 */
import type { BoardLimits } from '../config';
import type { Queryable } from './pool';

export type BoardKind = 'leave' | 'leave_reply';

export const BOARD_TOO_FAST: Record<BoardKind, string> = {
  leave: '留言太频繁了，请稍后再试',
  leave_reply: '回复太频繁了，请稍后再试',
};

/**
 * False when `uid` already wrote `limit` of `kind` within the last `windowMinutes`; else records
 * this one and answers true. A limit of 0 disables the check (true, nothing recorded).
 */
export async function tryBoardSlot(db: Queryable, uid: number, kind: BoardKind, limits: BoardLimits, windowMinutes: number): Promise<boolean> {
  const limit = kind === 'leave' ? limits.leaves : limits.replies;
  if (limit <= 0) return true;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM post_log
       WHERE uid = $1 AND kind = $2 AND at > now() - make_interval(mins => $3)
       LIMIT $4) recent`,
    [uid, kind, windowMinutes, limit],
  );
  if ((rows[0]?.n ?? 0) >= limit) return false;
  await db.query('INSERT INTO post_log (uid, kind) VALUES ($1, $2)', [uid, kind]);
  return true;
}
