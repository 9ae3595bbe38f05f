/**
 * The original site's validation rules, shared by the browser forms and the API server.
 * Each schema is an object shape followed by checks in the original site's order; the first
 * failing check's message is the one a user sees (`firstError`), in the original site's words.
 * The sign-in, registration and profile card rules are in ./form-rules.ts, outside the singleton.
 */
import * as v from 'valibot';
import { BIG_SIGNATURE_MAX, SMALL_SIGNATURE_MAX, TEXT_MAX, COMMENT_MAX, PAGE_SIZE_MAX, YY_IMAGES_MAX, YY_PAGE_SIZE, YY_TEXT_MAX } from './constants';
import { cleanText } from './text';

export const BAD_REQUEST = '请求参数有误';

/** A text field: a missing field reads as '' so the field's "required" message applies. */
export const optionalText = () => v.optional(v.string(BAD_REQUEST), '');
const text = optionalText;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charCount = (s: string): number => Array.from(s).length;

/** Cuts typed or pasted text to `max` characters as charCount counts them (a composer cuts as it is typed). */
export const truncateText = (text: string, max: number): string => (charCount(text) > max ? Array.from(text).slice(0, max).join('') : text);

// ---- yy posts and comments (docs/api.md) --------------------------------------------------
/** An id in a body: a positive safe integer. */
export const isId = (n: number) => Number.isSafeInteger(n) && n > 0;
/** An id field: a missing one reads as 0, which the body's own check refuses in its words. */
export const optionalId = () => v.optional(v.number(BAD_REQUEST), 0);
const idOrZero = optionalId;

export const YY_EMPTY = 'yy内容不能为空';
export const COMMENT_EMPTY = '评论内容不能为空';
export const COMMENT_TOO_LONG = `评论内容不能超过${COMMENT_MAX}个字`;

interface CommentFields {
  content: string;
  replyCommentId: number;
  replyUid: number;
}

/**
 * The first rule a comment's fields break after its post's id (HTML stripped), or null: a yy's
 * comments and a 日志 entry's alike. A reply names both the comment and its author.
 */
export function commentError(i: CommentFields): string | null {
  if (i.replyCommentId !== 0 && !isId(i.replyCommentId)) return BAD_REQUEST;
  if (i.replyUid !== 0 && !isId(i.replyUid)) return BAD_REQUEST;
  if ((i.replyCommentId === 0) !== (i.replyUid === 0)) return BAD_REQUEST;
  if (i.content === '') return COMMENT_EMPTY;
  if (charCount(i.content) > COMMENT_MAX) return COMMENT_TOO_LONG;
  return null;
}

/** commentError as the last step of a comment body's rule. */
export const commentRule = <T extends CommentFields>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const message = dataset.typed ? commentError(dataset.value) : null;
    if (message) addIssue({ message });
  });

/** Body of POST /api/yy/createyy: HTML stripped and trimmed before the checks. */
export const CreateYySchema = v.pipe(
  v.object({
    content: text(),
    images: v.optional(v.array(v.string(BAD_REQUEST), BAD_REQUEST), []),
    transpondId: idOrZero(),
  }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => i.transpondId === 0 || isId(i.transpondId), BAD_REQUEST),
  v.check((i) => i.transpondId === 0 || i.images.length === 0, '转发时不能附带图片'),
  v.check((i) => i.content !== '' || i.images.length > 0 || i.transpondId > 0, YY_EMPTY),
  v.check((i) => charCount(i.content) <= YY_TEXT_MAX, `yy内容不能超过${YY_TEXT_MAX}个字`),
  v.check((i) => i.images.length <= YY_IMAGES_MAX, `最多只能发${YY_IMAGES_MAX}张图片`),
  v.check((i) => new Set(i.images).size === i.images.length, '图片重复了'),
);
export type CreateYyInput = v.InferOutput<typeof CreateYySchema>;

/** Body of POST /api/comment/add (1 to 233 characters after trimming). */
export const AddCommentSchema = v.pipe(
  v.object({
    content: text(),
    weiboId: idOrZero(),
    replyCommentId: idOrZero(),
    replyUid: idOrZero(),
  }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => isId(i.weiboId), 'yy不存在'),
  commentRule(),
);
export type AddCommentInput = v.InferOutput<typeof AddCommentSchema>;

export const LEAVE_EMPTY = '留言不能为空';
export const BIG_SIGNATURE_TOO_LONG = `大签名档长度不能超过${BIG_SIGNATURE_MAX}个字！`;
export const SMALL_SIGNATURE_TOO_LONG = `签名档长度不能超过${SMALL_SIGNATURE_MAX}个字！`;

/** Body of POST /api/leave/add (1 to 233 characters after trimming). */
export const AddLeaveSchema = v.pipe(
  v.object({ content: text(), fuid: idOrZero() }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => isId(i.fuid), '用户不存在'),
  v.check((i) => i.content !== '', LEAVE_EMPTY),
  v.check((i) => charCount(i.content) <= TEXT_MAX, `留言不能超过${TEXT_MAX}个字`),
);

/** Body of POST /api/leaveReply/add. */
export const AddLeaveReplySchema = v.pipe(
  v.object({ content: text(), leaveId: idOrZero() }),
  v.transform((i) => ({ ...i, content: cleanText(i.content) })),
  v.check((i) => isId(i.leaveId), '留言不存在'),
  v.check((i) => i.content !== '', '回复内容不能为空'),
  v.check((i) => charCount(i.content) <= TEXT_MAX, `回复内容不能超过${TEXT_MAX}个字`),
);

/**
 * A signature as stored: HTML stripped and trimmed; '' means "the default".
 * Returns the message of the limit when it is too long.
 */
export function checkSignature(kind: 'big' | 'small', input: unknown): ParseResult<string> {
  if (input !== undefined && typeof input !== 'string') return { ok: false, message: BAD_REQUEST };
  const value = cleanText(input ?? '');
  const max = kind === 'big' ? BIG_SIGNATURE_MAX : SMALL_SIGNATURE_MAX;
  if (charCount(value) > max) return { ok: false, message: kind === 'big' ? BIG_SIGNATURE_TOO_LONG : SMALL_SIGNATURE_TOO_LONG };
  return { ok: true, value };
}

export const PAGE_QUERY_ERROR = '分页参数有误';
/** A page number or size written plainly in a query string (no sign, leading zero, fraction or exponent). */
export const QUERY_PAGE_NUMBER = /^[1-9]\d{0,8}$/;
/** An id written plainly in a query string or path: a positive integer, at most 15 digits. */
export const QUERY_ID = /^[1-9]\d{0,14}$/;

/**
 * `pageNum` and `pageSize` of a list call, as query strings: pageNum is required, pageSize
 * defaults to `defaultSize` (the yy lists' 20; the board passes LEAVE_PAGE_SIZE) and is capped
 * at 50; anything else is a 400 with PAGE_QUERY_ERROR. The server reads its routes' pages through
 * `pageQuery` of api-schemas/; this stays for remotes built against the current contract
 * (removing an export breaks it: contract.ts).
 */
export function parsePageQuery(
  query: { pageNum?: unknown; pageSize?: unknown },
  defaultSize: number = YY_PAGE_SIZE,
): ParseResult<{ pageNum: number; pageSize: number }> {
  const { pageNum, pageSize } = query;
  if (typeof pageNum !== 'string' || !QUERY_PAGE_NUMBER.test(pageNum)) return { ok: false, message: PAGE_QUERY_ERROR };
  if (pageSize !== undefined && (typeof pageSize !== 'string' || !QUERY_PAGE_NUMBER.test(pageSize))) {
    return { ok: false, message: PAGE_QUERY_ERROR };
  }
  const size = pageSize === undefined ? defaultSize : Math.min(Number(pageSize), PAGE_SIZE_MAX);
  return { ok: true, value: { pageNum: Number(pageNum), pageSize: size } };
}

/** An id in a query string or path (`weiboId`, `commentId`, a uid), or null. */
export function parseQueryId(value: unknown): number | null {
  return typeof value === 'string' && QUERY_ID.test(value) ? Number(value) : null;
}

// ---- helpers -------------------------------------------------------------------------------
export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a schema and returns its output or the first failing check's message. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): ParseResult<v.InferOutput<S>> {
  // A non-object body (null, a string, an array) is a malformed request, not a missing field.
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: BAD_REQUEST };
  }
  const result = v.safeParse(schema, input, { abortEarly: true, abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, message: result.issues[0]?.message ?? BAD_REQUEST };
}

/** The first message a form shows, or null when the input passes. */
export function firstError<S extends v.GenericSchema>(schema: S, input: unknown): string | null {
  const result = parseWith(schema, input);
  return result.ok ? null : result.message;
}
