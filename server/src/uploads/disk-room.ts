/**
 * The free-space floor (DISK_FREE_FLOOR_MB, docs/api.md "Uploads"): pictures and the embedded
 * PostgreSQL share DATA_DIR by default, and a full disk stops PostgreSQL and so the whole site.
 * Picture writes are refused (507) before that:
 * - with the local driver, while UPLOADS_DIR's disk would keep less than the floor after the write;
 * - with the embedded PostgreSQL (no DATABASE_URL), while its cluster's disk has less than the
 *   floor (whatever the driver: with S3 the pictures leave no bytes there, but their rows do, and
 *   refusing picture writes early keeps the room for the database).
 * With S3 and DATABASE_URL nothing local fills up, so nothing is checked.
 *
 * Free bytes come from statfs (available to unprivileged users), read at most once every
 * READING_TTL_MS per folder and process; the bytes this process accepted since are taken off the
 * reading, so a burst within that time cannot write past the floor unseen.
 */
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { ApiError } from '../api/http/errors';

const MB = 1024 * 1024;
/** 507 Insufficient Storage: the server, not the request, lacks the room; the operator must act. */
export const DISK_FULL_STATUS = 507;
export const DISK_FULL_MSG = '服务器存储空间不足，暂时不能上传图片';
export const READING_TTL_MS = 2000;

export type DiskConfig = Pick<Config, 'dataDir' | 'uploadsDir' | 's3' | 'databaseUrl' | 'storage'>;

interface Disk {
  folder: string;
  /** Whether the pictures' own bytes land there (else only their rows do). */
  holdsPictures: boolean;
}

/** The folders whose disks a picture write fills (see the file's comment). */
export function pictureDisks(config: DiskConfig): Disk[] {
  const disks: Disk[] = [];
  if (!config.s3) disks.push({ folder: config.uploadsDir, holdsPictures: true });
  if (!config.databaseUrl) disks.push({ folder: path.join(config.dataDir, 'pg'), holdsPictures: false });
  return disks;
}

interface Reading {
  at: number;
  /** Free bytes at `at`, less what this process accepted since. */
  free: Promise<{ bytes: number }>;
}
const readings = new Map<string, Reading>();

/** statfs of the folder, or of its nearest existing parent (the disk it will be created on). */
async function freeBytes(folder: string): Promise<{ bytes: number }> {
  for (let dir = folder; ; dir = path.dirname(dir)) {
    try {
      const stats = await statfs(dir);
      return { bytes: stats.bavail * stats.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) throw error;
    }
  }
}

function reading(folder: string, now: number): Promise<{ bytes: number }> {
  const cached = readings.get(folder);
  if (cached && now - cached.at < READING_TTL_MS) return cached.free;
  const entry: Reading = { at: now, free: freeBytes(folder) };
  readings.set(folder, entry);
  // A failed statfs is not kept: the next call reads again.
  entry.free.catch(() => {
    if (readings.get(folder) === entry) readings.delete(folder);
  });
  return entry.free;
}

/**
 * Throws ApiError 507 (DISK_FULL_MSG) when writing `addBytes` of pictures would leave a disk they
 * fill with less than the floor; a floor of 0 checks nothing. Call it before writing the files
 * (nothing is written on a refusal), with the total the write adds. Passing reserves the bytes
 * against this process's cached reading until the next statfs.
 */
export async function assertDiskRoom(config: DiskConfig, addBytes: number, now = Date.now()): Promise<void> {
  const floor = config.storage.diskFloorMb * MB;
  if (floor <= 0) return;
  const disks = pictureDisks(config);
  const free = await Promise.all(disks.map((disk) => reading(disk.folder, now)));
  const adds = disks.map((disk) => (disk.holdsPictures ? addBytes : 0));
  if (free.some((f, i) => f.bytes - adds[i]! < floor)) throw new ApiError(DISK_FULL_STATUS, DISK_FULL_MSG);
  free.forEach((f, i) => (f.bytes -= adds[i]!));
}
