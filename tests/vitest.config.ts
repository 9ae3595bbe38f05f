import { defineConfig } from 'vitest/config';

/** Browser tests of the assembled site: one server pair for the run, files one after another. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
