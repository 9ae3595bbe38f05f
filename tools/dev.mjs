#!/usr/bin/env node
/**
 * The edit-and-see loop: `npm run dev` builds everything once, starts the API server over the
 * built site (embedded PostgreSQL in .data/), and rebuilds the chosen workspaces on every save
 * (`vite build --watch`; federation remotes cannot run under `vite dev`). Reload the page to see
 * a change. `npm run dev -- mf-auth` watches only mf-auth; the default watches every module.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const FRONTENDS = ['shell', 'mf-auth', 'mf-space', 'mf-home', 'mf-settings', 'mf-admin'];
const chosen = process.argv.slice(2).filter((a) => FRONTENDS.includes(a));
const watched = chosen.length ? chosen : FRONTENDS;

const first = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
const viteBin = join(dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
for (const ws of watched) {
  // Small builds: skip minification so a rebuild takes about a second.
  children.push(spawn(process.execPath, [viteBin, 'build', '--watch', '--minify', 'false', '--logLevel', 'warn'], { cwd: join(root, ws), stdio: 'inherit' }));
  console.log(`watching ${ws}: save a file, then reload the page`);
}
children.push(
  spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
);

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
