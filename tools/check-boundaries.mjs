#!/usr/bin/env node
/**
 * Module boundaries (design card: no module imports from another module; what two need goes into
 * `shared/`): every import of a module's own files — static, dynamic, re-export or require —
 * must stay inside that module, and reach another workspace only by its package name where that
 * is allowed (`@xiaoba/shared` for the browser modules, `@xiaoba/shared/core` for the server).
 * A relative `../../mf-auth/src/...` or `../shell/...` is exactly what a sub-team must not do:
 * the other team can change those files at any time. Exits non-zero listing each crossing.
 *
 * Inside the server (server/README.md "Layout"), three directions:
 * - a feature (`server/src/features/<name>/`) imports another feature only through its `index.ts`
 *   (`../yy`, never `../yy/queries`): the rest is that feature team's to change;
 * - the code under the features (platform/, operations/, api/, data/, uploads/) imports no
 *   feature; their tests may, through the index, to set up what they test;
 * - queries (files named `queries.ts`, under a `queries/` folder, or under data/) import no HTTP:
 *   neither fastify nor server/src/api/http.
 * `--self-test` proves on a throw-away tree that a crossing is caught and a clean tree passes.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Each module, and the other workspaces it may import by package name. */
const MODULES = {
  shared: [],
  shell: ['@xiaoba/shared'],
  'mf-auth': ['@xiaoba/shared'],
  'mf-space': ['@xiaoba/shared'],
  'mf-home': ['@xiaoba/shared'],
  'mf-settings': ['@xiaoba/shared'],
  'mf-admin': ['@xiaoba/shared'],
  server: ['@xiaoba/shared'],
};
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.dist-next', '.dist-old', '.turbo', 'coverage']);
// from '...', import('...'), import '...', require('...'), export ... from '...'
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;
// `export { x } from '@xiaoba/shared'` (not `export type`): the federation plugin does not turn
// this form into the shared singleton, so the module's build bundles its own copy of shared (it
// once put a second API client and a second axios on /my). Import, then export.
const SHARED_REEXPORT = /\bexport\s+(?!type\b)(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*(['"])@xiaoba\/shared\1/g;
const BROWSER_MODULES = new Set(['shell', 'mf-auth', 'mf-space', 'mf-home', 'mf-settings', 'mf-admin']);

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(join(dir, entry.name));
    } else if (SOURCE.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

/** The crossings in the tree at `root`, as readable lines. */
export function findCrossings(root) {
  const problems = [];
  const workspaces = Object.keys(MODULES);
  for (const [module, allowed] of Object.entries(MODULES)) {
    const home = resolve(root, module);
    for (const file of sourceFiles(home)) {
      const text = readFileSync(file, 'utf8');
      if (BROWSER_MODULES.has(module) && SHARED_REEXPORT.test(text)) {
        problems.push(`${relative(root, file)}: re-exports from '@xiaoba/shared' (bundles a copy of shared: import, then export)`);
      }
      SHARED_REEXPORT.lastIndex = 0;
      for (const match of text.matchAll(SPECIFIER)) {
        const spec = match[2];
        const where = `${relative(root, file)}: '${spec}'`;
        if (module === 'server') {
          const problem = serverDirection(root, file, spec);
          if (problem) problems.push(`${where} ${problem}`);
        }
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (target !== home && !target.startsWith(home + sep)) {
            const owner = workspaces.find((w) => target === resolve(root, w) || target.startsWith(resolve(root, w) + sep));
            problems.push(
              `${where} reaches into ${owner ? `${owner}/` : 'files outside the module'}${owner && MODULES[module].length ? ` (use ${MODULES[module][0]})` : ''}`,
            );
          }
        } else if (spec.startsWith('@xiaoba/')) {
          const pkg = spec.split('/').slice(0, 2).join('/');
          const self = `@xiaoba/${module}`;
          if (pkg !== self && !allowed.includes(pkg)) problems.push(`${where} imports another module's package`);
        } else if (spec.startsWith('/')) {
          problems.push(`${where} is an absolute path`);
        }
      }
    }
  }
  return problems;
}

/** The folders under the features: none of their shipped code imports a feature. */
const SERVER_BELOW_FEATURES = ['platform', 'operations', 'api', 'data', 'uploads'];
const HTTP_PACKAGE = /^(fastify|@fastify\/)/;

/** Why `spec`, imported by the server file `file`, goes against the server's directions; null when it does not. */
function serverDirection(root, file, spec) {
  const src = resolve(root, 'server/src');
  const at = relative(src, file).split(sep);
  if (at[0] === '..') return null;
  const isTest = file.endsWith('.test.ts');
  const target = spec.startsWith('.') ? relative(src, resolve(dirname(file), spec)).split(sep) : null;
  const isQueries = at.at(-1) === 'queries.ts' || at.slice(0, -1).includes('queries') || at[0] === 'data';
  if (isQueries && !isTest && (HTTP_PACKAGE.test(spec) || (target && target[0] === 'api' && target[1] === 'http'))) {
    return 'is HTTP imported by a query (queries answer data; the route turns it into HTTP)';
  }
  if (!target || target[0] !== 'features' || target.length < 2) return null;
  if (at[0] === 'features') {
    const intoIndex = target.length === 2 || (target.length === 3 && /^index(\.ts)?$/.test(target[2]));
    if (at[1] !== target[1] && !intoIndex) return `reaches into the ${target[1]} feature (import '${target[1]}' through its index.ts)`;
  } else if (SERVER_BELOW_FEATURES.includes(at[0]) && !isTest) {
    return `imports the ${target[1]} feature: ${at[0]}/ sits under the features and imports none`;
  }
  return null;
}

function selfTest() {
  const root = mkdtempSync(join(tmpdir(), 'xb-boundaries-'));
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  try {
    write('mf-auth/src/a.ts', "import { x } from './b';\nimport { y } from '@xiaoba/shared';\nexport const z = () => import('./c');\n");
    write('mf-space/src/ok.tsx', "export { q } from '../vite.config';\n");
    write('server/src/s.ts', "import { rule } from '@xiaoba/shared/core';\n");
    write('server/src/features/yy/queries.ts', "import type { Queryable } from '../../data/pool';\n");
    write(
      'server/src/features/comments/routes.ts',
      "import type { FastifyInstance } from 'fastify';\nimport { findYyKey } from '../yy';\nimport { toYy } from '../yy/index';\nimport { listComments } from './queries';\n",
    );
    write('server/src/platform/site/page.test.ts', "import { insertYy } from '../../features/yy';\n");
    write('server/src/app.ts', "import { yyRoutes } from './features/yy/routes';\n");
    write('mf-home/src/types.ts', "export type { Theme } from '@xiaoba/shared';\nimport { notify } from '@xiaoba/shared';\nexport { notify };\n");
    const clean = findCrossings(root);
    if (clean.length) throw new Error(`a clean tree was refused: ${clean.join('; ')}`);
    write('mf-space/src/bad.ts', "import { LoginForm } from '../../mf-auth/src/login/LoginForm';\n");
    write('mf-home/src/bad.ts', "const m = await import('@xiaoba/mf-space');\n");
    write('shell/src/bad.ts', "export * from '../../shared/src/index';\n");
    write('mf-settings/src/reexport.ts', "export { notify, errorMessage } from '@xiaoba/shared';\n");
    write('server/src/features/search/bad.ts', "import { toYy } from '../yy/queries';\n");
    write('server/src/platform/site/bad.ts', "import { findYy } from '../../features/yy';\n");
    write('server/src/features/board/queries.ts', "import { ApiError } from '../../api/http/errors';\n");
    write('server/src/data/bad.ts', "import type { FastifyReply } from 'fastify';\n");
    const caught = findCrossings(root);
    const expected = [
      'mf-space/src/bad.ts',
      'mf-home/src/bad.ts',
      'shell/src/bad.ts',
      'mf-settings/src/reexport.ts',
      'server/src/features/search/bad.ts',
      'server/src/platform/site/bad.ts',
      'server/src/features/board/queries.ts',
      'server/src/data/bad.ts',
    ];
    for (const file of expected) {
      if (!caught.some((p) => p.startsWith(file))) throw new Error(`${file}'s crossing was not caught: ${caught.join('; ')}`);
    }
    if (caught.length !== expected.length) throw new Error(`unexpected findings: ${caught.join('; ')}`);
    console.log(`boundaries self-test ok: ${expected.length} crossings caught, the clean files passed`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--self-test')) selfTest();
  const problems = findCrossings(join(import.meta.dirname, '..'));
  if (problems.length) {
    console.error(`Module boundaries crossed (a module imports only its own files and @xiaoba/shared):\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(
    `boundaries ok: ${Object.keys(MODULES).join(', ')} import only their own files and what they may; the server's features, platform and queries keep their directions`,
  );
}
