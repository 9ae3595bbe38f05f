/** The /api/leave and /api/leaveReply calls of docs/api.md ("Spaces"): the message board. */
import type { FastifyInstance } from 'fastify';
import { AddLeaveReplySchema, AddLeaveSchema, BLOCK_MSG, LEAVE_PAGE_SIZE, type LeaveMessage, type Page } from '@xiaoba/shared/core';
import { AddLeaveBodySchema, AddLeaveReplyBodySchema, idInput, pageQuery } from '@xiaoba/shared/api-schemas';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { takeBoardSlot } from '../../api/http/posting-limits';
import { boardLeaveCount, deleteLeave, deleteReply, findLeave, findLeaveKey, findReply, findReplyKey, insertLeave, insertReply, listLeaves } from './queries';
import { withTransaction, type Pool } from '../../data/pool';
import { allAllow, boardAllows } from '../../data/privacy';
import { lockPoster } from '../../data/post-limit';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';

export interface LeaveRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
}

export const LEAVE_MSG = {
  userNotFound: '用户不存在',
  leaveNotFound: '留言不存在',
  replyNotFound: '回复不存在',
  deleteForbidden: '没有权限删除',
  replyForbidden: '只有空间主人和留言者可以回复',
  added: '留言成功!',
  replied: '回复成功',
  deleted: '删除成功！',
} as const;

/** The query and path values of the routes below: the route's schema and what its handler reads. */
const OWNER = idInput('fuid', LEAVE_MSG.userNotFound, "the board's owner");
const PAGE = pageQuery(LEAVE_PAGE_SIZE);
const LEAVE_ID = idInput('leaveId', LEAVE_MSG.leaveNotFound, 'the message');
const REPLY_ID = idInput('id', LEAVE_MSG.replyNotFound, 'the reply');

const SCHEMA = {
  add: routeSchema({
    summary: "Write a message on a user's board (one's own included)",
    tags: ['leave'],
    auth: true,
    body: AddLeaveBodySchema,
    data: typed('LeaveMessage'),
  }),
  get: routeSchema({
    summary: "A board's messages, newest first, each with its replies",
    tags: ['leave'],
    auth: true,
    params: OWNER,
    querystring: PAGE,
    data: pageOf('LeaveMessage'),
  }),
  delete: routeSchema({
    summary: "Delete a message and its replies (its author or the board's owner)",
    tags: ['leave'],
    auth: true,
    querystring: LEAVE_ID,
  }),
  replyAdd: routeSchema({
    summary: "Reply to a message (only the board's owner and the message's author)",
    tags: ['leaveReply'],
    auth: true,
    body: AddLeaveReplyBodySchema,
    data: typed('LeaveReply'),
  }),
  replyDelete: routeSchema({
    summary: "Delete a reply (its author or the board's owner)",
    tags: ['leaveReply'],
    auth: true,
    querystring: REPLY_ID,
  }),
};

/** /api/leave: add, get (a board's page), delete. */
export async function leaveRoutes(app: FastifyInstance, { config, pool, signer }: LeaveRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.add }, async (request) => {
    const input = parseBody(AddLeaveSchema, request.body);
    const uid = request.uid;
    const leaveId = await withTransaction(pool, async (db) => {
      await lockPoster(db, uid);
      // The owner always writes on their board; others unless the owner blocked them or keeps
      // the board to themselves (the same 403 either way: a blocked writer is not told).
      const allowed = await boardAllows(db, input.fuid, uid);
      if (allowed === null) throw new ApiError(404, LEAVE_MSG.userNotFound);
      if (!allowed) throw new ApiError(403, BLOCK_MSG.notAllowed);
      // Counts the message on the owner's board, or finds there is no such user (nothing counted).
      const id = await insertLeave(db, { owner: input.fuid, uid, content: input.content });
      if (id === null) throw new ApiError(404, LEAVE_MSG.userNotFound);
      // After the existence check, so a message to nobody is not counted against the writer;
      // a 429 rolls the insert back.
      await takeBoardSlot(db, uid, 'leave', config.boardLimits, config.postLimits.windowMinutes);
      return id;
    });
    const leave = await findLeave(pool, leaveId);
    if (!leave) throw new ApiError(404, LEAVE_MSG.leaveNotFound); // deleted in the meantime
    return ok(LEAVE_MSG.added, leave);
  });

  app.get('/get/:fuid', { ...auth, schema: SCHEMA.get }, async (request) => {
    const { fuid: owner } = readInput(OWNER, request.params);
    const { pageNum, pageSize } = readInput(PAGE, request.query);
    // As the caller sees it: removed messages and those of users they blocked are not counted nor listed.
    const total = await boardLeaveCount(pool, owner, request.uid);
    if (total === null) throw new ApiError(404, LEAVE_MSG.userNotFound);
    const offset = (pageNum - 1) * pageSize;
    // Beyond the last page there is nothing to read (no scan through OFFSET).
    const records = offset < total ? await listLeaves(pool, owner, pageSize, offset, request.uid) : [];
    const page: Page<LeaveMessage> = { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.delete }, async (request) => {
    const { leaveId } = readInput(LEAVE_ID, request.query);
    await withTransaction(pool, async (db) => {
      const key = await findLeaveKey(db, leaveId, 'update');
      if (!key) throw new ApiError(404, LEAVE_MSG.leaveNotFound);
      // The author, or the owner of the board it is on.
      if (key.uid !== request.uid && key.fuid !== request.uid) throw new ApiError(403, LEAVE_MSG.deleteForbidden);
      await deleteLeave(db, key);
    });
    return ok(LEAVE_MSG.deleted);
  });
}

/** /api/leaveReply: add, delete. */
export async function leaveReplyRoutes(app: FastifyInstance, { config, pool, signer }: LeaveRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.replyAdd }, async (request) => {
    const input = parseBody(AddLeaveReplySchema, request.body);
    const uid = request.uid;
    const replyId = await withTransaction(pool, async (db) => {
      await lockPoster(db, uid);
      // Held until commit: the message cannot be deleted under the new reply.
      const key = await findLeaveKey(db, input.leaveId, 'share');
      if (!key) throw new ApiError(404, LEAVE_MSG.leaveNotFound);
      // A conversation between the board's owner and the message's author only; the author's
      // reply is a write on the owner's board, so the board setting and a block refuse it alike.
      if (uid !== key.fuid && uid !== key.uid) throw new ApiError(403, LEAVE_MSG.replyForbidden);
      if (!(await allAllow(db, 'board', [key.fuid], uid))) throw new ApiError(403, BLOCK_MSG.notAllowed);
      await takeBoardSlot(db, uid, 'leave_reply', config.boardLimits, config.postLimits.windowMinutes);
      return insertReply(db, { leaveId: key.leave_id, uid, content: input.content });
    });
    const reply = await findReply(pool, replyId);
    if (!reply) throw new ApiError(404, LEAVE_MSG.replyNotFound); // deleted in the meantime
    return ok(LEAVE_MSG.replied, reply);
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.replyDelete }, async (request) => {
    const { id } = readInput(REPLY_ID, request.query);
    await withTransaction(pool, async (db) => {
      const key = await findReplyKey(db, id);
      if (!key) throw new ApiError(404, LEAVE_MSG.replyNotFound);
      // The reply's author, or the owner of the board it is on.
      if (key.uid !== request.uid && key.fuid !== request.uid) throw new ApiError(403, LEAVE_MSG.deleteForbidden);
      await deleteReply(db, id);
    });
    return ok(LEAVE_MSG.deleted);
  });
}
