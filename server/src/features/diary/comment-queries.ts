/**
 * SQL of the comments on 日志 entries (migration 025), the rules of a yy's comments: the entry's
 * `comment_count` changes in the same transaction as the rows it counts and counts visible ones;
 * reads leave out removed comments, those on an entry the reader may not see (visible_diaries),
 * and for a reader those of the users they blocked.
 */
import type { DiaryComment } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { authorCard } from '../../data/user-card';
import { epoch } from './queries';

interface CommentRow {
  comment_id: number;
  diary_id: number;
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
const COMMENT_SELECT = (where: string, tail = '', from = 'diary_comments c') => `
  SELECT c.comment_id, c.diary_id, c.uid, ${authorCard('u')}, c.content, ${epoch('c.ctime')} AS ctime,
         coalesce(c.reply_comment_id, 0) AS reply_comment_id, coalesce(c.reply_uid, 0) AS reply_uid,
         coalesce(ru.name, '') AS reply_username
  FROM ${from}
  JOIN users u ON u.uid = c.uid
  LEFT JOIN users ru ON ru.uid = c.reply_uid
  WHERE ${where} ${tail}`;

const toComment = (r: CommentRow): DiaryComment => ({
  commentId: r.comment_id,
  diaryId: r.diary_id,
  uid: r.uid,
  username: r.username,
  face: r.face,
  avatar: r.avatar,
  content: r.content,
  ctime: r.ctime,
  replyCommentId: r.reply_comment_id,
  replyUid: r.reply_uid,
  replyUsername: r.reply_username,
});

/** The comments `viewer` reads: not removed, not by a user the viewer blocked. */
const SHOWN = (viewer: string) => `c.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${viewer} AND b.blocked_uid = c.uid)`;

/** A page of an entry's comments, oldest first, with their total (the caller checked the entry is visible). */
export async function diaryCommentPage(
  db: Queryable,
  diaryId: number,
  viewer: number,
  limit: number,
  offset: number,
): Promise<{ total: number; records: DiaryComment[] }> {
  const [count, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM diary_comments c WHERE c.diary_id = $1 AND ${SHOWN('$2')}`, [diaryId, viewer]),
    db.query<CommentRow>(COMMENT_SELECT(`c.diary_id = $1 AND ${SHOWN('$2')}`, 'ORDER BY c.ctime, c.comment_id LIMIT $3 OFFSET $4'), [
      diaryId,
      viewer,
      limit,
      offset,
    ]),
  ]);
  return { total: count.rows[0]?.n ?? 0, records: page.rows.map(toComment) };
}

/**
 * Counts a new comment on an entry `commenter` may see, locking the entry's row. Null when the
 * entry does not exist, was removed or is not the commenter's to see (one answer); `allowed`:
 * whether its owner lets the commenter comment (mayWriteSql 'comment': privacy and blocks).
 */
export async function countDiaryComment(db: Queryable, diaryId: number, commenter: number): Promise<{ ownerUid: number; allowed: boolean } | null> {
  const { rows } = await db.query<{ uid: number; allowed: boolean }>(
    `UPDATE diaries d SET comment_count = comment_count + 1
     WHERE d.diary_id = $1 AND EXISTS (SELECT 1 FROM visible_diaries($2, d.uid) v WHERE v.diary_id = d.diary_id)
     RETURNING d.uid, (SELECT ${mayWriteSql('comment', 'u', '$2')} FROM users u WHERE u.uid = d.uid) AS allowed`,
    [diaryId, commenter],
  );
  const row = rows[0];
  return row ? { ownerUid: row.uid, allowed: row.allowed } : null;
}

/** The author of a visible comment of entry `diaryId`, or null when it has no such comment. */
export async function diaryCommentAuthorIn(db: Queryable, commentId: number, diaryId: number): Promise<number | null> {
  const { rows } = await db.query<{ uid: number }>('SELECT uid FROM diary_comments WHERE comment_id = $1 AND diary_id = $2 AND removed_at IS NULL', [
    commentId,
    diaryId,
  ]);
  return rows[0]?.uid ?? null;
}

export interface NewDiaryComment {
  diaryId: number;
  uid: number;
  content: string;
  replyCommentId: number | null;
  replyUid: number | null;
  ctime?: number;
}

/**
 * Inserts a comment counted by countDiaryComment on an entry of `ownerUid`, with its 回复我的
 * notices, in one statement (the rule of a yy comment's: a reply notice to the replied user, a
 * comment notice to the owner, never to the comment's own author; a reply to the owner is one
 * notice, of kind 'reply'). `notify` false (an import) writes no notice.
 */
export async function addCountedDiaryComment(db: Queryable, c: NewDiaryComment, ownerUid: number, notify = true): Promise<DiaryComment> {
  const { rows } = await db.query<CommentRow>(
    `WITH c AS (
        INSERT INTO diary_comments (diary_id, uid, content, reply_comment_id, reply_uid, ctime)
        VALUES ($1, $2, $3, $4, $5, coalesce(to_timestamp($6)::timestamp(3), now())) RETURNING *
      ), notices AS (
        INSERT INTO diary_comment_notices (comment_id, uid, kind, ctime)
        SELECT c.comment_id, r.uid, r.kind, c.ctime
        FROM c, (VALUES ($5::bigint, 'reply'), ($7::bigint, 'comment')) AS r(uid, kind)
        WHERE $8 AND r.uid <> c.uid AND (r.kind = 'reply' OR r.uid IS DISTINCT FROM $5::bigint)
          AND EXISTS (SELECT 1 FROM users u WHERE u.uid = r.uid)
        ON CONFLICT (comment_id, uid) DO NOTHING
      )
      ${COMMENT_SELECT('true', '', 'c')}`,
    [c.diaryId, c.uid, c.content, c.replyCommentId, c.replyUid, c.ctime ?? null, ownerUid, notify],
  );
  return toComment(rows[0]!);
}

export interface DiaryCommentKey {
  commentId: number;
  diaryId: number;
  uid: number;
  /** The entry's owner. */
  ownerUid: number;
}

/** A visible comment with its entry's owner, the entry's row then the comment's locked (the order an entry's deletion takes). */
export async function findDiaryCommentKey(db: Queryable, commentId: number): Promise<DiaryCommentKey | null> {
  const { rows: found } = await db.query<{ diary_id: number }>('SELECT diary_id FROM diary_comments WHERE comment_id = $1 AND removed_at IS NULL', [commentId]);
  if (!found[0]) return null;
  const { rows: entry } = await db.query<{ uid: number }>('SELECT uid FROM diaries WHERE diary_id = $1 AND removed_at IS NULL FOR UPDATE', [found[0].diary_id]);
  if (!entry[0]) return null;
  const { rows } = await db.query<{ uid: number }>('SELECT uid FROM diary_comments WHERE comment_id = $1 AND removed_at IS NULL FOR UPDATE', [commentId]);
  if (!rows[0]) return null;
  return { commentId, diaryId: found[0].diary_id, uid: rows[0].uid, ownerUid: entry[0].uid };
}

export async function deleteDiaryComment(db: Queryable, key: DiaryCommentKey): Promise<void> {
  await db.query('DELETE FROM diary_comments WHERE comment_id = $1', [key.commentId]);
  await db.query('UPDATE diaries SET comment_count = comment_count - 1 WHERE diary_id = $1', [key.diaryId]);
}
