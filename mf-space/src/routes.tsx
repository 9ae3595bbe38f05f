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
  myDiary: lazyPage(() => import('./diary/MyDiaryPage')),
  myDiaryEntry: lazyPage(() => import('./diary/MyDiaryEntryPage')),
  diaryNew: lazyPage(() => import('./diary/DiaryWritePage')),
  diaryEdit: lazyPage(() => import('./diary/DiaryWritePage')),
  spaceDiary: lazyPage(() => import('./diary/SpaceDiaryPage')),
  spaceDiaryEntry: lazyPage(() => import('./diary/SpaceDiaryEntryPage')),
};
