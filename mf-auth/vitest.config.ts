import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // Typing tests take 1-4 s on this 2-core machine; 5 s (the default) failed one when it was busy.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    // Unmounts what a test rendered, restores the real HTTP adapter and drops leftover toasts.
    setupFiles: ['@xiaoba/shared/testing/setup', 'src/testing/setup.ts'],
  },
});
