import { afterEach, describe, expect, it } from 'vitest';
import { diaryServer, fail, fakeServer, makeTestStore } from '@xiaoba/shared/testing';
import { diarySearchApi } from './diary-search-api';

const MENG = { uid: 100002, name: '萌萌猫' };

let subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  subscriptions = [];
});

describe('diarySearchApi', () => {
  it('searches the entries the caller may see', async () => {
    const server = diaryServer({ me: 100001, users: [{ uid: 100001, name: '巴巴' }, MENG] });
    const calls = fakeServer((call) => server.handle(call) ?? fail(404, '未知'));
    const store = makeTestStore();
    server.add(MENG.uid, { title: '小猫', content: '公开的', visibility: 'public' });
    server.add(MENG.uid, { title: '小猫秘密', content: '不公开', visibility: 'self' });
    const search = store.dispatch(diarySearchApi.endpoints.searchDiary.initiate({ q: '小猫', page: 1 }));
    subscriptions.push(search);
    const found = await search.unwrap();
    expect(found.records.map((d) => d.title)).toEqual(['小猫']);
    expect(calls.at(-1)!.query).toEqual({ q: '小猫', pageNum: '1', pageSize: '10' });
  });
});
