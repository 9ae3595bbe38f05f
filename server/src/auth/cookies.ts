/** The two HttpOnly cookies of the /api/user calls. */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'xb_refresh';
export const REGISTER_COOKIE = 'xb_register';
/** How long a passed registration quiz stays good for step two. */
export const REGISTER_TTL_SECONDS = 30 * 60;

// Only the /api/user calls (refresh, checkcookie, logout, addAccount) ever need them.
const COOKIE_PATH = '/api/user';

function options(secure: boolean, maxAgeSeconds: number): CookieSerializeOptions {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds };
}

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean, ttlDays: number): void {
  reply.setCookie(REFRESH_COOKIE, token, options(secure, ttlDays * 86_400));
}

export function setRegisterCookie(reply: FastifyReply, ticket: string, secure: boolean): void {
  reply.setCookie(REGISTER_COOKIE, ticket, options(secure, REGISTER_TTL_SECONDS));
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  reply.clearCookie(name, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
}
