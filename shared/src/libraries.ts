/**
 * The libraries every module shares, re-exported from this one federated singleton. The
 * federation plugin ships a shared package whole (no tree-shaking), so sharing react-router-dom,
 * react-redux, RTK, styled-components and axios directly cost every first visit their full
 * builds. Imported from here instead, they are bundled once, inside @xiaoba/shared, with only what
 * the site uses (docs/adr/0004). Modules must not import these packages directly
 * (`npm run check:versions` fails if one does): a second copy would split router, store and theme
 * contexts.
 */
export {
  createBrowserRouter,
  Link,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
// react-router's, except in a server render, where it names the page's redirect (federation/navigate.tsx).
export { Navigate } from './federation/navigate';
export { Provider, useStore } from 'react-redux';
export { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
// The store owner (the shell) calls it so queries know when the page is hidden or offline.
export { setupListeners } from '@reduxjs/toolkit/query/react';
export { default as styled, createGlobalStyle, css, keyframes, ThemeProvider, useTheme } from 'styled-components';

// The valibot functions of the forms' rules (`@xiaoba/shared/forms`), from the valibot this singleton
// carries anyway: the pages that bundle those rules take them from here (src/forms-from-singleton.ts).
export { formValibot } from './core/form-valibot';
