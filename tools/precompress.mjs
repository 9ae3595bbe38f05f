#!/usr/bin/env node
/**
 * `node tools/precompress.mjs <dir>...`: writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9)
 * beside every text file of a built folder, once, at build time. The server sends these siblings
 * as they are (@fastify/static `preCompressed`): 8-9% smaller than the brotli 5 it used to
 * compress per request, at no CPU per request (docs/adr/0008).
 *
 * Small files too: the server's per-request threshold (1 KB) is there to save CPU on every request,
 * which a form written once does not cost, and a page's first load holds several chunks of a few
 * hundred bytes (a 500-byte chunk is sent as about 300).
 *
 * Skipped: `index.html` (the server edits it per request before sending), siblings already newer
 * than their file (carried over from the previous build), and a compressed form that does not save
 * more than the header that announces it (`content-encoding: br`, about 32 bytes).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** What a compressed form must save to be worth its Content-Encoding header. */
const MIN_SAVING = 32;

/** @param {string} file @returns {{ written: number, before: number, after: number }} */
export function precompressFile(file) {
  const result = { written: 0, before: 0, after: 0 };
  const info = statSync(file);
  let source;
  const forms = [
    ['.br', (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })],
    ['.gz', (buf) => gzipSync(buf, { level: 9 })],
  ];
  for (const [ext, compress] of forms) {
    const target = file + ext;
    if (existsSync(target) && statSync(target).mtimeMs >= info.mtimeMs) continue;
    source ??= readFileSync(file);
    const packed = compress(source);
    if (packed.length + MIN_SAVING > source.length) continue;
    writeFileSync(target, packed);
    // Same time as the file: a later carry-over sees the pair as up to date.
    utimesSync(target, info.atime, info.mtime);
    result.written++;
    if (ext === '.br') {
      result.before += source.length;
      result.after += packed.length;
    }
  }
  return result;
}

/** @param {string} dir */
export function precompressDir(dir) {
  const total = { written: 0, before: 0, after: 0 };
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (TEXT.test(entry.name) && entry.name !== 'index.html') {
        const r = precompressFile(file);
        total.written += r.written;
        total.before += r.before;
        total.after += r.after;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    const { written, before, after } = precompressDir(dir);
    if (written) console.log(`precompressed ${dir}: ${written} files, brotli ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB`);
  }
}
