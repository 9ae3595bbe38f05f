import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeServer, makeTestStore, scripServer, type Call } from '../testing/render';
import { scripApi } from './scrip-api';

const MENG = { uid: 100002, name: '萌萌猫', face: 2, avatar: '', qianming: '' };
const JIAN = { uid: 100003, name: '月下剑客', face: 3, avatar: '', qianming: '' };

let subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  subscriptions = [];
});

/** A store and a scrip server for 巴巴 (100001) with `pageSize` notes a page. */
function setup(pageSize = 2) {
  const server = scripServer({ me: 100001, users: [MENG, JIAN], pageSize, threadsPageSize: 1 });
  const calls = fakeServer((call) => server.handle(call) ?? fail(404, '未知'));
  const store = makeTestStore();
  /** Subscribes like a mounted component would (so tag invalidation refetches it). */
  const watch = <T extends { unsubscribe(): void }>(sub: T) => (subscriptions.push(sub), sub);
  return { server, calls, store, watch };
}

const asked = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.query.pageNum ?? '');
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('scripApi', () => {
  it('lists the conversations page by page, the newest note first', async () => {
    const { server, calls, store } = setup();
    server.add(100002, 100001, '你好');
    server.add(100003, 100001, '在吗');
    const first = await store.dispatch(scripApi.endpoints.scripThreads.initiate(1)).unwrap();
    expect(first.records.map((t) => [t.user.name, t.last.content, t.unread])).toEqual([['月下剑客', '在吗', 1]]);
    expect(first.pages).toBe(2);
    const second = await store.dispatch(scripApi.endpoints.scripThreads.initiate(2)).unwrap();
    expect(second.records.map((t) => t.user.name)).toEqual(['萌萌猫']);
    expect(asked(calls, '/scrip/threads')).toEqual(['1', '2']);
  });

  it('reads a conversation newest page first, then older pages, and stops at the last', async () => {
    const { server, calls, store, watch } = setup();
    for (const words of ['一', '二', '三', '四', '五']) server.add(100002, 100001, words);
    const sub = watch(store.dispatch(scripApi.endpoints.scripThread.initiate(100002)));
    await sub;
    const select = () => scripApi.endpoints.scripThread.select(100002)(store.getState() as never);
    expect(select().data?.pages.map((p) => p.records.map((n) => n.content))).toEqual([['五', '四']]);
    expect(select().hasNextPage).toBe(true);
    await store.dispatch(scripApi.endpoints.scripThread.initiate(100002, { direction: 'forward' }));
    await store.dispatch(scripApi.endpoints.scripThread.initiate(100002, { direction: 'forward' }));
    expect(select().data?.pages.map((p) => p.records.map((n) => n.content))).toEqual([['五', '四'], ['三', '二'], ['一']]);
    expect(select().hasNextPage).toBe(false);
    expect(asked(calls, '/scrip/thread/100002')).toEqual(['1', '2', '3']);
  });

  it('opening a conversation asks the unread count again (reading marked it read)', async () => {
    const { server, calls, store, watch } = setup();
    server.add(100002, 100001, '你好');
    const count = watch(store.dispatch(scripApi.endpoints.scripCount.initiate()));
    expect(await count.unwrap()).toBe(1);
    await watch(store.dispatch(scripApi.endpoints.scripThread.initiate(100002)));
    await settle();
    expect(asked(calls, '/count/getscrip')).toHaveLength(2);
    expect(scripApi.endpoints.scripCount.select()(store.getState() as never).data).toBe(0);
  });

  it('a send refreshes the open conversation (every loaded page) and the list, not the count', async () => {
    const { server, calls, store, watch } = setup();
    for (const words of ['一', '二', '三']) server.add(100002, 100001, words);
    void watch(store.dispatch(scripApi.endpoints.scripThreads.initiate(1)));
    await watch(store.dispatch(scripApi.endpoints.scripThread.initiate(100002)));
    await store.dispatch(scripApi.endpoints.scripThread.initiate(100002, { direction: 'forward' }));
    void watch(store.dispatch(scripApi.endpoints.scripCount.initiate()));
    await settle();
    const before = calls.length;
    const sent = await store.dispatch(scripApi.endpoints.sendScrip.initiate({ toUid: 100002, content: '四' })).unwrap();
    expect(sent.scripId).toBe(4);
    await settle();
    const after = calls.slice(before).map((c) => `${c.method} ${c.path} ${c.query.pageNum ?? ''}`.trim());
    expect(after).toContain('GET /scrip/thread/100002 1');
    expect(after).toContain('GET /scrip/thread/100002 2');
    expect(after).toContain('GET /scrip/threads 1');
    const pages = scripApi.endpoints.scripThread.select(100002)(store.getState() as never).data?.pages;
    expect(pages?.map((p) => p.records.map((n) => n.content))).toEqual([
      ['四', '三'],
      ['二', '一'],
    ]);
  });

  it('a refused send changes nothing and carries the server’s words', async () => {
    const { server, calls, store } = setup();
    server.close(100003);
    const result = await store.dispatch(scripApi.endpoints.sendScrip.initiate({ toUid: 100003, content: '你好' }));
    expect(result.error).toEqual({ status: 403, message: '对方设置了权限，你不能这样做' });
    expect(calls.filter((c) => c.method === 'GET')).toEqual([]);
  });

  it('deleting a note or a conversation hides it for the caller and refreshes list, conversation and count', async () => {
    const { server, calls, store, watch } = setup(20);
    server.add(100002, 100001, '一');
    server.add(100001, 100002, '二');
    void watch(store.dispatch(scripApi.endpoints.scripCount.initiate()));
    await watch(store.dispatch(scripApi.endpoints.scripThread.initiate(100002)));
    await settle();
    const before = calls.length;
    await store.dispatch(scripApi.endpoints.deleteScrip.initiate({ scripId: 2, withUid: 100002 })).unwrap();
    await settle();
    expect(calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['DELETE /scrip/delete', 'GET /scrip/thread/100002', 'GET /count/getscrip']),
    );
    expect(
      scripApi.endpoints.scripThread
        .select(100002)(store.getState() as never)
        .data?.pages[0]?.records.map((n) => n.content),
    ).toEqual(['一']);
    await store.dispatch(scripApi.endpoints.deleteScripThread.initiate(100002)).unwrap();
    expect(server.seen()).toEqual([]);
    expect(calls.find((c) => c.method === 'DELETE' && c.path === '/scrip/thread')?.query).toEqual({ uid: '100002' });
  });
});
