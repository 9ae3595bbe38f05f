import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // One worker runs every file in one DOM (no per-file environment: 2-3x faster); the setup files
    // unmount and reset what a test leaves. shared and shell keep module state across files: isolated.
    isolate: false,
    // Typing tests take 1-4 s on this 2-core machine; 5 s (the default) failed one when it was busy.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    // Unmounts what a test rendered, restores the real HTTP adapter and drops leftover toasts.
    setupFiles: ['@xiaoba/shared/testing/setup', 'src/testing/setup.ts'],
  },
});
