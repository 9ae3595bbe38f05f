/**
 * Importing an export ZIP back (docs/export-format.md "Import"): on this site after a reset, or on
 * another instance of the project. Everything is checked before anything is written; the rows go
 * in ONE transaction; the picture files are written only after it commits. Each imported row keeps
 * its original time and an origin key ('<instance>:<original id>', unique per table), so importing
 * the same ZIP twice creates nothing twice. What cannot be restored is reported, not dropped.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import * as v from 'valibot';
import yauzl from 'yauzl';
import { AVATAR_SIZE, IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { withTransaction, type Pool } from '../db/pool';
import { ApiError } from '../http/errors';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, processImage } from '../uploads/images';
import type { UploadStorage } from '../uploads/storage';
import { EXPORT_FORMAT, EXPORT_VERSION, instanceId } from './data';

export const IMPORT_MSG = {
  imported: '导入完成',
  noFile: '请选择要导入的导出文件',
  damaged: '文件已损坏，无法导入',
  tooLarge: (mb: number) => `导出文件太大了，不能超过${mb}MB`,
  version: '不认识这个导出文件的版本',
  outside: '导出文件里有不属于它的文件夹的路径，无法导入',
  otherAccount: '这是另一个账号的导出文件，只能导入自己的',
} as const;

export const IMPORT_KINDS = ['yy', 'comments', 'leaves', 'leaveReplies', 'images', 'signatures', 'avatar'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export type ImportCounts = Record<ImportKind, number>;

export interface Unrestorable {
  kind: 'yy' | 'comment' | 'leave' | 'leaveReply' | 'image' | 'avatar';
  id: number | string;
  reason: string;
}

export interface ImportReport {
  created: ImportCounts;
  skipped: ImportCounts;
  unrestorable: Unrestorable[];
}

// ---------------------------------------------------------------------------------------------
// data.json, version 1, as the importer accepts it (types and bounds only: anything else is damage)

const MAX_TEXT = 5000;
const id = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
const posId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
// PostgreSQL text cannot hold NUL: refused here as damage rather than failing the transaction.
const noNul = v.check<string>((s) => !s.includes('\u0000'));
const text = v.pipe(v.string(), v.maxLength(MAX_TEXT), noNul);
const name = v.pipe(v.string(), v.maxLength(100), noNul);
const time = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/), v.check((s) => !Number.isNaN(Date.parse(s))));
const origin = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null);
const file = v.pipe(v.string(), v.maxLength(200));

const CommentSchema = v.object({
  id: posId, origin, uid: posId, name, content: text, ctime: time, replyCommentId: id, replyUid: id, replyName: v.optional(name, ''),
});
const ReplySchema = v.object({ id: posId, origin, uid: posId, name, content: text, ctime: time });
const LeaveSchema = v.object({
  id: posId, origin, boardUid: posId, boardName: name, uid: posId, name, content: text, ctime: time, replies: v.array(ReplySchema),
});
const DataSchema = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  exportedAt: time,
  site: v.object({ name: v.string(), instance: v.pipe(v.string(), v.maxLength(100)) }),
  user: v.object({
    uid: posId, email: v.pipe(v.string(), v.maxLength(320)), name, sex: id, birthday: v.string(), ctime: time, face: id, avatar: file, skin: v.string(),
  }),
  signatures: v.object({ qm: v.pipe(v.string(), v.maxLength(200), noNul), qianming: v.pipe(v.string(), v.maxLength(200), noNul) }),
  yy: v.pipe(
    v.array(
      v.object({
        id: posId,
        origin,
        ctime: time,
        content: text,
        transpondId: id,
        source: v.nullable(v.object({ id: posId, uid: posId, name, content: text, ctime: time })),
        images: v.pipe(v.array(v.object({ file, width: posId, height: posId, size: posId })), v.maxLength(9)),
        comments: v.array(CommentSchema),
      }),
    ),
    v.maxLength(200_000),
  ),
  commentsElsewhere: v.array(v.object({ ...CommentSchema.entries, yyId: posId, yyUid: posId, yyName: name, yyContent: text })),
  board: v.array(LeaveSchema),
  leavesElsewhere: v.array(LeaveSchema),
});
export type ImportData = v.InferOutput<typeof DataSchema>;

// ---------------------------------------------------------------------------------------------
// The ZIP: every entry under one folder, read lazily from the uploaded temporary file

const MAX_ENTRIES = 50_000;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
const IMAGE_NAME = /^images\/[A-Za-z0-9_-]{1,64}\.webp$/;
const AVATAR_NAME = /^avatar\/[A-Za-z0-9_-]{1,64}\.webp$/;

export interface OpenedExport {
  data: ImportData;
  /** Reads one file of the export folder (`images/…`), or null when the ZIP has none. */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  close(): void;
}

function yauzlError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : '';
  // yauzl refuses absolute paths, `..` segments and backslashes itself (strictFileNames).
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(message)) return new ApiError(400, IMPORT_MSG.outside);
  return new ApiError(400, IMPORT_MSG.damaged);
}

function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy();
        reject(new ApiError(400, IMPORT_MSG.damaged));
      } else chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', (e) => reject(yauzlError(e)));
  });
}

/** Opens and checks an export ZIP on disk: paths, format, version and the shape of data.json. */
export async function openExport(path: string): Promise<OpenedExport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false }, (err, z) =>
        err || !z ? reject(err) : resolve(z),
      ),
    );
  } catch (error) {
    throw yauzlError(error);
  }
  try {
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        list.push(entry);
        if (list.length > MAX_ENTRIES) return reject(new ApiError(400, IMPORT_MSG.damaged));
        zip.readEntry();
      });
      zip.on('end', () => resolve(list));
      zip.on('error', reject);
      zip.readEntry();
    }).catch((error: unknown) => {
      throw error instanceof ApiError ? error : yauzlError(error);
    });
    const dataEntries = entries.filter((e) => /^[^/]+\/data\.json$/.test(e.fileName));
    if (dataEntries.length !== 1) throw new ApiError(400, IMPORT_MSG.damaged);
    const folder = dataEntries[0]!.fileName.split('/')[0]! + '/';
    // Every entry sits in the export's one folder; nothing may climb out of it or sit beside it.
    for (const entry of entries) {
      const parts = entry.fileName.split('/');
      if (!entry.fileName.startsWith(folder) || parts.some((p) => p === '..' || p === '.')) throw new ApiError(400, IMPORT_MSG.outside);
    }
    const byName = new Map(entries.filter((e) => !e.fileName.endsWith('/')).map((e) => [e.fileName.slice(folder.length), e]));

    const read = async (name: string, maxBytes: number): Promise<Buffer | null> => {
      const entry = byName.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new ApiError(400, IMPORT_MSG.damaged);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(yauzlError(err)) : resolve(s))),
      );
      return readAll(stream, maxBytes);
    };

    let parsed: unknown;
    try {
      parsed = JSON.parse((await read('data.json', MAX_JSON_BYTES))!.toString('utf8'));
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError(400, IMPORT_MSG.damaged);
    }
    const head = parsed as { format?: unknown; version?: unknown } | null;
    if (typeof head !== 'object' || head === null || head.format !== EXPORT_FORMAT) throw new ApiError(400, IMPORT_MSG.damaged);
    if (head.version !== EXPORT_VERSION) throw new ApiError(400, IMPORT_MSG.version);
    const result = v.safeParse(DataSchema, parsed);
    if (!result.success) throw new ApiError(400, IMPORT_MSG.damaged);
    return { data: result.output, read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Pictures: checked before the transaction, written after it

/** A picture to write after the commit: as it is in the ZIP (already a clean WebP of ours), or re-encoded. */
interface PendingPicture {
  key: string;
  name: string;
  data: Buffer | null;
}

/**
 * Whether a picture from the ZIP can be stored as it is: a WebP within our limits with no
 * metadata (what this server writes). Anything else is re-encoded like an upload; null when it
 * cannot be read at all.
 */
async function checkPicture(buffer: Buffer, avatar: boolean): Promise<{ data: Buffer | null; width: number; height: number } | null> {
  try {
    const meta = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
    const height = meta.pageHeight ?? meta.height;
    const clean = meta.format === 'webp' && !meta.exif && !meta.icc && !meta.xmp && !meta.iptc;
    const fits = avatar ? meta.width === AVATAR_SIZE && height === AVATAR_SIZE : meta.width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE;
    if (clean && fits && buffer.length <= IMAGE_MAX_BYTES) return { data: null, width: meta.width, height };
    const image = await processImage(buffer, avatar ? { square: AVATAR_SIZE } : {});
    return { data: image.data, width: image.width, height: image.height };
  } catch {
    return null;
  }
}

const newKey = (folder: 'yy' | 'avatars') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

// ---------------------------------------------------------------------------------------------
// The import

export interface ImportTarget {
  uid: number;
  email: string;
  qm: string;
  qianming: string;
  avatar: string;
}

const zero = (): ImportCounts => ({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0 });

export async function importExport(pool: Pool, storage: UploadStorage, uid: number, opened: OpenedExport): Promise<{ report: ImportReport; written: string[] }> {
  const { data } = opened;
  const here = await instanceId(pool);
  const sameSite = data.site.instance === here;
  const me = await pool.query<ImportTarget>('SELECT uid, email, qm, qianming, avatar FROM users WHERE uid = $1', [uid]);
  const target = me.rows[0];
  if (!target) throw new ApiError(401, '登录已过期，请重新登录', 'refresh');
  // The same account: the registration e-mail on any site, and on this very site the same 米米号 too.
  if (data.user.email.trim().toLowerCase() !== target.email || (sameSite && data.user.uid !== uid)) {
    throw new ApiError(400, IMPORT_MSG.otherAccount);
  }
  const exportedBy = data.user.uid;
  const key = (row: { id: number; origin?: string | null }) => row.origin ?? `${data.site.instance}:${row.id}`;

  const report: ImportReport = { created: zero(), skipped: zero(), unrestorable: [] };

  // Pictures of the yy this import may create, checked now (outside the transaction).
  const pictures = new Map<string, { data: Buffer | null; width: number; height: number }>();
  for (const yy of data.yy) {
    for (const image of yy.images) {
      if (pictures.has(image.file)) continue;
      const buffer = IMAGE_NAME.test(image.file) ? await opened.read(image.file, IMAGE_MAX_BYTES) : null;
      const checked = buffer ? await checkPicture(buffer, false) : null;
      if (checked) pictures.set(image.file, checked);
    }
  }
  let avatar: { data: Buffer | null; width: number; height: number } | null = null;
  if (data.user.avatar && !target.avatar) {
    const buffer = AVATAR_NAME.test(data.user.avatar) ? await opened.read(data.user.avatar, IMAGE_MAX_BYTES) : null;
    avatar = buffer ? await checkPicture(buffer, true) : null;
    if (!avatar) report.unrestorable.push({ kind: 'avatar', id: data.user.avatar, reason: '头像图片缺失或已损坏' });
  }

  const pending: PendingPicture[] = [];
  await withTransaction(pool, async (db) => {
    // One import per user at a time; the origin keys settle anything that still races.
    await db.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);

    const userCache = new Map<string, number | null>();
    /** The uid here of a user named in the export: the importer for their own rows; another only if that user exists here. */
    const resolveUser = async (u: number, n: string): Promise<number | null> => {
      if (u === exportedBy) return uid;
      const cacheKey = `${u}:${n}`;
      if (!userCache.has(cacheKey)) {
        // On this site the 米米号 is the person; elsewhere it must also carry the same nickname.
        const found = await db.query('SELECT 1 FROM users WHERE uid = $1 AND ($2 OR name = $3)', [u, sameSite, n]);
        userCache.set(cacheKey, (found.rowCount ?? 0) > 0 ? u : null);
      }
      return userCache.get(cacheKey)!;
    };
    const missingUser = (n: string, u: number) => `「${n}」（${u}）在本站不存在`;

    /** The id here of a row of `table` the export names: this site's own row, or one an earlier import created. */
    const existing = async (table: 'yy' | 'yy_comments' | 'leaves' | 'leave_replies', idColumn: string, row: { id: number; origin?: string | null }) => {
      const k = key(row);
      const [instance, original] = [k.slice(0, k.lastIndexOf(':')), Number(k.slice(k.lastIndexOf(':') + 1))];
      if (instance === here && Number.isSafeInteger(original)) {
        const own = await db.query<{ id: number }>(`SELECT ${idColumn} AS id FROM ${table} WHERE ${idColumn} = $1`, [original]);
        if (own.rows[0]) return own.rows[0].id;
      }
      const imported = await db.query<{ id: number }>(`SELECT ${idColumn} AS id FROM ${table} WHERE origin = $1`, [k]);
      return imported.rows[0]?.id ?? null;
    };

    // --- yy, oldest first (a repost of one's own post finds its original already imported)
    const yyIds = new Map<number, number>();
    const commentIds = new Map<number, number>();
    let yyCreated = 0;
    for (const yy of [...data.yy].reverse()) {
      const found = await existing('yy', 'weibo_id', yy);
      if (found !== null) {
        yyIds.set(yy.id, found);
        report.skipped.yy++;
        continue;
      }
      let content = yy.content;
      let transpond: number | null = null;
      if (yy.transpondId) {
        transpond = yyIds.get(yy.transpondId) ?? (await existing('yy', 'weibo_id', { id: yy.transpondId }));
        if (transpond === null) {
          // The original is not on this site: keep the words and quote what was reposted.
          content = yy.source ? `${yy.content} //转发 @${yy.source.name}：${yy.source.content}` : `${yy.content} //原yy已被删除`;
        }
      }
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO yy (uid, content, transpond_id, ctime, origin) VALUES ($1, $2, $3, $4, $5) RETURNING weibo_id AS id`,
        [uid, content.trim(), transpond, yy.ctime, key(yy)],
      );
      const newId = inserted.rows[0]!.id;
      yyIds.set(yy.id, newId);
      yyCreated++;
      report.created.yy++;
      let position = 0;
      for (const image of yy.images) {
        const checked = pictures.get(image.file);
        if (!checked) {
          report.unrestorable.push({ kind: 'image', id: image.file, reason: '图片缺失或已损坏' });
          continue;
        }
        const file = newKey('yy');
        const size = checked.data?.length ?? image.size;
        await db.query(
          `INSERT INTO uploads (uid, file, size, width, height, weibo_id, position, ctime) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [uid, file, size, checked.width, checked.height, newId, position++, yy.ctime],
        );
        pending.push({ key: file, name: image.file, data: checked.data });
        report.created.images++;
      }
    }
    if (yyCreated > 0) {
      await db.query('UPDATE users SET yy_count = yy_count + $2 WHERE uid = $1', [uid, yyCreated]);
      await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [yyCreated]);
    }

    // --- comments: under the user's yy (anyone's), and the user's under other yy
    const addComment = async (
      c: v.InferOutput<typeof CommentSchema>,
      weiboId: number,
    ): Promise<void> => {
      const found = await existing('yy_comments', 'comment_id', c);
      if (found !== null) {
        commentIds.set(c.id, found);
        report.skipped.comments++;
        return;
      }
      const author = await resolveUser(c.uid, c.name);
      if (author === null) {
        report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论者${missingUser(c.name, c.uid)}` });
        return;
      }
      let replyTo: number | null = null;
      let replyUid: number | null = null;
      if (c.replyCommentId) {
        replyTo = commentIds.get(c.replyCommentId) ?? (await existing('yy_comments', 'comment_id', { id: c.replyCommentId }));
        replyUid = replyTo === null ? null : await resolveUser(c.replyUid, c.replyName);
        // A reply whose comment or person is not here becomes a plain comment (never pointing at a stranger's).
        if (replyTo === null || replyUid === null) [replyTo, replyUid] = [null, null];
      }
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO yy_comments (weibo_id, uid, content, reply_comment_id, reply_uid, ctime, origin)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING comment_id AS id`,
        [weiboId, author, c.content, replyTo, replyUid, c.ctime, key(c)],
      );
      await db.query('UPDATE yy SET comment_count = comment_count + 1 WHERE weibo_id = $1', [weiboId]);
      commentIds.set(c.id, inserted.rows[0]!.id);
      report.created.comments++;
    };
    for (const yy of data.yy) {
      const weiboId = yyIds.get(yy.id)!;
      for (const c of [...yy.comments].sort((a, b) => a.ctime.localeCompare(b.ctime) || a.id - b.id)) await addComment(c, weiboId);
    }
    for (const c of [...data.commentsElsewhere].reverse()) {
      // The yy must be here, still its author's: this site's own, or one its author imported.
      const weiboId = await existing('yy', 'weibo_id', { id: c.yyId });
      const owner = weiboId === null ? null : (await db.query<{ uid: number }>('SELECT uid FROM yy WHERE weibo_id = $1', [weiboId])).rows[0]?.uid;
      if (weiboId === null || owner !== (await resolveUser(c.yyUid, c.yyName))) {
        report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论的yy（${c.yyName}的）不在本站` });
        continue;
      }
      await addComment(c, weiboId);
    }

    // --- board messages: on the user's board, and the user's on other boards
    const addLeave = async (l: v.InferOutput<typeof LeaveSchema>, board: number): Promise<void> => {
      let leaveId = await existing('leaves', 'leave_id', l);
      if (leaveId !== null) report.skipped.leaves++;
      else {
        const author = await resolveUser(l.uid, l.name);
        if (author === null) {
          report.unrestorable.push({ kind: 'leave', id: l.id, reason: `留言者${missingUser(l.name, l.uid)}` });
          for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
          return;
        }
        const inserted = await db.query<{ id: number }>(
          `INSERT INTO leaves (fuid, uid, content, ctime, origin) VALUES ($1, $2, $3, $4, $5) RETURNING leave_id AS id`,
          [board, author, l.content, l.ctime, key(l)],
        );
        await db.query('UPDATE users SET leave_count = leave_count + 1 WHERE uid = $1', [board]);
        leaveId = inserted.rows[0]!.id;
        report.created.leaves++;
      }
      for (const r of l.replies) {
        if ((await existing('leave_replies', 'id', r)) !== null) {
          report.skipped.leaveReplies++;
          continue;
        }
        const author = await resolveUser(r.uid, r.name);
        if (author === null) {
          report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: `回复者${missingUser(r.name, r.uid)}` });
          continue;
        }
        await db.query(`INSERT INTO leave_replies (leave_id, uid, content, ctime, origin) VALUES ($1, $2, $3, $4, $5)`, [
          leaveId, author, r.content, r.ctime, key(r),
        ]);
        report.created.leaveReplies++;
      }
    };
    for (const l of [...data.board].reverse()) await addLeave(l, uid);
    for (const l of [...data.leavesElsewhere].reverse()) {
      const board = await resolveUser(l.boardUid, l.boardName);
      if (board === null) {
        if ((await existing('leaves', 'leave_id', l)) !== null) report.skipped.leaves++;
        else {
          report.unrestorable.push({ kind: 'leave', id: l.id, reason: `留言板的主人${missingUser(l.boardName, l.boardUid)}` });
          for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
        }
        continue;
      }
      await addLeave(l, board);
    }

    // --- signatures: restored where the user still has the default (''); equal or own ones are kept
    for (const column of ['qm', 'qianming'] as const) {
      const value = data.signatures[column].trim();
      if (!value) continue;
      if (target[column] === '') {
        await db.query(`UPDATE users SET ${column} = $2 WHERE uid = $1`, [uid, value]);
        report.created.signatures++;
      } else report.skipped.signatures++;
    }

    // --- avatar: restored when the user has no uploaded picture now
    if (data.user.avatar) {
      if (target.avatar) report.skipped.avatar++;
      else if (avatar) {
        const file = newKey('avatars');
        await db.query(`UPDATE users SET avatar = $2 WHERE uid = $1`, [uid, `/uploads/${file}`]);
        pending.push({ key: file, name: data.user.avatar, data: avatar.data });
        report.created.avatar++;
      }
    }
  });

  // Committed: now the files. A file that cannot be written leaves its yy without that picture.
  const written: string[] = [];
  for (const picture of pending) {
    try {
      const bytes = picture.data ?? (await opened.read(picture.name, IMAGE_MAX_BYTES));
      if (!bytes) throw new Error(`${picture.name} vanished from the ZIP`);
      await storage.put(picture.key, bytes, 'image/webp');
      written.push(picture.key);
    } catch {
      if (picture.key.startsWith('avatars/')) {
        await pool.query(`UPDATE users SET avatar = '' WHERE uid = $1 AND avatar = $2`, [uid, `/uploads/${picture.key}`]);
        report.created.avatar--;
        report.unrestorable.push({ kind: 'avatar', id: picture.name, reason: '头像图片保存失败' });
      } else {
        await pool.query('DELETE FROM uploads WHERE file = $1', [picture.key]);
        report.created.images--;
        report.unrestorable.push({ kind: 'image', id: picture.name, reason: '图片保存失败' });
      }
    }
  }
  return { report, written };
}
