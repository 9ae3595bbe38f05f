/**
 * Reading one uploaded picture from a multipart body (field `file`), shared by /api/yy/upload and
 * /api/api/avatar/upload. Each registers @fastify/multipart in its own scope with MULTIPART_OPTIONS;
 * every other route keeps the JSON-only, 16 KiB rule.
 */
import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@xiaoba/shared/core';
import { ApiError } from '../api/http/errors';
import { UPLOAD_MSG } from './images';

export const MULTIPART_OPTIONS = {
  limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
};

/** The bytes of the `file` part. ApiError 413 past IMAGE_MAX_BYTES, 400 without a (non-empty) file. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  let buffer: Buffer;
  try {
    const part = await request.file();
    if (!part) throw new ApiError(400, UPLOAD_MSG.noFile);
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new ApiError(400, UPLOAD_MSG.noFile);
    }
    buffer = await part.toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new ApiError(413, UPLOAD_MSG.tooLarge);
    throw new ApiError(400, UPLOAD_MSG.noFile);
  }
  if (buffer.length === 0) throw new ApiError(400, UPLOAD_MSG.noFile);
  return buffer;
}
