/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazyPage, type RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  reports: lazyPage(() => import('./reports/ReportsPage')),
  user: lazyPage(() => import('./user/UserPage')),
  log: lazyPage(() => import('./log/LogPage')),
};
