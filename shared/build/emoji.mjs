/**
 * Build step of @xiaoba/shared: writes one standalone SVG per emoji code of the table
 * (src/core/emoji.ts) to dist/emoji/<code>.svg, plus the set's licence notice. The icons come
 * from the MIT-licensed Fluent Emoji Flat set in `@iconify-json/fluent-emoji-flat` (a dev
 * dependency: its 8.8 MB JSON is read here and never shipped). The server serves dist/emoji/ at
 * /assets/emoji/.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '../dist/emoji');
const require = createRequire(import.meta.url);
const SET = '@iconify-json/fluent-emoji-flat';

// The table is TypeScript; vite (already shared's build tool) loads it without a compile step.
const { module: table } = await runnerImport(resolve(here, '../src/core/emoji.ts'));
/** @type {ReadonlyArray<{ code: string; icon: string; alt: string }>} */
const EMOJI = table.EMOJI;

const set = JSON.parse(readFileSync(require.resolve(`${SET}/icons.json`), 'utf8'));
const info = JSON.parse(readFileSync(require.resolve(`${SET}/info.json`), 'utf8'));
const version = JSON.parse(readFileSync(require.resolve(`${SET}/package.json`), 'utf8')).version;

/** A standalone SVG document of one icon of the set (no aliases or transforms: the table avoids them). */
function svgOf(name) {
  const icon = set.icons[name];
  if (!icon) throw new Error(`emoji: icon "${name}" is not in ${SET}@${version}`);
  if (icon.rotate || icon.hFlip || icon.vFlip) throw new Error(`emoji: icon "${name}" needs a transform`);
  const left = icon.left ?? set.left ?? 0;
  const top = icon.top ?? set.top ?? 0;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` + `viewBox="${left} ${top} ${width} ${height}">${icon.body}</svg>\n`;
}

/** Writes a file whole (a running server may be reading the folder). */
function put(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

mkdirSync(out, { recursive: true });
const wanted = new Set();
for (const emoji of EMOJI) {
  const file = `${emoji.code}.svg`;
  wanted.add(file);
  put(join(out, file), svgOf(emoji.icon));
}
// Pictures of codes no longer in the table go.
for (const file of readdirSync(out)) {
  if (file.endsWith('.svg') && !wanted.has(file)) rmSync(join(out, file));
}

put(
  join(out, 'LICENSE.txt'),
  `The emoji pictures in this folder (${EMOJI.length} SVG files, one per emoji code of 校巴 fan edition)
are icons of the "${info.name}" set by ${info.author.name} (${info.author.url}),
taken unchanged from the npm package ${SET}@${version} (Iconify) and licensed
under the ${info.license.title} licence (${info.license.url}):

MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`,
);

const bytes = readdirSync(out).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
console.log(`emoji: ${EMOJI.length} pictures (${info.name}, ${info.license.spdx}) in dist/emoji, ${(bytes / 1024).toFixed(1)} KB`);
