/**
 * What each space page shows first, started by its route's loader (shared's route-prefetch.ts,
 * docs/architecture.md "Route prefetch") so the requests go out while the page's chunk loads and
 * renders. The arguments are exactly those of the hooks that show the data (YyList, Board,
 * SidePanel, RightPanel, HotTopics, AlbumList, AlbumView), so each hook finds its request in
 * flight or answered.
 *
 * Deliberately not here: GET /user/getuserinfo/{id} (another user's space), which records a
 * visit: a write stays with the page that shows the space (SpacePage). For the same reason
 * another user's visitors are not prefetched: asked before that visit is recorded, the list
 * would miss the visitor who is looking at it.
 */
import { albumApi, diaryApi, type AppDispatch, type PagePrefetches } from '@xiaoba/shared';
import { parseAlbumId } from './album/album-id';
import { boardApi } from './board/board-api';
import { medalApi } from './medal/medal-api';
import { spaceApi } from './panels/space-api';
import { parseSpaceId } from './space/space-id';
import { yyApi } from './yy/yy-api';

// force: false — what is cached is not asked again, and no subscription is kept.
const keep = { force: false } as const;

/** Page 1 of a user's yy list (YyList's `useGetUserYyQuery({ uid, page })`). */
const yyPage = (dispatch: AppDispatch, uid: number) => dispatch(yyApi.util.prefetch('getUserYy', { uid, page: 1 }, keep));
/** Page 1 of a message board (Board's `useGetLeavesQuery({ fuid, page })`). */
const boardPage = (dispatch: AppDispatch, fuid: number) => dispatch(boardApi.util.prefetch('getLeaves', { fuid, page: 1 }, keep));
/** The own board's count in the side panel (SidePanel's `useGetOwnLeaveCountQuery()`). */
const ownCount = (dispatch: AppDispatch) => dispatch(spaceApi.util.prefetch('getOwnLeaveCount', undefined, keep));
/** A medal page's list (MedalList's `useGetMedalsQuery(uid)`). */
const medals = (dispatch: AppDispatch, uid: number) => dispatch(medalApi.util.prefetch('getMedals', uid, keep));
/** Page 1 of a space's 日志 (DiaryList's `useDiaryListQuery({ uid, page })`). */
const diaryPage = (dispatch: AppDispatch, uid: number) => dispatch(diaryApi.util.prefetch('diaryList', { uid, page: 1 }, keep));
/** One entry and its first comments (DiaryEntry's `useDiaryQuery(diaryId)`, DiaryComments' `useDiaryCommentsQuery`). */
const diaryEntry = (dispatch: AppDispatch, id: string | undefined, withComments = true) => {
  const diaryId = parseSpaceId(id);
  if (diaryId === null) return; // the page says 日志不存在 without asking
  dispatch(diaryApi.util.prefetch('diary', diaryId, keep));
  if (withComments) dispatch(diaryApi.util.prefetch('diaryComments', { diaryId, page: 1 }, keep));
};
/** The right panel of a space home: hot topics (HotTopics' `useGetHotTopicsQuery()`). */
const hotTopics = (dispatch: AppDispatch) => dispatch(spaceApi.util.prefetch('getHotTopics', undefined, keep));
/** The right panel's visitors (RightPanel's `useGetVisitorsQuery(uid)`). */
const visitors = (dispatch: AppDispatch, uid: number) => dispatch(spaceApi.util.prefetch('getVisitors', uid, keep));
/** A user's albums (AlbumList's `useAlbumListQuery(uid)`). */
const albums = (dispatch: AppDispatch, uid: number) => dispatch(albumApi.util.prefetch('albumList', uid, keep));
/** An album's first page with the album and its owner (AlbumView's `useAlbumPhotosInfiniteQuery(albumId)`). */
const albumPage = (dispatch: AppDispatch, albumId: string | undefined) => {
  const id = parseAlbumId(albumId);
  // util.prefetch does not take an infinite query; this is what it dispatches (no subscription, no refetch).
  if (id !== null) void dispatch(albumApi.endpoints.albumPhotos.initiate(id, { subscribe: false, forceRefetch: false }));
};

export const prefetch: PagePrefetches = {
  // /my: the own yy list, the side panel's board count, the right panel's visitors and hot topics.
  myHome: ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => {
      yyPage(dispatch, uid);
      ownCount(dispatch);
      visitors(dispatch, uid);
      hotTopics(dispatch);
    }),
  // /my/board: the own board and its count (no right panel on a board).
  myBoard: ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => {
      boardPage(dispatch, uid);
      ownCount(dispatch);
    }),
  // /my/medal: the own medals and the side panel's board count.
  myMedal: ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => {
      medals(dispatch, uid);
      ownCount(dispatch);
    }),
  // /my/photo and /my/photo/{albumId}: the albums or the album, and the side panel's board count.
  myAlbums: ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => {
      albums(dispatch, uid);
      ownCount(dispatch);
    }),
  myAlbum: ({ dispatch, params, whenSignedIn }) =>
    whenSignedIn(() => {
      albumPage(dispatch, params.albumId);
      ownCount(dispatch);
    }),
  // /{id}: the owner (a visit) is SpacePage's; its children's lists need only the id.
  spaceHome: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return; // SpacePage sends it to /notfound
    whenSignedIn(() => {
      yyPage(dispatch, uid);
      hotTopics(dispatch);
    });
  },
  spaceBoard: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return;
    whenSignedIn(() => boardPage(dispatch, uid));
  },
  spaceMedal: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return;
    whenSignedIn(() => medals(dispatch, uid));
  },
  spaceAlbums: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return;
    whenSignedIn(() => albums(dispatch, uid));
  },
  spaceAlbum: ({ dispatch, params, whenSignedIn }) => {
    if (parseSpaceId(params.id) === null) return;
    whenSignedIn(() => albumPage(dispatch, params.albumId));
  },
  // 日志: the list, or the entry with its first comments, and the own side panel's board count.
  myDiary: ({ dispatch, whenSignedIn }) =>
    whenSignedIn((uid) => {
      diaryPage(dispatch, uid);
      ownCount(dispatch);
    }),
  myDiaryEntry: ({ dispatch, params, whenSignedIn }) =>
    whenSignedIn(() => {
      diaryEntry(dispatch, params.diaryId);
      ownCount(dispatch);
    }),
  diaryNew: ({ dispatch, whenSignedIn }) => whenSignedIn(() => ownCount(dispatch)),
  // The editor of an entry shows the entry, not its comments.
  diaryEdit: ({ dispatch, params, whenSignedIn }) =>
    whenSignedIn(() => {
      diaryEntry(dispatch, params.diaryId, false);
      ownCount(dispatch);
    }),
  spaceDiary: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return;
    whenSignedIn(() => diaryPage(dispatch, uid));
  },
  spaceDiaryEntry: ({ dispatch, params, whenSignedIn }) => {
    if (parseSpaceId(params.id) === null) return;
    whenSignedIn(() => diaryEntry(dispatch, params.diaryId));
  },
};
