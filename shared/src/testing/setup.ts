/**
 * setupFiles for every module's component tests: Testing Library unmounts after each test only
 * when test globals are on (they are off here), and toasts live in a module-level store that
 * outlives the rendered <Toaster/>; a test's fake HTTP answers must not leak into the next.
 */
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
import { restoreApi } from './fake-api';

afterEach(() => {
  cleanup();
  toast.remove();
  restoreApi();
});
