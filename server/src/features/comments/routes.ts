/** The /api/comment calls of docs/api.md: comments and replies under a yy. */
import type { FastifyInstance } from 'fastify';
import { AddCommentBodySchema, idInput } from '@xiaoba/shared/api-schemas';
import { AddCommentSchema, BLOCK_MSG } from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool } from '../../data/pool';
import { withPosterLock } from '../../data/post-limit';
import { takePostSlot } from '../../api/http/posting-limits';
import { findYyKey } from '../yy';
import { addCountedComment, commentAuthorIn, countComment, deleteComment, findCommentKey, listComments } from './queries';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { routeSchema, typed } from '../../api/http/openapi';

export interface CommentRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
}

export const COMMENT_MSG = {
  yyNotFound: 'yy不存在',
  commentNotFound: '评论不存在',
  replyInvalid: '回复的评论不存在',
  forbidden: '没有权限删除',
  added: '评论成功',
  deleted: '删除成功！',
} as const;

/** The query values of the routes below: the route's schema and what its handler reads. */
const YY_ID = idInput('weiboId', COMMENT_MSG.yyNotFound, 'the yy');
const COMMENT_ID = idInput('commentId', COMMENT_MSG.commentNotFound, 'the comment');

const tags: ['comment'] = ['comment'];
const SCHEMA = {
  add: routeSchema({
    summary: 'Comment on a yy, or reply to one of its comments',
    tags,
    auth: true,
    body: AddCommentBodySchema,
    data: typed('YyComment'),
  }),
  getComment: routeSchema({
    summary: "A yy's comments, oldest first (the newest 500)",
    tags,
    auth: true,
    querystring: YY_ID,
    data: { type: 'array', items: typed('YyComment') },
  }),
  delete: routeSchema({
    summary: "Delete a comment (its author or the yy's author)",
    tags,
    auth: true,
    querystring: COMMENT_ID,
  }),
};

export async function commentRoutes(app: FastifyInstance, { config, pool, signer }: CommentRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.add }, async (request) => {
    const input = parseBody(AddCommentSchema, request.body);
    const uid = request.uid;
    const comment = await withPosterLock(pool, uid, async (db) => {
      // Counted first: the yy's existence, its row locked, its author and whether they let the
      // caller comment (block, privacy) in one statement. Any refusal below rolls the count back;
      // the checks keep their order (404, 403, 400, 429). A blocked caller is told only what
      // anyone the owner does not allow is told.
      const counted = await countComment(db, input.weiboId, uid);
      if (counted === null) throw new ApiError(404, COMMENT_MSG.yyNotFound);
      if (!counted.allowed) throw new ApiError(403, BLOCK_MSG.notAllowed);
      if (input.replyCommentId > 0) {
        // A reply answers a comment of the same yy, and names that comment's author.
        const author = await commentAuthorIn(db, input.replyCommentId, input.weiboId);
        if (author === null || author !== input.replyUid) throw new ApiError(400, COMMENT_MSG.replyInvalid);
      }
      await takePostSlot(db, uid, 'comment', config.postLimits);
      const newComment = {
        weiboId: input.weiboId,
        uid,
        content: input.content,
        replyCommentId: input.replyCommentId || null,
        replyUid: input.replyUid || null,
      };
      return addCountedComment(db, newComment, counted.yyUid);
    });
    return ok(COMMENT_MSG.added, comment);
  });

  app.get('/getComment', { ...auth, schema: SCHEMA.getComment }, async (request) => {
    const { weiboId: yyId } = readInput(YY_ID, request.query);
    if (!(await findYyKey(pool, yyId))) throw new ApiError(404, COMMENT_MSG.yyNotFound);
    return ok('获取成功', await listComments(pool, yyId, request.uid));
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.delete }, async (request) => {
    const { commentId } = readInput(COMMENT_ID, request.query);
    await withTransaction(pool, async (db) => {
      const key = await findCommentKey(db, commentId);
      if (!key) throw new ApiError(404, COMMENT_MSG.commentNotFound);
      // The comment's author, or the owner of the yy it is under.
      if (key.uid !== request.uid && key.yy_uid !== request.uid) throw new ApiError(403, COMMENT_MSG.forbidden);
      await deleteComment(db, key);
    });
    return ok(COMMENT_MSG.deleted);
  });
}
