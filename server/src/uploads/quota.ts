/**
 * The per-user storage quota (STORAGE_QUOTA_MB, docs/api.md "Uploads"): a user's stored bytes are
 * their `uploads` rows' sizes (yy pictures, used or not yet, imported ones) plus their avatar's
 * (`users.avatar_size`, counted while `users.avatar` is set). Summed from the rows in PostgreSQL
 * (migrations/012_storage.sql), so every process and every path that adds or removes a picture
 * agrees: deleting a yy, the hourly purge of unused uploads and choosing a preset face free room.
 */
import type { StorageLimits } from '../config';
import type { Queryable } from '../data/pool';
import { ApiError } from '../api/http/errors';
import { storageUsed, type StorageUseOptions } from './queries';

// Read by the import's plan too (its room for pictures).
export { storageUsed } from './queries';

const MB = 1024 * 1024;
/** 413: what the user asks to store is more than their room; deleting pictures makes it fit. */
export const QUOTA_STATUS = 413;
export const quotaFullMessage = (quotaMb: number) => `你的图片空间已满（最多${quotaMb} MB），删掉一些旧yy的图片后再试`;

/**
 * Throws ApiError 413 (quotaFullMessage) when storing `addBytes` more would take `uid` past the
 * quota; a quota of 0 checks nothing. A user exactly at the quota gets it for any `addBytes` >= 1.
 *
 * Contract: the answer is only as good as the moment it is read. To keep the quota against
 * parallel writes (other requests, other processes), call it inside the transaction that inserts
 * the rows (`uploads`, or `users.avatar` with `recordAvatarSize` of uploads/queries.ts), after taking the user's posting
 * lock (data/post-limit.ts `withPosterLock` or `lockPoster`), with the total bytes that transaction
 * adds. A call without the lock (to refuse early, before any work) is a hint, never the check.
 */
export async function assertStorageRoom(db: Queryable, limits: StorageLimits, uid: number, addBytes: number, options: StorageUseOptions = {}): Promise<void> {
  if (limits.quotaMb <= 0) return;
  const used = await storageUsed(db, uid, options);
  if (used + addBytes > limits.quotaMb * MB) throw new ApiError(QUOTA_STATUS, quotaFullMessage(limits.quotaMb));
}
