/**
 * Test helper for every module's component tests: renders UI inside the same providers the
 * shell gives it (store from shared's root reducer, theme, router), with a real store so a
 * test can read what the component dispatched. Import from '@xiaoba/shared/testing' in tests only.
 */
import { configureStore } from '@reduxjs/toolkit';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { baseApi } from '../api/base-api';
import { rootReducer, type RootState } from '../store/root';
import { themeFor } from '../theme/skins';
import { Toaster } from '../ui/toast';

export function makeTestStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type TestStore = ReturnType<typeof makeTestStore>;

export interface RenderPageOptions {
  /** Where the memory router starts. */
  path?: string;
  /** Route path pattern the element is mounted at (default: `path`). */
  routePath?: string;
  /** Other routes, e.g. `{ path: '/home', element: <p>home</p> }`, to assert navigation. */
  routes?: RouteObject[];
  store?: TestStore;
  state?: Partial<RootState>;
}

/** Renders `element` at a route inside store, theme, router and toaster. */
export function renderPage(element: ReactElement, options: RenderPageOptions = {}) {
  const store = options.store ?? makeTestStore(options.state);
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path: options.routePath ?? path.split('?')[0], element }, ...(options.routes ?? [])], { initialEntries: [path] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ThemeProvider theme={themeFor(store.getState().ui.skin)}>
        {children}
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper } as RenderOptions);
  return { ...result, store, router };
}
export { routesFromTable } from './routes-from-table';
export { fail, fakeServer, memoryStorage, ok, restoreApi, type Call, type Handler, type Reply } from './fake-api';
export { scripServer, type ScripServerOptions } from './scrip-server';
export { albumServer, type AlbumServerOptions, type AlbumUser } from './album-server';
export { diaryServer, type DiaryServerOptions, type DiaryUser } from './diary-server';
export { workerNowSeconds } from './clock';
