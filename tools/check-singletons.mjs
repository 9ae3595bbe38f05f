#!/usr/bin/env node
/**
 * Federated singletons are shared by version match (@originjs/vite-plugin-federation has no
 * `singleton` flag): every workspace must declare ONE exact version of each, and resolve to it.
 * Exits non-zero with the mismatches; CI runs it before the tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', 'styled-components', 'axios'];
const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const problems = [];
const declared = {};

for (const ws of workspaces) {
  const file = join(root, ws, 'package.json');
  if (!existsSync(file)) continue;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const require = createRequire(file);
  for (const name of SINGLETONS) {
    const range = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name] ?? pkg.peerDependencies?.[name];
    if (!range) continue;
    if (!/^\d+\.\d+\.\d+$/.test(range)) problems.push(`${ws}: ${name} is "${range}", not one exact version`);
    (declared[name] ??= new Set()).add(range);
    let installed;
    try {
      installed = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
    } catch {
      problems.push(`${ws}: ${name} is not installed (run npm install)`);
      continue;
    }
    if (installed !== range) problems.push(`${ws}: ${name} resolves to ${installed}, declared ${range}`);
  }
}
for (const [name, versions] of Object.entries(declared)) {
  if (versions.size > 1) problems.push(`${name}: several versions declared (${[...versions].join(', ')})`);
}

// Modules reach these libraries only through @xiaoba/shared (docs/adr/0004): a direct import
// would bundle a second copy and split the router, store and theme contexts.
const FACADE_ONLY = ['react-router-dom', 'react-router', 'react-redux', '@reduxjs/toolkit', 'styled-components', 'axios'];
const importRe = new RegExp(`from ['"](${FACADE_ONLY.map((n) => n.replace('/', '\\/')).join('|')})(/[^'"]*)?['"]`);
for (const ws of ['shell', 'mf-auth', 'mf-space', 'mf-home', 'mf-settings', 'mf-admin']) {
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const hit = importRe.exec(readFileSync(path, 'utf8'));
        if (hit) problems.push(`${path.slice(root.length + 1)} imports ${hit[1]} directly: import it from '@xiaoba/shared'`);
      }
    }
  };
  walk(join(root, ws, 'src'));
}

if (problems.length) {
  console.error('Federated singletons out of line:\n- ' + problems.join('\n- '));
  process.exit(1);
}
console.log(
  `singletons ok: ${Object.entries(declared)
    .map(([n, v]) => `${n}@${[...v][0]}`)
    .join(', ')}`,
);
