/**
 * The pictures' rows (`uploads`, and the avatar's size on `users`): the statements of store.ts and
 * quota.ts, which decide and answer.
 */
import type { Queryable } from '../data/pool';

export async function insertUpload(db: Queryable, uid: number, file: string, size: number, width: number, height: number): Promise<void> {
  await db.query('INSERT INTO uploads (uid, file, size, width, height) VALUES ($1, $2, $3, $4, $5)', [uid, file, size, width, height]);
}

/**
 * Deletes the uploads no yy or 日志 entry took within `hours` and returns their files. A yy claiming an upload
 * sets its weibo_id in the same statement that checks it is unused, so a row being claimed while
 * this runs is re-checked by PostgreSQL and kept.
 */
export async function deleteUnusedUploads(db: Queryable, hours: number): Promise<string[]> {
  const { rows } = await db.query<{ file: string }>(
    `DELETE FROM uploads WHERE weibo_id IS NULL AND diary_id IS NULL AND ctime < now() - make_interval(hours => $1) RETURNING file`,
    [hours],
  );
  return rows.map((r) => r.file);
}

export interface StorageUseOptions {
  /** The write replaces the user's avatar: the current avatar's bytes are not counted. */
  replacingAvatar?: boolean;
}

/** Bytes of pictures `uid` keeps now (0 for no such user). */
export async function storageUsed(db: Queryable, uid: number, options: StorageUseOptions = {}): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    // A file counts once however many of the user's rows name it (an import stores a picture once).
    `SELECT (SELECT coalesce(sum(size), 0) FROM (SELECT DISTINCT ON (file) size FROM uploads WHERE uid = $1 ORDER BY file) f)
          + coalesce((SELECT avatar_size FROM users WHERE uid = $1 AND avatar <> '' AND NOT $2), 0) AS bytes`,
    [uid, options.replacingAvatar === true],
  );
  return rows[0]?.bytes ?? 0;
}

/** Records the size of the picture users.avatar now names (same transaction as that change). */
export async function recordAvatarSize(db: Queryable, uid: number, bytes: number): Promise<void> {
  await db.query('UPDATE users SET avatar_size = $2 WHERE uid = $1', [uid, bytes]);
}
