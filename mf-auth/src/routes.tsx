/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazy } from 'react';
import type { RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  login: lazy(() => import('./login/LoginPage')),
  oldlogin: lazy(() => import('./login/OldLoginPage')),
  register: lazy(() => import('./register/RegisterPage')),
  usercard: lazy(() => import('./usercard/UserCardPage')),
  card: lazy(() => import('./card/CardPage')),
};
