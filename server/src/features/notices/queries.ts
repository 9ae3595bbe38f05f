/**
 * SQL for the notices of new comments (migration 004, docs/api.md "Notices"): one row per comment
 * and recipient, written in the comment's transaction; read marks per recipient.
 *
 * A notice shows (in the list and in the unread count) only while its comment and the comment's
 * yy are visible (not removed by a moderator, migration 015) and its author is not one the
 * recipient blocked: the rows stay, so a restore or an unblock brings them back as they were.
 */
import type { CommentNotice } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';
import { authorCard } from '../../data/user-card';

/** Newest notices GET /api/count/getcomments answers. */
export const NOTICES_MAX = 20;
/** Characters (code points) of the yy shown beside a notice. */
export const YY_EXCERPT_CHARS = 40;

/** The notice `n` of recipient `recipient` is shown: see the file's comment. */
const SHOWN = (n: string, recipient: string) => `EXISTS (
  SELECT 1 FROM yy_comments sc JOIN yy sy ON sy.weibo_id = sc.weibo_id
  WHERE sc.comment_id = ${n}.comment_id AND sc.removed_at IS NULL AND sy.removed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.uid = ${recipient} AND b.blocked_uid = sc.uid))`;

export async function unreadNoticeCount(db: Queryable, uid: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM comment_notices n WHERE n.uid = $1 AND n.unread AND ${SHOWN('n', '$1')}`, [
    uid,
  ]);
  return rows[0]?.n ?? 0;
}

interface NoticeRow {
  comment_id: number;
  weibo_id: number;
  uid: number;
  username: string;
  face: number;
  avatar: string;
  content: string;
  ctime: number;
  kind: 'comment' | 'reply';
  reply_uid: number;
  yy_uid: number;
  yy_content: string;
  unread: boolean;
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

/** A user's newest notices, newest first, with the yy they are on. */
export async function listNotices(db: Queryable, uid: number, limit = NOTICES_MAX): Promise<CommentNotice[]> {
  const { rows } = await db.query<NoticeRow>(
    `SELECT n.comment_id, c.weibo_id, c.uid, ${authorCard('u')}, c.content,
            floor(extract(epoch FROM c.ctime))::bigint AS ctime, n.kind, coalesce(c.reply_uid, 0) AS reply_uid,
            y.uid AS yy_uid, left(y.content, ${YY_EXCERPT_CHARS * 2}) AS yy_content, n.unread
     FROM (SELECT * FROM comment_notices x WHERE x.uid = $1 AND ${SHOWN('x', '$1')} ORDER BY x.ctime DESC, x.comment_id DESC LIMIT $2) n
     JOIN yy_comments c ON c.comment_id = n.comment_id
     JOIN users u ON u.uid = c.uid
     JOIN yy y ON y.weibo_id = c.weibo_id
     ORDER BY n.ctime DESC, n.comment_id DESC`,
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
  }));
}

/**
 * Marks the caller's unread notices read: all of them, or only those of comments up to `upTo`
 * (the newest the caller has seen), so one arriving meanwhile stays unread. Returns what is
 * still unread.
 */
export async function clearNotices(db: Queryable, uid: number, upTo: number | null): Promise<number> {
  await db.query('UPDATE comment_notices SET unread = false WHERE uid = $1 AND unread AND ($2::bigint IS NULL OR comment_id <= $2)', [uid, upTo]);
  return unreadNoticeCount(db, uid);
}
