/**
 * Importing an export ZIP back (docs/export-format.md "Import"): on this site after a reset, or on
 * another instance of the project. Everything is checked before anything is written. An import is
 * held to what posting is held to (issue 16):
 * - texts pass the site's rules (cleanText, lengths); times are real and never later than now;
 * - what this site cannot verify (its own signature on data.json) counts against a quota of a
 *   day's worth of the posting limits, may not be dated within the last 24 hours (so it never
 *   ranks above what was posted today) and may not repeat a text within 60 seconds;
 * - existing rows are matched only where they are the same author's, on the same yy or board, and
 *   replies only where the site's routes would allow them; origin keys are unique per author;
 * - another user's words that were deleted since the export are never brought back;
 * - each picture is stored once however often it is referenced, within the user's storage quota
 *   and the disk's free-space floor, and written BEFORE the rows that name it (a crash leaves at
 *   most an unused file, never a row without its picture);
 * - the rows go in one transaction whose locks on rows other writers need (counters) are taken in
 *   its last statements, so other users never wait for an import.
 * Each imported row keeps its original time and an origin key ('<instance>:<original id>'), so
 * importing the same ZIP twice creates nothing twice. What cannot be restored is reported.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import sharp from 'sharp';
import * as v from 'valibot';
import yauzl from 'yauzl';
import {
  AVATAR_SIZE,
  BIG_SIGNATURE_MAX,
  charCount,
  cleanText,
  COMMENT_MAX,
  IMAGE_MAX_BYTES,
  SMALL_SIGNATURE_MAX,
  TEXT_MAX,
  YY_IMAGES_MAX,
  YY_TEXT_MAX,
} from '@xiaoba/shared/core';
import type { Config } from '../config';
import { lockPoster, DUPLICATE_WINDOW_SECONDS } from '../db/post-limit';
import { isUniqueViolation, transactionOn, type Pool, type PoolClient, type Queryable } from '../db/pool';
import { ApiError, MSG } from '../http/errors';
import { assertDiskRoom } from '../uploads/disk-room';
import { assertStorageRoom, storageUsed } from '../uploads/quota';
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
  badTime: '导出文件里有不可能的时间（不存在的日期，或晚于现在），无法导入',
  storageFailed: '图片保存失败，什么都没有导入，请稍后再试',
} as const;

/** Content this site cannot verify may not be dated within this many hours before the import. */
export const IMPORT_RECENT_HOURS = 24;
/** The import quota counts what imports created within this many hours: a day of posting. */
export const IMPORT_QUOTA_HOURS = 24;
/** No time in an export is earlier than this (the site's predecessor opened years later). */
export const EARLIEST_IMPORT_TIME = '2000-01-01T00:00:00Z';
const EARLIEST_MS = Date.parse(EARLIEST_IMPORT_TIME);

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
const words = (max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(max * 2),
    noNul,
    v.check<string>((s) => charCount(s) <= max),
  );
const name = v.pipe(v.string(), v.maxLength(100), noNul);
const TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d{1,3})?Z$/;

/**
 * A time PostgreSQL and people agree on: a day that exists (no 30 February, no year 0000), from
 * EARLIEST_IMPORT_TIME on and not later than `nowMs`. Date.parse alone rolls 2024-02-30 over into
 * March and accepts year 0, which PostgreSQL then refuses.
 */
export function isRealTime(text: string, nowMs: number): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  const ms = Date.parse(text);
  return exists && ms >= EARLIEST_MS && ms <= nowMs;
}
const origin = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null);
const file = v.pipe(v.string(), v.maxLength(200));

/** data.json as accepted at `nowMs` (times are checked against it): its long lists' items apart. */
function dataSchemas(nowMs: number) {
  const time = v.pipe(
    v.string(),
    v.check((t: string) => isRealTime(t, nowMs), IMPORT_MSG.badTime),
  );
  const comment = v.object({
    id: posId,
    origin,
    uid: posId,
    name,
    content: words(COMMENT_MAX),
    ctime: time,
    replyCommentId: id,
    replyUid: id,
    replyName: v.optional(name, ''),
  });
  const reply = v.object({ id: posId, origin, uid: posId, name, content: words(TEXT_MAX), ctime: time });
  const leave = v.object({
    id: posId,
    origin,
    boardUid: posId,
    boardName: name,
    uid: posId,
    name,
    content: words(TEXT_MAX),
    ctime: time,
    replies: v.array(reply),
  });
  const items = {
    yy: v.object({
      id: posId,
      origin,
      ctime: time,
      content: words(YY_TEXT_MAX),
      transpondId: id,
      source: v.nullable(v.object({ id: posId, uid: posId, name, content: text, ctime: time })),
      images: v.pipe(v.array(v.object({ file, width: posId, height: posId, size: posId })), v.maxLength(YY_IMAGES_MAX)),
      comments: v.array(comment),
    }),
    commentsElsewhere: v.object({ ...comment.entries, yyId: posId, yyUid: posId, yyName: name, yyContent: text }),
    board: leave,
    leavesElsewhere: leave,
  };
  const head = v.object({
    format: v.literal(EXPORT_FORMAT),
    version: v.literal(EXPORT_VERSION),
    exportedAt: time,
    site: v.object({ name: v.string(), instance: v.pipe(v.string(), v.maxLength(100)) }),
    user: v.object({
      uid: posId,
      email: v.pipe(v.string(), v.maxLength(320)),
      name,
      sex: id,
      birthday: v.string(),
      ctime: time,
      face: id,
      avatar: file,
      skin: v.string(),
    }),
    signatures: v.object({ qm: words(BIG_SIGNATURE_MAX), qianming: words(SMALL_SIGNATURE_MAX) }),
    yy: v.pipe(v.array(v.unknown()), v.maxLength(200_000)),
    commentsElsewhere: v.array(v.unknown()),
    board: v.array(v.unknown()),
    leavesElsewhere: v.array(v.unknown()),
  });
  return { head, items };
}
type Schemas = ReturnType<typeof dataSchemas>;
type Lists = Schemas['items'];
export type ImportData = Omit<v.InferOutput<Schemas['head']>, keyof Lists> & { [K in keyof Lists]: Array<v.InferOutput<Lists[K]>> };

/** Items checked between two turns of the event loop: a large export never blocks other requests for long. */
const ITEMS_PER_TURN = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes of data.json parsed between two turns of the event loop. */
const JSON_BYTES_PER_TURN = 128 * 1024;

/**
 * JSON.parse without the block: data.json parsed a slice at a time by a streaming parser (JSON.parse
 * of a 60,000-post export held the event loop for 80-110 ms and other users' requests waited that
 * long; this takes about 4x the CPU, in slices of about 15 ms). Throws on what JSON.parse refuses.
 */
async function parseJsonInTurns(bytes: Buffer): Promise<unknown> {
  const parser = new JSONParser({ paths: ['$'] });
  let root: { value: unknown } | null = null;
  parser.onValue = ({ value }) => {
    root = { value };
  };
  for (let i = 0; i < bytes.length; i += JSON_BYTES_PER_TURN) {
    if (i > 0) await nextTurn();
    parser.write(bytes.subarray(i, i + JSON_BYTES_PER_TURN));
  }
  // The parser ends by itself once the root value is complete; else the input stopped inside it.
  if (!parser.isEnded) parser.end();
  if (root === null) throw new SyntaxError('data.json holds no JSON value');
  return (root as { value: unknown }).value;
}

/** A step of a long loop: every ITEMS_PER_TURN calls it lets the event loop serve others first. */
function turnTaker(): () => Promise<void> | undefined {
  let calls = 0;
  return () => (++calls % ITEMS_PER_TURN === 0 ? nextTurn() : undefined);
}

/**
 * data.json checked as the schema says, its long lists a slice at a time with the event loop free
 * in between (60,000 yy took one 190 ms block in one go). Throws the 400 to answer.
 */
async function checkData(parsed: unknown, nowMs: number): Promise<ImportData> {
  const { head, items } = dataSchemas(nowMs);
  const refuse = (issues: ReadonlyArray<{ message: string }>) =>
    // A time that cannot be is said as such (it is the one damage a hand-made file often has).
    new ApiError(400, issues.some((i) => i.message === IMPORT_MSG.badTime) ? IMPORT_MSG.badTime : IMPORT_MSG.damaged);
  const top = v.safeParse(head, parsed);
  if (!top.success) throw refuse(top.issues);
  const lists = {} as { [K in keyof Lists]: Array<v.InferOutput<Lists[K]>> };
  for (const name of Object.keys(items) as Array<keyof Lists>) {
    const schema = items[name];
    const out: unknown[] = [];
    const list = top.output[name];
    for (let i = 0; i < list.length; i += ITEMS_PER_TURN) {
      if (i > 0) await nextTurn();
      for (const item of list.slice(i, i + ITEMS_PER_TURN)) {
        const checked = v.safeParse(schema, item);
        if (!checked.success) throw refuse(checked.issues);
        out.push(checked.output);
      }
    }
    (lists as Record<string, unknown[]>)[name] = out;
  }
  return { ...top.output, ...lists };
}

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
export async function openExport(path: string, key: Buffer, nowMs = Date.now()): Promise<OpenedExport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false }, (err, z) =>
        err || !z ? reject(err ?? new Error('yauzl opened no ZIP')) : resolve(z),
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
      parsed = await parseJsonInTurns(dataJson);
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError(400, IMPORT_MSG.damaged);
    }
    const signature = await read(SIGNATURE_FILE, 1024);
    const head = parsed as { format?: unknown; version?: unknown } | null;
    if (typeof head !== 'object' || head === null || head.format !== EXPORT_FORMAT) throw new ApiError(400, IMPORT_MSG.damaged);
    if (head.version !== EXPORT_VERSION) throw new ApiError(400, IMPORT_MSG.version);
    const data = await checkData(parsed, nowMs);
    return { data, signed: verifyData(key, dataJson, signature?.toString('utf8') ?? null), read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Pictures: checked before anything is written, each distinct one stored once, before the rows

/** A picture of the ZIP as it will be stored: as it is (a clean WebP of ours), or re-encoded. */
interface CheckedPicture {
  /** sha256 of the bytes to store: two names (or two references) with the same bytes are one file. */
  hash: string;
  /** The re-encoded bytes, or null to store the ZIP's own bytes. */
  data: Buffer | null;
  size: number;
  width: number;
  height: number;
}

/**
 * Whether a picture from the ZIP can be stored as it is: a WebP within our limits with no
 * metadata (what this server writes). Anything else is re-encoded like an upload; null when it
 * cannot be read at all.
 */
async function checkPicture(buffer: Buffer, avatar: boolean): Promise<CheckedPicture | null> {
  try {
    const meta = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
    const height = meta.pageHeight ?? meta.height;
    const clean = meta.format === 'webp' && !meta.exif && !meta.icc && !meta.xmp && !meta.iptc;
    const fits = avatar ? meta.width === AVATAR_SIZE && height === AVATAR_SIZE : meta.width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE;
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    if (clean && fits && buffer.length <= IMAGE_MAX_BYTES) return { hash: hash(buffer), data: null, size: buffer.length, width: meta.width, height };
    const image = await processImage(buffer, avatar ? { square: AVATAR_SIZE } : {});
    return { hash: hash(image.data), data: image.data, size: image.data.length, width: image.width, height: image.height };
  } catch {
    return null;
  }
}

const newKey = (folder: 'yy' | 'avatars') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

/** Runs `fn` over `items`, `limit` at a time (picture checks and writes: I/O and libvips threads). */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const PARALLEL_PICTURES = 4;

// ---------------------------------------------------------------------------------------------
// The rules an import is held to

export type ImportRules = Pick<Config, 'postLimits' | 'boardLimits' | 'storage' | 'dataDir' | 'uploadsDir' | 's3' | 'databaseUrl' | 'db'>;

/** What the quota counts: content the site could not verify, by kind. */
export type QuotaKind = 'yy' | 'comments' | 'leaves' | 'leaveReplies' | 'images';
const QUOTA_KINDS: readonly QuotaKind[] = ['yy', 'comments', 'leaves', 'leaveReplies', 'images'];
const QUOTA_NAMES: Record<QuotaKind, string> = { yy: '条yy', comments: '条评论', leaves: '条留言', leaveReplies: '条留言回复', images: '张图片' };

/**
 * The import quota: within any IMPORT_QUOTA_HOURS, imports may create from unverified content at
 * most what the posting limits let a user post by hand in that time (LIMIT_* per
 * LIMIT_WINDOW_MINUTES). A limit turned off (0) leaves its kind unbounded here too.
 */
export function importQuota(rules: Pick<ImportRules, 'postLimits' | 'boardLimits'>): Record<QuotaKind, number> {
  const windows = (IMPORT_QUOTA_HOURS * 60) / rules.postLimits.windowMinutes;
  const perQuota = (limit: number) => (limit > 0 ? Math.floor(limit * windows) : Number.POSITIVE_INFINITY);
  return {
    yy: perQuota(rules.postLimits.yy),
    comments: perQuota(rules.postLimits.comments),
    leaves: perQuota(rules.boardLimits.leaves),
    leaveReplies: perQuota(rules.boardLimits.replies),
    images: perQuota(rules.postLimits.uploads),
  };
}

/** What `uid`'s imports created from unverified content within the quota's window. */
async function quotaUsed(db: Queryable, uid: number): Promise<Record<QuotaKind, number>> {
  const { rows } = await db.query<Record<QuotaKind, number>>(
    `SELECT coalesce(sum(yy), 0)::int AS yy, coalesce(sum(comments), 0)::int AS comments, coalesce(sum(leaves), 0)::int AS leaves,
            coalesce(sum(leave_replies), 0)::int AS "leaveReplies", coalesce(sum(images), 0)::int AS images
     FROM import_usage WHERE uid = $1 AND at > now() - make_interval(hours => $2)`,
    [uid, IMPORT_QUOTA_HOURS],
  );
  return rows[0]!;
}

export async function purgeOldImportUsage(db: Queryable): Promise<void> {
  await db.query('DELETE FROM import_usage WHERE at < now() - make_interval(hours => $1)', [IMPORT_QUOTA_HOURS]);
}

// ---------------------------------------------------------------------------------------------
// One import at a time per user

// Any constant: the first half of the advisory lock key "an import of user N is running".
const IMPORT_LOCK_CLASS = 7_263_011;

/** Imports running at once in one process; each holds one pool connection for its whole run. */
export const IMPORTS_PER_PROCESS = 3;
let importsRunning = 0;

/**
 * Runs one user's import while holding a session advisory lock (every API process sees it), so a
 * user runs one import at a time; another answers 409 at once. The lock goes with the connection,
 * which `fn` uses for all its work: an import takes one connection of the pool, and at most
 * IMPORTS_PER_PROCESS imports run at once (another answers 503 with Retry-After), so imports
 * never leave the other requests without connections.
 */
export async function withImportLock<T>(pool: Pool, uid: number, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  if (importsRunning >= IMPORTS_PER_PROCESS) throw new ApiError(503, MSG.busy);
  importsRunning++;
  try {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [IMPORT_LOCK_CLASS, uid]);
      if (!rows[0]?.ok) throw new ApiError(409, IMPORT_MSG.running);
      try {
        return await fn(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK_CLASS, uid]).catch(() => {});
      }
    } finally {
      client.release();
    }
  } finally {
    importsRunning--;
  }
}

// ---------------------------------------------------------------------------------------------
// Rows already here, matched only where they are the same author's in the same place

type Table = 'yy' | 'yy_comments' | 'leaves' | 'leave_replies';
const ID_COLUMN: Record<Table, string> = { yy: 'weibo_id', yy_comments: 'comment_id', leaves: 'leave_id', leave_replies: 'id' };
/** What a row hangs under: the yy's owner, the comment's yy, the message's board, the reply's message. */
const PARENT_COLUMN: Record<Table, string> = { yy: 'uid', yy_comments: 'weibo_id', leaves: 'fuid', leave_replies: 'leave_id' };
const TOMBSTONE_KIND: Record<Table, string> = { yy: 'yy', yy_comments: 'comment', leaves: 'leave', leave_replies: 'leaveReply' };

interface HereRow {
  id: number;
  uid: number;
  parent: number;
  /** This site's own row, found by its id (else a row an import created, found by origin). */
  native: boolean;
}

/**
 * The rows of `table` that the given keys may name: rows imported with that origin key (by any
 * author: the caller matches the author) and, for keys of this very site, its own rows by id.
 */
async function rowsHere(db: Queryable, here: string, table: Table, keys: string[]): Promise<Map<string, HereRow[]>> {
  const found = new Map<string, HereRow[]>();
  const add = (k: string, row: HereRow) => found.set(k, [...(found.get(k) ?? []), row]);
  const unique = [...new Set(keys)];
  if (unique.length === 0) return found;
  const id = ID_COLUMN[table];
  const parent = PARENT_COLUMN[table];
  const imported = await db.query<{ origin: string; id: number; uid: number; parent: number }>(
    `SELECT origin, ${id} AS id, uid, ${parent} AS parent FROM ${table} WHERE origin = ANY($1::text[])`,
    [unique],
  );
  for (const r of imported.rows) add(r.origin, { id: r.id, uid: r.uid, parent: r.parent, native: false });
  const natives = unique
    .filter((k) => k.slice(0, k.lastIndexOf(':')) === here)
    .map((k) => Number(k.slice(k.lastIndexOf(':') + 1)))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (natives.length > 0) {
    const own = await db.query<{ id: number; uid: number; parent: number }>(
      `SELECT ${id} AS id, uid, ${parent} AS parent FROM ${table} WHERE ${id} = ANY($1::bigint[])`,
      [natives],
    );
    for (const r of own.rows) add(`${here}:${r.id}`, { ...r, native: true });
  }
  return found;
}

/** Which of the keys (with their authors) name rows that were deleted here since they were imported. */
async function deletedHere(db: Queryable, table: Table, rows: Array<{ key: string; uid: number }>): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const { rows: found } = await db.query<{ origin: string; uid: number }>(
    `SELECT d.origin, d.uid FROM deleted_origins d JOIN unnest($2::text[], $3::bigint[]) AS t(origin, uid) ON d.origin = t.origin AND d.uid = t.uid
     WHERE d.kind = $1`,
    [TOMBSTONE_KIND[table], rows.map((r) => r.key), rows.map((r) => r.uid)],
  );
  return new Set(found.map((r) => `${r.origin}|${r.uid}`));
}

// ---------------------------------------------------------------------------------------------
// The plan: what an import creates, decided from the export and what is here

export interface ImportTarget {
  uid: number;
  email: string;
  qm: string;
  qianming: string;
  avatar: string;
}

const zero = (): ImportCounts => ({ yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0 });

/** A row this import creates, named by its origin key and author, or a row already here. */
type RowRef = { created: string } | { id: number };
const createdRef = (key: string, author: number): RowRef => ({ created: `${key}|${author}` });

interface PlannedYy {
  key: string;
  content: string;
  ctime: string;
  transpond: RowRef | null;
  /** ZIP names of its pictures, in order. */
  pictures: string[];
}
interface PlannedComment {
  key: string;
  author: number;
  content: string;
  ctime: string;
  yy: RowRef;
  replyTo: RowRef | null;
  replyUid: number | null;
}
interface PlannedLeave {
  key: string;
  author: number;
  board: number;
  content: string;
  ctime: string;
}
interface PlannedReply {
  key: string;
  author: number;
  leave: RowRef;
  content: string;
  ctime: string;
}

interface ImportPlan {
  report: ImportReport;
  yy: PlannedYy[];
  comments: PlannedComment[];
  leaves: PlannedLeave[];
  replies: PlannedReply[];
  signatures: Partial<Record<'qm' | 'qianming', string>>;
  /** The avatar's ZIP name, when it is restored. */
  avatar: string | null;
  /** Bytes of the distinct pictures the plan stores (the storage quota's share). */
  pictureBytes: number;
  /** What counts against the import quota. */
  usage: Record<QuotaKind, number>;
}

interface PlanInput {
  data: ImportData;
  signed: boolean;
  here: string;
  uid: number;
  target: ImportTarget;
  nowMs: number;
  quota: Record<QuotaKind, number>;
  storageQuotaBytes: number;
  pictures: Map<string, CheckedPicture>;
  avatar: CheckedPicture | null;
}

type ExportYyRow = ImportData['yy'][number];
type ExportCommentRow = ExportYyRow['comments'][number];
type ExportLeaveRow = ImportData['board'][number];
type ExportReplyRow = ExportLeaveRow['replies'][number];
type Ref = { id: number; origin?: string | null };

/** A refusal by the import quota: summed up in one report line per kind, not one per row. */
const QUOTA = Symbol('quota');

const byTime = <T extends { ctime: string; id: number }>(a: T, b: T) => a.ctime.localeCompare(b.ctime) || a.id - b.id;

/**
 * Decides what the import creates. Reads only: it runs once before the picture files are written
 * (to know which) and again inside the transaction (to write what is true then).
 */
async function planImport(db: Queryable, input: PlanInput): Promise<ImportPlan> {
  const { data, signed, here, uid, target, nowMs } = input;
  const sameSite = data.site.instance === here;
  const exportedBy = data.user.uid;
  const key = (row: Ref) => row.origin ?? `${data.site.instance}:${row.id}`;
  const report: ImportReport = { created: zero(), skipped: zero(), unrestorable: [] };
  const plan: ImportPlan = {
    report,
    yy: [],
    comments: [],
    leaves: [],
    replies: [],
    signatures: {},
    avatar: null,
    pictureBytes: 0,
    usage: { yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0 },
  };
  const recentSince = nowMs - IMPORT_RECENT_HOURS * 3_600_000;
  const step = turnTaker();

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
  const resolveAuthor = async (u: number, n: string): Promise<number | null> => (u === exportedBy || signed ? resolveUser(u, n) : null);
  // Why another user's words are not restored: not signed by this site, or that user is not here.
  const missingUser = (n: string, u: number) => (signed ? `「${n}」（${u}）在本站不存在` : `「${n}」（${u}）写的内容只能从本站签名的导出文件恢复`);

  // What is here already, looked up in bulk (not one query per row), then kept up to date.
  const allComments = [...data.yy.flatMap((y) => y.comments), ...data.commentsElsewhere];
  const allLeaves = [...data.board, ...data.leavesElsewhere];
  const existingRows: Record<Table, Map<string, HereRow[]>> = {
    yy: await rowsHere(db, here, 'yy', [
      ...data.yy.map(key),
      ...data.yy.filter((y) => y.transpondId).map((y) => key({ id: y.transpondId })),
      ...data.commentsElsewhere.map((c) => key({ id: c.yyId })),
    ]),
    yy_comments: await rowsHere(db, here, 'yy_comments', [
      ...allComments.map(key),
      ...allComments.filter((c) => c.replyCommentId).map((c) => key({ id: c.replyCommentId })),
    ]),
    leaves: await rowsHere(db, here, 'leaves', allLeaves.map(key)),
    leave_replies: await rowsHere(
      db,
      here,
      'leave_replies',
      allLeaves.flatMap((l) => l.replies.map(key)),
    ),
  };
  /**
   * The row here that `k` names for this author under this parent: its id; 'other' when the key
   * names this site's own row of someone else or elsewhere (a forged or stale key: never matched,
   * never created again under that key); null when there is none.
   */
  const find = (table: Table, k: string, author: number, parent: number | null): number | 'other' | null => {
    const rows = existingRows[table].get(k) ?? [];
    const same = rows.find((r) => r.uid === author && (parent === null || r.parent === parent));
    if (same) return same.id;
    return rows.some((r) => r.native) ? 'other' : null;
  };

  // Rows of others that were deleted here since: this site's own (absent) or imported ones (tombstoned).
  const othersRows = {
    yy_comments: allComments.filter((c) => c.uid !== exportedBy).map((c) => ({ key: key(c), uid: c.uid })),
    leaves: allLeaves.filter((l) => l.uid !== exportedBy).map((l) => ({ key: key(l), uid: l.uid })),
    leave_replies: allLeaves
      .flatMap((l) => l.replies)
      .filter((r) => r.uid !== exportedBy)
      .map((r) => ({ key: key(r), uid: r.uid })),
  };
  const tombstones = {
    yy_comments: await deletedHere(db, 'yy_comments', othersRows.yy_comments),
    leaves: await deletedHere(db, 'leaves', othersRows.leaves),
    leave_replies: await deletedHere(db, 'leave_replies', othersRows.leave_replies),
  };
  /** Another user's row that is gone from here: deleted since the export, never to come back through it. */
  const deletedSince = (table: 'yy_comments' | 'leaves' | 'leave_replies', k: string, author: number) =>
    author !== uid &&
    ((sameSite && k.startsWith(`${here}:`) && (existingRows[table].get(k) ?? []).every((r) => !r.native)) || tombstones[table].has(`${k}|${author}`));
  const DELETED = '这条内容在本站已被删除';

  // The rules for what this site cannot verify (the importer's own words in an unsigned export).
  const quotaLeft = await quotaUsed(db, uid).then(
    (used) => Object.fromEntries(QUOTA_KINDS.map((k) => [k, Math.max(0, input.quota[k] - used[k])])) as Record<QuotaKind, number>,
  );
  const overQuota: Record<QuotaKind, number> = { yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0 };
  const lastText = new Map<string, number>();
  /**
   * Whether an unverified row of the importer may be created, else why not: not within the last
   * IMPORT_RECENT_HOURS, no repeat of the same text within DUPLICATE_WINDOW_SECONDS, within the
   * quota. Verified rows (signed by this site) are restored as they were.
   */
  const unverifiedRefusal = (kind: QuotaKind, content: string, ctime: string): string | typeof QUOTA | null => {
    if (signed) return null;
    const at = Date.parse(ctime);
    if (at > recentSince) return `${IMPORT_RECENT_HOURS}小时内写的内容只能从本站签名的导出文件恢复，请直接重新发布`;
    if (content !== '') {
      const seen = lastText.get(`${kind}\u0000${content}`);
      if (seen !== undefined && Math.abs(at - seen) < DUPLICATE_WINDOW_SECONDS * 1000) return '与60秒内的另一条内容重复';
      lastText.set(`${kind}\u0000${content}`, at);
    }
    if (quotaLeft[kind] <= 0) {
      overQuota[kind]++;
      return QUOTA;
    }
    quotaLeft[kind]--;
    plan.usage[kind]++;
    return null;
  };
  /** Reports a row the rules refuse (the quota's are summed up once at the end). */
  const refuse = (kind: Unrestorable['kind'], id: number | string, reason: string | typeof QUOTA) => {
    if (reason !== QUOTA) report.unrestorable.push({ kind, id, reason });
  };

  // --- yy: the importer's. Unverified ones newest first against the quota (a partial restore
  // shows the latest page), created oldest first.
  const yyRef = new Map<number, RowRef>();
  const storageRoom = { bytes: input.storageQuotaBytes > 0 ? input.storageQuotaBytes - (await storageUsed(db, uid)) : Number.POSITIVE_INFINITY };
  const storedHashes = new Set<string>();
  const storable = (picture: CheckedPicture): boolean => {
    if (storedHashes.has(picture.hash)) return true;
    if (picture.size > storageRoom.bytes) return false;
    storageRoom.bytes -= picture.size;
    storedHashes.add(picture.hash);
    plan.pictureBytes += picture.size;
    return true;
  };
  const toCreate: ExportYyRow[] = [];
  for (const yy of [...data.yy].sort(byTime).reverse()) {
    await step();
    const found = find('yy', key(yy), uid, uid);
    if (typeof found === 'number') {
      yyRef.set(yy.id, { id: found });
      report.skipped.yy++;
      continue;
    }
    if (found === 'other') {
      report.unrestorable.push({ kind: 'yy', id: yy.id, reason: '与本站现有的内容不符' });
      continue;
    }
    const content = cleanText(yy.content);
    const refusal = content === '' && yy.images.length === 0 && !yy.transpondId ? '内容为空' : unverifiedRefusal('yy', content, yy.ctime);
    if (refusal !== null) {
      refuse('yy', yy.id, refusal);
      continue;
    }
    yyRef.set(yy.id, createdRef(key(yy), uid));
    toCreate.push(yy);
  }
  for (const yy of toCreate.reverse()) {
    await step();
    let transpond: RowRef | null = null;
    let content = cleanText(yy.content);
    if (yy.transpondId) {
      const source = yy.source;
      const sourceAuthor = source ? await resolveUser(source.uid, source.name) : null;
      const found = sourceAuthor === null ? null : find('yy', key({ id: yy.transpondId }), sourceAuthor, sourceAuthor);
      transpond = yyRef.get(yy.transpondId) ?? (typeof found === 'number' ? { id: found } : null);
      // The original is not on this site: keep the words and quote what was reposted.
      if (transpond === null) content = (source ? `${content} //转发 @${source.name}：${cleanText(source.content)}` : `${content} //原yy已被删除`).trim();
    }
    const pictures: string[] = [];
    for (const image of yy.images) {
      const picture = input.pictures.get(image.file);
      if (!picture) report.unrestorable.push({ kind: 'image', id: image.file, reason: '图片缺失或已损坏' });
      else if (!signed && quotaLeft.images <= 0) overQuota.images++;
      else if (!storable(picture)) report.unrestorable.push({ kind: 'image', id: image.file, reason: '你的图片空间已满' });
      else {
        if (!signed) {
          quotaLeft.images--;
          plan.usage.images++;
        }
        pictures.push(image.file);
      }
    }
    plan.yy.push({ key: key(yy), content: content.slice(0, YY_TEXT_MAX * 4), ctime: yy.ctime, transpond, pictures });
    report.created.yy++;
    report.created.images += pictures.length;
  }

  // --- comments: under the importer's yy (anyone's, others' only signed), and the importer's
  // under other users' yy when that yy is here. In time order, so a reply finds what it answers.
  const commentRef = new Map<number, { ref: RowRef; author: number; yy: RowRef }>();
  const plannedComments = new Set<string>();
  const plannedReplies = new Set<string>();
  const sameRef = (a: RowRef, b: RowRef) => ('id' in a && 'id' in b ? a.id === b.id : 'created' in a && 'created' in b && a.created === b.created);
  const planComment = async (c: ExportCommentRow, yy: RowRef) => {
    await step();
    // A row already here by the person the export names, in the same place, is skipped (signed or not).
    const claimed = await resolveUser(c.uid, c.name);
    const found = claimed !== null && 'id' in yy ? find('yy_comments', key(c), claimed, yy.id) : null;
    if (typeof found === 'number') {
      commentRef.set(c.id, { ref: { id: found }, author: claimed!, yy });
      report.skipped.comments++;
      return;
    }
    if (found === 'other') {
      report.unrestorable.push({ kind: 'comment', id: c.id, reason: '与本站现有的内容不符' });
      return;
    }
    const author = await resolveAuthor(c.uid, c.name);
    if (author === null) {
      report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论者${missingUser(c.name, c.uid)}` });
      return;
    }
    if (plannedComments.has(`${key(c)}|${author}`)) {
      report.skipped.comments++;
      return;
    }
    if (deletedSince('yy_comments', key(c), author)) {
      report.unrestorable.push({ kind: 'comment', id: c.id, reason: DELETED });
      return;
    }
    const content = cleanText(c.content);
    const refusal = content === '' ? '内容为空' : author === uid ? unverifiedRefusal('comments', content, c.ctime) : null;
    if (refusal !== null) {
      refuse('comment', c.id, refusal);
      return;
    }
    // A reply only to a comment under the same yy, naming that comment's author (as comment/add
    // requires); otherwise it becomes a plain comment, never pointing at a stranger's.
    let replyTo: RowRef | null = null;
    let replyUid: number | null = null;
    if (c.replyCommentId) {
      const answered = commentRef.get(c.replyCommentId);
      const named = await resolveUser(c.replyUid, c.replyName);
      if (answered && sameRef(answered.yy, yy) && named === answered.author) {
        replyTo = answered.ref;
        replyUid = named;
      } else if (!answered && 'id' in yy && named !== null) {
        // Answering a comment of this site that the export does not hold: it must be under this yy, by that person.
        const existing = find('yy_comments', key({ id: c.replyCommentId }), named, yy.id);
        if (typeof existing === 'number') {
          replyTo = { id: existing };
          replyUid = named;
        }
      }
    }
    const ref = createdRef(key(c), author);
    plannedComments.add(`${key(c)}|${author}`);
    commentRef.set(c.id, { ref, author, yy });
    plan.comments.push({ key: key(c), author, content, ctime: c.ctime, yy, replyTo, replyUid });
    report.created.comments++;
  };
  for (const yy of data.yy) {
    const ref = yyRef.get(yy.id);
    if (!ref) {
      for (const c of yy.comments) report.unrestorable.push({ kind: 'comment', id: c.id, reason: '所属的yy没有恢复' });
      continue;
    }
    for (const c of [...yy.comments].sort(byTime)) await planComment(c, ref);
  }
  for (const c of [...data.commentsElsewhere].sort(byTime)) {
    // The yy must be here, still its author's: this site's own, or one its author imported.
    const owner = await resolveUser(c.yyUid, c.yyName);
    const weiboId = owner === null ? null : find('yy', key({ id: c.yyId }), owner, owner);
    if (typeof weiboId !== 'number') {
      report.unrestorable.push({ kind: 'comment', id: c.id, reason: `评论的yy（${c.yyName}的）不在本站` });
      continue;
    }
    await planComment(c, { id: weiboId });
  }

  // --- board messages: on the importer's board (anyone's, others' only signed), and the
  // importer's on other boards whose owner is here; replies only by the board's owner or the
  // message's author (as leaveReply/add allows).
  const planLeave = async (l: ExportLeaveRow, board: number) => {
    await step();
    const lost = (reason: string) => {
      report.unrestorable.push({ kind: 'leave', id: l.id, reason });
      for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
    };
    const claimed = await resolveUser(l.uid, l.name);
    const found = claimed === null ? null : find('leaves', key(l), claimed, board);
    if (found === 'other') return lost('与本站现有的内容不符');
    let leave: RowRef;
    let author: number;
    if (typeof found === 'number') {
      leave = { id: found };
      author = claimed!;
      report.skipped.leaves++;
    } else {
      const writer = await resolveAuthor(l.uid, l.name);
      if (writer === null) return lost(`留言者${missingUser(l.name, l.uid)}`);
      if (deletedSince('leaves', key(l), writer)) return lost(DELETED);
      const content = cleanText(l.content);
      const refusal = content === '' ? '内容为空' : writer === uid ? unverifiedRefusal('leaves', content, l.ctime) : null;
      if (refusal === QUOTA) {
        for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
        return;
      }
      if (refusal !== null) return lost(refusal);
      author = writer;
      plan.leaves.push({ key: key(l), author, board, content, ctime: l.ctime });
      leave = createdRef(key(l), author);
      report.created.leaves++;
    }
    for (const r of [...l.replies].sort(byTime)) await planReply(r, leave, board, author);
  };
  const planReply = async (r: ExportReplyRow, leave: RowRef, board: number, leaveAuthor: number) => {
    await step();
    const claimed = await resolveUser(r.uid, r.name);
    const found = claimed !== null && 'id' in leave ? find('leave_replies', key(r), claimed, leave.id) : null;
    if (typeof found === 'number' || plannedReplies.has(`${key(r)}|${claimed}`)) {
      report.skipped.leaveReplies++;
      return;
    }
    if (found === 'other') {
      report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '与本站现有的内容不符' });
      return;
    }
    const author = await resolveAuthor(r.uid, r.name);
    if (author === null) {
      report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: `回复者${missingUser(r.name, r.uid)}` });
      return;
    }
    if (author !== board && author !== leaveAuthor) {
      report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '只有留言板的主人和留言者可以回复' });
      return;
    }
    if (deletedSince('leave_replies', key(r), author)) {
      report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: DELETED });
      return;
    }
    const content = cleanText(r.content);
    const refusal = content === '' ? '内容为空' : author === uid ? unverifiedRefusal('leaveReplies', content, r.ctime) : null;
    if (refusal !== null) return refuse('leaveReply', r.id, refusal);
    plan.replies.push({ key: key(r), author, leave, content, ctime: r.ctime });
    plannedReplies.add(`${key(r)}|${author}`);
    report.created.leaveReplies++;
  };
  for (const l of [...data.board].sort(byTime)) await planLeave(l, uid);
  for (const l of [...data.leavesElsewhere].sort(byTime)) {
    const board = await resolveUser(l.boardUid, l.boardName);
    if (board === null) {
      const author = l.uid === exportedBy ? uid : null;
      if (author !== null && existingRows.leaves.get(key(l))?.some((r) => r.uid === author)) report.skipped.leaves++;
      else {
        report.unrestorable.push({ kind: 'leave', id: l.id, reason: `留言板的主人${missingUser(l.boardName, l.boardUid)}` });
        for (const r of l.replies) report.unrestorable.push({ kind: 'leaveReply', id: r.id, reason: '所属的留言无法恢复' });
      }
      continue;
    }
    await planLeave(l, board);
  }

  // --- signatures: restored where the user still has the default (''); one already set is kept
  for (const column of ['qm', 'qianming'] as const) {
    const value = cleanText(data.signatures[column]);
    if (!value) continue;
    if (target[column] === '') {
      plan.signatures[column] = value;
      report.created.signatures++;
    } else report.skipped.signatures++;
  }

  // --- avatar: restored when the user has no uploaded picture now
  if (data.user.avatar) {
    if (target.avatar) report.skipped.avatar++;
    else if (!input.avatar) report.unrestorable.push({ kind: 'avatar', id: data.user.avatar, reason: '头像图片缺失或已损坏' });
    else if (!storable(input.avatar)) report.unrestorable.push({ kind: 'avatar', id: data.user.avatar, reason: '你的图片空间已满' });
    else {
      plan.avatar = data.user.avatar;
      report.created.avatar++;
    }
  }

  // The quota's refusals, one line per kind: importing again after the window restores the rest.
  for (const kind of QUOTA_KINDS) {
    if (overQuota[kind] === 0) continue;
    const reportKind = ({ yy: 'yy', comments: 'comment', leaves: 'leave', leaveReplies: 'leaveReply', images: 'image' } as const)[kind];
    // First in the list: the one line that says most of what is missing, and what to do about it.
    report.unrestorable.unshift({
      kind: reportKind,
      id: 'quota',
      reason: `还有${overQuota[kind]}${QUOTA_NAMES[kind]}超过了导入额度（${IMPORT_QUOTA_HOURS}小时内最多${input.quota[kind]}${QUOTA_NAMES[kind]}），${IMPORT_QUOTA_HOURS}小时后再导入一次会接着恢复`,
    });
  }
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Writing the plan: rows in one transaction, counters last

/** Inserts the plan's rows; the picture files (by hash) are already stored under `files`. */
async function writePlan(
  db: Queryable,
  uid: number,
  plan: ImportPlan,
  pictures: Map<string, CheckedPicture>,
  files: Map<string, string>,
  avatar: CheckedPicture | null,
): Promise<void> {
  const ids = new Map<string, number>();
  const idOf = (ref: RowRef): number => ('id' in ref ? ref.id : ids.get(ref.created)!);

  // yy: those not reposting another yy of this import first, then those that do.
  const insertYy = async (rows: PlannedYy[]) => {
    if (rows.length === 0) return;
    const inserted = await db.query<{ id: number; origin: string }>(
      `INSERT INTO yy (uid, content, transpond_id, ctime, origin)
       SELECT $1::bigint, t.content, t.transpond, t.ctime::timestamp, t.origin
       FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) WITH ORDINALITY AS t(content, transpond, ctime, origin, n)
       ORDER BY t.n
       RETURNING weibo_id AS id, origin`,
      [uid, rows.map((r) => r.content), rows.map((r) => (r.transpond ? idOf(r.transpond) : null)), rows.map((r) => r.ctime), rows.map((r) => r.key)],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${uid}`, row.id);
  };
  const later = (y: PlannedYy) => y.transpond !== null && 'created' in y.transpond;
  await insertYy(plan.yy.filter((y) => !later(y)));
  await insertYy(plan.yy.filter(later));

  // Their pictures, in order: several rows may name one stored file.
  const uploads = plan.yy.flatMap((y) =>
    y.pictures.map((name, position) => {
      const picture = pictures.get(name)!;
      return { file: files.get(picture.hash)!, picture, weiboId: ids.get(`${y.key}|${uid}`)!, position, ctime: y.ctime };
    }),
  );
  if (uploads.length > 0) {
    await db.query(
      `INSERT INTO uploads (uid, file, size, width, height, weibo_id, position, ctime)
       SELECT $1::bigint, * FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::bigint[], $7::smallint[], $8::timestamp[])`,
      [
        uid,
        uploads.map((u) => u.file),
        uploads.map((u) => u.picture.size),
        uploads.map((u) => u.picture.width),
        uploads.map((u) => u.picture.height),
        uploads.map((u) => u.weiboId),
        uploads.map((u) => u.position),
        uploads.map((u) => u.ctime),
      ],
    );
  }

  // Comments in one INSERT, then the replies linked (a reply may answer a comment of this import).
  if (plan.comments.length > 0) {
    const inserted = await db.query<{ id: number; origin: string; uid: number }>(
      `INSERT INTO yy_comments (weibo_id, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])
       RETURNING comment_id AS id, origin, uid`,
      [
        plan.comments.map((c) => idOf(c.yy)),
        plan.comments.map((c) => c.author),
        plan.comments.map((c) => c.content),
        plan.comments.map((c) => c.ctime),
        plan.comments.map((c) => c.key),
      ],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${row.uid}`, row.id);
    const replies = plan.comments.filter((c) => c.replyTo !== null);
    if (replies.length > 0) {
      await db.query(
        `UPDATE yy_comments c SET reply_comment_id = t.reply, reply_uid = t.reply_uid
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS t(id, reply, reply_uid) WHERE c.comment_id = t.id`,
        [replies.map((c) => ids.get(`${c.key}|${c.author}`)!), replies.map((c) => idOf(c.replyTo!)), replies.map((c) => c.replyUid)],
      );
    }
  }

  // Board messages, then their replies.
  if (plan.leaves.length > 0) {
    const inserted = await db.query<{ id: number; origin: string; uid: number }>(
      `INSERT INTO leaves (fuid, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])
       RETURNING leave_id AS id, origin, uid`,
      [
        plan.leaves.map((l) => l.board),
        plan.leaves.map((l) => l.author),
        plan.leaves.map((l) => l.content),
        plan.leaves.map((l) => l.ctime),
        plan.leaves.map((l) => l.key),
      ],
    );
    for (const row of inserted.rows) ids.set(`${row.origin}|${row.uid}`, row.id);
  }
  if (plan.replies.length > 0) {
    await db.query(
      `INSERT INTO leave_replies (leave_id, uid, content, ctime, origin)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::timestamp[], $5::text[])`,
      [
        plan.replies.map((r) => idOf(r.leave)),
        plan.replies.map((r) => r.author),
        plan.replies.map((r) => r.content),
        plan.replies.map((r) => r.ctime),
        plan.replies.map((r) => r.key),
      ],
    );
  }

  // The importer's own row: signatures and avatar.
  for (const [column, value] of Object.entries(plan.signatures))
    await db.query(`UPDATE users SET ${column === 'qm' ? 'qm' : 'qianming'} = $2 WHERE uid = $1`, [uid, value]);
  if (plan.avatar && avatar) {
    await db.query(`UPDATE users SET avatar = $2, avatar_size = $3 WHERE uid = $1`, [uid, `/uploads/${files.get(avatar.hash)!}`, avatar.size]);
  }

  // The quota's record, then the counters other writers also update, each in one statement at
  // the very end: their row locks are held for the commit's few milliseconds, not the import's.
  if (QUOTA_KINDS.some((k) => plan.usage[k] > 0)) {
    const u = plan.usage;
    await db.query('INSERT INTO import_usage (uid, yy, comments, leaves, leave_replies, images) VALUES ($1, $2, $3, $4, $5, $6)', [
      uid,
      u.yy,
      u.comments,
      u.leaves,
      u.leaveReplies,
      u.images,
    ]);
  }
  if (plan.comments.length > 0) {
    await db.query(
      `UPDATE yy SET comment_count = comment_count + t.n FROM (SELECT w, count(*)::int AS n FROM unnest($1::bigint[]) AS w GROUP BY w) t WHERE yy.weibo_id = t.w`,
      [plan.comments.map((c) => idOf(c.yy))],
    );
  }
  if (plan.leaves.length > 0 || plan.yy.length > 0) {
    await db.query(
      `UPDATE users SET leave_count = leave_count + t.leaves, yy_count = yy_count + t.yy
       FROM (SELECT b, sum(l)::int AS leaves, sum(y)::int AS yy FROM unnest($1::bigint[], $2::int[], $3::int[]) AS x(b, l, y) GROUP BY b) t
       WHERE users.uid = t.b`,
      [
        [...plan.leaves.map((l) => l.board), uid],
        [...plan.leaves.map(() => 1), 0],
        [...plan.leaves.map(() => 0), plan.yy.length],
      ],
    );
  }
  if (plan.yy.length > 0) await db.query(`UPDATE site_counters SET value = value + $1 WHERE name = 'yy'`, [plan.yy.length]);
}

// ---------------------------------------------------------------------------------------------
// The import

export async function importExport(
  db: PoolClient,
  storage: UploadStorage,
  uid: number,
  opened: OpenedExport,
  rules: ImportRules,
  nowMs = Date.now(),
): Promise<{ report: ImportReport; written: string[] }> {
  const { data } = opened;
  const here = await instanceId(db);
  const sameSite = data.site.instance === here;
  const me = await db.query<ImportTarget>('SELECT uid, email, qm, qianming, avatar FROM users WHERE uid = $1', [uid]);
  const target = me.rows[0];
  if (!target) throw new ApiError(401, '登录已过期，请重新登录', 'refresh');
  // The same account: the registration e-mail on any site, and on this very site the same 米米号 too.
  if (data.user.email.trim().toLowerCase() !== target.email || (sameSite && data.user.uid !== uid)) {
    throw new ApiError(400, IMPORT_MSG.otherAccount);
  }

  // Every picture the export names, read and checked now, before anything is written.
  const pictures = new Map<string, CheckedPicture>();
  const names = [...new Set(data.yy.flatMap((y) => y.images.map((i) => i.file)))];
  await eachLimit(names, PARALLEL_PICTURES, async (name) => {
    const buffer = IMAGE_NAME.test(name) ? await opened.read(name, IMAGE_MAX_BYTES) : null;
    const checked = buffer ? await checkPicture(buffer, false) : null;
    if (checked) pictures.set(name, checked);
  });
  let avatar: CheckedPicture | null = null;
  if (data.user.avatar && !target.avatar && AVATAR_NAME.test(data.user.avatar)) {
    const buffer = await opened.read(data.user.avatar, IMAGE_MAX_BYTES);
    avatar = buffer ? await checkPicture(buffer, true) : null;
  }
  const input: PlanInput = {
    data,
    signed: opened.signed,
    here,
    uid,
    target,
    nowMs,
    pictures,
    avatar,
    quota: importQuota(rules),
    storageQuotaBytes: rules.storage.quotaMb * 1024 * 1024,
  };

  // Files before rows: the plan says which distinct pictures are needed; they are stored first,
  // so a crash leaves at most unused files, never a row whose picture never arrives.
  const files = new Map<string, string>();
  const written: string[] = [];
  const store = async (picture: CheckedPicture, name: string, folder: 'yy' | 'avatars') => {
    if (files.has(picture.hash) && folder === 'yy') return;
    const bytes = picture.data ?? (await opened.read(name, IMAGE_MAX_BYTES));
    if (!bytes) throw new ApiError(400, IMPORT_MSG.damaged);
    const file = newKey(folder);
    try {
      await storage.put(file, bytes, 'image/webp');
    } catch {
      throw new ApiError(503, IMPORT_MSG.storageFailed);
    }
    written.push(file);
    files.set(picture.hash, file);
  };
  const storePlan = async (plan: ImportPlan) => {
    const needed = new Map<string, string>();
    for (const y of plan.yy) for (const name of y.pictures) if (!files.has(pictures.get(name)!.hash)) needed.set(pictures.get(name)!.hash, name);
    const newBytes =
      [...needed.values()].reduce((n, name) => n + pictures.get(name)!.size, 0) +
      (plan.avatar && avatar && !written.some((f) => f.startsWith('avatars/')) ? avatar.size : 0);
    if (newBytes > 0) await assertDiskRoom(rules, newBytes);
    await eachLimit([...needed.values()], PARALLEL_PICTURES, (name) => store(pictures.get(name)!, name, 'yy'));
    if (plan.avatar && avatar && !written.some((f) => f.startsWith('avatars/'))) await store(avatar, plan.avatar, 'avatars');
  };

  let committed = false;
  try {
    // A large export's reads may take longer than a page's: the long statement bound (PG_LONG_STATEMENT_TIMEOUT_MS).
    // A large export's reads and checks may take longer than a page's: the long bound
    // (PG_LONG_STATEMENT_TIMEOUT_MS) for its statements and for the work between them.
    const long = { statementMs: rules.db.longStatementMs, idleInTransactionMs: rules.db.longStatementMs };
    await storePlan(await transactionOn(db, (tx) => planImport(tx, input), long));
    let report: ImportReport | null = null;
    // The transaction decides again from what is true then (a retry after a unique conflict with
    // another user's import of the same row sees that row and skips it).
    for (let attempt = 1; report === null; attempt++) {
      try {
        report = await transactionOn(
          db,
          async (tx) => {
            // The user's posting lock: the storage quota is checked against their parallel uploads.
            await lockPoster(tx, uid);
            const plan = await planImport(tx, input);
            await storePlan(plan); // nothing new unless the site changed since the first plan
            await assertStorageRoom(tx, rules.storage, uid, plan.pictureBytes);
            await writePlan(tx, uid, plan, pictures, files, avatar);
            return plan.report;
          },
          long,
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
    committed = true;
    // Files the final plan did not use (the site changed between the plans) are removed.
    const used = await db.query<{ file: string }>(
      'SELECT file FROM uploads WHERE file = ANY($1::text[]) UNION SELECT substr(avatar, 10) FROM users WHERE uid = $2',
      [written, uid],
    );
    const keep = new Set(used.rows.map((r) => r.file));
    const unused = written.filter((f) => !keep.has(f));
    if (unused.length > 0) await storage.delete(unused).catch(() => {});
    return { report, written: written.filter((f) => keep.has(f)) };
  } catch (error) {
    // Nothing was committed: the files written for it go again.
    if (!committed && written.length > 0) await storage.delete(written).catch(() => {});
    throw error;
  }
}
