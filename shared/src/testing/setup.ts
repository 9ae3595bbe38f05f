/**
 * setupFiles for every module's component tests: Testing Library unmounts after each test only
 * when test globals are on (they are off here), and toasts live in a module-level store that
 * outlives the rendered <Toaster/>; a test's fake HTTP answers must not leak into the next.
 */
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';
import { restoreApi } from './fake-api';

// findBy*/waitFor wait 1 s by default; a machine busy with a build (CI, two cores) can take longer
// to render a page of yy, and a timing failure there says nothing about the product.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  toast.remove();
  restoreApi();
});
