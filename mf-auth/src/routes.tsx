/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazyPage, type RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  login: lazyPage(() => import('./login/LoginPage')),
  oldlogin: lazyPage(() => import('./login/OldLoginPage')),
  register: lazyPage(() => import('./register/RegisterPage')),
  usercard: lazyPage(() => import('./usercard/UserCardPage')),
  card: lazyPage(() => import('./card/CardPage')),
};
