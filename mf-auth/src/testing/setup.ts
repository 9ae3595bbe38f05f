// Unmounting and clearing toasts after each test: '@xiaoba/shared/testing/setup' (vitest.config.ts).
import { afterEach, beforeEach, vi } from 'vitest';
import { resetApi } from './mock-api';

// No real network in component tests: a test that needs /showupdate.txt stubs fetch itself.
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
});

afterEach(() => {
  resetApi();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
