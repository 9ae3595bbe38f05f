/**
 * Security headers on every answer (pages, files, /api) and the same-origin check of the
 * cookie-authenticated calls. See docs/security.md "Headers and CSP".
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MSG } from './errors';

/**
 * Scripts only from the site itself: no inline script, no eval (the inlined manifest is
 * non-executable JSON, module federation imports remotes with import()). Styles keep
 * 'unsafe-inline' for styled-components' <style> tags and React style attributes. Pictures come
 * from the site (uploads are streamed by the server at /uploads, whatever the storage driver),
 * data: (small inline images) and blob: (the avatar preview of a chosen file).
 */
/** Where browsers post CSP violation reports (outside /api: not part of the API contract). */
export const CSP_REPORT_PATH = '/csp-report';

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
  // Violations are posted to /csp-report (report-uri for every browser, report-to where the
  // Reporting API exists) and logged, so a policy that breaks a page shows in the logs.
  `report-uri ${CSP_REPORT_PATH}`,
  'report-to csp',
].join('; ');

/** Where a developer's local remote is served from when REMOTE_OVERRIDES=1 (docs/api.md "Publishing a remote"). */
export const LOCAL_DEV_SOURCES = 'http://localhost:* http://127.0.0.1:*';

/** The policy; with `remoteOverrides` scripts and fetches may also come from localhost. */
export function contentSecurityPolicy({ remoteOverrides = false }: { remoteOverrides?: boolean } = {}): string {
  if (!remoteOverrides) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${LOCAL_DEV_SOURCES}`).replace(
    "connect-src 'self'",
    `connect-src 'self' ${LOCAL_DEV_SOURCES}`,
  );
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()';

/** Two years, the usual preload value; sent only when COOKIE_SECURE=1 says the site is on HTTPS. */
export const HSTS = 'max-age=63072000';

export interface SecurityHeaderOptions {
  /** COOKIE_SECURE: the site is served over HTTPS, so HSTS is sent. */
  https: boolean;
  /** REMOTE_OVERRIDES=1: the CSP also lets scripts and fetches come from localhost. */
  remoteOverrides?: boolean;
}

/**
 * Adds the headers at the start of every request, so 404s and errors carry them too; a route may
 * still replace one (the SVG files keep their stricter CSP).
 */
export function installSecurityHeaders(app: FastifyInstance, { https, remoteOverrides = false }: SecurityHeaderOptions): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy({ remoteOverrides }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // For browsers without frame-ancestors.
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'reporting-endpoints': `csp="${CSP_REPORT_PATH}"`,
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
 * An onRequest hook for the calls that act on the refresh or registration cookie: a request
 * another site's page makes is refused with 403. Browsers say where a request comes from in
 * `Sec-Fetch-Site`, which a page cannot set: only `same-origin` (and `none`, typed by the user)
 * pass. Browsers without it are judged by `Origin`: its host must be the request's `Host` (or
 * `X-Forwarded-Host`, which a cross-site page cannot send without a CORS preflight we never
 * grant); `Origin: null` is refused. Calls with neither header (curl, other servers) cannot carry
 * a victim's cookie by surprise and are allowed.
 */
export async function refuseForeignOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw new ApiError(403, MSG.foreignOrigin);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const from = originHost(origin);
  if (from !== null && sameHosts(request).includes(from)) return;
  throw new ApiError(403, MSG.foreignOrigin);
}

/** The host names this request was addressed to: Host (as Fastify reads it) and X-Forwarded-Host. */
function sameHosts(request: FastifyRequest): string[] {
  const hosts = [request.host.toLowerCase()];
  const forwarded = request.headers['x-forwarded-host'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  if (first) hosts.push(first);
  return hosts;
}

/** Reports logged per process and minute; beyond that they are counted, not logged (no log flood). */
export const CSP_REPORTS_LOGGED_PER_MINUTE = 60;
const REPORT_BODY_LIMIT = 16 * 1024;

export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 300) : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The violations in a report body: `report-uri`'s `{"csp-report": {...}}` or the Reporting API's
 * `[{type: "csp-violation", body: {...}}]`. Anything else yields none.
 */
export function violationsOf(body: unknown): CspViolation[] {
  if (Array.isArray(body)) {
    return body
      .filter((r): r is { type: string; body: Record<string, unknown> } => r?.type === 'csp-violation' && typeof r.body === 'object' && r.body !== null)
      .map(({ body: b }) => ({
        document: str(b.documentURL),
        directive: str(b.effectiveDirective),
        blocked: str(b.blockedURL),
        source: str(b.sourceFile),
        line: num(b.lineNumber),
      }));
  }
  const r = (body as { 'csp-report'?: Record<string, unknown> } | null)?.['csp-report'];
  if (typeof r !== 'object' || r === null) return [];
  return [
    {
      document: str(r['document-uri']),
      directive: str(r['effective-directive'] ?? r['violated-directive']),
      blocked: str(r['blocked-uri']),
      source: str(r['source-file']),
      line: num(r['line-number']),
    },
  ];
}

/**
 * POST /csp-report: logs each violation (warn, at most CSP_REPORTS_LOGGED_PER_MINUTE a minute per
 * process) and answers 204. Browsers send these on their own; nothing here is trusted or stored.
 */
export async function cspReportRoutes(app: FastifyInstance): Promise<void> {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null); // a broken report is ignored, not an error
      }
    });
  }
  const budget = logBudget(app.log);
  app.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
    for (const violation of violationsOf(request.body)) budget(violation);
    return reply.code(204).send();
  });
}

function logBudget(log: FastifyBaseLogger): (violation: CspViolation) => void {
  let minute = -1;
  let logged = 0;
  let dropped = 0;
  return (violation) => {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute) {
      if (dropped > 0) log.warn({ dropped }, 'CSP violation reports not logged in the last minute');
      minute = now;
      logged = 0;
      dropped = 0;
    }
    if (logged >= CSP_REPORTS_LOGGED_PER_MINUTE) {
      dropped += 1;
      return;
    }
    logged += 1;
    log.warn({ csp: violation }, 'CSP violation reported by a browser');
  };
}
