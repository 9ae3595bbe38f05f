import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'happy-dom', testTimeout: 15_000, include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['@xiaoba/shared/testing/setup'] },
});
