/**
 * 相册 calls (docs/api.md "相册") of mf-space's album pages, injected into the shared baseApi from their chunks. Tags: `{Albums, uid}` a user's
 * list of albums, `{Album, albumId}` the loaded pages of one album. A change refreshes what it
 * changed: a new name, visibility or cover both the album and the list; a photo added or removed
 * the album and the list (its count and cover). Deleting an album refreshes the list only: the
 * album's own page is left, not asked again for a 404.
 * The cache needs no user key: the shell clears it when another user signs in.
 */
import { baseApi, uploadFile, type ApiEnvelope, type ApiError, type UploadResult } from '@xiaoba/shared';
import {
  ALBUM_MSG,
  ALBUM_PAGE_SIZE,
  type Album,
  type AlbumCreated,
  type AlbumPhotosPage,
  type CreateAlbumBody,
  type Photo,
  type UpdateAlbumBody,
} from '@xiaoba/shared/space-features';

/** PATCH /api/album/update with the album's owner, whose list it changes. */
export type UpdateAlbumArgs = UpdateAlbumBody & { uid: number };
export interface DeletePhotoArgs {
  photoId: number;
  albumId: number;
  uid: number;
}
export interface DeleteAlbumArgs {
  albumId: number;
  uid: number;
}

const albumsOf = (res: ApiEnvelope<Album[]>): Album[] => (Array.isArray(res.data) ? res.data : []);

/**
 * An album that does not exist or that the caller may not see (404): an answer with the server's
 * words, not a failure, so a server-rendered 相册不存在 is handed to the browser like any page (a
 * failed query is not, and the browser's first render would differ).
 */
export interface AlbumMissing {
  missing: string;
}
export type AlbumPhotosResult = AlbumPhotosPage | AlbumMissing;

const listTag = (uid: number) => ({ type: 'Albums' as const, id: uid });
const albumTag = (albumId: number) => ({ type: 'Album' as const, id: albumId });

export const albumApi = baseApi.enhanceEndpoints({ addTagTypes: ['Albums', 'Album'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/album/list/{uid}: the albums of `uid` the caller may see, the newest change first. */
    albumList: build.query<Album[], number>({
      query: (uid) => ({ url: `/album/list/${uid}` }),
      transformResponse: albumsOf,
      providesTags: (_r, _e, uid) => [listTag(uid)],
    }),
    /**
     * GET /api/album/photos/{albumId}?pageNum&pageSize: the album, its owner and its photos newest
     * first, ALBUM_PAGE_SIZE a page; the next page (加载更多) is older. A refetch reads every
     * loaded page again, so the pages stay consecutive. A 404 is the one page AlbumMissing.
     */
    albumPhotos: build.infiniteQuery<AlbumPhotosResult, number, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) => ('missing' in last || lastPage >= last.pages ? undefined : lastPage + 1),
      },
      async queryFn({ queryArg: albumId, pageParam }, _api, _extra, baseQuery) {
        const res = await baseQuery({ url: `/album/photos/${albumId}`, params: { pageNum: pageParam, pageSize: ALBUM_PAGE_SIZE } });
        if (res.error) {
          const error = res.error as ApiError;
          return error.status === 404 ? { data: { missing: error.message || ALBUM_MSG.notFound } } : { error };
        }
        const page = (res.data as ApiEnvelope<AlbumPhotosPage> | undefined)?.data;
        if (!page || !Array.isArray(page.records) || !page.album || !page.owner) return { error: { status: null, message: '相册加载失败' } };
        return { data: page };
      },
      providesTags: (_r, _e, albumId) => [albumTag(albumId)],
    }),
    /** POST /api/album/create {name, visibility}: a new album of the caller (`uid`). */
    createAlbum: build.mutation<AlbumCreated, CreateAlbumBody & { uid: number }>({
      query: ({ uid: _uid, ...data }) => ({ url: '/album/create', method: 'POST', data }),
      transformResponse: (res: ApiEnvelope<AlbumCreated>) => res.data as AlbumCreated,
      invalidatesTags: (_r, error, { uid }) => (error ? [] : [listTag(uid)]),
    }),
    /** PATCH /api/album/update: a new name, visibility or cover. */
    updateAlbum: build.mutation<ApiEnvelope, UpdateAlbumArgs>({
      query: ({ uid: _uid, ...data }) => ({ url: '/album/update', method: 'PATCH', data }),
      invalidatesTags: (_r, error, { uid, albumId }) => (error ? [] : [listTag(uid), albumTag(albumId)]),
    }),
    /** DELETE /api/album/photo?photoId. */
    deletePhoto: build.mutation<ApiEnvelope, DeletePhotoArgs>({
      query: ({ photoId }) => ({ url: '/album/photo', method: 'DELETE', params: { photoId } }),
      invalidatesTags: (_r, error, { uid, albumId }) => (error ? [] : [listTag(uid), albumTag(albumId)]),
    }),
    /** DELETE /api/album/delete?albumId: the album and its photos. */
    deleteAlbum: build.mutation<ApiEnvelope, DeleteAlbumArgs>({
      query: ({ albumId }) => ({ url: '/album/delete', method: 'DELETE', params: { albumId } }),
      invalidatesTags: (_r, error, { uid }) => (error ? [] : [listTag(uid)]),
    }),
  }),
});

export const {
  useAlbumListQuery,
  useAlbumPhotosInfiniteQuery,
  useCreateAlbumMutation,
  useUpdateAlbumMutation,
  useDeletePhotoMutation,
  useDeleteAlbumMutation,
} = albumApi;

/** What an upload to an album refreshes (call once the files sent are done). */
export const afterPhotosUploaded = (uid: number, albumId: number) => albumApi.util.invalidateTags([listTag(uid), albumTag(albumId)]);

/** A good status with an answer that is not a photo. */
export const PHOTO_UPLOAD_FAILED = '照片上传失败';

/**
 * POST /api/album/upload?albumId, one file with its progress (0..1). Outside RTK Query because
 * the page shows each file's progress. Never throws: a refusal (quota, size, type, album full)
 * comes back as the server's words.
 */
export function uploadPhoto(albumId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult<Photo>> {
  return uploadFile<Photo>(`/album/upload?albumId=${albumId}`, file, {
    onProgress,
    signal,
    accept: (data): data is Photo => typeof data?.photoId === 'number' && typeof data.url === 'string',
    failed: PHOTO_UPLOAD_FAILED,
  });
}
