/** Pictures of the ZIP: checked before anything is written, each distinct one stored once, before the rows. */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AVATAR_SIZE, IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, processImage } from '../../../uploads/images';

/** A picture of the ZIP as it will be stored: as it is (a clean WebP of ours), or re-encoded. */
export interface CheckedPicture {
  /** sha256 of the bytes to store: two names (or two references) with the same bytes are one file. */
  hash: string;
  /** The re-encoded bytes, or null to store the ZIP's own bytes. */
  data: Buffer | null;
  size: number;
  width: number;
  height: number;
}

/**
 * Whether a picture from the ZIP can be stored as it is: a WebP within our limits with no
 * metadata (what this server writes). Anything else is re-encoded like an upload; null when it
 * cannot be read at all.
 */
export async function checkPicture(buffer: Buffer, avatar: boolean): Promise<CheckedPicture | null> {
  try {
    const meta = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
    const height = meta.pageHeight ?? meta.height;
    const clean = meta.format === 'webp' && !meta.exif && !meta.icc && !meta.xmp && !meta.iptc;
    const fits = avatar ? meta.width === AVATAR_SIZE && height === AVATAR_SIZE : meta.width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE;
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    if (clean && fits && buffer.length <= IMAGE_MAX_BYTES) return { hash: hash(buffer), data: null, size: buffer.length, width: meta.width, height };
    const image = await processImage(buffer, avatar ? { square: AVATAR_SIZE } : {});
    return { hash: hash(image.data), data: image.data, size: image.data.length, width: image.width, height: image.height };
  } catch {
    return null;
  }
}

export const newKey = (folder: 'yy' | 'avatars' | 'album') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

/** Runs `fn` over `items`, `limit` at a time (picture checks and writes: I/O and libvips threads). */
export async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const PARALLEL_PICTURES = 4;
