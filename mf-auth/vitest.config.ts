import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Unmounts what a test rendered, restores the real HTTP adapter and drops leftover toasts.
    setupFiles: ['@xiaoba/shared/testing/setup', 'src/testing/setup.ts'],
  },
});
