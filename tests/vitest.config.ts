import { defineConfig } from 'vitest/config';

/**
 * Browser tests of the assembled site: one server pair for the run (src/global-setup.ts), in two
 * groups. `site` files use fresh accounts or only read the demo users, each in its own browser
 * context, so two run at once (accessibility saves 100003's skin for a moment: only `alone` files
 * look at it). `alone` files change what other files would see (the demo users' skins and
 * profile, 回复我的 counts, the everyone's-yy feed and its new-yy bar, their 小纸条 and the
 * header's count of them, an archive process on the same database) and run one after another once
 * the `site` group is done; so does first-tap, whose phone profile slows its Chromium's CPU 4x and
 * would skew a file running beside it.
 */
const ALONE = [
  'e2e/archive.test.ts',
  'e2e/first-tap.test.ts',
  'e2e/home.test.ts',
  'e2e/live.test.ts',
  'e2e/notices.test.ts',
  'e2e/scrip.test.ts',
  'e2e/server-render.test.ts',
  'e2e/session.test.ts',
  'e2e/settings.test.ts',
  'e2e/skins.test.ts',
  'e2e/space.test.ts',
  'e2e/yy.test.ts',
];

// expect.poll waits 1 s by default: too short for what these tests wait on, a real server that
// re-encodes an uploaded photo and a page that asks for it again, on two cores shared with other
// tiers (a poll still ends as soon as it holds). Locators wait on Playwright's own, longer bound.
const common = { testTimeout: 30_000, hookTimeout: 120_000, expect: { poll: { timeout: 10_000 } } };

export default defineConfig({
  test: {
    // Runs once for both groups: they share the site it starts.
    globalSetup: ['src/global-setup.ts'],
    projects: [
      // Two at a time: each file drives its own Chromium beside the site on a 2-core machine.
      { test: { ...common, name: 'site', include: ['e2e/**/*.test.ts'], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { test: { ...common, name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
