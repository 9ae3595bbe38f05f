import { defineConfig } from 'vitest/config';

/**
 * The server's tests in three tiers (vitest projects), one embedded PostgreSQL for the run:
 * - `fast`: everything else; needs no front-end build (a feature team's loop:
 *   `npm test -w @xiaoba/server -- src/features/yy`).
 * - `built`: render the built shell and remotes (their server entries): run after `npm run build`.
 * - `process`: whole server processes and sandbox children (kill -9, two processes, a hostile
 *   entry that needs the builds too). Slow, so a tier of its own.
 * `npm test -w @xiaoba/server` runs `fast`, `npm run test:all -w @xiaoba/server` all three; the
 * root `npm test` runs each as a tier of its own (tools/test-tiers.mjs).
 */
/** By file name, wherever the file lives under src/ (feature folders move). */
const named = (...names: string[]) => names.map((name) => `src/**/${name}.test.ts`);
const BUILT = named('page-session', 'signed-in-page', 'kept-renders', 'remote-entry', 'shell-entry');
const PROCESS = named('process', 'multi-process', 'sandbox', 'hostile-entry');

const common = { testTimeout: 20_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // One embedded PostgreSQL for the run; each test file gets its own database from a template.
    globalSetup: ['src/test/global-setup.ts'],
    projects: [
      // Three files at once: a test file mostly waits on PostgreSQL (1 worker: 179 s, 2: 115 s, 3: 112 s).
      { test: { ...common, name: 'fast', include: ['src/**/*.test.ts'], exclude: [...BUILT, ...PROCESS], maxWorkers: 3 } },
      { test: { ...common, name: 'built', include: BUILT, maxWorkers: 3, sequence: { groupOrder: 1 } } },
      // Each file starts servers or sandbox children of its own: two at once.
      { test: { ...common, name: 'process', include: PROCESS, maxWorkers: 2, sequence: { groupOrder: 2 } } },
    ],
  },
});
