/** data.json, version 1, as the importer accepts it: types and bounds only, anything else is damage. */
import * as v from 'valibot';
import {
  ALBUM_NAME_MAX,
  ALBUM_PHOTOS_MAX,
  BIG_SIGNATURE_MAX,
  charCount,
  COMMENT_MAX,
  SMALL_SIGNATURE_MAX,
  TEXT_MAX,
  VISIBILITIES,
  YY_IMAGES_MAX,
  YY_TEXT_MAX,
} from '@xiaoba/shared/core';
import { ApiError } from '../../../api/http/errors';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../data';
import { IMPORT_MSG } from './messages';
import { ITEMS_PER_TURN, nextTurn } from './turns';

/** No time in an export is earlier than this (the site's predecessor opened years later). */
export const EARLIEST_IMPORT_TIME = '2000-01-01T00:00:00Z';
const EARLIEST_MS = Date.parse(EARLIEST_IMPORT_TIME);

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
    albums: v.object({
      id: posId,
      origin,
      name: words(ALBUM_NAME_MAX),
      visibility: v.picklist(VISIBILITIES),
      coverPhotoId: id,
      ctime: time,
      mtime: time,
      photos: v.pipe(v.array(v.object({ id: posId, origin, ctime: time, file, width: posId, height: posId, size: posId })), v.maxLength(ALBUM_PHOTOS_MAX)),
    }),
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
    // Exports made before albums existed have none.
    albums: v.optional(v.pipe(v.array(v.unknown()), v.maxLength(1000)), []),
  });
  return { head, items };
}
type Schemas = ReturnType<typeof dataSchemas>;
type Lists = Schemas['items'];
export type ImportData = Omit<v.InferOutput<Schemas['head']>, keyof Lists> & { [K in keyof Lists]: Array<v.InferOutput<Lists[K]>> };

/**
 * data.json checked as the schema says, its long lists a slice at a time with the event loop free
 * in between (60,000 yy took one 190 ms block in one go). Throws the 400 to answer.
 */
export async function checkData(parsed: unknown, nowMs: number): Promise<ImportData> {
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
