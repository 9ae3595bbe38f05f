/**
 * The original site's validation rules, shared by the browser forms and the API server.
 * Each schema is an object shape followed by checks in the original site's order; the first
 * failing check's message is the one a user sees (`firstError`), in the original site's words.
 */
import * as v from 'valibot';
import {
  EMAIL_MAX,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  QUIZ_ANSWER_MAX,
  BIG_SIGNATURE_MAX,
  SMALL_SIGNATURE_MAX,
  TEXT_MAX,
  COMMENT_MAX,
  PAGE_SIZE_MAX,
  YY_IMAGES_MAX,
  YY_PAGE_SIZE,
  YY_TEXT_MAX,
} from './constants';
import { cleanText } from './text';
import { isAllowedBirthday } from './domain';

export const BAD_REQUEST = '请求参数有误';

/** A text field: a missing field reads as '' so the field's "required" message applies. */
export const optionalText = () => v.optional(v.string(BAD_REQUEST), '');
const text = optionalText;
const flag = () => v.optional(v.boolean(BAD_REQUEST), false);
/** Sex as the forms hold it: 0 girl, 1 boy, null/absent when not chosen. */
const sexField = () => v.optional(v.nullable(v.number(BAD_REQUEST)), null);
const birthPart = () => v.optional(v.nullable(v.number(BAD_REQUEST)), null);

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charCount = (s: string): number => Array.from(s).length;

/** Cuts typed or pasted text to `max` characters as charCount counts them (a composer cuts as it is typed). */
export const truncateText = (text: string, max: number): string => (charCount(text) > max ? Array.from(text).slice(0, max).join('') : text);

// A standard address pattern: local@domain.tld, no spaces, one @.
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const passwordInRange = (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX;
const isSex = (s: number | null) => s === 0 || s === 1;

// ---- login ---------------------------------------------------------------------------------
export const LoginSchema = v.pipe(
  v.object({ username: text(), password: text() }),
  v.transform((i) => ({ username: i.username.trim(), password: i.password })),
  v.check((i) => i.username !== '', '请输入米米号'),
  v.check((i) => i.password !== '', '请输入密码'),
  v.check((i) => i.password.length >= PASSWORD_MIN, '密码长度不能小于6位'),
  v.check((i) => i.password.length <= PASSWORD_MAX, '密码长度不能大于16位'),
  v.check((i) => i.username.length <= EMAIL_MAX, '米米号或邮箱过长'),
);
export type LoginInput = v.InferInput<typeof LoginSchema>;

// ---- registration step one (browser form) -------------------------------------------------
type Quiz = { name: string; fans: string; message: string; weibo: string };
const quizAnswers = (i: Quiz) => [i.name, i.fans, i.message, i.weibo];
const quizFilled = (i: Quiz) => quizAnswers(i).every((a) => a.trim() !== '');
const quizShortEnough = (i: Quiz) => quizAnswers(i).every((a) => charCount(a.trim()) <= QUIZ_ANSWER_MAX);
/** Registration step two's nickname rule (2 to 6 characters), also applied to a changed nickname. */
export const nicknameInRange = (name: string) => charCount(name) >= NICKNAME_MIN && charCount(name) <= NICKNAME_MAX;
export const NICKNAME_RANGE = '昵称应在2~6位！';

export const RegisterStepOneSchema = v.pipe(
  v.object({
    agreed: flag(),
    email: text(),
    password: text(),
    repeat: text(),
    name: text(),
    fans: text(),
    message: text(),
    weibo: text(),
  }),
  v.transform((i) => ({ ...i, email: i.email.trim() })),
  v.check((i) => i.agreed, '请先同意校巴守则！'),
  v.check((i) => i.email !== '' && i.password !== '' && i.repeat !== '', '请完整填写注册信息！'),
  v.check((i) => i.email.length <= EMAIL_MAX && EMAIL_PATTERN.test(i.email), '邮箱格式有误！'),
  v.check((i) => passwordInRange(i.password), '密码应在6到16位之间！'),
  v.check((i) => i.password === i.repeat, '两次密码不一致！'),
  v.check((i) => quizFilled(i), '请填写注册验证！'),
  v.check((i) => quizShortEnough(i), '注册验证答案过长！'),
);
export type RegisterStepOneInput = v.InferInput<typeof RegisterStepOneSchema>;

/** Body of POST /api/user/valitedRegister: the e-mail and the four quiz answers. */
export const ValitedRegisterSchema = v.pipe(
  v.object({ email: text(), name: text(), fans: text(), message: text(), weibo: text() }),
  v.transform((i) => ({
    email: i.email.trim(),
    name: i.name.trim(),
    fans: i.fans.trim(),
    message: i.message.trim(),
    weibo: i.weibo.trim(),
  })),
  v.check((i) => i.email !== '', '请完整填写注册信息！'),
  v.check((i) => i.email.length <= EMAIL_MAX && EMAIL_PATTERN.test(i.email), '邮箱格式有误！'),
  v.check((i) => quizFilled(i), '请填写注册验证！'),
  v.check((i) => quizShortEnough(i), '注册验证答案过长！'),
);

// ---- registration step two and the profile card -------------------------------------------

export const RegisterStepTwoSchema = v.pipe(
  v.object({
    uname: text(),
    sex: sexField(),
    agreed: flag(),
    year: birthPart(),
    month: birthPart(),
    day: birthPart(),
  }),
  v.transform((i) => ({ ...i, uname: i.uname.trim() })),
  v.check((i) => i.uname !== '', '姓名不能为空！'),
  v.check((i) => nicknameInRange(i.uname), NICKNAME_RANGE),
  v.check((i) => isSex(i.sex), '请选择性别！'),
  v.check((i) => i.agreed, '请先同意守则！'),
  v.check((i) => Boolean(i.year && i.month && i.day), '请选择生日！'),
);
export type RegisterStepTwoInput = v.InferInput<typeof RegisterStepTwoSchema>;

/** Profile card (/card): the nickname is display only but must be non-empty. */
export const CardFormSchema = v.pipe(
  v.object({ name: text(), sex: sexField(), year: birthPart(), month: birthPart(), day: birthPart() }),
  v.transform((i) => ({ ...i, name: i.name.trim() })),
  v.check((i) => i.name !== '', '姓名不能为空！'),
  v.check((i) => isSex(i.sex), '请选择性别！'),
  v.check((i) => Boolean(i.year && i.month && i.day), '请选择生日！'),
);
export type CardFormInput = v.InferInput<typeof CardFormSchema>;

const birthdayText = () => v.optional(v.string(BAD_REQUEST), '');

/** Body of POST /api/user/addAccount. */
export const AddAccountSchema = v.pipe(
  v.object({
    email: text(),
    lockedPassword: text(),
    uname: text(),
    sex: sexField(),
    birthday: birthdayText(),
  }),
  v.transform((i) => ({ ...i, email: i.email.trim(), uname: i.uname.trim() })),
  v.check((i) => i.email !== '' && i.lockedPassword !== '', '注册信息丢失，请重新进行注册！'),
  v.check((i) => i.email.length <= EMAIL_MAX && EMAIL_PATTERN.test(i.email), '邮箱格式有误！'),
  v.check((i) => passwordInRange(i.lockedPassword), '密码应在6到16位之间！'),
  v.check((i) => i.uname !== '', '姓名不能为空！'),
  v.check((i) => nicknameInRange(i.uname), NICKNAME_RANGE),
  v.check((i) => isSex(i.sex), '请选择性别！'),
  v.check((i) => i.birthday !== '', '请选择生日！'),
  v.check((i) => isAllowedBirthday(i.birthday), '生日日期有误！'),
);

/** Body of PATCH /api/user/cardupdate. */
export const CardUpdateSchema = v.pipe(
  v.object({ name: text(), sex: sexField(), birthday: birthdayText() }),
  v.transform((i) => ({ ...i, name: i.name.trim() })),
  v.check((i) => i.name !== '', '姓名不能为空！'),
  v.check((i) => charCount(i.name) <= 16, '昵称过长！'),
  v.check((i) => isSex(i.sex), '请选择性别！'),
  v.check((i) => i.birthday !== '', '请选择生日！'),
  v.check((i) => isAllowedBirthday(i.birthday), '生日日期有误！'),
);

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
