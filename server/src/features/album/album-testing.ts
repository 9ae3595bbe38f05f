/** What the album tests share: people, follows, an album's calls and a photo's upload. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { json, type TestApp } from '../../test/helpers';
import { callerAs, follow, newUid, type Caller, type Method } from '../../test/people';
import { postAlbumPhoto } from '../../test/albums';
import { pngImage } from '../../test/yy';

export interface Person extends Caller {
  /** POST /api/album/upload?albumId with `file` (a small PNG unless given). */
  upload(albumId: number, file?: Buffer): Promise<LightMyRequestResponse>;
}

/** A signed-in user of `app`, by uid. */
export async function as(app: FastifyInstance, uid: number): Promise<Person> {
  const { headers, ...caller } = await callerAs(app, uid);
  return {
    ...caller,
    upload: (albumId, file) => postAlbumPhoto(app, headers, albumId, file),
  };
}

/** A new user (born in 2000, an adult, unless `birthday` says otherwise; null: none), signed in. */
export async function person(t: TestApp, name: string, birthday: string | null = '2000-01-02', app: FastifyInstance = t.app): Promise<Person> {
  return as(app, await newUid(t, name, birthday));
}

/** A caller without a token. */
export const signedOut = (app: FastifyInstance) => ({ call: (method: Method, url: string) => app.inject({ method, url }) });

export { follow };

/** Creates an album and answers its id. */
export async function createAlbum(owner: Person, name = '春游', visibility?: string): Promise<number> {
  const res = await owner.call('POST', '/api/album/create', { name, ...(visibility === undefined ? {} : { visibility }) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.albumId as number;
}

/** Uploads a photo and answers it. */
export async function uploadPhoto(owner: Person, albumId: number, file?: Buffer): Promise<{ photoId: number; url: string; size: number }> {
  const res = await owner.upload(albumId, file);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
}

/** A different small PNG each call (a colour per call), so uploads are distinct files. */
let shade = 0;
export const anotherPng = () => pngImage(40 + (shade++ % 50), 30);
