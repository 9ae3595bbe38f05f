import { describe, expect, it } from 'vitest';
import {
  AddAccountSchema,
  CardFormSchema,
  CardUpdateSchema,
  EMAIL_PATTERN,
  LoginSchema,
  RegisterStepOneSchema,
  RegisterStepTwoSchema,
  ValitedRegisterSchema,
} from './form-rules';
import { BAD_REQUEST, charCount, firstError, parseWith, truncateText } from './validation';

// Birthdays are checked against "this year minus 10", so valid fixtures stay inside 1996..2005
// (valid for any run until at least 2015 + 10 years in the past, i.e. always from now on).
const GOOD_BIRTHDAY = '2000-02-29';

describe('charCount', () => {
  it('counts characters as a person does, not UTF-16 units', () => {
    expect(charCount('校巴')).toBe(2);
    expect(charCount('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
    expect(charCount('')).toBe(0);
  });
});

describe('truncateText', () => {
  it('cuts to max characters as charCount counts them, never half an emoji', () => {
    expect(truncateText('校巴小纸条', 3)).toBe('校巴小');
    expect(truncateText('😀😀😀', 2)).toBe('😀😀');
    expect(truncateText('短', 3)).toBe('短');
  });
});

describe('EMAIL_PATTERN', () => {
  it.each(['a@b.cn', 'first.last+tag@mail.example.com', 'x_y-z%1@sub-domain.org'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@c.cn', 'a@@b.cn', '@b.cn', 'a@.cn', 'a@b.cn.'])('rejects %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});

describe("LoginSchema (the original site's rules, in order)", () => {
  const ok = { username: '10001', password: '123456' };

  it('passes a good form and trims the user name (not the password)', () => {
    expect(parseWith(LoginSchema, { username: '  10001 ', password: ' 12345 ' })).toEqual({
      ok: true,
      value: { username: '10001', password: ' 12345 ' },
    });
  });

  it.each([
    ['empty form: the user name comes first', {}, '请输入米米号'],
    ['blank user name (only spaces) counts as empty', { username: '   ', password: '' }, '请输入米米号'],
    ['user name before a too-short password', { username: '', password: '1' }, '请输入米米号'],
    ['password required', { username: '10001', password: '' }, '请输入密码'],
    ['password missing entirely', { username: '10001' }, '请输入密码'],
    ['5 characters is too short', { username: '10001', password: '12345' }, '密码长度不能小于6位'],
    ['17 characters is too long', { username: '10001', password: 'a'.repeat(17) }, '密码长度不能大于16位'],
    ['user name longer than an e-mail can be', { username: 'a'.repeat(255), password: '123456' }, '米米号或邮箱过长'],
  ])('%s', (_name, input, message) => {
    expect(firstError(LoginSchema, input)).toBe(message);
  });

  it('accepts passwords of exactly 6 and 16 characters', () => {
    expect(firstError(LoginSchema, { ...ok, password: '123456' })).toBeNull();
    expect(firstError(LoginSchema, { ...ok, password: 'a'.repeat(16) })).toBeNull();
  });

  it('a wrongly typed field is a malformed request', () => {
    expect(firstError(LoginSchema, { username: 10001, password: '123456' })).toBe(BAD_REQUEST);
    expect(firstError(LoginSchema, { username: null, password: '123456' })).toBe(BAD_REQUEST);
  });
});

describe("RegisterStepOneSchema (the original site's rules, in order)", () => {
  const full = {
    agreed: true,
    email: 'kid@xiaoba.cn',
    password: '123456',
    repeat: '123456',
    name: '小巴',
    fans: '粉丝',
    message: '私信',
    weibo: 'yy',
  };

  it('passes a complete form and trims the e-mail', () => {
    const result = parseWith(RegisterStepOneSchema, { ...full, email: '  kid@xiaoba.cn ' });
    expect(result).toEqual({ ok: true, value: { ...full, email: 'kid@xiaoba.cn' } });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty form says agree first', {}, '请先同意校巴守则！'],
    ['not agreed wins over everything else being wrong', { ...full, agreed: false, email: 'bad', password: '1' }, '请先同意校巴守则！'],
    ['agreed but empty fields, even with a malformed e-mail', { agreed: true, email: 'not-an-email' }, '请完整填写注册信息！'],
    ['missing repeat', { ...full, repeat: '' }, '请完整填写注册信息！'],
    ['missing password', { ...full, password: '' }, '请完整填写注册信息！'],
    ['e-mail of spaces is empty', { ...full, email: '   ' }, '请完整填写注册信息！'],
    ['malformed e-mail before a short password', { ...full, email: 'kid@xiaoba', password: '1', repeat: '2' }, '邮箱格式有误！'],
    ['an e-mail over 254 characters', { ...full, email: `${'a'.repeat(250)}@x.cn` }, '邮箱格式有误！'],
    ['short password before a mismatch', { ...full, password: '12345', repeat: '54321' }, '密码应在6到16位之间！'],
    ['long password', { ...full, password: 'a'.repeat(17), repeat: 'a'.repeat(17) }, '密码应在6到16位之间！'],
    ['passwords differ', { ...full, repeat: '1234567' }, '两次密码不一致！'],
    ['mismatch before missing quiz answers', { ...full, repeat: '654321', name: '' }, '两次密码不一致！'],
    ['quiz name empty', { ...full, name: '' }, '请填写注册验证！'],
    ['quiz fans blank', { ...full, fans: '  ' }, '请填写注册验证！'],
    ['quiz message missing', { ...full, message: undefined }, '请填写注册验证！'],
    ['quiz weibo empty', { ...full, weibo: '' }, '请填写注册验证！'],
    ['a quiz answer over 32 characters', { ...full, weibo: '微'.repeat(33) }, '注册验证答案过长！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(RegisterStepOneSchema, input)).toBe(message);
  });

  it('accepts passwords of 6 and 16 characters and a 32-character answer', () => {
    expect(firstError(RegisterStepOneSchema, { ...full, password: 'a'.repeat(16), repeat: 'a'.repeat(16) })).toBeNull();
    expect(firstError(RegisterStepOneSchema, { ...full, weibo: '微'.repeat(32) })).toBeNull();
  });

  it('an "agreed" that is not a boolean is a malformed request', () => {
    expect(firstError(RegisterStepOneSchema, { ...full, agreed: 'yes' })).toBe(BAD_REQUEST);
  });
});

describe('ValitedRegisterSchema (server body of valitedRegister)', () => {
  const body = { email: 'kid@xiaoba.cn', name: ' 小巴 ', fans: '粉丝', message: '私信', weibo: 'yy' };

  it('trims every field', () => {
    expect(parseWith(ValitedRegisterSchema, { ...body, email: ' kid@xiaoba.cn ' })).toEqual({
      ok: true,
      value: { email: 'kid@xiaoba.cn', name: '小巴', fans: '粉丝', message: '私信', weibo: 'yy' },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['empty body', {}, '请完整填写注册信息！'],
    ['malformed e-mail before empty answers', { email: 'x' }, '邮箱格式有误！'],
    ['an empty answer', { ...body, fans: ' ' }, '请填写注册验证！'],
    ['a long answer', { ...body, message: 'a'.repeat(33) }, '注册验证答案过长！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(ValitedRegisterSchema, input)).toBe(message);
  });
});

describe("RegisterStepTwoSchema (the original site's rules, in order)", () => {
  const full = { uname: '小巴', sex: 0, agreed: true, year: 2000, month: 2, day: 29 };

  it('passes and trims the nickname', () => {
    expect(parseWith(RegisterStepTwoSchema, { ...full, uname: '  小巴  ' })).toEqual({
      ok: true,
      value: { ...full, uname: '小巴' },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty form says the name first', {}, '姓名不能为空！'],
    ['a nickname of spaces is empty', { ...full, uname: '    ' }, '姓名不能为空！'],
    ['1 character is too short', { ...full, uname: '巴' }, '昵称应在2~6位！'],
    ['7 Chinese characters are too long', { ...full, uname: '校巴校巴校巴校' }, '昵称应在2~6位！'],
    ['length is checked after trimming', { ...full, uname: ' 巴 ' }, '昵称应在2~6位！'],
    ['sex not chosen', { ...full, sex: null }, '请选择性别！'],
    ['sex missing', { uname: '小巴' }, '请选择性别！'],
    ['sex out of range', { ...full, sex: 2 }, '请选择性别！'],
    ['not agreed', { ...full, agreed: false }, '请先同意守则！'],
    ['not agreed before a missing birthday', { ...full, agreed: false, year: null }, '请先同意守则！'],
    ['no year', { ...full, year: null }, '请选择生日！'],
    ['no month', { ...full, month: null }, '请选择生日！'],
    ['no day', { ...full, day: undefined }, '请选择生日！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(RegisterStepTwoSchema, input)).toBe(message);
  });

  it('counts the nickname in characters: 2 and 6 Chinese characters pass, emoji count once', () => {
    expect(firstError(RegisterStepTwoSchema, { ...full, uname: '小巴' })).toBeNull();
    expect(firstError(RegisterStepTwoSchema, { ...full, uname: '校巴校巴校巴' })).toBeNull();
    expect(firstError(RegisterStepTwoSchema, { ...full, uname: '😀😀😀' })).toBeNull(); // 6 UTF-16 units, 3 chars
    expect(firstError(RegisterStepTwoSchema, { ...full, uname: '😀😀😀😀' })).toBeNull(); // 8 units, 4 chars
    expect(firstError(RegisterStepTwoSchema, { ...full, uname: 'abcdefg' })).toBe('昵称应在2~6位！');
  });

  it('accepts boy (1) as well as girl (0)', () => {
    expect(firstError(RegisterStepTwoSchema, { ...full, sex: 1 })).toBeNull();
  });
});

describe('CardFormSchema (/card: nickname display only but non-empty)', () => {
  const full = { name: '小巴', sex: 1, year: 1999, month: 12, day: 31 };

  it.each<[string, Record<string, unknown>, string | null]>([
    ['a complete card passes', full, null],
    ["a long display name is not this form's business", { ...full, name: '一二三四五六七八' }, null],
    ['empty form: the name first', {}, '姓名不能为空！'],
    ['name of spaces', { ...full, name: ' ' }, '姓名不能为空！'],
    ['no sex', { ...full, sex: null }, '请选择性别！'],
    ['no sex before no birthday', { ...full, sex: null, day: null }, '请选择性别！'],
    ['no day', { ...full, day: null }, '请选择生日！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(CardFormSchema, input)).toBe(message);
  });
});

describe('AddAccountSchema (server body of addAccount)', () => {
  const body = { email: 'kid@xiaoba.cn', lockedPassword: '123456', uname: '小巴', sex: 0, birthday: GOOD_BIRTHDAY };

  it('passes and trims e-mail and nickname', () => {
    expect(parseWith(AddAccountSchema, { ...body, email: ' kid@xiaoba.cn', uname: ' 小巴 ' })).toEqual({
      ok: true,
      value: body,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['empty body: the draft is lost', {}, '注册信息丢失，请重新进行注册！'],
    ['no password in the draft', { ...body, lockedPassword: '' }, '注册信息丢失，请重新进行注册！'],
    ['malformed e-mail', { ...body, email: 'kid' }, '邮箱格式有误！'],
    ['short password', { ...body, lockedPassword: '12345' }, '密码应在6到16位之间！'],
    ['long password', { ...body, lockedPassword: 'a'.repeat(17) }, '密码应在6到16位之间！'],
    ['empty nickname', { ...body, uname: ' ' }, '姓名不能为空！'],
    ['7-character nickname', { ...body, uname: '校巴校巴校巴校' }, '昵称应在2~6位！'],
    ['no sex', { ...body, sex: null }, '请选择性别！'],
    ['no birthday', { ...body, birthday: '' }, '请选择生日！'],
    ['not a calendar date', { ...body, birthday: '2001-02-29' }, '生日日期有误！'],
    ['before 1996', { ...body, birthday: '1995-12-31' }, '生日日期有误！'],
    ['a future year', { ...body, birthday: '2999-01-01' }, '生日日期有误！'],
    ['not in YYYY-MM-DD', { ...body, birthday: '2000/01/01' }, '生日日期有误！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(AddAccountSchema, input)).toBe(message);
  });
});

describe('CardUpdateSchema (server body of cardupdate)', () => {
  const body = { name: '小巴', sex: 1, birthday: '1996-01-01' };

  it.each<[string, Record<string, unknown>, string | null]>([
    ['a good body passes', body, null],
    ['16 characters pass', { ...body, name: '校'.repeat(16) }, null],
    ['empty body: the name first', {}, '姓名不能为空！'],
    ['17 characters are too long', { ...body, name: '校'.repeat(17) }, '昵称过长！'],
    ['no sex', { ...body, sex: null }, '请选择性别！'],
    ['no birthday', { ...body, birthday: '' }, '请选择生日！'],
    ['a bad birthday', { ...body, birthday: '2000-13-01' }, '生日日期有误！'],
  ])('%s', (_name, input, message) => {
    expect(firstError(CardUpdateSchema, input)).toBe(message);
  });
});

describe('parseWith / firstError on non-object input', () => {
  it.each([null, undefined, 'username=1', 42, true, [], [{ username: '1' }]])('%j is a malformed request', (input) => {
    expect(parseWith(LoginSchema, input)).toEqual({ ok: false, message: BAD_REQUEST });
    expect(firstError(RegisterStepOneSchema, input)).toBe(BAD_REQUEST);
  });

  it('returns null from firstError when the input passes', () => {
    expect(firstError(LoginSchema, { username: '1', password: '123456' })).toBeNull();
  });

  it('ignores unknown fields rather than failing on them', () => {
    expect(parseWith(LoginSchema, { username: '1', password: '123456', extra: 'x' })).toEqual({
      ok: true,
      value: { username: '1', password: '123456' },
    });
  });
});
