/**
 * What each space page shows first, started by its route's loader (shared's route-prefetch.ts,
 * docs/architecture.md "Route prefetch") so the requests go out while the page's chunk loads and
 * renders. The arguments are exactly those of the hooks that show the data (YyList, Board,
 * SidePanel, RightPanel, HotTopics; the 日志 and 相册 pages' in their own modules), so each hook finds its request in
 * flight or answered.
 *
 * Deliberately not here: GET /user/getuserinfo/{id} (another user's space), which records a
 * visit: a write stays with the page that shows the space (SpacePage). For the same reason
 * another user's visitors are not prefetched: asked before that visit is recorded, the list
 * would miss the visitor who is looking at it.
 */
import { type AppDispatch, type PagePrefetch, type PagePrefetches } from '@xiaoba/shared';
import { boardApi } from './board/board-api';
import { medalApi } from './medal/medal-api';
import { spaceApi } from './panels/space-api';
import { parseSpaceId } from './space/space-id';
import { yyApi } from './yy/yy-api';

// force: false — what is cached is not asked again, and no subscription is kept.
export const keep = { force: false } as const;

/** Page 1 of a user's yy list (YyList's `useGetUserYyQuery({ uid, page })`). */
const yyPage = (dispatch: AppDispatch, uid: number) => dispatch(yyApi.util.prefetch('getUserYy', { uid, page: 1 }, keep));
/** Page 1 of a message board (Board's `useGetLeavesQuery({ fuid, page })`). */
const boardPage = (dispatch: AppDispatch, fuid: number) => dispatch(boardApi.util.prefetch('getLeaves', { fuid, page: 1 }, keep));
/** The own board's count in the side panel (SidePanel's `useGetOwnLeaveCountQuery()`). */
export const ownCount = (dispatch: AppDispatch) => dispatch(spaceApi.util.prefetch('getOwnLeaveCount', undefined, keep));
/** A medal page's list (MedalList's `useGetMedalsQuery(uid)`). */
const medals = (dispatch: AppDispatch, uid: number) => dispatch(medalApi.util.prefetch('getMedals', uid, keep));
/** The right panel of a space home: hot topics (HotTopics' `useGetHotTopicsQuery()`). */
const hotTopics = (dispatch: AppDispatch) => dispatch(spaceApi.util.prefetch('getHotTopics', undefined, keep));
/** The right panel's visitors (RightPanel's `useGetVisitorsQuery(uid)`). */
const visitors = (dispatch: AppDispatch, uid: number) => dispatch(spaceApi.util.prefetch('getVisitors', uid, keep));
/**
 * A page whose prefetch is in a chunk of its own, with the calls it makes (the 日志 and 相册 pages):
 * that chunk, then its prefetch. Their calls stay out of this module, which every space page loads
 * first (/my among them); the chunk loads while the page's own does. A failed download asks
 * nothing: the page shows its own error.
 */
const fromChunk =
  (load: () => Promise<PagePrefetches>, page: string): PagePrefetch =>
  (context) =>
    // The shell's loader waits for this alongside the page's own chunk (not for the answers).
    load().then(
      (table) => void table[page]?.(context),
      () => undefined,
    );
const diaryPrefetches = () => import('./diary/diary-prefetch').then((m) => m.diaryPrefetches);
const albumPrefetches = () => import('./album/album-prefetch').then((m) => m.albumPrefetches);

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
  // 日志 and 相册: their prefetches come with their calls, in a chunk of their own (./diary/diary-prefetch.ts,
  // ./album/album-prefetch.ts).
  myAlbums: fromChunk(albumPrefetches, 'myAlbums'),
  myAlbum: fromChunk(albumPrefetches, 'myAlbum'),
  spaceAlbums: fromChunk(albumPrefetches, 'spaceAlbums'),
  spaceAlbum: fromChunk(albumPrefetches, 'spaceAlbum'),
  myDiary: fromChunk(diaryPrefetches, 'myDiary'),
  myDiaryEntry: fromChunk(diaryPrefetches, 'myDiaryEntry'),
  diaryNew: fromChunk(diaryPrefetches, 'diaryNew'),
  diaryEdit: fromChunk(diaryPrefetches, 'diaryEdit'),
  spaceDiary: fromChunk(diaryPrefetches, 'spaceDiary'),
  spaceDiaryEntry: fromChunk(diaryPrefetches, 'spaceDiaryEntry'),
};
