/**
 * An album photo's file (/uploads/album/…) is loaded only by whoever may see the photo: the same
 * rule as the API, read for an <img> request from its page session (`xb_page`); moderators see
 * any (a reported photo in their queue). Not cached by shared caches: a change of visibility counts
 * at the next load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, json, startTestApp, type TestApp } from '../../test/helpers';
import { PASSWORD } from '../../test/users';
import { member, pngImage } from '../../test/yy';
import { createAlbum, follow, person, uploadPhoto, type Person } from './album-testing';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ postLimits: { yy: 0, comments: 0, uploads: 0, windowMinutes: 10 } });
});
afterAll(() => t?.close());

/** The page cookie a login sets for `p`. */
async function pageCookie(p: Person): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(p.uid), password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res, 'xb_page')!;
}
const load = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, ...(cookie ? { cookies: { xb_page: cookie } } : {}) });
  return res.statusCode;
};

describe('an album photo’s file', () => {
  it('loads for whoever may see the photo, and for nobody else, as the visibility says at each load', async () => {
    const owner = await person(t, '文件主人');
    const friend = await person(t, '文件好友');
    const stranger = await person(t, '文件路人');
    const mod = await person(t, '文件管理员');
    await t.pool.query(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.uid]);
    await follow(t, friend, owner);
    await follow(t, owner, friend);
    const [ownerC, friendC, strangerC, modC] = [await pageCookie(owner), await pageCookie(friend), await pageCookie(stranger), await pageCookie(mod)];
    const albumId = await createAlbum(owner, '朋友的', 'mutual');
    const photo = await uploadPhoto(owner, albumId);
    expect(await load(photo.url, ownerC)).toBe(200);
    expect(await load(photo.url, friendC)).toBe(200);
    expect(await load(photo.url, strangerC)).toBe(404);
    expect(await load(photo.url)).toBe(404);
    expect(await load(photo.url, modC)).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: photo.url, cookies: { xb_page: ownerC } });
    expect(res.headers['cache-control']).toBe('private, no-cache');

    const update = (visibility: string) => owner.call('PATCH', '/api/album/update', { albumId, visibility });
    expect(json(await update('public')).code).toBe(200);
    expect(await load(photo.url)).toBe(200);
    expect(json(await update('self')).code).toBe(200);
    expect(await load(photo.url, friendC)).toBe(404);
    expect(await load(photo.url, ownerC)).toBe(200);

    // Removed by a moderator: nobody's but the moderators'.
    await t.pool.query('UPDATE album_photos SET removed_at = now(), removed_by = $2 WHERE photo_id = $1', [photo.photoId, mod.uid]);
    expect(await load(photo.url, ownerC)).toBe(404);
    expect(await load(photo.url, modC)).toBe(200);
  });

  it('a yy picture is not gated', async () => {
    const poster = await member(t, '发图的');
    const res = await poster.upload(await pngImage());
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: json(res).data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('immutable');
  });
});
