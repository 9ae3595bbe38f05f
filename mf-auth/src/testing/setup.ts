// Unmounting, clearing toasts and restoring the HTTP client after each test: '@xiaoba/shared/testing/setup'.
import { afterEach, beforeEach, vi } from 'vitest';

// No real network in component tests: a test that needs /showupdate.txt stubs fetch itself.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
