/**
 * SQL for the comments of a yy and the mapping to the API's YyComment. `yy.comment_count` changes
 * in the same transaction as the rows it counts, and counts visible comments: a moderator's
 * removal (features/moderation/queries/removal.ts) takes one off, and every read here leaves
 * removed comments out, and those on a removed yy. The row, its answer and the insert with its
 * notices are the comment read model 日志 comments use too (data/comment-read.ts).
 */
import type { YyComment } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { commentReadModel, type CommentRow } from '../../data/comment-read';
import { findYyKey } from '../yy';

/** Most comments GET /api/comment/getComment answers: the newest ones, shown oldest first. */
export const COMMENTS_MAX = 500;

/** The yy comments' read model, answered as YyComment. */
const COMMENTS = commentReadModel({ table: 'yy_comments', parentColumn: 'weibo_id', parentKey: 'weiboId', noticeTable: 'comment_notices' });
const toComment = (r: CommentRow): YyComment => COMMENTS.toComment(r);

/**
 * A yy's comments, oldest first: the newest COMMENTS_MAX of them, removed ones left out, and for a
 * `viewer` those of the users they blocked (wherever they wrote them).
 */
export async function listComments(db: Queryable, yyId: number, viewer: number | null = null): Promise<YyComment[]> {
  const { rows } = await db.query<CommentRow>(
    `SELECT * FROM (${COMMENTS.select(`c.weibo_id = $1 AND ${COMMENTS.shown('$3')}`, 'ORDER BY c.ctime DESC, c.comment_id DESC LIMIT $2')}) newest
     ORDER BY ctime, comment_id`,
    [yyId, COMMENTS_MAX, viewer],
  );
  return rows.map(toComment);
}

export async function findComment(db: Queryable, commentId: number): Promise<YyComment | null> {
  const { rows } = await db.query<CommentRow>(COMMENTS.select('c.comment_id = $1'), [commentId]);
  return rows[0] ? toComment(rows[0]) : null;
}

/** The author of a visible comment of yy `yyId`, or null when that yy has no such comment. */
export const commentAuthorIn = (db: Queryable, commentId: number, yyId: number): Promise<number | null> => COMMENTS.authorIn(db, commentId, yyId);

export interface NewComment {
  weiboId: number;
  uid: number;
  content: string;
  replyCommentId: number | null;
  replyUid: number | null;
  ctime?: number;
}

/**
 * Counts a new comment on its yy, which locks the yy's row for the transaction (a parallel delete
 * of the yy waits). Returns the yy's author, or null when the yy does not exist or was removed:
 * the existence check and the count in one statement. `allowed`: whether `commenter` may comment there (the one rule
 * of writes to another user's things, mayWriteSql: the author, or anyone the author has not blocked
 * while their privacy lets others comment); read
 * in the same statement, a primary-key probe of `blocks`, so the check costs no round trip.
 */
export async function countComment(db: Queryable, yyId: number, commenter = 0): Promise<{ yyUid: number; allowed: boolean } | null> {
  const { rows } = await db.query<{ uid: number; allowed: boolean }>({
    name: 'comment-count',
    text: `UPDATE yy SET comment_count = comment_count + 1 WHERE weibo_id = $1 AND removed_at IS NULL
      RETURNING yy.uid, (SELECT ${mayWriteSql('comment', 'u', '$2')} FROM users u WHERE u.uid = yy.uid) AS allowed`,
    values: [yyId, commenter],
  });
  const row = rows[0];
  return row ? { yyUid: row.uid, allowed: row.allowed } : null;
}

/**
 * Inserts a comment already counted by countComment on a yy of `yyUid`, with its notices, in one
 * statement; answers the comment as findComment reads it, from the INSERT itself (no read after
 * the commit). The notices (migration 004, features/notices/queries.ts): a reply notice to the replied user, a
 * comment notice to the yy's author, never to the comment's own author, and a reply to the yy's
 * author is one notice, of kind 'reply'.
 */
export async function addCountedComment(db: Queryable, c: NewComment, yyUid: number): Promise<YyComment> {
  const { weiboId, ...fields } = c;
  return COMMENTS.insert(db, { parentId: weiboId, ...fields }, yyUid, true, 'comment-insert');
}

/** countComment then addCountedComment. Returns the comment's id, or null when the yy does not exist. */
export async function insertComment(db: Queryable, c: NewComment): Promise<number | null> {
  const counted = await countComment(db, c.weiboId);
  return counted === null ? null : (await addCountedComment(db, c, counted.yyUid)).commentId;
}

export interface CommentKey {
  comment_id: number;
  weibo_id: number;
  uid: number;
  /** The yy's author. */
  yy_uid: number;
}

/**
 * The comment with its yy's author, both rows locked for the transaction: the yy first, then the
 * comment, the same order a yy's deletion takes them in (no deadlock between the two).
 */
export async function findCommentKey(db: Queryable, commentId: number): Promise<CommentKey | null> {
  const { rows: found } = await db.query<{ weibo_id: number }>('SELECT weibo_id FROM yy_comments WHERE comment_id = $1 AND removed_at IS NULL', [commentId]);
  if (!found[0]) return null;
  const yy = await findYyKey(db, found[0].weibo_id, true);
  if (!yy) return null;
  const { rows } = await db.query<{ uid: number }>('SELECT uid FROM yy_comments WHERE comment_id = $1 AND removed_at IS NULL FOR UPDATE', [commentId]);
  if (!rows[0]) return null;
  return { comment_id: commentId, weibo_id: yy.weibo_id, uid: rows[0].uid, yy_uid: yy.uid };
}

export async function deleteComment(db: Queryable, key: CommentKey): Promise<void> {
  await db.query('DELETE FROM yy_comments WHERE comment_id = $1', [key.comment_id]);
  await db.query('UPDATE yy SET comment_count = comment_count - 1 WHERE weibo_id = $1', [key.weibo_id]);
}
