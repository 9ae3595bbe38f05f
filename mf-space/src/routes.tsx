/** Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited. */
import { lazy } from 'react';
import type { RemoteRoutesModule } from '@xiaoba/shared';

export const pages: RemoteRoutesModule['pages'] = {
  myHome: lazy(() => import('./my/MyHomePage')),
  myBoard: lazy(() => import('./my/MyBoardPage')),
  space: lazy(() => import('./space/SpacePage')),
  spaceHome: lazy(() => import('./space/SpaceHomePage')),
  spaceBoard: lazy(() => import('./space/SpaceBoardPage')),
};
