/**
 * 相册 (photo albums): the request bodies, the query and path values and the answers of
 * /api/album/*, declared once. docs/api.md "相册" describes the routes; shared/src/core/album.ts
 * holds the rules, the words and the inferred types.
 */
import * as v from 'valibot';
import { ALBUM_MSG, ALBUM_NAME_MAX, ALBUM_PAGE_SIZE } from '../album';
import { AVATAR, FACE, INT, STR, TIME, described, named } from './common';
import { VisibilitySchema } from './diary';
import { idInput, pageQuery, textValue } from './inputs';
import { withMessage } from './bodies';

/** An album as its list shows it. */
export const AlbumSchema = named(
  'Album',
  v.object({
    albumId: INT,
    uid: INT,
    name: STR,
    visibility: VisibilitySchema,
    /** The cover photo: the one the owner chose, else the newest; 0 and '' for an empty album. */
    coverPhotoId: INT,
    coverUrl: STR,
    photoCount: INT,
    ctime: TIME,
    /** The last change (a photo added or removed, a new name, cover or visibility). */
    mtime: TIME,
  }),
);

/** One photo: re-encoded on upload, so no camera or location data survives. */
export const PhotoSchema = named(
  'Photo',
  v.object({
    photoId: INT,
    albumId: INT,
    uid: INT,
    url: STR,
    width: INT,
    height: INT,
    size: described(INT, 'bytes'),
    ctime: TIME,
  }),
);

/** The album's owner, for the page's heading. */
export const AlbumOwnerSchema = named('AlbumOwner', v.object({ uid: INT, name: STR, face: FACE, avatar: AVATAR }));

/** GET /api/album/photos/{albumId}: a page of photos (newest first) with the album and its owner: one round trip opens an album. */
export const AlbumPhotosPageSchema = named(
  'AlbumPhotosPage',
  v.object({ records: v.array(PhotoSchema), total: INT, pages: INT, current: INT, size: INT, album: AlbumSchema, owner: AlbumOwnerSchema }),
);

export const AlbumCreatedSchema = named('AlbumCreated', v.object({ albumId: INT }));

/** POST /api/album/create. */
export const CreateAlbumBodySchema = described(
  v.object({
    name: textValue(`1 to ${ALBUM_NAME_MAX} characters after HTML is stripped`),
    visibility: withMessage(described(v.union([VisibilitySchema, v.literal('')]), "'' or absent: the owner's default"), ALBUM_MSG.badVisibility),
  }),
  "CreateAlbumBody; the rules and their messages are CreateAlbumSchema's (shared/src/core/album.ts)",
);
/** PATCH /api/album/update: what is given changes. */
export const UpdateAlbumBodySchema = described(
  v.object({
    albumId: described(v.number(), 'the album'),
    name: v.optional(textValue(`1 to ${ALBUM_NAME_MAX} characters after HTML is stripped`)),
    visibility: v.optional(withMessage(VisibilitySchema, ALBUM_MSG.badVisibility)),
    coverPhotoId: v.optional(described(v.number(), 'a photo of this album')),
  }),
  "UpdateAlbumBody; the rules and their messages are UpdateAlbumSchema's (shared/src/core/album.ts)",
);

/** `{albumId}` of GET /api/album/photos, `?albumId` of POST /api/album/upload and DELETE /api/album/delete. */
export const AlbumIdInput = idInput('albumId', ALBUM_MSG.notFound, 'the album');
/** `?photoId` of DELETE /api/album/photo. */
export const PhotoIdInput = idInput('photoId', ALBUM_MSG.photoNotFound, 'the photo');
/** `?pageNum&pageSize` of GET /api/album/photos/{albumId}. */
export const AlbumPhotosQuery = pageQuery(ALBUM_PAGE_SIZE);
