/**
 * SQL of the comments on 日志 entries (migration 025), the rules of a yy's comments: the entry's
 * `comment_count` changes in the same transaction as the rows it counts and counts visible ones;
 * reads leave out removed comments, those on an entry the reader may not see (visible_diaries),
 * and for a reader those of the users they blocked. The row, its answer and the insert with its
 * notices are the comment read model a yy's comments use too (data/comment-read.ts).
 */
import type { DiaryComment } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { mayWriteSql } from '../../data/privacy';
import { commentReadModel, type CommentRow } from '../../data/comment-read';

/** The 日志 comments' read model, answered as DiaryComment. */
const COMMENTS = commentReadModel({ table: 'diary_comments', parentColumn: 'diary_id', parentKey: 'diaryId', noticeTable: 'diary_comment_notices' });
const toComment = (r: CommentRow): DiaryComment => COMMENTS.toComment(r);

/** A page of an entry's comments, oldest first, with their total (the caller checked the entry is visible). */
export async function diaryCommentPage(
  db: Queryable,
  diaryId: number,
  viewer: number,
  limit: number,
  offset: number,
): Promise<{ total: number; records: DiaryComment[] }> {
  const [count, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM diary_comments c WHERE c.diary_id = $1 AND ${COMMENTS.shown('$2')}`, [diaryId, viewer]),
    db.query<CommentRow>(COMMENTS.select(`c.diary_id = $1 AND ${COMMENTS.shown('$2')}`, 'ORDER BY c.ctime, c.comment_id LIMIT $3 OFFSET $4'), [
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
export const diaryCommentAuthorIn = (db: Queryable, commentId: number, diaryId: number): Promise<number | null> => COMMENTS.authorIn(db, commentId, diaryId);

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
 * notices, in one statement (the read model's insert). `notify` false (an import) writes no notice.
 */
export async function addCountedDiaryComment(db: Queryable, c: NewDiaryComment, ownerUid: number, notify = true): Promise<DiaryComment> {
  const { diaryId, ...fields } = c;
  return COMMENTS.insert(db, { parentId: diaryId, ...fields }, ownerUid, notify);
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
