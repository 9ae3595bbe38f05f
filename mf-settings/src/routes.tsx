/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazyPage, type RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  avatar: lazyPage(() => import('./avatar/AvatarPage')),
  profile: lazyPage(() => import('./profile/ProfilePage')),
  data: lazyPage(() => import('./data/DataPage')),
  privacy: lazyPage(() => import('./privacy/PrivacyPage')),
};
