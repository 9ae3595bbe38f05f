/**
 * A user's 日志 in their export (docs/export-format.md "diaries"): their entries, newest first,
 * each with its pictures (stored files; the export names them inside the ZIP) and its comments,
 * oldest first. Like the yy: what a moderator removed is left out (entries and comments), blocks
 * do not filter; other users appear as uid and current nickname.
 */
import type { Visibility } from '@xiaoba/shared/core';
import type { Queryable } from '../../data/pool';

export interface DiaryExportComment {
  id: number;
  uid: number;
  name: string;
  content: string;
  ctime: string;
  /** The comment (of the same entry) this one answers, and its author; 0 / '' for a plain comment. */
  replyCommentId: number;
  replyUid: number;
  replyName: string;
}

export interface DiaryExportPicture {
  /** The stored file (UPLOADS_DIR key). */
  file: string;
  width: number;
  height: number;
  size: number;
}

export interface DiaryExportEntry {
  id: number;
  /** '<instance>:<id>' of an entry that came from an import, else null. */
  origin: string | null;
  ctime: string;
  /** The last edit, '' for never. */
  mtime: string;
  title: string;
  content: string;
  visibility: Visibility;
  images: DiaryExportPicture[];
  comments: DiaryExportComment[];
}

/** `time(column)` writes a timestamp as the export does (ISO 8601, UTC, milliseconds). */
export async function exportDiaries(db: Queryable, uid: number, time: (column: string) => string): Promise<DiaryExportEntry[]> {
  const { rows } = await db.query<DiaryExportEntry>(
    `SELECT d.diary_id AS id, d.origin, ${time('d.ctime')} AS ctime, coalesce(${time('d.mtime')}, '') AS mtime, d.title, d.content, d.visibility,
            coalesce((SELECT json_agg(json_build_object('file', f.file, 'width', f.width, 'height', f.height, 'size', f.size) ORDER BY f.position)
                      FROM uploads f WHERE f.diary_id = d.diary_id), '[]') AS images,
            coalesce((SELECT json_agg(json_build_object('id', c.comment_id, 'uid', c.uid, 'name', u.name, 'content', c.content, 'ctime', ${time('c.ctime')},
                                                        'replyCommentId', coalesce(c.reply_comment_id, 0), 'replyUid', coalesce(c.reply_uid, 0),
                                                        'replyName', coalesce(r.name, '')) ORDER BY c.ctime, c.comment_id)
                      FROM diary_comments c JOIN users u ON u.uid = c.uid LEFT JOIN users r ON r.uid = c.reply_uid
                      WHERE c.diary_id = d.diary_id AND c.removed_at IS NULL), '[]') AS comments
       FROM diaries d WHERE d.uid = $1 AND d.removed_at IS NULL
      ORDER BY d.ctime DESC, d.diary_id DESC`,
    [uid],
  );
  return rows;
}
