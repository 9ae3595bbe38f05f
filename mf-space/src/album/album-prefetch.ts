/**
 * The route prefetch of the 相册 pages (../prefetch.ts, which loads this chunk when one of them is
 * visited; the server render imports it directly): the arguments are exactly those of the hooks
 * that show the data (AlbumList, AlbumView), so each finds its request in flight.
 */
import { type AppDispatch, type PagePrefetches } from '@xiaoba/shared';
import { keep, ownCount } from '../prefetch';
import { parseSpaceId } from '../space/space-id';
import { albumApi } from './album-api';
import { parseAlbumId } from './album-id';

/** A user's albums (AlbumList's `useAlbumListQuery(uid)`). */
const albums = (dispatch: AppDispatch, uid: number) => dispatch(albumApi.util.prefetch('albumList', uid, keep));
/** An album's first page with the album and its owner (AlbumView's `useAlbumPhotosInfiniteQuery(albumId)`). */
const albumPage = (dispatch: AppDispatch, albumId: string | undefined) => {
  const id = parseAlbumId(albumId);
  // util.prefetch does not take an infinite query; this is what it dispatches (no subscription, no refetch).
  if (id !== null) void dispatch(albumApi.endpoints.albumPhotos.initiate(id, { subscribe: false, forceRefetch: false }));
};

export const albumPrefetches: PagePrefetches = {
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
  spaceAlbums: ({ dispatch, params, whenSignedIn }) => {
    const uid = parseSpaceId(params.id);
    if (uid === null) return;
    whenSignedIn(() => albums(dispatch, uid));
  },
  spaceAlbum: ({ dispatch, params, whenSignedIn }) => {
    if (parseSpaceId(params.id) === null) return;
    whenSignedIn(() => albumPage(dispatch, params.albumId));
  },
};
