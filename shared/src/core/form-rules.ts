/**
 * The rules of the sign-in, registration and profile card forms, and of the API bodies they send
 * (login, valitedRegister, addAccount, cardupdate), in the original site's order and words
 * (`firstError` shows the first failing check's message). Only /login, /register, /usercard,
 * /card and /setting/profile use them: they are outside the federated singleton, in
 * `@xiaoba/shared/forms` (bundled into those pages' chunks); the server has them in `@xiaoba/shared/core`.
 */
import type { InferInput } from 'valibot';
// Only through ./form-parts.ts: a page's build takes these from the singleton (see that file).
import {
  BAD_REQUEST,
  charCount,
  EMAIL_MAX,
  formValibot as v,
  isAllowedBirthday,
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  QUIZ_ANSWER_MAX,
} from './form-parts';

/** optionalText of ./validation.ts, built on ./form-parts.ts's valibot. */
const text = () => v.optional(v.string(BAD_REQUEST), '');
const flag = () => v.optional(v.boolean(BAD_REQUEST), false);
/** Sex as the forms hold it: 0 girl, 1 boy, null/absent when not chosen. */
const sexField = () => v.optional(v.nullable(v.number(BAD_REQUEST)), null);
const birthPart = () => v.optional(v.nullable(v.number(BAD_REQUEST)), null);

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
export type LoginInput = InferInput<typeof LoginSchema>;

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
export type RegisterStepOneInput = InferInput<typeof RegisterStepOneSchema>;

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
export type RegisterStepTwoInput = InferInput<typeof RegisterStepTwoSchema>;

/** Profile card (/card): the nickname is display only but must be non-empty. */
export const CardFormSchema = v.pipe(
  v.object({ name: text(), sex: sexField(), year: birthPart(), month: birthPart(), day: birthPart() }),
  v.transform((i) => ({ ...i, name: i.name.trim() })),
  v.check((i) => i.name !== '', '姓名不能为空！'),
  v.check((i) => isSex(i.sex), '请选择性别！'),
  v.check((i) => Boolean(i.year && i.month && i.day), '请选择生日！'),
);
export type CardFormInput = InferInput<typeof CardFormSchema>;

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
