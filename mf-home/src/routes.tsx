/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazy } from 'react';
import type { RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  home: lazy(() => import('./home/HomePage')),
  help: lazy(() => import('./help/HelpPage')),
  notify: lazy(() => import('./notify/NotifyPage')),
};
