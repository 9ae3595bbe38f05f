/** Test helpers of the 日志 tests: signed-in people, follows, entries written through the API. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TokenSigner } from '../../api/auth/tokens';
import { TEST_JWT_SECRET, json, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { multipart } from '../../test/yy';

const signer = new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET));

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Person {
  uid: number;
  call(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  upload(body: Buffer): Promise<LightMyRequestResponse>;
}

/** A signed-in user; born in 2000 (an adult) unless `birthday` says otherwise (null: none). */
export async function person(t: TestApp, name: string, birthday: string | null = '2000-01-02'): Promise<Person> {
  const { uid } = await createUser(t.pool, { name, birthday });
  return as(t, uid);
}

export async function as(t: TestApp, uid: number, app = t.app): Promise<Person> {
  const headers = { authorization: `Bearer ${await signer.signAccess(uid, 900)}` };
  return {
    uid,
    call: (method, url, payload) => app.inject({ method, url, payload, headers }),
    upload: (body) => {
      const form = multipart('file', 'photo.jpg', 'image/jpeg', body);
      return app.inject({ method: 'POST', url: '/api/yy/upload', payload: form.body, headers: { ...headers, 'content-type': form.contentType } });
    },
  };
}

/** A caller without a token. */
export const signedOut = (t: TestApp): Person => ({
  uid: 0,
  call: (method, url, payload) => t.app.inject({ method, url, payload }),
  upload: () => Promise.reject(new Error('signed out')),
});

export const follow = (t: TestApp, who: Person, whom: Person) =>
  t.pool.query('INSERT INTO follows (uid, followed_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [who.uid, whom.uid]);

/** Writes an entry and answers its id. */
export async function write(who: Person, fields: { title?: string; content?: string; visibility?: string; images?: string[] } = {}): Promise<number> {
  const res = await who.call('POST', '/api/diary/add', { title: '标题', content: `内容 ${Math.random()}`, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.diaryId as number;
}

/** The ids of `owner`'s entries `viewer` sees in the list, newest first. */
export async function listed(viewer: Person, owner: Person): Promise<number[]> {
  const res = await viewer.call('GET', `/api/diary/list/${owner.uid}?pageNum=1&pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.records.map((r: { diaryId: number }) => r.diaryId);
}

export { json };
