/**
 * Stored pictures: objects in the upload storage (storage.ts: UPLOADS_DIR or S3; `yy/<32 hex>.webp`,
 * served at /uploads/…) and one `uploads` row each (owner, size); avatars (`avatars/<32 hex>.webp`)
 * are named by users.avatar only. An object is written before its row and removed after its row
 * is gone, so a row never points at a missing object for longer than a crash.
 */
import { randomBytes } from 'node:crypto';
import type { UploadData } from '@xiaoba/shared/core';
import type { Pool, Queryable } from '../data/pool';
import { withPosterLock } from '../data/post-limit';
import { assertDiskRoom, type DiskConfig } from './disk-room';
import type { ProcessedImage } from './images';
import { deleteUnusedUploads, insertUpload } from './queries';
import { assertStorageRoom } from './quota';
import type { UploadStorage } from './storage';

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Unused uploads older than this are purged (rows and files). */
export const UNUSED_UPLOAD_HOURS = 24;

const FILE_PATTERN = /^yy\/[0-9a-f]{32}\.webp$/;
/** Avatars (users.avatar): `avatars/<32 hex>.webp`, no `uploads` row (never purged as unused). */
const AVATAR_PATTERN = /^avatars\/[0-9a-f]{32}\.webp$/;

export function uploadUrl(file: string): string {
  return UPLOADS_URL_PREFIX + file;
}

/** The stored file a URL answered by /api/yy/upload names, or null for any other string. */
export function fileFromUploadUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const file = url.slice(UPLOADS_URL_PREFIX.length);
  return FILE_PATTERN.test(file) ? file : null;
}

/** The stored avatar file a users.avatar URL names, or null for '' and any other string. */
export function fileFromAvatarUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const file = url.slice(UPLOADS_URL_PREFIX.length);
  return AVATAR_PATTERN.test(file) ? file : null;
}

/**
 * Stores a new WebP picture under `folder` with a random, never reused name; returns its key. Album
 * photos (`album/`) have a folder of their own, so a yy can never claim one (fileFromUploadUrl).
 */
export async function writeStoredFile(storage: UploadStorage, folder: 'yy' | 'avatars' | 'album', data: Buffer): Promise<string> {
  const file = `${folder}/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(file, data, 'image/webp');
  return file;
}

/**
 * POST /api/yy/upload's write: the free-space floor before the file is written, then the file,
 * then its row inside the user's posting lock with the quota checked against the rows already
 * there, so parallel uploads of one user (in any process) cannot pass it together. On a refusal
 * or a failed insert the file is removed again.
 */
export async function storeUserUpload(pool: Pool, storage: UploadStorage, config: DiskConfig, uid: number, image: ProcessedImage): Promise<UploadData> {
  await assertDiskRoom(config, image.data.length);
  const file = await writeStoredFile(storage, 'yy', image.data);
  try {
    await withPosterLock(pool, uid, async (db) => {
      await assertStorageRoom(db, config.storage, uid, image.data.length);
      await insertUpload(db, uid, file, image.data.length, image.width, image.height);
    });
  } catch (error) {
    await removeFiles(storage, [file]);
    throw error;
  }
  return { url: uploadUrl(file), width: image.width, height: image.height, size: image.data.length };
}

/** Writes the file, then records it for `uid` (no quota: the demo seed). On a failed insert the file is removed again. */
export async function saveUpload(db: Queryable, storage: UploadStorage, uid: number, image: ProcessedImage): Promise<UploadData> {
  const file = await writeStoredFile(storage, 'yy', image.data);
  try {
    await insertUpload(db, uid, file, image.data.length, image.width, image.height);
  } catch (error) {
    await removeFiles(storage, [file]);
    throw error;
  }
  return { url: uploadUrl(file), width: image.width, height: image.height, size: image.data.length };
}

/** Removes stored pictures; one already gone is no error. */
export async function removeFiles(storage: UploadStorage, files: string[]): Promise<void> {
  if (files.length > 0) await storage.delete(files);
}

/**
 * Uploads no yy took within UNUSED_UPLOAD_HOURS: rows first, then their files. A yy claiming an
 * upload sets its weibo_id in the same statement that checks it is unused, so a row being claimed
 * while this runs is re-checked by PostgreSQL and kept. Returns how many were purged.
 */
export async function purgeUnusedUploads(db: Queryable, storage: UploadStorage): Promise<number> {
  const files = await deleteUnusedUploads(db, UNUSED_UPLOAD_HOURS);
  await removeFiles(storage, files);
  return files.length;
}
