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
      'space',
      'spaceHome',
      'spaceBoard',
      'spaceMedal',
      'spaceAlbums',
      'spaceAlbum',
    ]);
  });

  it("has the original site's rows: /my and /:id, each with an index, a board, a medal and the album children", () => {
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
        ],
      },
    ]);
  });

  it('prefetches only pages it has (a misspelt key would silently prefetch nothing)', () => {
    expect(Object.keys(prefetch).sort()).toEqual([
      'myAlbum',
      'myAlbums',
      'myBoard',
      'myHome',
      'myMedal',
      'spaceAlbum',
      'spaceAlbums',
      'spaceBoard',
      'spaceHome',
      'spaceMedal',
    ]);
    expect(Object.keys(prefetch).every((key) => pageKeys(routeTable).includes(key))).toBe(true);
  });

  it('is plain data (it is published as routes.json)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });
});
