/**
 * What an export holds (docs/export-format.md): one user's own data, read from PostgreSQL into the
 * `data.json` object, version 1. Other users appear only as their uid and current nickname, and
 * only where the user's space or theirs already shows them (comments on the user's yy, messages on
 * the user's board, the boards and yy the user wrote on): never their e-mail, birthday or anything
 * private.
 *
 * Content a moderator removed (migration 015) is left out, whoever wrote it: others' removed words
 * never reach someone else's export, and the author's own removed items are not in theirs either
 * (an import would publish them again, here or elsewhere); a restore brings them back into the next
 * export. A comment on a removed yy and a reply under a removed message go with it, and a repost of
 * a removed yy exports its source as deleted. Blocks do not filter an export: it is the space as
 * stored.
 *
 * The user's 小纸条 are there too, sent and received, as the user still sees them (not those they
 * deleted, nor those a moderator removed): the other user of each conversation appears as uid and
 * nickname. An import restores none of them (docs/export-format.md).
 *
 * The user's 日志 entries are there with their pictures and comments (features/diary/export.ts).
 */
import type { Queryable } from '../../data/pool';
import { exportScrips, type ScripExportThread } from '../scrip';
import { exportDiaries, type DiaryExportComment, type DiaryExportEntry } from '../diary';
import { exportMedals, type MedalExport } from '../medal';
import { exportAlbums } from '../album';
import { fileFromAvatarUrl } from '../../uploads/store';

export const EXPORT_FORMAT = 'xiaoba-export';
export const EXPORT_VERSION = 1;

export interface ExportImage {
  /** Path inside the export folder: `images/<32 hex>.webp`. */
  file: string;
  width: number;
  height: number;
  size: number;
}

/** Where a row was first written: '<instance>:<id>' when it came from an import, else null (docs/export-format.md). */
type Origin = string | null;

/** A yy's comment: a 日志 comment's fields (the reply named within the same yy), and where it was first written. */
export interface ExportComment extends DiaryExportComment {
  origin: Origin;
}

export interface ExportRepostSource {
  id: number;
  uid: number;
  name: string;
  content: string;
  ctime: string;
}

export interface ExportYy {
  id: number;
  origin: Origin;
  ctime: string;
  content: string;
  /** For a repost: the original's id (0 for an original post) and, while it exists, the original. */
  transpondId: number;
  source: ExportRepostSource | null;
  images: ExportImage[];
  /** Every comment and reply under this yy (the user's and others'), oldest first. */
  comments: ExportComment[];
}

/** A comment or reply the user wrote under someone else's yy. */
export interface ExportCommentElsewhere extends ExportComment {
  yyId: number;
  yyUid: number;
  yyName: string;
  /** The yy's text (what the user answered), as stored. */
  yyContent: string;
}

export interface ExportReply {
  id: number;
  origin: Origin;
  uid: number;
  name: string;
  content: string;
  ctime: string;
}

export interface ExportLeave {
  id: number;
  origin: Origin;
  /** The board's owner. */
  boardUid: number;
  boardName: string;
  uid: number;
  name: string;
  content: string;
  ctime: string;
  replies: ExportReply[];
}

export interface ExportUser {
  uid: number;
  email: string;
  name: string;
  sex: number;
  /** 'YYYY-MM-DD' or ''. */
  birthday: string;
  ctime: string;
  face: number;
  /** `avatar/<32 hex>.webp` inside the export, or '' when the user shows a preset face. */
  avatar: string;
  skin: string;
}

export interface ExportData {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  site: { name: string; instance: string };
  user: ExportUser;
  signatures: { qm: string; qianming: string };
  /** The user's yy, newest first. */
  yy: ExportYy[];
  commentsElsewhere: ExportCommentElsewhere[];
  /** Messages on the user's own board (by anyone), newest first, each with its replies. */
  board: ExportLeave[];
  /** Messages the user left on other users' boards, newest first, each with its replies. */
  leavesElsewhere: ExportLeave[];
  /** The user's 小纸条 conversations, the newest first, each with its notes oldest first. Never imported. */
  scrips: ExportScripThread[];
  /** The user's 日志 entries, newest first, each with its pictures and its comments (oldest first). */
  diaries: ExportDiary[];
  /** The medals the user earned, in the catalogue's order. Never imported: recomputed from the data. */
  medals: MedalExport[];
  /** The user's albums, the newest first, each with its photos oldest first (files in `photos/`). */
  albums: ExportAlbum[];
}

/** One album: its photos are files of the ZIP (`photos/<32 hex>.webp`). */
export interface ExportAlbum {
  id: number;
  origin: Origin;
  name: string;
  visibility: string;
  coverPhotoId: number;
  ctime: string;
  mtime: string;
  photos: Array<{ id: number; origin: Origin; ctime: string; file: string; width: number; height: number; size: number }>;
}

/** A 日志 entry: its pictures as the yy's are (`images/…` inside the export). */
export type ExportDiary = Omit<DiaryExportEntry, 'images'> & { images: ExportImage[]; comments: DiaryExportComment[] };

/** One 小纸条 conversation: the other user, and the notes the user still sees, oldest first. */
export type ExportScripThread = ScripExportThread;

/** A stored picture the ZIP carries: its storage key and where it goes in the export folder. */
export interface ExportPicture {
  key: string;
  name: string;
  size: number;
}

/** Timestamps travel as ISO 8601 in UTC with milliseconds (the columns' precision), so an import restores them exactly. */
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function instanceId(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'instance_id'`);
  return rows[0]?.value ?? '';
}

/** Everything one user wrote and received, or null when the user does not exist. */
export async function readExportData(
  db: Queryable,
  uid: number,
  exportedAt: Date,
): Promise<{ data: ExportData; pictures: ExportPicture[]; avatarKey: string | null } | null> {
  const users = await db.query<{
    uid: number;
    email: string;
    name: string;
    sex: number;
    birthday: string | null;
    ctime: string;
    face: number;
    avatar: string;
    skin: string;
    qm: string;
    qianming: string;
  }>(`SELECT uid, email, name, sex, birthday, ${ISO('ctime')} AS ctime, face, avatar, skin, qm, qianming FROM users WHERE uid = $1`, [uid]);
  const user = users.rows[0];
  if (!user) return null;
  const avatarKey = fileFromAvatarUrl(user.avatar);

  const yyRows = await db.query<{ id: number; origin: Origin; ctime: string; content: string; transpond_id: number | null }>(
    `SELECT weibo_id AS id, origin, ${ISO('ctime')} AS ctime, content, transpond_id FROM yy WHERE uid = $1 AND removed_at IS NULL ORDER BY ctime DESC, weibo_id DESC`,
    [uid],
  );
  const ids = yyRows.rows.map((r) => r.id);
  const sourceIds = [...new Set(yyRows.rows.map((r) => r.transpond_id).filter((id): id is number => id !== null))];

  // One query after the other: inside a transaction they share one client.
  const images = await db.query<{ weibo_id: number; file: string; width: number; height: number; size: number }>(
    `SELECT weibo_id, file, width, height, size FROM uploads WHERE weibo_id = ANY($1) ORDER BY weibo_id, position`,
    [ids],
  );
  const comments = await db.query<ExportComment & { weibo_id: number }>(
    `SELECT c.weibo_id, c.comment_id AS id, c.origin, c.uid, u.name, c.content, ${ISO('c.ctime')} AS ctime,
            coalesce(c.reply_comment_id, 0) AS "replyCommentId", coalesce(c.reply_uid, 0) AS "replyUid",
            coalesce(r.name, '') AS "replyName"
     FROM yy_comments c JOIN users u ON u.uid = c.uid LEFT JOIN users r ON r.uid = c.reply_uid
     WHERE c.weibo_id = ANY($1) AND c.removed_at IS NULL ORDER BY c.weibo_id, c.ctime, c.comment_id`,
    [ids],
  );
  const sources = await db.query<ExportRepostSource>(
    `SELECT y.weibo_id AS id, y.uid, u.name, y.content, ${ISO('y.ctime')} AS ctime
     FROM yy y JOIN users u ON u.uid = y.uid WHERE y.weibo_id = ANY($1) AND y.removed_at IS NULL`,
    [sourceIds],
  );
  const elsewhere = await db.query<ExportCommentElsewhere>(
    `SELECT c.comment_id AS id, c.origin, c.uid, u.name, c.content, ${ISO('c.ctime')} AS ctime,
            coalesce(c.reply_comment_id, 0) AS "replyCommentId", coalesce(c.reply_uid, 0) AS "replyUid",
            coalesce(r.name, '') AS "replyName",
            y.weibo_id AS "yyId", y.uid AS "yyUid", yu.name AS "yyName", y.content AS "yyContent"
     FROM yy_comments c JOIN yy y ON y.weibo_id = c.weibo_id JOIN users yu ON yu.uid = y.uid
     JOIN users u ON u.uid = c.uid LEFT JOIN users r ON r.uid = c.reply_uid
     WHERE c.uid = $1 AND y.uid <> $1 AND c.removed_at IS NULL AND y.removed_at IS NULL ORDER BY c.ctime DESC, c.comment_id DESC`,
    [uid],
  );
  const board = await readLeaves(db, 'l.fuid = $1', uid);
  const leftElsewhere = await readLeaves(db, 'l.uid = $1 AND l.fuid <> $1', uid);
  const scrips = await exportScrips(db, uid, ISO);
  const diaryRows = await exportDiaries(db, uid, ISO);
  const medals = await exportMedals(db, uid, ISO);
  const albumRows = await exportAlbums(db, uid, ISO);

  const imagesByYy = new Map<number, ExportImage[]>();
  const pictures: ExportPicture[] = [];
  const listed = new Set<string>();
  /** A stored picture as the export names it, listed once in the ZIP however many yy or entries show it (an import stores a picture once). */
  const picture = (row: { file: string; width: number; height: number; size: number }): ExportImage => {
    const name = `images/${row.file.slice(row.file.lastIndexOf('/') + 1)}`;
    if (!listed.has(row.file)) pictures.push({ key: row.file, name, size: row.size });
    listed.add(row.file);
    return { file: name, width: row.width, height: row.height, size: row.size };
  };
  for (const row of images.rows) {
    const list = imagesByYy.get(row.weibo_id) ?? [];
    list.push(picture(row));
    imagesByYy.set(row.weibo_id, list);
  }
  const diaries: ExportDiary[] = diaryRows.map((d) => ({ ...d, images: d.images.map(picture) }));
  const albums: ExportAlbum[] = albumRows.map(({ photos, ...album }) => ({
    ...album,
    photos: photos.map(({ key, ...photo }) => {
      const name = `photos/${key.slice(key.lastIndexOf('/') + 1)}`;
      if (!listed.has(key)) pictures.push({ key, name, size: photo.size });
      listed.add(key);
      return { ...photo, file: name };
    }),
  }));
  const commentsByYy = new Map<number, ExportComment[]>();
  for (const { weibo_id, ...comment } of comments.rows) {
    const list = commentsByYy.get(weibo_id) ?? [];
    list.push(comment);
    commentsByYy.set(weibo_id, list);
  }
  const sourceById = new Map(sources.rows.map((s) => [s.id, s]));

  const data: ExportData = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    site: { name: '校巴', instance: await instanceId(db) },
    user: {
      uid: user.uid,
      email: user.email,
      name: user.name,
      sex: user.sex,
      birthday: user.birthday ?? '',
      ctime: user.ctime,
      face: user.face,
      avatar: avatarKey ? `avatar/${avatarKey.slice(avatarKey.lastIndexOf('/') + 1)}` : '',
      skin: user.skin,
    },
    signatures: { qm: user.qm, qianming: user.qianming },
    yy: yyRows.rows.map((r) => ({
      id: r.id,
      origin: r.origin,
      ctime: r.ctime,
      content: r.content,
      transpondId: r.transpond_id ?? 0,
      source: r.transpond_id ? (sourceById.get(r.transpond_id) ?? null) : null,
      images: imagesByYy.get(r.id) ?? [],
      comments: commentsByYy.get(r.id) ?? [],
    })),
    commentsElsewhere: elsewhere.rows,
    board,
    leavesElsewhere: leftElsewhere,
    scrips,
    diaries,
    medals,
    albums,
  };
  return { data, pictures, avatarKey };
}

async function readLeaves(db: Queryable, where: string, uid: number): Promise<ExportLeave[]> {
  const leaves = await db.query<Omit<ExportLeave, 'replies'>>(
    `SELECT l.leave_id AS id, l.origin, l.fuid AS "boardUid", b.name AS "boardName", l.uid, u.name, l.content, ${ISO('l.ctime')} AS ctime
     FROM leaves l JOIN users b ON b.uid = l.fuid JOIN users u ON u.uid = l.uid
     WHERE ${where} AND l.removed_at IS NULL ORDER BY l.ctime DESC, l.leave_id DESC`,
    [uid],
  );
  const replies = await db.query<ExportReply & { leave_id: number }>(
    `SELECT r.leave_id, r.id, r.origin, r.uid, u.name, r.content, ${ISO('r.ctime')} AS ctime
     FROM leave_replies r JOIN users u ON u.uid = r.uid
     WHERE r.leave_id = ANY($1) AND r.removed_at IS NULL ORDER BY r.leave_id, r.ctime, r.id`,
    [leaves.rows.map((l) => l.id)],
  );
  const byLeave = new Map<number, ExportReply[]>();
  for (const { leave_id, ...reply } of replies.rows) {
    const list = byLeave.get(leave_id) ?? [];
    list.push(reply);
    byLeave.set(leave_id, list);
  }
  return leaves.rows.map((l) => ({ ...l, replies: byLeave.get(l.id) ?? [] }));
}
