import { afterEach, describe, expect, it } from 'vitest';
import { albumServer, fail, fakeServer, makeTestStore, type Call } from '@xiaoba/shared/testing';
import { afterPhotosUploaded, albumApi, uploadPhoto } from './album-api';

const BABA = { uid: 100001, name: '巴巴', face: 1, avatar: '' };
const MENG = { uid: 100002, name: '萌萌猫', face: 2, avatar: '' };

let subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  subscriptions = [];
});

/** A store and an album server for 巴巴 (100001) with `pageSize` photos a page. */
function setup(pageSize = 2) {
  const server = albumServer({ me: 100001, users: [BABA, MENG], pageSize });
  const calls = fakeServer((call) => server.handle(call) ?? fail(404, '未知'));
  const store = makeTestStore();
  const watch = <T extends { unsubscribe(): void }>(sub: T) => (subscriptions.push(sub), sub);
  return { server, calls, store, watch };
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET').map((c) => `${c.path} ${c.query.pageNum ?? ''}`.trim());

describe('albumApi', () => {
  it('reads an album newest photos first, then older pages, and stops at the last', async () => {
    const { server, store, watch } = setup();
    const albumId = server.create(100001, '春游', 'public');
    for (let i = 0; i < 5; i++) server.addPhoto(albumId);
    await watch(store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId)));
    const select = () => albumApi.endpoints.albumPhotos.select(albumId)(store.getState() as never);
    const pages = () => select().data?.pages.map((p) => ('records' in p ? p.records.map((ph) => ph.photoId) : p));
    expect(pages()).toEqual([[5, 4]]);
    expect(select().data?.pages[0]).toMatchObject({ album: { name: '春游' }, owner: { name: '巴巴' } });
    await store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId, { direction: 'forward' }));
    await store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId, { direction: 'forward' }));
    expect(pages()).toEqual([[5, 4], [3, 2], [1]]);
    expect(select().hasNextPage).toBe(false);
  });

  it('an album the caller may not see answers 相册不存在 as data (handed over by a server render); another failure stays an error', async () => {
    const { server, store } = setup();
    const albumId = server.create(100002, '秘密', 'self');
    const result = await store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId));
    expect(result.data?.pages).toEqual([{ missing: '相册不存在' }]);
    expect(result.hasNextPage).toBe(false);
    expect(await store.dispatch(albumApi.endpoints.albumList.initiate(100002)).unwrap()).toEqual([]);
    fakeServer(() => fail(500, '服务器开小差了'));
    await store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId + 1));
    expect(albumApi.endpoints.albumPhotos.select(albumId + 1)(store.getState() as never).error).toMatchObject({ status: 500, message: '服务器开小差了' });
  });

  it('creating an album refreshes the owner’s list', async () => {
    const { calls, store, watch } = setup();
    void watch(store.dispatch(albumApi.endpoints.albumList.initiate(100001)));
    await settle();
    const created = await store.dispatch(albumApi.endpoints.createAlbum.initiate({ uid: 100001, name: '毕业', visibility: 'self' })).unwrap();
    expect(created.albumId).toBe(1);
    await settle();
    expect(gets(calls)).toEqual(['/album/list/100001', '/album/list/100001']);
    const list = albumApi.endpoints.albumList.select(100001)(store.getState() as never).data;
    expect(list?.map((a) => [a.name, a.visibility, a.photoCount])).toEqual([['毕业', 'self', 0]]);
  });

  it('a new cover refreshes the album and the list; deleting the album refreshes only the list', async () => {
    const { server, calls, store, watch } = setup();
    const albumId = server.create(100001, '春游', 'public');
    const [first] = [server.addPhoto(albumId), server.addPhoto(albumId)];
    void watch(store.dispatch(albumApi.endpoints.albumList.initiate(100001)));
    await watch(store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId)));
    await settle();
    const before = calls.length;
    await store.dispatch(albumApi.endpoints.updateAlbum.initiate({ uid: 100001, albumId, coverPhotoId: first!.photoId })).unwrap();
    await settle();
    expect(gets(calls.slice(before)).sort()).toEqual([`/album/list/100001`, `/album/photos/${albumId} 1`]);
    expect(albumApi.endpoints.albumList.select(100001)(store.getState() as never).data?.[0]?.coverUrl).toBe(first!.url);
    const beforeDelete = calls.length;
    await store.dispatch(albumApi.endpoints.deleteAlbum.initiate({ uid: 100001, albumId })).unwrap();
    await settle();
    expect(gets(calls.slice(beforeDelete))).toEqual(['/album/list/100001']);
  });

  it('uploads one file as the multipart field file, with its progress, and says a refusal in the server’s words', async () => {
    const { server, calls, store, watch } = setup();
    const albumId = server.create(100001, '春游', 'public');
    await watch(store.dispatch(albumApi.endpoints.albumPhotos.initiate(albumId)));
    const file = new File(['x'.repeat(100)], 'a.jpg', { type: 'image/jpeg' });
    const progress: number[] = [];
    const done = await uploadPhoto(albumId, file, (f) => progress.push(f));
    expect(done).toMatchObject({ ok: true, data: { photoId: 1, albumId } });
    const upload = calls.find((c) => c.path === '/album/upload')!;
    expect(upload.query).toEqual({ albumId: String(albumId) });
    expect(upload.body).toEqual({ file: { name: 'a.jpg', type: 'image/jpeg', size: 100 } });
    server.refuseUpload('b.jpg', fail(413, '相册空间已满'));
    expect(await uploadPhoto(albumId, new File(['y'], 'b.jpg', { type: 'image/jpeg' }), () => {})).toEqual({ ok: false, message: '相册空间已满' });
    store.dispatch(afterPhotosUploaded(100001, albumId));
    await settle();
    const page = albumApi.endpoints.albumPhotos.select(albumId)(store.getState() as never).data?.pages[0];
    expect(page).toMatchObject({ records: [{ photoId: 1 }] });
  });
});
