/**
 * The route prefetch of the 日志 pages (../prefetch.ts, which loads this chunk when one of them is
 * visited; the server render imports it directly): the arguments are exactly those of the hooks
 * that show the data (DiaryList, DiaryEntry, DiaryComments), so each finds its request in flight.
 */
import { type AppDispatch, type PagePrefetches } from '@xiaoba/shared';
import { keep, ownCount } from '../prefetch';
import { parseSpaceId } from '../space/space-id';
import { diaryApi } from './diary-api';

/** Page 1 of a space's 日志 (DiaryList's `useDiaryListQuery({ uid, page })`). */
const diaryPage = (dispatch: AppDispatch, uid: number) => dispatch(diaryApi.util.prefetch('diaryList', { uid, page: 1 }, keep));
/** One entry and its first comments (DiaryEntry's `useDiaryQuery(diaryId)`, DiaryComments' `useDiaryCommentsQuery`). */
const diaryEntry = (dispatch: AppDispatch, id: string | undefined, withComments = true) => {
  const diaryId = parseSpaceId(id);
  if (diaryId === null) return; // the page says 日志不存在 without asking
  dispatch(diaryApi.util.prefetch('diary', diaryId, keep));
  if (withComments) dispatch(diaryApi.util.prefetch('diaryComments', { diaryId, page: 1 }, keep));
};

export const diaryPrefetches: PagePrefetches = {
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
