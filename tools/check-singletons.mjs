#!/usr/bin/env node
/**
 * Federated singletons are shared by version match (@originjs/vite-plugin-federation has no
 * `singleton` flag): every workspace must declare ONE exact version of each, and resolve to it.
 * Exits non-zero with the mismatches; CI runs it before the tests.
 */
import { readFileSync, existsSync } from 'node:fs';
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

if (problems.length) {
  console.error('Federated singletons out of line:\n- ' + problems.join('\n- '));
  process.exit(1);
}
console.log(`singletons ok: ${Object.entries(declared).map(([n, v]) => `${n}@${[...v][0]}`).join(', ')}`);
