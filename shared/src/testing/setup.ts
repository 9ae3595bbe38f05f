/**
 * setupFiles for every module's component tests: Testing Library unmounts after each test only
 * when test globals are on (they are off here), and toasts live in a module-level store that
 * outlives the rendered <Toaster/>; a test's fake HTTP answers must not leak into the next.
 */
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { workerClockStart } from './clock';
import { restoreApi } from './fake-api';

// findBy*/waitFor wait 1 s by default; a machine busy with a build (CI, two cores) can take longer
// to render a page of yy, and a timing failure there says nothing about the product.
configure({ asyncUtilTimeout: 4000 });

// A module's fixtures hold times made once (`NOW - 120`), and with isolate: false a module outlives
// its test file: a file run a minute into the worker's life would read 3分钟前 for a yy of "2分钟前".
// So every file's clock starts where the worker's first one did, and runs from there.
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
vi.setSystemTime(workerClockStart());

afterEach(() => {
  cleanup();
  toast.remove();
  restoreApi();
});
