/**
 * The two HttpOnly cookies of the /api/user calls, and the two that go with the refresh cookie:
 * the session hint and the page session.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { ApiError, MSG } from '../http/errors';

export const REFRESH_COOKIE = 'xb_refresh';
export const REGISTER_COOKIE = 'xb_register';
/**
 * Readable by the page and holding no secret ("1"): only says that a refresh cookie was set and
 * not cleared since, so the shell asks /api/user/checkcookie only when a session may exist and
 * shows a public page to an anonymous visitor at once (docs/adr/0008). Set and cleared with the
 * refresh cookie, with the same lifetime.
 */
export const SESSION_HINT_COOKIE = 'xb_session';
/**
 * The page session (HttpOnly, Path=/): proof of the login that a page request (GET /my) carries,
 * which the refresh cookie (Path=/api/user) is not. A signed `xb-page+jwt` naming the uid and the
 * refresh token set with it; api/auth/page-session.ts accepts it only while that token is the current
 * one of its login (a refresh replaces both), and reading it never rotates anything. Set and
 * cleared with the refresh cookie, with the same lifetime.
 */
export const PAGE_COOKIE = 'xb_page';
/** How long a passed registration quiz stays good for step two. */
export const REGISTER_TTL_SECONDS = 30 * 60;

// Only the /api/user calls (refresh, checkcookie, logout, addAccount) ever need them.
const COOKIE_PATH = '/api/user';

function options(secure: boolean, maxAgeSeconds: number): CookieSerializeOptions {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds };
}

// Every page reads it, so it lives at `/`; not HttpOnly on purpose: it is not a credential.
const hintOptions = (secure: boolean): CookieSerializeOptions => ({ path: '/', httpOnly: false, sameSite: 'lax', secure });

// Every page request carries it; HttpOnly, since unlike the hint it is a credential.
const pageOptions = (secure: boolean): CookieSerializeOptions => ({ path: '/', httpOnly: true, sameSite: 'lax', secure });

/** The refresh cookie with its session hint and its page session (`pageToken`, from TokenSigner.signPage). */
export function setRefreshCookie(reply: FastifyReply, token: string, pageToken: string, secure: boolean, ttlDays: number): void {
  const maxAge = ttlDays * 86_400;
  reply.setCookie(REFRESH_COOKIE, token, options(secure, maxAge));
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(secure), maxAge });
  reply.setCookie(PAGE_COOKIE, pageToken, { ...pageOptions(secure), maxAge });
}

export function setRegisterCookie(reply: FastifyReply, ticket: string, secure: boolean): void {
  reply.setCookie(REGISTER_COOKIE, ticket, options(secure, REGISTER_TTL_SECONDS));
}

/** Clears one of the two cookies; clearing the refresh cookie clears the session hint and the page session too. */
export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
  if (name !== REFRESH_COOKIE) return;
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(secure));
  reply.clearCookie(PAGE_COOKIE, pageOptions(secure));
}

/**
 * The answer to a signed-in call whose account is gone: the refresh cookie cleared (with its hint
 * and page session) and 401 `refresh`, so the client's refresh fails and it signs out.
 */
export function sessionGone(reply: FastifyReply, secure: boolean): ApiError {
  clearCookie(reply, REFRESH_COOKIE, secure);
  return new ApiError(401, MSG.sessionExpired, 'refresh');
}
