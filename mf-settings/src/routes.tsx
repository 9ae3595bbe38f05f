/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazy } from 'react';
import type { RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  avatar: lazy(() => import('./avatar/AvatarPage')),
  profile: lazy(() => import('./profile/ProfilePage')),
};
