/**
 * Who may do what on a board (docs/api.md "Spaces"; the server checks the same): the board's owner
 * and a message's author may delete it and reply under it; a reply's author and the board's owner
 * may delete the reply.
 */
import type { LeaveMessage, LeaveReply } from '@xiaoba/shared';

type Viewer = number | undefined;

export const canDeleteLeave = (viewer: Viewer, m: LeaveMessage) => viewer !== undefined && (viewer === m.uid || viewer === m.fuid);
export const canReply = canDeleteLeave;
export const canDeleteReply = (viewer: Viewer, fuid: number, r: LeaveReply) => viewer !== undefined && (viewer === r.uid || viewer === fuid);
