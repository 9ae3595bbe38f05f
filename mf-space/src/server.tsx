/**
 * mf-space's server entry (docs/adr/0016 "Steps 2 and 3"): built by `npm run build` into
 * dist/server/entry.mjs, one file with every library inside, and run by the site's render sandbox
 * (a child process that may read only this remote's folder, with none of the server's secrets).
 * shared's `createServerEntry` does the work: `plan` names the first screen's GETs (the route
 * prefetch), `render` fills them from the site's answers and renders the page, or the `./feed`
 * fragment that mf-home's pages compose, with its CSS and the cache the browser takes over.
 */
import { userApi, type FeedSource } from '@xiaoba/shared';
import { createServerEntry } from '@xiaoba/shared/server';
import { albumPrefetches } from './album/album-prefetch';
import MyAlbumPage from './album/MyAlbumPage';
import MyAlbumsPage from './album/MyAlbumsPage';
import SpaceAlbumPage from './album/SpaceAlbumPage';
import SpaceAlbumsPage from './album/SpaceAlbumsPage';
import { diaryPrefetches } from './diary/diary-prefetch';
import DiaryWritePage from './diary/DiaryWritePage';
import MyDiaryEntryPage from './diary/MyDiaryEntryPage';
import MyDiaryPage from './diary/MyDiaryPage';
import SpaceDiaryEntryPage from './diary/SpaceDiaryEntryPage';
import SpaceDiaryPage from './diary/SpaceDiaryPage';
import Feed, { prefetch as feedPrefetch } from './feed';
import MyBoardPage from './my/MyBoardPage';
import MyHomePage from './my/MyHomePage';
import MyMedalPage from './my/MyMedalPage';
import { prefetch } from './prefetch';
import { routeTable } from './route-table';
import SpaceBoardPage from './space/SpaceBoardPage';
import SpaceHomePage from './space/SpaceHomePage';
import SpaceMedalPage from './space/SpaceMedalPage';
import SpacePage from './space/SpacePage';
import { parseSpaceId } from './space/space-id';

export const { plan, render } = createServerEntry({
  routeTable,
  pages: {
    myHome: MyHomePage,
    myBoard: MyBoardPage,
    myMedal: MyMedalPage,
    space: SpacePage,
    spaceHome: SpaceHomePage,
    spaceBoard: SpaceBoardPage,
    spaceMedal: SpaceMedalPage,
    myAlbums: MyAlbumsPage,
    myAlbum: MyAlbumPage,
    spaceAlbums: SpaceAlbumsPage,
    spaceAlbum: SpaceAlbumPage,
    myDiary: MyDiaryPage,
    myDiaryEntry: MyDiaryEntryPage,
    diaryNew: DiaryWritePage,
    diaryEdit: DiaryWritePage,
    spaceDiary: SpaceDiaryPage,
    spaceDiaryEntry: SpaceDiaryEntryPage,
  },
  // The 日志 and 相册 prefetches themselves: the server's render runs them at once, without a chunk to load.
  prefetch: { ...prefetch, ...diaryPrefetches, ...albumPrefetches },
  // Another user's space also shows its owner (SpacePage's getUserInfo). The route prefetch leaves
  // it out because the call records a visit; a page request for that space is that visit.
  serverReads: ({ dispatch, params, uid }) => {
    const owner = parseSpaceId(params.id);
    if (owner !== null && owner !== uid) dispatch(userApi.util.prefetch('getUserInfo', owner, { force: false }));
  },
  fragments: {
    './feed': {
      component: Feed,
      prefetch: (dispatch, props) =>
        feedPrefetch(dispatch, (props.source as FeedSource | undefined) ?? 'all', typeof props.search === 'string' ? props.search : undefined),
    },
  },
});
