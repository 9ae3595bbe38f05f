/**
 * 相册 (photo albums): albums a user fills with photos, each album with its own visibility. The
 * contract the server and the pages share: the rules of an album, the words users see and the
 * answers' types (declared in api-schemas/album.ts). docs/api.md "相册" describes the routes.
 */
import * as v from 'valibot';
import type * as S from './api-schemas';
import { BAD_REQUEST, charCount } from './validation';
import { cleanText } from './text';
import { isVisibility, type Visibility } from './visibility';

export const ALBUM_NAME_MAX = 20;
/** Albums one user may have, and photos one album may hold. */
export const ALBUMS_MAX = 100;
export const ALBUM_PHOTOS_MAX = 500;
/** Photos per page of an album. */
export const ALBUM_PAGE_SIZE = 30;

export const ALBUM_MSG = {
  created: '创建成功',
  updated: '修改成功',
  deleted: '已删除',
  uploaded: '上传成功',
  /** An album that does not exist and one the caller may not see answer alike. */
  notFound: '相册不存在',
  photoNotFound: '照片不存在',
  nameEmpty: '相册名称不能为空',
  nameTooLong: `相册名称不能超过${ALBUM_NAME_MAX}个字`,
  badVisibility: '请选择谁可以看这个相册',
  /** The cover must be a photo of this album. */
  badCover: '封面必须是这个相册里的照片',
  tooManyAlbums: `最多只能创建${ALBUMS_MAX}个相册`,
  albumFull: `一个相册最多放${ALBUM_PHOTOS_MAX}张照片`,
  nothingToChange: '没有要修改的内容',
  /** GET /api/album/list/{uid} of a user who does not exist. */
  userNotFound: '用户不存在',
  /** Another user's album or photo the caller can see but not change. */
  forbidden: '只有相册的主人可以这样做',
} as const;

const isId = (n: number) => Number.isSafeInteger(n) && n > 0;
/** An album's name as stored: HTML stripped, runs of white space one space. */
export const cleanAlbumName = (name: string) => cleanText(name).replace(/\s+/g, ' ');

/** The first rule an album's name breaks, or null. */
export function albumNameError(name: string): string | null {
  if (name === '') return ALBUM_MSG.nameEmpty;
  if (charCount(name) > ALBUM_NAME_MAX) return ALBUM_MSG.nameTooLong;
  return null;
}

/** Body of POST /api/album/create. An empty visibility takes the owner's default (defaultVisibility), filled by the server first. */
export const CreateAlbumSchema = v.pipe(
  v.object({ name: v.optional(v.string(BAD_REQUEST), ''), visibility: v.optional(v.string(BAD_REQUEST), '') }),
  v.transform((i) => ({ ...i, name: cleanAlbumName(i.name) })),
  v.check(
    (i) => albumNameError(i.name) === null,
    (issue) => albumNameError((issue.input as { name: string }).name) ?? BAD_REQUEST,
  ),
  v.check((i) => isVisibility(i.visibility), ALBUM_MSG.badVisibility),
);
export type CreateAlbumInput = Omit<v.InferOutput<typeof CreateAlbumSchema>, 'visibility'> & { visibility: Visibility };

/** Body of PATCH /api/album/update: what is given changes, the rest stays. */
export const UpdateAlbumSchema = v.pipe(
  v.object({
    albumId: v.optional(v.number(BAD_REQUEST), 0),
    name: v.optional(v.string(BAD_REQUEST)),
    visibility: v.optional(v.string(BAD_REQUEST)),
    coverPhotoId: v.optional(v.number(BAD_REQUEST)),
  }),
  v.transform((i) => ({ ...i, name: i.name === undefined ? undefined : cleanAlbumName(i.name) })),
  v.check((i) => isId(i.albumId), ALBUM_MSG.notFound),
  v.check(
    (i) => i.name === undefined || albumNameError(i.name) === null,
    (issue) => albumNameError((issue.input as { name: string }).name) ?? BAD_REQUEST,
  ),
  v.check((i) => i.visibility === undefined || isVisibility(i.visibility), ALBUM_MSG.badVisibility),
  v.check((i) => i.coverPhotoId === undefined || isId(i.coverPhotoId), ALBUM_MSG.badCover),
  v.check((i) => i.name !== undefined || i.visibility !== undefined || i.coverPhotoId !== undefined, ALBUM_MSG.nothingToChange),
);
export type UpdateAlbumInput = Omit<v.InferOutput<typeof UpdateAlbumSchema>, 'visibility'> & { visibility?: Visibility };

export type Album = v.InferOutput<typeof S.AlbumSchema>;
export type Photo = v.InferOutput<typeof S.PhotoSchema>;
/** GET /api/album/photos/{albumId}: a page of photos with the album and its owner. */
export type AlbumPhotosPage = v.InferOutput<typeof S.AlbumPhotosPageSchema>;
export type AlbumCreated = v.InferOutput<typeof S.AlbumCreatedSchema>;
export type CreateAlbumBody = v.InferOutput<typeof S.CreateAlbumBodySchema>;
export type UpdateAlbumBody = v.InferOutput<typeof S.UpdateAlbumBodySchema>;
