/**
 * SQL for the comments of a yy and the mapping to the API's YyComment. `yy.comment_count` changes
 * in the same transaction as the rows it counts, and counts visible comments: a moderator's
 * removal (features/moderation/queries/removal.ts) takes one off, and every read here leaves
 * removed comments out, and those on a removed yy.
 */
import type { YyComment } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { authorCard } from '../../data/user-card';
import { findYyKey } from '../yy';

/** Most comments GET /api/comment/getComment answers: the newest ones, shown oldest first. */
export const COMMENTS_MAX = 500;

const epoch = (column: string) => `floor(extract(epoch FROM ${column}))::bigint`;

interface CommentRow {
  comment_id: number;
  weibo_id: number;
  uid: number;
  username: string;
  face: number;
  avatar: string;
  content: string;
  ctime: number;
  reply_comment_id: number;
  reply_uid: number;
  reply_username: string;
}

/** `from` names the comments as `c`: the table, or the rows an INSERT just returned. */
const COMMENT_SELECT = (where: string, tail = '', from = 'yy_comments c') => `
  SELECT c.comment_id, c.weibo_id, c.uid, ${authorCard('u')}, c.content, ${epoch('c.ctime')} AS ctime,
         coalesce(c.reply_comment_id, 0) AS reply_comment_id, coalesce(c.reply_uid, 0) AS reply_uid,
         coalesce(ru.name, '') AS reply_username
  FROM ${from}
  JOIN users u ON u.uid = c.uid
  LEFT JOIN users ru ON ru.uid = c.reply_uid
  WHERE ${where} ${tail}`;

function toComment(r: CommentRow): YyComment {
  return {
    commentId: r.comment_id,
    weiboId: r.weibo_id,
    uid: r.uid,
    username: r.username,
    face: r.face,
    avatar: r.avatar,
    content: r.content,
    ctime: r.ctime,
    replyCommentId: r.reply_comment_id,
    replyUid: r.reply_uid,
    replyUsername: r.reply_username,
  };
}

/**
 * A yy's comments, oldest first: the newest COMMENTS_MAX of them, removed ones left out, and for a
 * `viewer` those of the users they blocked (wherever they wrote them).
 */
export async function listComments(db: Queryable, yyId: number, viewer: number | null = null): Promise<YyComment[]> {
  const { rows } = await db.query<CommentRow>(
    `SELECT * FROM (${COMMENT_SELECT(
      'c.weibo_id = $1 AND c.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = $3 AND b.blocked_uid = c.uid)',
      'ORDER BY c.ctime DESC, c.comment_id DESC LIMIT $2',
    )}) newest
     ORDER BY ctime, comment_id`,
    [yyId, COMMENTS_MAX, viewer],
  );
  return rows.map(toComment);
}

export async function findComment(db: Queryable, commentId: number): Promise<YyComment | null> {
  const { rows } = await db.query<CommentRow>(COMMENT_SELECT('c.comment_id = $1'), [commentId]);
  return rows[0] ? toComment(rows[0]) : null;
}

/** The author of a visible comment of yy `yyId`, or null when that yy has no such comment. */
export async function commentAuthorIn(db: Queryable, commentId: number, yyId: number): Promise<number | null> {
  const { rows } = await db.query<{ uid: number }>('SELECT uid FROM yy_comments WHERE comment_id = $1 AND weibo_id = $2 AND removed_at IS NULL', [
    commentId,
    yyId,
  ]);
  return rows[0]?.uid ?? null;
}

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
  const { rows } = await db.query<CommentRow>({
    name: 'comment-insert',
    text: `WITH c AS (
        INSERT INTO yy_comments (weibo_id, uid, content, reply_comment_id, reply_uid, ctime)
        VALUES ($1, $2, $3, $4, $5, coalesce(to_timestamp($6)::timestamp(3), now())) RETURNING *
      ), notices AS (
        INSERT INTO comment_notices (comment_id, uid, kind, ctime)
        SELECT c.comment_id, r.uid, r.kind, c.ctime
        FROM c, (VALUES ($5::bigint, 'reply'), ($7::bigint, 'comment')) AS r(uid, kind)
        WHERE r.uid <> c.uid AND (r.kind = 'reply' OR r.uid IS DISTINCT FROM $5::bigint)
          AND EXISTS (SELECT 1 FROM users u WHERE u.uid = r.uid)
        ON CONFLICT (comment_id, uid) DO NOTHING
      )
      ${COMMENT_SELECT('true', '', 'c')}`,
    values: [c.weiboId, c.uid, c.content, c.replyCommentId, c.replyUid, c.ctime ?? null, yyUid],
  });
  return toComment(rows[0]!);
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
