/** The album calls tests of several features make: a photo uploaded through the API. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { json } from './helpers';
import { multipart, pngImage } from './yy';

/** POST /api/album/upload?albumId with `file` (a small PNG unless given), signed in by `headers`. */
export async function postAlbumPhoto(app: FastifyInstance, headers: Record<string, string>, albumId: number, file?: Buffer): Promise<LightMyRequestResponse> {
  const form = multipart('file', 'photo.png', 'image/png', file ?? (await pngImage()));
  return app.inject({
    method: 'POST',
    url: `/api/album/upload?albumId=${albumId}`,
    payload: form.body,
    headers: { ...headers, 'content-type': form.contentType },
  });
}

/** Uploads a PNG `width` × 30 to the album as the user of `token`, and answers the photo. */
export async function uploadPngPhoto(app: FastifyInstance, token: string, albumId: number, width: number): Promise<{ photoId: number; url: string }> {
  const res = await postAlbumPhoto(app, { authorization: `Bearer ${token}` }, albumId, await pngImage(width, 30));
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}
