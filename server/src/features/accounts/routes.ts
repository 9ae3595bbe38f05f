/**
 * The /api/user calls of docs/api.md but the space's (features/spaces/routes.ts): signing in and
 * out, registration, the profile, signatures, skin and face.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AddAccountSchema,
  CardUpdateSchema,
  LoginSchema,
  ValitedRegisterSchema,
  checkSignature,
  FACE_COUNT,
  SKINS,
  isMinor,
  isSkinId,
  NICKNAME_RANGE,
  nicknameInRange,
  type CheckCookieData,
  type LoginData,
  type Sex,
} from '@xiaoba/shared/core';
import { normaliseAnswer, type Config } from '../../config';
import { clearCookie, REFRESH_COOKIE, REGISTER_COOKIE, REGISTER_TTL_SECONDS, sessionGone, setRefreshCookie, setRegisterCookie } from '../../api/auth/cookies';
import { requireUser } from '../../api/auth/guard';
import { clearLoginFailures, lockAccount, loginLockSeconds, recordLoginFailure } from './login-limit';
import { hashPassword, verifyPassword } from '../../api/auth/passwords';
import { issueRefreshToken, refreshTokenOwner, revokeRefreshToken, rotateRefreshToken, type IssuedRefreshToken } from '../../api/auth/refresh';
import { bannedMessage, readStanding, revokeAllSessions, withStanding } from '../../api/auth/standing';
import type { TokenSigner } from '../../api/auth/tokens';
import { isUniqueViolation, withTransaction, type Pool } from '../../data/pool';
import {
  emailTaken,
  findUserByLoginName,
  findUserByUid,
  insertUser,
  replaceAvatar,
  toUserInfo,
  touchLastLogin,
  updateCard,
  updateSignature,
  updateSkin,
} from './queries';
import { parseBody } from '../../api/http/body';
import { ApiError, MSG, ok } from '../../api/http/errors';
import { routeSchema, text, typed } from '../../api/http/openapi';
import { AddAccountBodySchema, CardUpdateBodySchema, LoginBodySchema, ValitedRegisterBodySchema } from '@xiaoba/shared/api-schemas';
import { checkRegistrationLimit, lockRegistrations, recordRegistration, takeRegisterCheck } from '../../api/http/rate-limit';
import { refuseForeignOrigin } from '../../api/http/security';
import { fileFromAvatarUrl, removeFiles } from '../../uploads/store';
import type { UploadStorage } from '../../uploads/storage';

export interface SessionRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
}

export interface UserRoutesOptions extends SessionRoutesOptions {
  storage: UploadStorage;
}

const WRONG_LOGIN = '米米号或密码错误';
const EMAIL_TAKEN = '该邮箱已被注册！';
const SIGNATURE_SAVED = '签名档更新成功';

const tags: ['user'] = ['user'];
const signatureQuery = (max: number) => ({
  type: 'object',
  properties: { qm: text(`HTML stripped, trimmed, at most ${max} characters; missing or '' = the default`) },
});
const cookie = (name: string, description: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', description } },
});
const refreshCookie = cookie(REFRESH_COOKIE, 'the refresh token (HttpOnly, set by login and refresh)');
const SCHEMA = {
  login: routeSchema({
    summary: 'Sign in with a 米米号 or an e-mail; sets the refresh cookie (with xb_session and xb_page)',
    tags,
    body: LoginBodySchema,
    data: typed('LoginData'),
  }),
  logout: routeSchema({ summary: "Sign out: revokes the refresh cookie's family and clears it (with xb_session and xb_page)", tags, cookies: refreshCookie }),
  refresh: routeSchema({
    summary: 'A new access token for the refresh cookie (rotated; xb_session and xb_page set again), and the signed-in user',
    tags,
    cookies: refreshCookie,
    // `user` saves a page that restores a session the getinfo round trip after it (docs/adr/0011).
    data: typed('RefreshData'),
  }),
  checkcookie: routeSchema({
    summary: 'Whether the refresh cookie is valid (data.code 200 or 401; does not rotate)',
    tags,
    cookies: refreshCookie,
    data: typed('CheckCookieData'),
  }),
  getinfo: routeSchema({ summary: "The caller's own UserInfo", tags, auth: true, data: typed('UserInfo') }),
  updatelogin: routeSchema({
    summary: "Record the caller's login time (also //updatelogin)",
    tags,
    auth: true,
    data: { type: 'object', properties: { lastTime: { type: 'integer', description: 'unix seconds' } } },
  }),
  cardupdate: routeSchema({
    summary: "Update the caller's sex and birthday (and nickname when changed)",
    tags,
    auth: true,
    body: CardUpdateBodySchema,
    data: typed('UserInfo'),
  }),
  valitedRegister: routeSchema({
    summary: 'Registration step one: the e-mail and the quiz; sets the registration cookie',
    tags,
    body: ValitedRegisterBodySchema,
  }),
  addAccount: routeSchema({
    summary: 'Registration step two: creates the account (needs the registration cookie)',
    tags,
    cookies: cookie(REGISTER_COOKIE, 'the ticket of valitedRegister (HttpOnly, 30 minutes)'),
    body: AddAccountBodySchema,
    data: { type: 'object', properties: { uid: { type: 'integer', description: 'the new 米米号' } } },
  }),
  updatebigqm: routeSchema({
    summary: "Set the caller's big signature",
    tags,
    auth: true,
    querystring: signatureQuery(11),
    data: { type: 'object', properties: { qm: { type: 'string' } } },
  }),
  updatesmallqm: routeSchema({
    summary: "Set the caller's small signature",
    tags,
    auth: true,
    querystring: signatureQuery(25),
    data: { type: 'object', properties: { qianming: { type: 'string' } } },
  }),
  updateskin: routeSchema({
    summary: "Set the caller's skin",
    tags,
    auth: true,
    querystring: {
      type: 'object',
      required: ['classname'],
      properties: { classname: { type: 'string', enum: SKINS.map((s) => s.id), 'x-msg': '皮肤不存在', description: "'' is the default skin" } },
    },
    data: { type: 'object', properties: { skin: { type: 'string' } } },
  }),
  updateface: routeSchema({
    summary: 'Choose a preset face (clears the uploaded picture)',
    tags,
    auth: true,
    querystring: {
      type: 'object',
      required: ['num'],
      properties: { num: { type: 'string', pattern: '^\\d{1,3}$', 'x-msg': '头像不存在', description: `0..${FACE_COUNT - 1}, digits only` } },
    },
    data: { type: 'object', properties: { face: { type: 'integer' }, avatar: { type: 'string', enum: [''] } } },
  }),
};

// Before the schema check: a caller without a token learns nothing about the input rules.
const authOf = (signer: TokenSigner) => ({ preValidation: requireUser(signer) });
// The calls that read or set the refresh/registration cookies answer only our own pages.
// onRequest: before the body is read or checked, so a foreign page learns nothing.
const sameOrigin = { onRequest: refuseForeignOrigin };

/**
 * Signing in and out: login, logout, refresh, checkcookie and getinfo. Registered before the space
 * calls of features/spaces and userRoutes, under the same /user prefix, so the OpenAPI document
 * lists the /api/user calls in one order.
 */
export async function sessionRoutes(app: FastifyInstance, { config, pool, signer }: SessionRoutesOptions): Promise<void> {
  const auth = authOf(signer);
  const secure = config.cookieSecure;

  /** Sets the refresh cookie and, naming that token, the page session that goes with it. */
  async function setSessionCookies(reply: FastifyReply, uid: number, refresh: IssuedRefreshToken): Promise<void> {
    const days = config.refreshTokenTtlDays;
    const page = await signer.signPage(uid, refresh, days * 86_400);
    setRefreshCookie(reply, refresh.token, page, secure, days);
  }

  /** Starts a refresh family in the cookie and returns a fresh access token. */
  async function startSession(reply: FastifyReply, uid: number): Promise<string> {
    await setSessionCookies(reply, uid, await issueRefreshToken(pool, uid, config.refreshTokenTtlDays));
    return signer.signAccess(uid, config.accessTokenTtlSeconds);
  }

  const expired = (reply: FastifyReply): ApiError => sessionGone(reply, secure);

  app.post('/login', { ...sameOrigin, schema: SCHEMA.login }, async (request, reply) => {
    const input = parseBody(LoginSchema, request.body);
    const user = await findUserByLoginName(pool, input.username);
    // Counted per account, whichever name (米米号 or e-mail) was typed.
    const account = user ? `uid:${user.uid}` : `name:${input.username.toLowerCase()}`;
    const outcome = await withTransaction(pool, async (db) => {
      await lockAccount(db, account);
      // Locks this address (for this account, or for all when it guessed at many), never the
      // account for everyone: the owner elsewhere still gets their password checked.
      const wait = await loginLockSeconds(db, account, request.ip);
      if (wait > 0) return { wait };
      // A 401 here is about the typed credentials, not a token: no X-Error-Type, so the
      // client shows the message instead of trying a refresh.
      const good = await verifyPassword(user?.password_hash ?? null, input.password);
      if (good) await clearLoginFailures(db, account, request.ip);
      else await recordLoginFailure(db, account, request.ip);
      return { good };
    });
    if (outcome.wait !== undefined) {
      reply.header('retry-after', outcome.wait);
      throw new ApiError(429, `登录尝试过于频繁，请 ${Math.ceil(outcome.wait / 60)} 分钟后再试`);
    }
    if (!outcome.good || !user) throw new ApiError(401, WRONG_LOGIN);
    // After the password check: a guesser learns nothing about bans.
    const standing = await readStanding(pool, user.uid);
    if (standing && standing.bannedAt > 0) throw new ApiError(403, bannedMessage(standing));
    const token = await startSession(reply, user.uid);
    const info = withStanding(toUserInfo(user), standing);
    return ok<LoginData>('登录成功', { ...info, token, username: info.name });
  });

  app.post('/logout', { ...sameOrigin, schema: SCHEMA.logout }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await revokeRefreshToken(pool, token);
    clearCookie(reply, REFRESH_COOKIE, secure);
    return ok('登出成功！');
  });

  app.post('/refresh', { ...sameOrigin, schema: SCHEMA.refresh }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw expired(reply);
    const result = await rotateRefreshToken(pool, token, config.refreshTokenTtlDays);
    if (!result.ok) {
      if (result.reason === 'reused') request.log.warn('refresh token reused: its login family is revoked');
      throw expired(reply);
    }
    const user = await findUserByUid(pool, result.uid);
    if (!user) throw expired(reply); // the account is gone: end the session
    const standing = await readStanding(pool, result.uid);
    if (standing && standing.bannedAt > 0) {
      // A rotation that raced the ban's revocation: its successor is revoked too.
      await revokeAllSessions(pool, result.uid);
      throw expired(reply);
    }
    await setSessionCookies(reply, result.uid, result);
    return ok('刷新成功', { token: await signer.signAccess(result.uid, config.accessTokenTtlSeconds), user: withStanding(toUserInfo(user), standing) });
  });

  // The guard reads data.code, so an invalid cookie is a normal answer, not an HTTP error.
  app.get('/checkcookie', { ...sameOrigin, schema: SCHEMA.checkcookie }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    const uid = token ? await refreshTokenOwner(pool, token) : null;
    // No session: drop the cookie and its hint, so later visits skip this call (docs/adr/0008).
    if (uid === null) clearCookie(reply, REFRESH_COOKIE, secure);
    const data: CheckCookieData = uid === null ? { code: 401, msg: MSG.sessionExpired } : { code: 200, msg: '登录有效' };
    return ok(data.msg, data);
  });

  app.get('/getinfo', { ...auth, schema: SCHEMA.getinfo }, async (request, reply) => {
    const user = await findUserByUid(pool, request.uid);
    if (!user) throw expired(reply); // the account is gone: end the session
    return ok('获取成功', withStanding(toUserInfo(user), await readStanding(pool, request.uid)));
  });
}

/** The caller's profile, registration, signatures, skin and face. */
export async function userRoutes(app: FastifyInstance, { config, pool, signer, storage }: UserRoutesOptions): Promise<void> {
  const auth = authOf(signer);
  const registerLimit = config.rateLimits.register;
  const secure = config.cookieSecure;
  const expired = (reply: FastifyReply): ApiError => sessionGone(reply, secure);

  // The original site calls it as /api/user//updatelogin; the router ignores duplicate slashes.
  app.patch('/updatelogin', { ...auth, schema: SCHEMA.updatelogin }, async (request, reply) => {
    const lastTime = await touchLastLogin(pool, request.uid);
    if (lastTime === null) throw expired(reply);
    return ok('登录时间已记录', { lastTime });
  });

  app.patch('/cardupdate', { ...auth, schema: SCHEMA.cardupdate }, async (request, reply) => {
    const input = parseBody(CardUpdateSchema, request.body);
    const current = await findUserByUid(pool, request.uid);
    if (!current) throw expired(reply);
    // /card shows the nickname display-only and sends it back unchanged; the
    // settings page may change it, under registration's 2-to-6 rule.
    const renamed = input.name !== current.name;
    if (renamed && !nicknameInRange(input.name)) throw new ApiError(400, NICKNAME_RANGE);
    // A birthday that now says under 18 (where it did not) brings the children's settings; turning
    // 18, or a change between two adult dates, changes no setting.
    const toMinor = isMinor(input.birthday) && !isMinor(current.birthday);
    const user = await updateCard(pool, request.uid, input.sex as Sex, input.birthday, renamed ? input.name : null, toMinor);
    if (!user) throw expired(reply);
    return ok('资料已更新', toUserInfo(user));
  });

  app.post('/valitedRegister', { ...sameOrigin, schema: SCHEMA.valitedRegister }, async (request, reply) => {
    const input = parseBody(ValitedRegisterSchema, request.body);
    // Counted per address before anything is checked: past the limit the answer says nothing
    // about the quiz or the e-mail, so a list of e-mails cannot be tested against the site.
    const wait = await takeRegisterCheck(pool, request.ip, registerLimit);
    if (wait > 0) {
      reply.header('retry-after', wait);
      throw new ApiError(429, `注册验证太频繁了，请 ${Math.ceil(wait / 60)} 分钟后再试`);
    }
    const { quiz } = config;
    const right =
      quiz.name.includes(normaliseAnswer(input.name)) &&
      quiz.fans.includes(normaliseAnswer(input.fans)) &&
      quiz.message.includes(normaliseAnswer(input.message)) &&
      quiz.weibo.includes(normaliseAnswer(input.weibo));
    if (!right) throw new ApiError(400, '注册验证答案有误！');
    // Refused already at step one, before the user fills in step two for nothing.
    await checkRegistrationLimit(pool, request.ip, registerLimit);
    const email = input.email.toLowerCase();
    if (await emailTaken(pool, email)) throw new ApiError(409, EMAIL_TAKEN);
    setRegisterCookie(reply, await signer.signRegister(email, REGISTER_TTL_SECONDS), secure);
    return ok('验证通过');
  });

  app.post('/addAccount', { ...sameOrigin, schema: SCHEMA.addAccount }, async (request, reply) => {
    const input = parseBody(AddAccountSchema, request.body);
    const email = input.email.toLowerCase();
    const ticket = request.cookies[REGISTER_COOKIE];
    const verified = ticket ? await signer.verifyRegister(ticket) : null;
    if (verified !== email) throw new ApiError(403, '请先完成注册验证！');
    let uid: number;
    try {
      const passwordHash = await hashPassword(input.lockedPassword);
      // Per address and counted in PostgreSQL; the lock makes parallel requests count one by one.
      uid = await withTransaction(pool, async (db) => {
        if (registerLimit > 0) {
          await lockRegistrations(db, request.ip);
          await checkRegistrationLimit(db, request.ip, registerLimit);
        }
        const created = await insertUser(db, { email, passwordHash, name: input.uname, sex: input.sex as Sex, birthday: input.birthday });
        await recordRegistration(db, request.ip, registerLimit);
        return created;
      });
    } catch (error) {
      // Two registrations of one address racing past valitedRegister: the index decides.
      if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
      throw error;
    }
    clearCookie(reply, REGISTER_COOKIE, secure);
    return ok(`注册成功！你的米米号是 ${uid}`, { uid });
  });

  // Signatures (docs/api.md "Spaces"): HTML stripped and trimmed; '' stores the default, which the
  // browser shows as name + 的地盘 (big) or 我的地盘我做主！ (small).
  app.post<{ Querystring: { qm?: unknown } }>('/updatebigqm', { ...auth, schema: SCHEMA.updatebigqm }, async (request, reply) => {
    const qm = checkSignature('big', request.query.qm);
    if (!qm.ok) throw new ApiError(400, qm.message);
    if (!(await updateSignature(pool, request.uid, 'qm', qm.value))) throw expired(reply);
    return ok(SIGNATURE_SAVED, { qm: qm.value });
  });

  app.post<{ Querystring: { qm?: unknown } }>('/updatesmallqm', { ...auth, schema: SCHEMA.updatesmallqm }, async (request, reply) => {
    const qianming = checkSignature('small', request.query.qm);
    if (!qianming.ok) throw new ApiError(400, qianming.message);
    if (!(await updateSignature(pool, request.uid, 'qianming', qianming.value))) throw expired(reply);
    return ok(SIGNATURE_SAVED, { qianming: qianming.value });
  });

  app.post<{ Querystring: { classname?: unknown } }>('/updateskin', { ...auth, schema: SCHEMA.updateskin }, async (request, reply) => {
    const skin = request.query.classname;
    if (!isSkinId(skin)) throw new ApiError(400, '皮肤不存在');
    if (!(await updateSkin(pool, request.uid, skin))) throw expired(reply);
    return ok('装扮成功！', { skin });
  });

  // A preset face (0..FACE_COUNT-1) replaces an uploaded picture: users.avatar is cleared, and
  // its file removed once that is committed.
  app.post<{ Querystring: { num?: unknown } }>('/updateface', { ...auth, schema: SCHEMA.updateface }, async (request, reply) => {
    const num = request.query.num;
    const face = typeof num === 'string' && /^\d{1,3}$/.test(num) ? Number(num) : -1;
    if (face < 0 || face >= FACE_COUNT) throw new ApiError(400, '头像不存在');
    const result = await withTransaction(pool, (db) => replaceAvatar(db, request.uid, '', face));
    if (!result) throw expired(reply);
    const old = fileFromAvatarUrl(result.previous);
    if (old) {
      await removeFiles(storage, [old]).catch((err: unknown) => request.log.warn({ err, old }, 'removing the old avatar failed'));
    }
    return ok('头像更换成功', { face, avatar: '' });
  });
}
