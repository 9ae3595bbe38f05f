/**
 * Pictures of yy posts and avatars: recognised by their content (never by name or declared type), then
 * re-encoded as WebP with sharp: oriented upright, inside 1600x1600 without enlargement, every
 * metadata block (EXIF with GPS, XMP, IPTC, ICC, comments) dropped. These are children's photos.
 */
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { ApiError } from '../api/http/errors';

export const IMAGE_MAX_SIDE = 1600;
/**
 * Largest decoded image accepted (all frames of an animation count): 50 megapixels, e.g. 8660x5773.
 * A small file claiming more (a decompression bomb) is refused before any pixel is decoded.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const WEBP_QUALITY = 82;

export const UPLOAD_MSG = {
  tooLarge: `图片不能超过${IMAGE_MAX_BYTES / 1024 / 1024}MB`,
  badType: '只支持 JPG、PNG、GIF、WebP 格式的图片',
  broken: '图片已损坏，无法读取',
  tooManyPixels: '图片尺寸过大',
  noFile: '请选择要上传的图片',
} as const;

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** The format the first bytes announce, or null for anything else (SVG, HEIC, text, ...). */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'gif';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A decoder failure as the user sees it: too many pixels, or a broken file. */
function unreadable(error: unknown): ApiError {
  const message = String((error as Error | undefined)?.message ?? '');
  return new ApiError(400, /pixel limit/i.test(message) ? UPLOAD_MSG.tooManyPixels : UPLOAD_MSG.broken);
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

// Re-encoding is CPU-bound (libvips uses its own threads); a few at a time keep the API responsive.
const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export interface ProcessOptions {
  /**
   * An avatar: cropped to a `square` x `square` picture (cover, centred, enlarged when smaller),
   * still (the first frame of an animation). Without it: a yy picture, inside IMAGE_MAX_SIDE.
   */
  square?: number;
}

/**
 * Checks and re-encodes one picture. Throws ApiError 413 (too big), 415 (not JPEG/PNG/GIF/WebP
 * by content), 400 (broken, or more pixels than IMAGE_MAX_PIXELS). Animations stay animated,
 * except as an avatar (`square`).
 */
export async function processImage(input: Buffer, { square }: ProcessOptions = {}): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw new ApiError(413, UPLOAD_MSG.tooLarge);
  const format = sniffImageFormat(input);
  if (!format) throw new ApiError(415, UPLOAD_MSG.badType);
  return withSlot(async () => {
    const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const };
    let meta: Metadata;
    try {
      meta = await sharp(input, options).metadata();
    } catch (error) {
      throw unreadable(error);
    }
    // The decoder must agree with the magic bytes (a PNG header glued on something else does not pass).
    if (meta.format !== format) throw new ApiError(415, UPLOAD_MSG.badType);
    const pages = meta.pages ?? 1;
    if (meta.width * (meta.pageHeight ?? meta.height) * pages > IMAGE_MAX_PIXELS) throw new ApiError(400, UPLOAD_MSG.tooManyPixels);
    const animated = square === undefined && (format === 'gif' || format === 'webp') && pages > 1;
    try {
      const oriented = sharp(input, { ...options, animated }).rotate();
      const sized = square
        ? oriented.resize(square, square, { fit: 'cover', position: 'centre' })
        : oriented.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
      // sharp writes no metadata unless asked (no withMetadata/keepExif here): EXIF, GPS, XMP, ICC all go.
      const { data, info } = await sized.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch (error) {
      throw unreadable(error);
    }
  });
}
