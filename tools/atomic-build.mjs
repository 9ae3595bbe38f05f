#!/usr/bin/env node
/**
 * Builds the Vite workspace in the current folder without ever leaving `dist/` half-written:
 * `vite build` empties its output folder first, so it builds into `.dist-next/`, carries over the
 * previous build's content-hashed files (a tab opened before the deploy still asks for them; kept
 * for KEEP_DAYS), writes brotli/gzip siblings of its text files (tools/precompress.mjs), then
 * swaps the folders. The server resolves files per request, so a running
 * site picks the new build up on the next page load.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { precompressDir } from './precompress.mjs';
import { prerender, prerenderEntry } from './prerender.mjs';

const KEEP_DAYS = 7;
const cwd = process.cwd();
const dist = join(cwd, 'dist');
const next = join(cwd, '.dist-next');
const old = join(cwd, '.dist-old');
// Names Vite gives content-hashed files: name-HASH.ext (HASH 8 url-safe characters), and their
// precompressed siblings (.br, .gz).
const HASHED = /-[A-Za-z0-9_-]{8}\.(js|css|svg|png|jpg|webp|woff2?)(\.br|\.gz)?$/;

rmSync(next, { recursive: true, force: true });
// The workspace's own vite (hoisted by npm workspaces), resolved as Node resolves it from here.
const viteBin = join(dirname(createRequire(join(cwd, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
const vite = spawnSync(process.execPath, [viteBin, 'build', '--outDir', next, '--emptyOutDir', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd,
});
if (vite.status !== 0) process.exit(vite.status ?? 1);

function carryOver(from, to) {
  if (!existsSync(from)) return 0;
  let kept = 0;
  const cutoff = Date.now() - KEEP_DAYS * 86_400_000;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const source = join(dir, entry.name);
      if (entry.isDirectory()) walk(source);
      else if (HASHED.test(entry.name) && statSync(source).mtimeMs > cutoff) {
        const target = join(to, relative(from, source));
        if (!existsSync(target)) {
          cpSync(source, target, { preserveTimestamps: true });
          kept++;
        }
      }
    }
  };
  walk(from);
  return kept;
}

const kept = carryOver(dist, next);
// A workspace with public pages to paint before its scripts run (mf-auth: /login, /register).
if (existsSync(prerenderEntry(cwd))) {
  const paths = await prerender(cwd, join(next, 'prerender'));
  console.log(`prerendered ${Object.keys(paths).join(' ')}`);
}
// Brotli 11 and gzip siblings of every text file, made once here instead of per request.
const packed = precompressDir(next);
if (packed.written)
  console.log(`precompressed ${packed.written} files: brotli ${(packed.before / 1024).toFixed(0)} KB -> ${(packed.after / 1024).toFixed(0)} KB`);
// A remote with a server entry (src/server.tsx) also builds dist/server/entry.mjs, the same
// version as its browser build (docs/adr/0016 "Step 2"): vite's SSR build of the same config
// (shared/build/federation.mjs serverConfig). After the precompression: no browser fetches it.
if (existsSync(join(cwd, 'src', 'server.tsx'))) {
  const started = Date.now();
  const server = spawnSync(process.execPath, [viteBin, 'build', '--ssr', '--outDir', join(next, 'server'), '--emptyOutDir', ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd,
  });
  if (server.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    process.exit(server.status ?? 1);
  }
  console.log(`server entry built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
rmSync(old, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
if (kept) console.log(`kept ${kept} files of the previous build for pages still open`);
