/**
 * Security headers on every answer (pages, files, /api) and the same-origin check of the
 * cookie-authenticated calls. See docs/security.md "Headers and CSP".
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MSG } from './errors';

/**
 * Scripts only from the site itself: no inline script, no eval (the inlined manifest is
 * non-executable JSON, module federation imports remotes with import()). Styles keep
 * 'unsafe-inline' for styled-components' <style> tags and React style attributes. Pictures come
 * from the site (uploads are streamed by the server at /uploads, whatever the storage driver),
 * data: (small inline images) and blob: (the avatar preview of a chosen file).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()';

/** Two years, the usual preload value; sent only when COOKIE_SECURE=1 says the site is on HTTPS. */
export const HSTS = 'max-age=63072000';

export interface SecurityHeaderOptions {
  /** COOKIE_SECURE: the site is served over HTTPS, so HSTS is sent. */
  https: boolean;
}

/**
 * Adds the headers at the start of every request, so 404s and errors carry them too; a route may
 * still replace one (the SVG files keep their stricter CSP).
 */
export function installSecurityHeaders(app: FastifyInstance, { https }: SecurityHeaderOptions): void {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // For browsers without frame-ancestors.
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (https) headers['strict-transport-security'] = HSTS;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Host (and port) of an Origin header value, or null when it is not an http(s) origin ("null", garbage). */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * A preHandler for the calls that act on the refresh or registration cookie: a request another
 * site's page makes (a foreign `Origin`, or `Sec-Fetch-Site: cross-site`) is refused with 403.
 * Same-origin browser calls send our own Origin; calls without Origin (curl, other servers,
 * old browsers on same-origin GETs) are allowed, as they cannot carry a victim's cookie by surprise.
 */
export async function refuseForeignOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new ApiError(403, MSG.foreignOrigin);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // The Host the browser sent is the site it believes it is talking to (behind a proxy that
  // rewrites Host, TRUST_PROXY makes request.host the forwarded one).
  const host = request.host.toLowerCase();
  if (originHost(origin) !== host) throw new ApiError(403, MSG.foreignOrigin);
}
