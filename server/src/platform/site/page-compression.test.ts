/**
 * Server-rendered pages compressed cheaply (page-compression.ts), on a bare Fastify app with the
 * site's own compression registered as app.ts registers it.
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsBrotli, compressServerPages, PAGE_BROTLI_QUALITY } from './page-compression';

let app: FastifyInstance;
// A page-like text of 40 KB, compressible but not trivially so.
const page = Array.from({ length: 800 }, (_, i) => `<li class="yy-${i % 37}">第${i}条yy ${(i * 7919) % 1000}</li>`).join('');

beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  compressServerPages(app);
  app.get('/my', (_request, reply) => reply.header('x-server-render', 'ok').header('vary', 'cookie').type('text/html; charset=utf-8').send(page));
  app.get('/login', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
});

afterAll(() => app.close());

const get = (url: string, encoding?: string) => app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('server-rendered pages compressed cheaply', () => {
  it('sends a server-rendered page with brotli at the page quality to a browser that takes brotli', async () => {
    const res = await get('/my', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    const cheap = zlib.brotliCompressSync(Buffer.from(page), {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
    });
    expect(res.rawPayload.length).toBe(cheap.length);
    expect(Number(res.headers['content-length'])).toBe(cheap.length);
  });

  it("leaves other pages, and a browser without brotli, to the site's compression", async () => {
    const other = await get('/login', 'br');
    expect(other.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(other.rawPayload).toString()).toBe(page);
    // The site's quality (5) packs tighter than the page quality: not this hook's bytes.
    const mine = await get('/my', 'br');
    expect(other.rawPayload.length).toBeLessThan(mine.rawPayload.length);
    const gzip = await get('/my', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(page);
    const plain = await get('/my');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('BR;q=0.5')).toBe(true);
    expect(acceptsBrotli(['gzip', 'br'])).toBe(true);
    expect(acceptsBrotli('br;q=0, gzip')).toBe(false);
    expect(acceptsBrotli('br;q=0.0')).toBe(false);
    expect(acceptsBrotli('brotli, gzip')).toBe(false);
    expect(acceptsBrotli('*')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
