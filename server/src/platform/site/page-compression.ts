/**
 * Server-rendered pages are compressed cheaply (docs/adr/0016 "Server cost"). Each is made for one
 * request (private, never stored), so its compression is paid on every page view, unlike a
 * build's files (compressed once, at the highest quality). Measured on /my's and /home's 53-57 KB:
 * brotli's quality 1 takes 0.16 ms for 14.0 and 12.5 KB, 2 takes 0.25-0.32 ms for 13.0 and 11.7 KB,
 * the site's 5 takes 1.1 ms for 11.0 and 10.0 KB (gzip's level 1: 0.2-0.3 ms for 13.7 and 12.4 KB).
 * A kilobyte more is 5 ms at a slow phone's 1.6 Mbit/s; the server's CPU is every page's.
 *
 * A browser that accepts brotli gets the page so; any other request is left to the site's
 * compression (@fastify/compress), which skips a payload already marked compressed.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const PAGE_BROTLI_QUALITY = 1;
/** Below this the page goes as it is (as the site's own threshold). */
const MIN_BYTES = 1024;

/** Whether an Accept-Encoding header takes brotli (`br`, not with q=0). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return name === 'br' && !params.some((p) => /^q=0(?:\.0*)?$/.test(p));
  });
}

/** Compresses every server-rendered page (a response with X-Server-Render and HTML text) for a browser that accepts brotli. */
export function compressServerPages(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !reply.hasHeader('x-server-render') || reply.hasHeader('content-encoding')) return payload;
    if (payload.length < MIN_BYTES || !acceptsBrotli(request.headers['accept-encoding'])) return payload;
    const body = Buffer.from(payload);
    const compressed = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const vary = reply.getHeader('vary');
    reply
      .header('content-encoding', 'br')
      .header('content-length', compressed.length)
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return compressed;
  });
}
