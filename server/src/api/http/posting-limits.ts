/**
 * The posting limits' answer: an action past its limit is refused with 429 and the limit's message
 * (TOO_FAST, BOARD_TOO_FAST). The counting is data/post-limit.ts's and data/board-limit.ts's; callers
 * hold the poster's lock for the transaction (withPosterLock, lockPoster).
 */
import type { BoardLimits, PostLimits } from '../../config';
import { BOARD_TOO_FAST, tryBoardSlot, type BoardKind } from '../../data/board-limit';
import { TOO_FAST, tryPostSlot, type PostKind } from '../../data/post-limit';
import type { Queryable } from '../../data/pool';
import { ApiError } from './errors';

/** Records one yy, comment or upload of `uid`, or throws 429 TOO_FAST past the limit. */
export async function takePostSlot(db: Queryable, uid: number, kind: PostKind, limits: PostLimits): Promise<void> {
  if (!(await tryPostSlot(db, uid, kind, limits))) throw new ApiError(429, TOO_FAST);
}

/** Records one board message or reply of `uid`, or throws 429 BOARD_TOO_FAST past the limit. */
export async function takeBoardSlot(db: Queryable, uid: number, kind: BoardKind, limits: BoardLimits, windowMinutes: number): Promise<void> {
  if (!(await tryBoardSlot(db, uid, kind, limits, windowMinutes))) throw new ApiError(429, BOARD_TOO_FAST[kind]);
}
