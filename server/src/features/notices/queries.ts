/**
 * SQL for the notices of new comments (migration 004, docs/api.md "Notices"): one row per comment
 * and recipient, written in the comment's transaction; read marks per recipient.
 *
 * Notices of comments on 日志 entries (migration 025) are a second table of the same shape, listed
 * and counted with these. A notice shows (in the list and in the unread count) only while its comment and the comment's
 * yy are visible (not removed by a moderator, migration 015) and its author is not one the
 * recipient blocked: the rows stay, so a restore or an unblock brings them back as they were.
 */
import type { CommentNotice } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { authorCard, type AuthorCardRow } from '../../data/user-card';

/** Newest notices GET /api/count/getcomments answers. */
export const NOTICES_MAX = 20;
/** Characters (code points) of the yy shown beside a notice. */
export const YY_EXCERPT_CHARS = 40;

/** The notice `n` of recipient `recipient` is shown: see the file's comment. */
const SHOWN = (n: string, recipient: string) => `EXISTS (
  SELECT 1 FROM yy_comments sc JOIN yy sy ON sy.weibo_id = sc.weibo_id
  WHERE sc.comment_id = ${n}.comment_id AND sc.removed_at IS NULL AND sy.removed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${recipient} AND b.blocked_uid = sc.uid))`;

/**
 * The notice `n` of a comment on a 日志 entry (migration 025) is shown: the comment is not removed,
 * the recipient may still see the entry (visible_diaries), and its author is not one they blocked.
 */
const DIARY_SHOWN = (n: string, recipient: string) => `EXISTS (
  SELECT 1 FROM diary_comments sc JOIN visible_diaries(${recipient}, (SELECT sx.uid FROM diaries sx JOIN diary_comments sxc ON sxc.diary_id = sx.diary_id WHERE sxc.comment_id = ${n}.comment_id)) sd
    ON sd.diary_id = sc.diary_id
  WHERE sc.comment_id = ${n}.comment_id AND sc.removed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${recipient} AND b.blocked_uid = sc.uid))`;

export async function unreadNoticeCount(db: Queryable, uid: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM comment_notices n WHERE n.uid = $1 AND n.unread AND ${SHOWN('n', '$1')})::int
          + (SELECT count(*) FROM diary_comment_notices n WHERE n.uid = $1 AND n.unread AND ${DIARY_SHOWN('n', '$1')})::int AS n`,
    [uid],
  );
  return rows[0]?.n ?? 0;
}

interface NoticeRow extends AuthorCardRow {
  comment_id: number;
  weibo_id: number;
  uid: number;
  content: string;
  ctime: number;
  kind: 'comment' | 'reply';
  reply_uid: number;
  yy_uid: number;
  /** A 日志 notice's: the entry's title. */
  yy_content: string;
  unread: boolean;
  /** The 日志 entry, null for a yy's comment. */
  diary_id: number | null;
}

/**
 * The first YY_EXCERPT_CHARS characters of a yy; when cut, an emoji code cut in half is dropped
 * (it would show as `[b1`) and `…` marks the cut.
 */
export function yyExcerpt(content: string): string {
  const chars = Array.from(content.replace(/\s+/g, ' ').trim());
  if (chars.length <= YY_EXCERPT_CHARS) return chars.join('');
  return (
    chars
      .slice(0, YY_EXCERPT_CHARS)
      .join('')
      .replace(/\[[a-z]?\d*$/, '') + '…'
  );
}

/** A user's newest notices, newest first, with the yy or the 日志 entry they are on. */
export async function listNotices(db: Queryable, uid: number, limit = NOTICES_MAX): Promise<CommentNotice[]> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT * FROM (
       SELECT n.comment_id, c.weibo_id, c.uid, ${authorCard('u')}, c.content,
              floor(extract(epoch FROM c.ctime))::bigint AS ctime, n.kind, coalesce(c.reply_uid, 0) AS reply_uid,
              y.uid AS yy_uid, left(y.content, ${YY_EXCERPT_CHARS * 2}) AS yy_content, n.unread, n.ctime AS at,
              NULL::bigint AS diary_id
       FROM (SELECT * FROM comment_notices x WHERE x.uid = $1 AND ${SHOWN('x', '$1')} ORDER BY x.ctime DESC, x.comment_id DESC LIMIT $2) n
       JOIN yy_comments c ON c.comment_id = n.comment_id
       JOIN users u ON u.uid = c.uid
       JOIN yy y ON y.weibo_id = c.weibo_id
       UNION ALL
       SELECT n.comment_id, 0, c.uid, ${authorCard('u')}, c.content,
              floor(extract(epoch FROM c.ctime))::bigint, n.kind, coalesce(c.reply_uid, 0),
              d.uid, d.title, n.unread, n.ctime, d.diary_id
       FROM (SELECT * FROM diary_comment_notices x WHERE x.uid = $1 AND ${DIARY_SHOWN('x', '$1')} ORDER BY x.ctime DESC, x.comment_id DESC LIMIT $2) n
       JOIN diary_comments c ON c.comment_id = n.comment_id
       JOIN users u ON u.uid = c.uid
       JOIN diaries d ON d.diary_id = c.diary_id
     ) a
     ORDER BY a.at DESC, a.comment_id DESC LIMIT $2`,
    [uid, limit],
  );
  return rows.map((r) => ({
    commentId: r.comment_id,
    weiboId: r.weibo_id,
    uid: r.uid,
    username: r.username,
    face: r.face,
    avatar: r.avatar,
    content: r.content,
    ctime: r.ctime,
    kind: r.kind,
    replyUid: r.reply_uid,
    yyUid: r.yy_uid,
    yyContent: yyExcerpt(r.yy_content),
    unread: r.unread,
    ...(r.diary_id === null ? {} : { diaryId: r.diary_id, diaryTitle: r.yy_content }),
  }));
}

/**
 * Marks the caller's unread notices read: all of them, or only those of comments up to `upTo`
 * (the newest the caller has seen), so one arriving meanwhile stays unread. Returns what is
 * still unread.
 */
export async function clearNotices(db: Queryable, uid: number, upTo: number | null): Promise<number> {
  // Both kinds of comments take their ids from one sequence (migration 025): "up to" means the same for both.
  await db.query('UPDATE comment_notices SET unread = false WHERE uid = $1 AND unread AND ($2::bigint IS NULL OR comment_id <= $2)', [uid, upTo]);
  await db.query('UPDATE diary_comment_notices SET unread = false WHERE uid = $1 AND unread AND ($2::bigint IS NULL OR comment_id <= $2)', [uid, upTo]);
  return unreadNoticeCount(db, uid);
}
