import { afterEach, describe, expect, it } from 'vitest';
import { diaryServer, fail, fakeServer, makeTestStore, type Call } from '@xiaoba/shared/testing';
import { diaryApi } from './diary-api';

const BABA = { uid: 100001, name: '巴巴' };
const MENG = { uid: 100002, name: '萌萌猫' };

let subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  subscriptions = [];
});

function setup() {
  const server = diaryServer({ me: BABA.uid, users: [BABA, MENG] });
  const calls = fakeServer((call) => server.handle(call) ?? fail(404, '未知'));
  const store = makeTestStore();
  const watch = <T extends { unsubscribe(): void }>(sub: T) => (subscriptions.push(sub), sub);
  return { server, calls, store, watch };
}

const asked = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('diaryApi', () => {
  it('lists a space newest first, one page of DIARY_PAGE_SIZE at a time', async () => {
    const { server, calls, store } = setup();
    for (let i = 1; i <= 12; i++) server.add(BABA.uid, { title: `第${i}篇`, content: '今天很开心', visibility: 'public' });
    const first = await store.dispatch(diaryApi.endpoints.diaryList.initiate({ uid: BABA.uid, page: 1 })).unwrap();
    expect(first.records.map((d) => d.title).slice(0, 2)).toEqual(['第12篇', '第11篇']);
    expect(first.pages).toBe(2);
    expect(calls[0]!.query).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('an entry the caller may not see answers null (its 404 日志不存在), like a missing one; other failures stay errors', async () => {
    const { server, store } = setup();
    const hidden = server.add(MENG.uid, { title: '秘密', content: '只给朋友看', visibility: 'mutual' });
    const res = await store.dispatch(diaryApi.endpoints.diary.initiate(hidden.diaryId));
    expect(res.status).toBe('fulfilled');
    expect(res.data).toBeNull();
    const missing = await store.dispatch(diaryApi.endpoints.diary.initiate(999));
    expect(missing.data).toBeNull();

    fakeServer(() => fail(500, '服务器出错了'));
    const broken = await store.dispatch(diaryApi.endpoints.diary.initiate(hidden.diaryId, { forceRefetch: true }));
    expect(broken.error).toMatchObject({ status: 500 });
  });

  it('writing an entry refreshes the own list; editing refreshes the entry', async () => {
    const { calls, store, watch } = setup();
    void watch(store.dispatch(diaryApi.endpoints.diaryList.initiate({ uid: BABA.uid, page: 1 })));
    await settle();
    const added = await store.dispatch(diaryApi.endpoints.addDiary.initiate({ title: '春游', content: '去公园', images: [], visibility: 'self' })).unwrap();
    await settle();
    expect(asked(calls, `/diary/list/${BABA.uid}`)).toBe(2);
    const list = diaryApi.endpoints.diaryList.select({ uid: BABA.uid, page: 1 })(store.getState() as never);
    expect(list.data?.records.map((d) => [d.title, d.visibility])).toEqual([['春游', 'self']]);

    void watch(store.dispatch(diaryApi.endpoints.diary.initiate(added.diaryId)));
    await settle();
    await store
      .dispatch(diaryApi.endpoints.updateDiary.initiate({ diaryId: added.diaryId, title: '秋游', content: '去山上', images: [], visibility: 'public' }))
      .unwrap();
    await settle();
    const entry = diaryApi.endpoints.diary.select(added.diaryId)(store.getState() as never);
    expect(entry.data?.title).toBe('秋游');
    expect(entry.data?.mtime).toBeGreaterThan(0);
  });

  it('a comment refreshes the comments and the count; deleting it does too', async () => {
    const { server, store, watch } = setup();
    const entry = server.add(MENG.uid, { title: '画画', content: '我画了一只猫', visibility: 'public' });
    void watch(store.dispatch(diaryApi.endpoints.diary.initiate(entry.diaryId)));
    void watch(store.dispatch(diaryApi.endpoints.diaryComments.initiate({ diaryId: entry.diaryId, page: 1 })));
    await settle();
    const c = await store
      .dispatch(diaryApi.endpoints.addDiaryComment.initiate({ diaryId: entry.diaryId, content: '好可爱', replyCommentId: 0, replyUid: 0 }))
      .unwrap();
    expect(c.username).toBe('巴巴');
    await settle();
    const state = () => store.getState() as never;
    expect(diaryApi.endpoints.diary.select(entry.diaryId)(state()).data?.commentCount).toBe(1);
    expect(
      diaryApi.endpoints.diaryComments
        .select({ diaryId: entry.diaryId, page: 1 })(state())
        .data?.records.map((x) => x.content),
    ).toEqual(['好可爱']);
    await store.dispatch(diaryApi.endpoints.deleteDiaryComment.initiate({ commentId: c.commentId, diaryId: entry.diaryId })).unwrap();
    await settle();
    expect(diaryApi.endpoints.diary.select(entry.diaryId)(state()).data?.commentCount).toBe(0);
  });
});
