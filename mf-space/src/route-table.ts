/**
 * mf-space's rows of the site's route table: the own space (/my) and another user's space (/{id}),
 * each with a home, a message-board, 日志 (the own space also writes and edits entries), an album (相册) and a medal child. Type-only import: vite.config loads this file in Node.
 */
import type { RouteMeta } from '@xiaoba/shared';

export const routeTable: RouteMeta[] = [
  {
    path: '/my',
    title: '我的空间',
    children: [
      { index: true, page: 'myHome' },
      { path: 'board', page: 'myBoard', title: '我的留言板' },
      { path: 'medal', page: 'myMedal', title: '我的勋章' },
      { path: 'photo', page: 'myAlbums', title: '我的相册' },
      { path: 'photo/:albumId', page: 'myAlbum', title: '相册' },
      { path: 'diary', page: 'myDiary', title: '我的日志' },
      { path: 'diary/new', page: 'diaryNew', title: '写日志' },
      { path: 'diary/:diaryId', page: 'myDiaryEntry', title: '日志' },
      { path: 'diary/:diaryId/edit', page: 'diaryEdit', title: '编辑日志' },
    ],
  },
  {
    // Checks the id (positive integer, not the own uid) and fetches the owner for its children.
    path: '/:id',
    page: 'space',
    title: '空间',
    children: [
      { index: true, page: 'spaceHome' },
      { path: 'board', page: 'spaceBoard', title: '留言板' },
      { path: 'medal', page: 'spaceMedal', title: '勋章' },
      { path: 'photo', page: 'spaceAlbums', title: '相册' },
      { path: 'photo/:albumId', page: 'spaceAlbum', title: '相册' },
      { path: 'diary', page: 'spaceDiary', title: '日志' },
      { path: 'diary/:diaryId', page: 'spaceDiaryEntry', title: '日志' },
    ],
  },
];
