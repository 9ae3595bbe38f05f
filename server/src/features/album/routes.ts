/**
 * 相册 (docs/api.md "相册"): /api/album/create, /update, /upload, /list/{uid}, /photos/{albumId},
 * /photo (DELETE) and /delete.
 *
 * Who sees an album or a photo is one SQL rule (visible_albums, visible_album_photos; through
 * content_visible): a write first finds the album or photo as the caller sees it, so what they may
 * not see answers 404 exactly like what does not exist, and what they see but do not own 403. The
 * reads take a signed-out caller too (who sees what is public). A frozen user reads and deletes
 * their own (api/http/sanctions.ts FROZEN_OPEN) but does not create, upload or change; archive mode
 * closes every mutating route.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AlbumIdInput, AlbumPhotosQuery, CreateAlbumBodySchema, idInput, PhotoIdInput, UpdateAlbumBodySchema } from '@xiaoba/shared/api-schemas';
import {
  ALBUM_MSG,
  ALBUM_PHOTOS_MAX,
  ALBUMS_MAX,
  CreateAlbumSchema,
  UpdateAlbumSchema,
  type AlbumCreated,
  type AlbumPhotosPage,
  type Visibility,
} from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { allowSignedOut, requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { ownerBirthday, withDefaultVisibility } from '../../data/default-visibility';
import { withTransaction, type Pool } from '../../data/pool';
import { awardMedals } from '../medal';
import { withPosterLock } from '../../data/post-limit';
import { takePostSlot } from '../../api/http/posting-limits';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { FAILURE, routeSchema, typed } from '../../api/http/openapi';
import { assertDiskRoom, DISK_FULL_MSG } from '../../uploads/disk-room';
import { processImage, UPLOAD_MSG } from '../../uploads/images';
import { MULTIPART_OPTIONS, readUploadedFile } from '../../uploads/multipart';
import { assertStorageRoom } from '../../uploads/quota';
import { removeFiles, writeStoredFile } from '../../uploads/store';
import type { UploadStorage } from '../../uploads/storage';
import {
  albumList,
  deleteAlbum,
  deletePhoto,
  findAlbumKey,
  findPhotoKey,
  insertAlbum,
  insertPhoto,
  isAlbumPhoto,
  photosPage,
  updateAlbum,
  userExists,
  type AlbumKey,
} from './queries';
import type { Queryable } from '../../data/pool';

export interface AlbumRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
  storage: UploadStorage;
}

const OWNER = idInput('uid', ALBUM_MSG.userNotFound, 'the owner');

const tags: ['album'] = ['album'];
const NOT_VISIBLE = '404 相册不存在 for an album that does not exist and for one the caller may not see alike.';
const SCHEMA = {
  create: routeSchema({
    summary: 'Create an album (at most 100 a user)',
    description: "An empty or absent visibility takes the owner's default: public for an adult, mutual for a minor or an account without a birthday.",
    tags,
    auth: true,
    body: CreateAlbumBodySchema,
    data: typed('AlbumCreated'),
  }),
  update: routeSchema({
    summary: "Change an album's name, visibility or cover (the owner only); what is given changes",
    description: `${NOT_VISIBLE} The cover must be a photo of this album. 403 for another user's album.`,
    tags,
    auth: true,
    body: UpdateAlbumBodySchema,
  }),
  upload: routeSchema({
    summary: "Upload a photo into one's own album (JPG, PNG, GIF or WebP, at most 5 MB; stored as WebP without camera or location data)",
    description: `${NOT_VISIBLE} 403 for another user's album; 409 when the album holds 500 photos; 413 past the storage quota; 429 past LIMIT_UPLOADS.`,
    tags,
    auth: true,
    querystring: AlbumIdInput,
    multipartFile: 'the photo, recognised by its content',
    responses: { 507: { ...FAILURE, description: `The server's disk is below DISK_FREE_FLOOR_MB: ${DISK_FULL_MSG}` } },
    data: typed('Photo'),
  }),
  list: routeSchema({
    summary: "A user's albums the caller may see, the newest change first (signed out: the public ones)",
    tags,
    auth: 'optional',
    params: OWNER,
    data: { type: 'array', items: typed('Album') },
  }),
  photos: routeSchema({
    summary: "A page of an album's photos, newest first, with the album and its owner (signed out: public albums only)",
    description: NOT_VISIBLE,
    tags,
    auth: 'optional',
    params: AlbumIdInput,
    querystring: AlbumPhotosQuery,
    data: typed('AlbumPhotosPage'),
  }),
  deletePhoto: routeSchema({
    summary: "Delete a photo of one's own album (its file goes, its bytes leave the quota)",
    description: '404 照片不存在 for a photo that does not exist or the caller may not see; 403 for another user’s photo.',
    tags,
    auth: true,
    querystring: PhotoIdInput,
  }),
  delete: routeSchema({
    summary: "Delete one's own album with all its photos",
    description: `${NOT_VISIBLE} 403 for another user's album.`,
    tags,
    auth: true,
    querystring: AlbumIdInput,
  }),
};

/** The album as `uid` sees it, locked when asked, and theirs: else 404 (not visible) or 403 (another's). */
async function ownAlbum(db: Queryable, uid: number, albumId: number, lock = false): Promise<AlbumKey> {
  const album = await findAlbumKey(db, uid, albumId, lock);
  if (!album) throw new ApiError(404, ALBUM_MSG.notFound);
  if (album.uid !== uid) throw new ApiError(403, ALBUM_MSG.forbidden);
  return album;
}

export async function albumRoutes(app: FastifyInstance, { config, pool, signer, storage }: AlbumRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  const reader = { preValidation: allowSignedOut(signer) };

  app.post('/create', { ...auth, schema: SCHEMA.create }, async (request) => {
    const uid = request.uid;
    const birthday = await ownerBirthday(pool, uid);
    if (birthday === null) throw new ApiError(404, ALBUM_MSG.userNotFound);
    const input = parseBody(CreateAlbumSchema, withDefaultVisibility(request.body, birthday));
    // The user's albums counted in turn: parallel creations cannot pass the limit together.
    const albumId = await withPosterLock(pool, uid, async (db) => {
      const id = await insertAlbum(db, uid, input.name, input.visibility as Visibility, ALBUMS_MAX);
      // A first album earns 才艺勋章, stored with it (the medal's rules: features/medal).
      if (id !== null) await awardMedals(db, uid);
      return id;
    });
    if (albumId === null) throw new ApiError(409, ALBUM_MSG.tooManyAlbums);
    return ok<AlbumCreated>(ALBUM_MSG.created, { albumId });
  });

  app.patch('/update', { ...auth, schema: SCHEMA.update }, async (request) => {
    const input = parseBody(UpdateAlbumSchema, request.body);
    await withTransaction(pool, async (db) => {
      await ownAlbum(db, request.uid, input.albumId, true);
      if (input.coverPhotoId !== undefined && !(await isAlbumPhoto(db, input.albumId, input.coverPhotoId))) throw new ApiError(400, ALBUM_MSG.badCover);
      await updateAlbum(db, input.albumId, { name: input.name, visibility: input.visibility as Visibility | undefined, coverPhotoId: input.coverPhotoId });
    });
    return ok(ALBUM_MSG.updated);
  });

  app.get('/list/:uid', { ...reader, schema: SCHEMA.list }, async (request) => {
    const { uid: owner } = readInput(OWNER, request.params);
    const albums = await albumList(pool, request.uid, owner);
    if (albums.length === 0 && !(await userExists(pool, owner))) throw new ApiError(404, ALBUM_MSG.userNotFound);
    return ok('获取成功', albums);
  });

  app.get('/photos/:albumId', { ...reader, schema: SCHEMA.photos }, async (request) => {
    const { albumId } = readInput(AlbumIdInput, request.params);
    const { pageNum, pageSize } = readInput(AlbumPhotosQuery, request.query);
    const found = await photosPage(pool, request.uid, albumId, pageSize, (pageNum - 1) * pageSize);
    if (!found) throw new ApiError(404, ALBUM_MSG.notFound);
    const page: AlbumPhotosPage = { ...found, pages: Math.ceil(found.total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });

  app.delete('/photo', { ...auth, schema: SCHEMA.deletePhoto }, async (request) => {
    const { photoId } = readInput(PhotoIdInput, request.query);
    const uid = request.uid;
    const files = await withTransaction(pool, async (db) => {
      const photo = await findPhotoKey(db, uid, photoId);
      if (!photo) throw new ApiError(404, ALBUM_MSG.photoNotFound);
      if (photo.uid !== uid) throw new ApiError(403, ALBUM_MSG.forbidden);
      // The album's row first (the order an upload and a moderator's removal take them in).
      await ownAlbum(db, uid, photo.albumId, true);
      const { deleted, files } = await deletePhoto(db, photo.albumId, photoId);
      // Deleted (or removed by a moderator) while this waited for the album's row.
      if (!deleted) throw new ApiError(404, ALBUM_MSG.photoNotFound);
      return files;
    });
    // The rows are gone for good: now the files.
    await removeFiles(storage, files).catch((err: unknown) => request.log.warn({ err, files }, 'removing album photos failed'));
    return ok(ALBUM_MSG.deleted);
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.delete }, async (request) => {
    const { albumId } = readInput(AlbumIdInput, request.query);
    const files = await withTransaction(pool, async (db) => {
      await ownAlbum(db, request.uid, albumId, true);
      return deleteAlbum(db, albumId);
    });
    await removeFiles(storage, files).catch((err: unknown) => request.log.warn({ err, files }, 'removing album photos failed'));
    return ok(ALBUM_MSG.deleted);
  });

  // Multipart is parsed for this route only; every other route keeps the JSON-only, 16 KiB rule.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, MULTIPART_OPTIONS);

    scope.post('/upload', { ...auth, schema: SCHEMA.upload }, async (request) => {
      if (!request.isMultipart()) throw new ApiError(400, UPLOAD_MSG.noFile);
      const { albumId } = readInput(AlbumIdInput, request.query);
      const uid = request.uid;
      // Refused before the file is read: another's or a full album, a user at the quota; the upload counted, so a flood of refused files is limited too.
      await withPosterLock(pool, uid, async (db) => {
        const album = await ownAlbum(db, uid, albumId);
        if (album.photoCount >= ALBUM_PHOTOS_MAX) throw new ApiError(409, ALBUM_MSG.albumFull);
        await takePostSlot(db, uid, 'upload', config.postLimits);
        await assertStorageRoom(db, config.storage, uid, 1);
      });
      const image = await processImage(await readUploadedFile(request));
      await assertDiskRoom(config, image.data.length);
      const file = await writeStoredFile(storage, 'album', image.data);
      try {
        // The quota against the rows already there, and the album's count under its row lock: neither can be raced.
        const photo = await withPosterLock(pool, uid, async (db) => {
          await assertStorageRoom(db, config.storage, uid, image.data.length);
          const album = await ownAlbum(db, uid, albumId, true);
          if (album.photoCount >= ALBUM_PHOTOS_MAX) throw new ApiError(409, ALBUM_MSG.albumFull);
          return insertPhoto(db, albumId, uid, file, { size: image.data.length, width: image.width, height: image.height });
        });
        return ok(ALBUM_MSG.uploaded, photo);
      } catch (error) {
        await removeFiles(storage, [file]);
        throw error;
      }
    });
  });
}
