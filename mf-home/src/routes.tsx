/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazyPage, type RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  home: lazyPage(() => import('./home/HomePage')),
  help: lazyPage(() => import('./help/HelpPage')),
  notify: lazyPage(() => import('./notify/NotifyPage')),
};
