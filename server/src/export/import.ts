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
import {
  AVATAR_SIZE,
  BIG_SIGNATURE_MAX,
  charCount,
  COMMENT_MAX,
  IMAGE_MAX_BYTES,
  SMALL_SIGNATURE_MAX,
  TEXT_MAX,
  YY_IMAGES_MAX,
  YY_TEXT_MAX,
} from '@xiaoba/shared/core';
import { withTransaction, type Pool, type Queryable } from '../db/pool';
import { ApiError } from '../http/errors';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, processImage } from '../uploads/images';
import type { UploadStorage } from '../uploads/storage';
import { EXPORT_FORMAT, EXPORT_VERSION, instanceId } from './data';
import { SIGNATURE_FILE, verifyData } from './signature';

export const IMPORT_MSG = {
  imported: '导入完成',
  noFile: '请选择要导入的导出文件',
  damaged: '文件已损坏，无法导入',
  tooLarge: (mb: number) => `导出文件太大了，不能超过${mb}MB`,
  version: '不认识这个导出文件的版本',
  outside: '导出文件里有不属于它的文件夹的路径，无法导入',
  otherAccount: '这是另一个账号的导出文件，只能导入自己的',
  running: '已经有一个导入正在进行，请等它完成',
} as const;

// Any constant: the first half of the advisory lock key "an import of user N is running".
const IMPORT_LOCK_CLASS = 7_263_011;

/**
 * Runs one user's import while holding a session advisory lock (every API process sees it), so a
 * user runs one import at a time; another answers 409 at once. The lock goes with the connection.
 */
export async function withImportLock<T>(pool: Pool, uid: number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [IMPORT_LOCK_CLASS, uid]);
    if (!rows[0]?.ok) throw new ApiError(409, IMPORT_MSG.running);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK_CLASS, uid]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

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
/** What the site itself accepts (counted as people count), so an import is no way around the rules. */
const words = (max: number) => v.pipe(v.string(), v.maxLength(max * 2), noNul, v.check<string>((s) => charCount(s) <= max));
const name = v.pipe(v.string(), v.maxLength(100), noNul);
const time = v.pipe(v.string(), v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/), v.check((s) => !Number.isNaN(Date.parse(s))));
const origin = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null);
const file = v.pipe(v.string(), v.maxLength(200));

const CommentSchema = v.object({
  id: posId, origin, uid: posId, name, content: words(COMMENT_MAX), ctime: time, replyCommentId: id, replyUid: id, replyName: v.optional(name, ''),
});
const ReplySchema = v.object({ id: posId, origin, uid: posId, name, content: words(TEXT_MAX), ctime: time });
const LeaveSchema = v.object({
  id: posId, origin, boardUid: posId, boardName: name, uid: posId, name, content: words(TEXT_MAX), ctime: time, replies: v.array(ReplySchema),
});
const DataSchema = v.object({
  format: v.literal(EXPORT_FORMAT),
  version: v.literal(EXPORT_VERSION),
  exportedAt: time,
  site: v.object({ name: v.string(), instance: v.pipe(v.string(), v.maxLength(100)) }),
  user: v.object({
    uid: posId, email: v.pipe(v.string(), v.maxLength(320)), name, sex: id, birthday: v.string(), ctime: time, face: id, avatar: file, skin: v.string(),
  }),
  signatures: v.object({ qm: words(BIG_SIGNATURE_MAX), qianming: words(SMALL_SIGNATURE_MAX) }),
  yy: v.pipe(
    v.array(
      v.object({
        id: posId,
        origin,
        ctime: time,
        content: words(YY_TEXT_MAX),
        transpondId: id,
        source: v.nullable(v.object({ id: posId, uid: posId, name, content: text, ctime: time })),
        images: v.pipe(v.array(v.object({ file, width: posId, height: posId, size: posId })), v.maxLength(YY_IMAGES_MAX)),
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
  /** data.json carries this site's signature (signature.ts): other users' words may be restored. */
  signed: boolean;
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
export async function openExport(path: string, key: Buffer): Promise<OpenedExport> {
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
    // Unzipped and zipped again by hand is fine: macOS's resource forks (__MACOSX/) are ignored, and
    // the files may sit in the export's folder (as exported) or at the top of the ZIP.
    const files = entries.filter((e) => !e.fileName.startsWith('__MACOSX/'));
    const dataEntries = files.filter((e) => /^([^/]+\/)?data\.json$/.test(e.fileName));
    if (dataEntries.length !== 1) throw new ApiError(400, IMPORT_MSG.damaged);
    const name = dataEntries[0]!.fileName;
    const folder = name.slice(0, name.length - 'data.json'.length);
    // Every entry sits in the export's one folder; nothing may climb out of it or sit beside it.
    for (const entry of files) {
      const parts = entry.fileName.split('/');
      if (!entry.fileName.startsWith(folder) || parts.some((p) => p === '..' || p === '.')) throw new ApiError(400, IMPORT_MSG.outside);
    }
    const byName = new Map(files.filter((e) => !e.fileName.endsWith('/')).map((e) => [e.fileName.slice(folder.length), e]));

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
    let dataJson: Buffer;
    try {
      dataJson = (await read('data.json', MAX_JSON_BYTES))!;
      parsed = JSON.parse(dataJson.toString('utf8'));
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError(400, IMPORT_MSG.damaged);
    }
    const signature = await read(SIGNATURE_FILE, 1024);
    const head = parsed as { format?: unknown; version?: unknown } | null;
    if (typeof head !== 'object' || head === null || head.format !== EXPORT_FORMAT) throw new ApiError(400, IMPORT_MSG.damaged);
    if (head.version !== EXPORT_VERSION) throw new ApiError(400, IMPORT_MSG.version);
    const result = v.safeParse(DataSchema, parsed);
    if (!result.success) throw new ApiError(400, IMPORT_MSG.damaged);
    return { data: result.output, signed: verifyData(key, dataJson, signature?.toString('utf8') ?? null), read, close: () => zip.close() };
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

type Table = 'yy' | 'yy_comments' | 'leaves' | 'leave_replies';
const ID_COLUMN: Record<Table, string> = { yy: 'weibo_id', yy_comments: 'comment_id', leaves: 'leave_id', leave_replies: 'id' };
type Ref = { id: number; origin?: string | null };
type Checked = { data: Buffer | null; width: number; height: number };

/** Runs `fn` over `items`, `limit` at a time (picture checks and writes: I/O and libvips threads). */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Which of the given origin keys are already rows of `table` here: rows an earlier import created
 * (by their origin key) and, for keys of this very site, its own rows by id. One or two queries.
 */
async function presentRows(db: Queryable, here: string, table: Table, keys: string[]): Promise<Map<string, number>> {
  const column = ID_COLUMN[table];
  const found = new Map<string, number>();
  const unique = [...new Set(keys)];
  const imported = await db.query<{ origin: string; id: number }>(`SELECT origin, ${column} AS id FROM ${table} WHERE origin = ANY($1::text[])`, [unique]);
  for (const row of imported.rows) found.set(row.origin, row.id);
  const natives = unique
    .filter((k) => k.slice(0, k.lastIndexOf(':')) === here)
    .map((k) => Number(k.slice(k.lastIndexOf(':') + 1)))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (natives.length > 0) {
    const own = await db.query<{ id: number }>(`SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::bigint[])`, [natives]);
    for (const row of own.rows) found.set(`${here}:${row.id}`, row.id);
  }
  return found;
}

const PARALLEL_PICTURES = 4;

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
  const key = (row: Ref) => row.origin ?? `${data.site.instance}:${row.id}`;

  const report: ImportReport = { created: zero(), skipped: zero(), unrestorable: [] };

  // Pictures of the yy not here yet, checked now, outside the transaction (a yy already here
  // needs none; the transaction decides again and reports a picture it finds unchecked).
  const presentYy = await presentRows(pool, here, 'yy', data.yy.map(key));
  const pictures = new Map<string, Checked>();
  const toCheck = [...new Set(data.yy.filter((y) => !presentYy.has(key(y))).flatMap((y) => y.images.map((i) => i.file)))];
  await eachLimit(toCheck, PARALLEL_PICTURES, async (name) => {
    const buffer = IMAGE_NAME.test(name) ? await opened.read(name, IMAGE_MAX_BYTES) : null;
    const checked = buffer ? await checkPicture(buffer, false) : null;
    if (checked) pictures.set(name, checked);
  });
  let avatar: Checked | null = null;
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
    /** Who wrote a row: the importer, or (only from an export this site signed) another user who is here. */
    const resolveAuthor = async (u: number, n: string): Promise<number | null> =>
      u === exportedBy || opened.signed ? resolveUser(u, n) : null;
    // Why another user's words are not restored: not signed by this site, or that user is not here.
    const missingUser = (n: string, u: number) => (opened.signed ? `「${n}」（${u}）在本站不存在` : `「${n}」（${u}）写的内容只能从本站签名的导出文件恢复`);

    // What is here already, looked up in bulk (not one query per row), then kept up to date.
    const allComments = [...data.yy.flatMap((y) => y.comments), ...data.commentsElsewhere];
    const allLeaves = [...data.board, ...data.leavesElsewhere];
    const known: Record<Table, Map<string, number>> = {
      yy: await presentRows(db, here, 'yy', [
        ...data.yy.map(key),
        ...data.yy.filter((y) => y.transpondId).map((y) => key({ id: y.transpondId })),
        ...data.commentsElsewhere.map((c) => key({ id: c.yyId })),
      ]),
      yy_comments: await presentRows(db, here, 'yy_comments', [
        ...allComments.map(key),
        ...allComments.filter((c) => c.replyCommentId).map((c) => key({ id: c.replyCommentId })),
      ]),
      leaves: await presentRows(db, here, 'leaves', allLeaves.map(key)),
      leave_replies: await presentRows(db, here, 'leave_replies', allLeaves.flatMap((l) => l.replies.map(key))),
    };
    const existing = (table: Table, row: Ref): number | null => known[table].get(key(row)) ?? null;

    // --- yy: originals first, then reposts (which may point at an original of this very import).
    // One INSERT per batch: a thousand posts cost a few statements, not a thousand round trips.
    const yyIds = new Map<number, number>();
    const fresh = [...data.yy].reverse().filter((yy) => {
      const found = existing('yy', yy);
      if (found === null) return true;
      yyIds.set(yy.id, found);
      report.skipped.yy++;
      return false;
    });
    const insertYy = async (rows: Array<{ yy: (typeof data.yy)[number]; content: string; transpond: number | null }>) => {
      if (rows.length === 0) return;
      const inserted = await db.query<{ id: number; origin: string }>(
        `INSERT INTO yy (uid, content, transpond_id, ctime, origin)
         SELECT $1::bigint, t.content, t.transpond, t.ctime::timestamp, t.origin
         FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) WITH ORDINALITY AS t(content, transpond, ctime, origin, n)
         ORDER BY t.n
         RETURNING weibo_id AS id, origin`,
        [uid, rows.map((r) => r.content), rows.map((r) => r.transpond), rows.map((r) => r.yy.ctime), rows.map((r) => key(r.yy))],
      );
      const byOrigin = new Map(inserted.rows.map((r) => [r.origin, r.id]));
      for (const { yy } of rows) {
        const id = byOrigin.get(key(yy))!;
        yyIds.set(yy.id, id);
        known.yy.set(key(yy), id);
      }
      report.created.yy += rows.length;
    };
    await insertYy(fresh.filter((yy) => !yy.transpondId).map((yy) => ({ yy, content: yy.content, transpond: null })));
    await insertYy(
      fresh
        .filter((yy) => yy.transpondId)
        .map((yy) => {
          const transpond = yyIds.get(yy.transpondId) ?? existing('yy', { id: yy.transpondId });
          // The original is not on this site: keep the words and quote what was reposted.
          const content =
            transpond !== null ? yy.content : yy.source ? `${yy.content} //转发 @${yy.source.name}：${yy.source.content}` : `${yy.content} //原yy已被删除`;
          return { yy, content: content.trim(), transpond };
        }),
    );
    if (fresh.length > 0) {
      await db.query('UPDATE users SET yy_count = yy_count + $2 WHERE uid = $1', [uid, fresh.length]);
      await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [fresh.length]);
    }
    // Their pictures, in order, under new random names (files written after the commit).
    const uploads: Array<[string, number, number, number, number, number, string]> = [];
    for (const yy of fresh) {
      let position = 0;
      for (const image of yy.images) {
        const checked = pictures.get(image.file);
        if (!checked) {
          report.unrestorable.push({ kind: 'image', id: image.file, reason: '图片缺失或已损坏' });
          continue;
        }
        const file = newKey('yy');
        uploads.push([file, checked.data?.length ?? image.size, checked.width, checked.height, yyIds.get(yy.id)!, position++, yy.ctime]);
        pending.push({ key: file, name: image.file, data: checked.data });
      }
    }
    if (uploads.length > 0) {
      const col = (i: number) => uploads.map((u) => u[i]);
      await db.query(
        `INSERT INTO uploads (uid, file, size, width, height, weibo_id, position, ctime)
         SELECT $1::bigint, * FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::bigint[], $7::smallint[], $8::timestamp[])`,
        [uid, col(0), col(1), col(2), col(3), col(4), col(5), col(6)],
      );
      report.created.images += uploads.length;
    }

    // --- comments: under the user's yy (anyone's), and the user's under other yy. Decided in
    // order (a reply finds the comment it answers), written in one INSERT, replies linked after.
    type NewComment = { c: (typeof allComments)[number]; weiboId: number; author: number; replyTo: Ref | null; replyUid: number | null };
    const newComments: NewComment[] = [];
    const commentById = new Map(allComments.map((c) => [c.id, c]));
    const planned = new Set<string>();
    const planComment = async (c: (typeof allComments)[number], weiboId: number) => {
      if (existing('yy_comments', c) !== null || planned.has(key(c))) {
        report.skipped.comments++;
        return;
      }
      const author = await resolveAuthor(c.uid, c.name);
      if (author === null) {
        report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论者${missingUser(c.name, c.uid)}` });
        return;
      }
      let replyTo: Ref | null = null;
      let replyUid: number | null = null;
      if (c.replyCommentId) {
        const target: Ref = commentById.get(c.replyCommentId) ?? { id: c.replyCommentId };
        const reachable = existing('yy_comments', target) !== null || planned.has(key(target));
        replyUid = reachable ? await resolveUser(c.replyUid, c.replyName) : null;
        // A reply whose comment or person is not here becomes a plain comment (never pointing at a stranger's).
        if (reachable && replyUid !== null) replyTo = target;
        else replyUid = null;
      }
      planned.add(key(c));
      newComments.push({ c, weiboId, author, replyTo, replyUid });
    };
    for (const yy of data.yy) {
      const weiboId = yyIds.get(yy.id)!;
      for (const c of [...yy.comments].sort((x, y) => x.ctime.localeCompare(y.ctime) || x.id - y.id)) await planComment(c, weiboId);
    }
    for (const c of [...data.commentsElsewhere].reverse()) {
      // The yy must be here, still its author's: this site's own, or one its author imported.
      const weiboId = existing('yy', { id: c.yyId });
      const owner = weiboId === null ? null : (await db.query<{ uid: number }>('SELECT uid FROM yy WHERE weibo_id = $1', [weiboId])).rows[0]?.uid;
      if (weiboId === null || owner !== (await resolveUser(c.yyUid, c.yyName))) {
        report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论的yy（${c.yyName}的）不在本站` });
        continue;
      }
      await planComment(c, weiboId);
    }
    if (newComments.length > 0) {
      const inserted = await db.query<{ id: number; origin: string }>(
        `INSERT INTO yy_comments (weibo_id, uid, content, ctime, origin)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])
         RETURNING comment_id AS id, origin`,
        [newComments.map((n) => n.weiboId), newComments.map((n) => n.author), newComments.map((n) => n.c.content), newComments.map((n) => n.c.ctime), newComments.map((n) => key(n.c))],
      );
      for (const row of inserted.rows) known.yy_comments.set(row.origin, row.id);
      const replies = newComments.filter((n) => n.replyTo !== null);
      if (replies.length > 0) {
        await db.query(
          `UPDATE yy_comments c SET reply_comment_id = t.reply, reply_uid = t.reply_uid
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS t(id, reply, reply_uid) WHERE c.comment_id = t.id`,
          [replies.map((n) => known.yy_comments.get(key(n.c))!), replies.map((n) => existing('yy_comments', n.replyTo!)!), replies.map((n) => n.replyUid)],
        );
      }
      await db.query(
        `UPDATE yy SET comment_count = comment_count + t.n FROM (SELECT w, count(*)::int AS n FROM unnest($1::bigint[]) AS w GROUP BY w) t WHERE yy.weibo_id = t.w`,
        [newComments.map((n) => n.weiboId)],
      );
      report.created.comments += newComments.length;
    }

    // --- board messages: on the user's board, and the user's on other boards
    const addLeave = async (l: (typeof allLeaves)[number], board: number): Promise<void> => {
      let leaveId = existing('leaves', l);
      if (leaveId !== null) report.skipped.leaves++;
      else {
        const author = await resolveAuthor(l.uid, l.name);
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
        known.leaves.set(key(l), leaveId);
        report.created.leaves++;
      }
      for (const r of l.replies) {
        if (existing('leave_replies', r) !== null) {
          report.skipped.leaveReplies++;
          continue;
        }
        const author = await resolveAuthor(r.uid, r.name);
        if (author === null) {
          report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: `回复者${missingUser(r.name, r.uid)}` });
          continue;
        }
        const reply = await db.query<{ id: number }>(
          `INSERT INTO leave_replies (leave_id, uid, content, ctime, origin) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [leaveId, author, r.content, r.ctime, key(r)],
        );
        known.leave_replies.set(key(r), reply.rows[0]!.id);
        report.created.leaveReplies++;
      }
    };
    for (const l of [...data.board].reverse()) await addLeave(l, uid);
    for (const l of [...data.leavesElsewhere].reverse()) {
      const board = await resolveUser(l.boardUid, l.boardName);
      if (board === null) {
        if (existing('leaves', l) !== null) report.skipped.leaves++;
        else {
          report.unrestorable.push({ kind: 'leave', id: l.id, reason: `留言板的主人${missingUser(l.boardName, l.boardUid)}` });
          for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
        }
        continue;
      }
      await addLeave(l, board);
    }

    // --- signatures: restored where the user still has the default (''); one already set is kept
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
  await eachLimit(pending, PARALLEL_PICTURES, async (picture) => {
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
  });
  return { report, written };
}
