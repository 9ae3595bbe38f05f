import { describe, expect, it } from 'vitest';
import { pageKeys } from '@xiaoba/shared';
import { routeTable } from './route-table';
import { pages, prefetch } from './routes';

describe('mf-space route table', () => {
  it('names exactly the pages ./routes exposes', () => {
    expect(Object.keys(pages).sort()).toEqual(pageKeys(routeTable).sort());
    expect(pageKeys(routeTable)).toEqual([
      'myHome',
      'myBoard',
      'myMedal',
      'myAlbums',
      'myAlbum',
      'myDiary',
      'diaryNew',
      'myDiaryEntry',
      'diaryEdit',
      'space',
      'spaceHome',
      'spaceBoard',
      'spaceMedal',
      'spaceAlbums',
      'spaceAlbum',
      'spaceDiary',
      'spaceDiaryEntry',
    ]);
  });

  it("has the original site's rows: /my and /:id, each with an index, a board, 日志, a medal and the album children", () => {
    expect(routeTable).toEqual([
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
    ]);
  });

  it('prefetches only pages it has (a misspelt key would silently prefetch nothing)', () => {
    expect(Object.keys(prefetch).sort()).toEqual([
      'diaryEdit',
      'diaryNew',
      'myAlbum',
      'myAlbums',
      'myBoard',
      'myDiary',
      'myDiaryEntry',
      'myHome',
      'myMedal',
      'spaceAlbum',
      'spaceAlbums',
      'spaceBoard',
      'spaceDiary',
      'spaceDiaryEntry',
      'spaceHome',
      'spaceMedal',
    ]);
    expect(Object.keys(prefetch).every((key) => pageKeys(routeTable).includes(key))).toBe(true);
  });

  it('is plain data (it is published as routes.json)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });
});
