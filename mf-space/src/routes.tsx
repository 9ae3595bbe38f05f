/**
 * Exposed as `./routes`: each page is its own chunk, fetched when its route is first visited;
 * `prefetch` starts each page's first-screen requests from its route's loader (./prefetch.ts).
 */
import { lazyPage, type RemoteRoutesModule } from '@xiaoba/shared';

export { prefetch } from './prefetch';

export const pages: RemoteRoutesModule['pages'] = {
  myHome: lazyPage(() => import('./my/MyHomePage')),
  myBoard: lazyPage(() => import('./my/MyBoardPage')),
  space: lazyPage(() => import('./space/SpacePage')),
  spaceHome: lazyPage(() => import('./space/SpaceHomePage')),
  spaceBoard: lazyPage(() => import('./space/SpaceBoardPage')),
  myMedal: lazyPage(() => import('./my/MyMedalPage')),
  spaceMedal: lazyPage(() => import('./space/SpaceMedalPage')),
  myAlbums: lazyPage(() => import('./album/MyAlbumsPage')),
  myAlbum: lazyPage(() => import('./album/MyAlbumPage')),
  spaceAlbums: lazyPage(() => import('./album/SpaceAlbumsPage')),
  spaceAlbum: lazyPage(() => import('./album/SpaceAlbumPage')),
  myDiary: lazyPage(() => import('./diary/MyDiaryPage')),
  myDiaryEntry: lazyPage(() => import('./diary/MyDiaryEntryPage')),
  diaryNew: lazyPage(() => import('./diary/DiaryWritePage')),
  diaryEdit: lazyPage(() => import('./diary/DiaryWritePage')),
  spaceDiary: lazyPage(() => import('./diary/SpaceDiaryPage')),
  spaceDiaryEntry: lazyPage(() => import('./diary/SpaceDiaryEntryPage')),
};
