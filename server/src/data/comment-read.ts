/**
 * The one read model of comments under a post (a yy's in yy_comments, a 日志 entry's in
 * diary_comments): the tables share their columns but for the parent's, and the API answers
 * (YyComment, DiaryComment) share their fields but for the parent's id. Each feature's queries
 * keep their own rules of counting and locking the parent; the row, its SELECT, its mapping, the
 * reader's filter, the reply check and the insert with its 回复我的 notices are here.
 */
import type { YyComment } from '@xiaoba/shared/core';
import { epoch } from './epoch';
import type { Queryable } from './pool';
import { authorCard, type AuthorCardRow } from './user-card';

/** A comment table, the column naming its parent post, and that id's name in the API answer. */
export interface CommentTable<K extends string> {
  table: 'yy_comments' | 'diary_comments';
  parentColumn: 'weibo_id' | 'diary_id';
  parentKey: K;
  /** The table of its 回复我的 notices (comment_id, uid, kind, ctime). */
  noticeTable: 'comment_notices' | 'diary_comment_notices';
}

/** A comment as the API answers it, its parent's id under `K`. */
export type CommentOf<K extends string> = { commentId: number } & Record<K, number> & Omit<YyComment, 'commentId' | 'weiboId'>;

/** A comment row as COMMENT_SELECT reads it. */
export interface CommentRow extends AuthorCardRow {
  comment_id: number;
  parent_id: number;
  uid: number;
  content: string;
  ctime: number;
  reply_comment_id: number;
  reply_uid: number;
  reply_username: string;
}

/** The fields of a new comment; `ctime` (Unix seconds) only for an import, else now. */
export interface NewCommentFields {
  parentId: number;
  uid: number;
  content: string;
  replyCommentId: number | null;
  replyUid: number | null;
  ctime?: number;
}

export interface CommentReadModel<K extends string> {
  /** `from` names the comments as `c`: the table, or the rows an INSERT just returned. */
  select: (where: string, tail?: string, from?: string) => string;
  toComment: (r: CommentRow) => CommentOf<K>;
  /** Comments `viewer` (an SQL expression) reads: not removed, not by a user the viewer blocked. */
  shown: (viewer: string) => string;
  /** The author of a visible comment of post `parentId`, or null when it has no such comment. */
  authorIn: (db: Queryable, commentId: number, parentId: number) => Promise<number | null>;
  /**
   * Inserts a comment the caller counted on a post of `ownerUid`, with its notices, in one
   * statement, and answers it as `select` reads it: a reply notice to the replied user, a comment
   * notice to the owner, never to the comment's own author; a reply to the owner is one notice, of
   * kind 'reply'. `notify` false (an import) writes no notice. `name`: a prepared statement's.
   */
  insert: (db: Queryable, c: NewCommentFields, ownerUid: number, notify?: boolean, name?: string) => Promise<CommentOf<K>>;
}

export function commentReadModel<K extends string>(t: CommentTable<K>): CommentReadModel<K> {
  const select = (where: string, tail = '', from = `${t.table} c`) => `
  SELECT c.comment_id, c.${t.parentColumn} AS parent_id, c.uid, ${authorCard('u')}, c.content, ${epoch('c.ctime')} AS ctime,
         coalesce(c.reply_comment_id, 0) AS reply_comment_id, coalesce(c.reply_uid, 0) AS reply_uid,
         coalesce(ru.name, '') AS reply_username
  FROM ${from}
  JOIN users u ON u.uid = c.uid
  LEFT JOIN users ru ON ru.uid = c.reply_uid
  WHERE ${where} ${tail}`;

  // The parent's id second, where the API types have always had it.
  const toComment = (r: CommentRow) =>
    ({
      commentId: r.comment_id,
      [t.parentKey]: r.parent_id,
      uid: r.uid,
      username: r.username,
      face: r.face,
      avatar: r.avatar,
      content: r.content,
      ctime: r.ctime,
      replyCommentId: r.reply_comment_id,
      replyUid: r.reply_uid,
      replyUsername: r.reply_username,
    }) as CommentOf<K>;

  const insertSql = `WITH c AS (
        INSERT INTO ${t.table} (${t.parentColumn}, uid, content, reply_comment_id, reply_uid, ctime)
        VALUES ($1, $2, $3, $4, $5, coalesce(to_timestamp($6)::timestamp(3), now())) RETURNING *
      ), notices AS (
        INSERT INTO ${t.noticeTable} (comment_id, uid, kind, ctime)
        SELECT c.comment_id, r.uid, r.kind, c.ctime
        FROM c, (VALUES ($5::bigint, 'reply'), ($7::bigint, 'comment')) AS r(uid, kind)
        WHERE $8 AND r.uid <> c.uid AND (r.kind = 'reply' OR r.uid IS DISTINCT FROM $5::bigint)
          AND EXISTS (SELECT 1 FROM users u WHERE u.uid = r.uid)
        ON CONFLICT (comment_id, uid) DO NOTHING
      )
      ${select('true', '', 'c')}`;

  return {
    select,
    toComment,
    shown: (viewer) => `c.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${viewer} AND b.blocked_uid = c.uid)`,
    async authorIn(db, commentId, parentId) {
      const { rows } = await db.query<{ uid: number }>(`SELECT uid FROM ${t.table} WHERE comment_id = $1 AND ${t.parentColumn} = $2 AND removed_at IS NULL`, [
        commentId,
        parentId,
      ]);
      return rows[0]?.uid ?? null;
    },
    async insert(db, c, ownerUid, notify = true, name) {
      const values = [c.parentId, c.uid, c.content, c.replyCommentId, c.replyUid, c.ctime ?? null, ownerUid, notify];
      const { rows } = await db.query<CommentRow>({ name, text: insertSql, values });
      return toComment(rows[0]!);
    },
  };
}
