/** Test helpers of the 日志 tests: signed-in people, follows, entries written through the API. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { json, type TestApp } from '../../test/helpers';
import { callerAs, follow, newUid, type Caller } from '../../test/people';
import { multipart } from '../../test/yy';

export interface Person extends Caller {
  upload(body: Buffer): Promise<LightMyRequestResponse>;
}

/** A signed-in user; born in 2000 (an adult) unless `birthday` says otherwise (null: none). */
export async function person(t: TestApp, name: string, birthday: string | null = '2000-01-02'): Promise<Person> {
  return as(t, await newUid(t, name, birthday));
}

export async function as(t: TestApp, uid: number, app: FastifyInstance = t.app): Promise<Person> {
  const { headers, ...caller } = await callerAs(app, uid);
  return {
    ...caller,
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

export { follow };

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
