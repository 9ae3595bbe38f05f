/**
 * Archive mode (ARCHIVE_MODE=1, docs/api.md "Export, import and archive"): the site becomes a
 * read-only archive. One global hook answers every mutating /api call (POST, PUT, PATCH, DELETE)
 * with 403, except signing in and out (so people can still read and export) and the export itself;
 * registration is closed with the rest. `GET /api/site` tells non-browser callers; the browser reads
 * the same flag from the inlined manifest (platform/site/manifest.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from './errors';
import { routeSchema } from './openapi';

export const ARCHIVE_MSG = '校巴已成为只读存档：可以浏览和导出，不能再发表、修改或注册。';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Route patterns (as registered) that stay open in archive mode. */
export const ARCHIVE_OPEN = new Set(['/api/user/login', '/api/user/refresh', '/api/user/logout', '/api/user/checkcookie', '/api/export/prepare']);

export interface GuardedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mutating /api routes archive mode closes (filled as routes register). */
    archiveClosedRoutes: GuardedRoute[];
  }
}

/**
 * Installs the archive hook. Call it before any route is registered: it also lists, through
 * onRoute, the mutating /api routes it closes (logged at start, and walked by the tests).
 */
export function installArchiveMode(app: FastifyInstance, archive: boolean): GuardedRoute[] {
  const closed: GuardedRoute[] = [];
  app.decorate('archiveClosedRoutes', closed);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (MUTATING.has(method) && route.url.startsWith('/api/') && !ARCHIVE_OPEN.has(route.url)) closed.push({ method, url: route.url });
    }
  });
  if (archive) {
    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method)) return;
      // The matched route's pattern: immune to doubled slashes, query strings and case tricks.
      const url = request.routeOptions.url;
      if (url === undefined || !url.startsWith('/api/') || ARCHIVE_OPEN.has(url)) return;
      throw new ApiError(403, ARCHIVE_MSG);
    });
    app.addHook('onReady', async () => {
      app.log.info({ closed: closed.length }, 'archive mode: the site is read-only');
    });
  }
  return closed;
}

/** `GET /api/site`: public facts about the site a caller needs before anything else. */
export async function siteInfoRoutes(app: FastifyInstance, { archive }: { archive: boolean }): Promise<void> {
  const schema = routeSchema({
    summary: 'Public facts about the site: whether it is a read-only archive (ARCHIVE_MODE)',
    tags: ['site'],
    data: { type: 'object', properties: { archive: { type: 'boolean' } } },
  });
  app.get('/site', { schema }, async () => ok('获取成功', { archive }));
}
