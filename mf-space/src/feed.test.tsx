import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { followApi, SEARCH_MSG, SEARCH_PAGES_MAX } from '@xiaoba/shared';
import { fail, fakeServer, makeTestStore, ok, renderPage, restoreApi, type Call } from '@xiaoba/shared/testing';
import Feed, { FEED_TITLE, FOLLOWING_FEED_TITLE, prefetch, searchTitle } from './feed';
import { FOLLOWS_SILENT, NO_FOLLOWS } from './follow/FollowingEmpty';
import { me, signedIn } from './testing/fixtures';
import { page, yy } from './testing/yy-fixtures';
import { yyApi } from './yy/yy-api';

afterEach(restoreApi);

const feedCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/yy/')).map((c) => [c.path, c.query.pageNum]);

describe('./feed', () => {
  it('lists everyone’s yy from /yy/getyy under its heading', async () => {
    const calls = fakeServer((call) => (call.path === '/yy/getyy' ? ok(page([yy({ weiboId: 7, content: '大家好' })])) : ok([])));
    renderPage(<Feed />, { path: '/home' });
    expect(await screen.findByText('大家好')).toBeTruthy();
    expect(screen.getByRole('heading', { name: FEED_TITLE })).toBeTruthy();
    expect(calls.some((c) => c.path === '/yy/getyy' && c.query.pageNum === '1')).toBe(true);
  });
});

describe("./feed with source 'following' (关注的yy)", () => {
  it('lists /yy/getfollowyy under 关注的yy, paged, and never asks for everyone’s', async () => {
    const calls = fakeServer((call) =>
      call.path === '/yy/getfollowyy'
        ? ok(
            page(
              [yy({ weiboId: Number(call.query.pageNum), uid: 10002, userName: '小明', content: `关注的第${call.query.pageNum}页` })],
              2,
              Number(call.query.pageNum),
            ),
          )
        : ok([]),
    );
    const user = userEvent.setup();
    renderPage(<Feed source="following" />, { path: '/home', state: signedIn });
    expect(await screen.findByText('关注的第1页')).toBeTruthy();
    expect(screen.getByRole('heading', { name: FOLLOWING_FEED_TITLE })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: `${FOLLOWING_FEED_TITLE}分页` })).getByRole('button', { name: '第2页' }));
    expect(await screen.findByText('关注的第2页')).toBeTruthy();
    expect(feedCalls(calls)).toEqual([
      ['/yy/getfollowyy', '1'],
      ['/yy/getfollowyy', '2'],
    ]);
  });

  it('empty, for someone who follows nobody, says how to start', async () => {
    fakeServer((call) => {
      if (call.path === '/yy/getfollowyy') return ok(page([], 0));
      if (call.path === '/user/getinfo') return ok({ ...me, follows: 0 });
      return ok([]);
    });
    renderPage(<Feed source="following" />, { path: '/home', state: signedIn });
    expect(await screen.findByText(NO_FOLLOWS)).toBeTruthy();
    expect(NO_FOLLOWS).toBe('你还没有关注任何人，去老同学的空间点「关注」吧');
  });

  it('empty, for someone whose follows have not posted, says just that', async () => {
    fakeServer((call) => {
      if (call.path === '/yy/getfollowyy') return ok(page([], 0));
      if (call.path === '/user/getinfo') return ok({ ...me, follows: 2 });
      return ok([]);
    });
    renderPage(<Feed source="following" />, { path: '/home', state: signedIn });
    expect(await screen.findByText(FOLLOWS_SILENT)).toBeTruthy();
    expect(screen.queryByText(NO_FOLLOWS)).toBeNull();
  });

  it('is asked again after a follow or unfollow, since whose yy it holds changed', async () => {
    const calls = fakeServer((call) => (call.path === '/yy/getfollowyy' ? ok(page([yy({ content: '我的yy' })])) : ok()));
    const { store } = renderPage(<Feed source="following" />, { path: '/home', state: signedIn });
    expect(await screen.findByText('我的yy')).toBeTruthy();
    await store.dispatch(followApi.endpoints.followAdd.initiate(10002));
    await waitFor(() =>
      expect(feedCalls(calls)).toEqual([
        ['/yy/getfollowyy', '1'],
        ['/yy/getfollowyy', '1'],
      ]),
    );
  });

  it('its prefetch asks page 1 of /yy/getfollowyy, which the fragment then shows without asking again', async () => {
    const store = makeTestStore(signedIn);
    const calls = fakeServer((call) => (call.path === '/yy/getfollowyy' ? ok(page([yy({ content: '先到的yy' })])) : ok([])));
    prefetch(store.dispatch, 'following');
    renderPage(<Feed source="following" />, { path: '/home', store });
    expect(await screen.findByText('先到的yy')).toBeTruthy();
    expect(feedCalls(calls)).toEqual([['/yy/getfollowyy', '1']]);
  });
});

const searchCalls = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith('/search/') || c.path.startsWith('/yy/get')).map((c) => [c.path, c.query.q, c.query.pageNum]);

describe('./feed with search (the yy tab of /search)', () => {
  it('lists /search/yy for the words under its heading, the words marked in each yy, paged', async () => {
    const calls = fakeServer((call) =>
      call.path === '/search/yy'
        ? ok(page([yy({ weiboId: Number(call.query.pageNum), content: `第${call.query.pageNum}页：山顶的晚霞太美了` })], 2, Number(call.query.pageNum)))
        : ok([]),
    );
    const user = userEvent.setup();
    renderPage(<Feed search="晚霞" />, { path: '/search', state: signedIn });
    const article = (await screen.findByText(/第1页：山顶的/u)).closest('article')!;
    expect([...article.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['晚霞']);
    expect(screen.getByRole('heading', { name: searchTitle('晚霞') })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: `${searchTitle('晚霞')}分页` })).getByRole('button', { name: '第2页' }));
    expect(await screen.findByText(/第2页：山顶的/u)).toBeTruthy();
    expect(searchCalls(calls)).toEqual([
      ['/search/yy', '晚霞', '1'],
      ['/search/yy', '晚霞', '2'],
    ]);
  });

  it('says SEARCH_MSG.noYy when nothing holds the words', async () => {
    fakeServer((call) => (call.path === '/search/yy' ? ok(page([], 0)) : ok([])));
    renderPage(<Feed search="没有的词" />, { path: '/search', state: signedIn });
    expect(await screen.findByText(SEARCH_MSG.noYy)).toBeTruthy();
  });

  it("shows the server's message when it refuses", async () => {
    fakeServer((call) => (call.path === '/search/yy' ? fail(400, SEARCH_MSG.tooDeep) : ok([])));
    renderPage(<Feed search="晚霞" />, { path: '/search', state: signedIn });
    expect((await screen.findByRole('alert')).textContent).toContain(SEARCH_MSG.tooDeep);
  });

  it(`offers no page beyond ${SEARCH_PAGES_MAX}`, async () => {
    fakeServer((call) => (call.path === '/search/yy' ? ok(page([yy({ content: '晚霞' })], 80)) : ok([])));
    renderPage(<Feed search="晚霞" />, { path: '/search', state: signedIn });
    const pager = await screen.findByRole('navigation', { name: `${searchTitle('晚霞')}分页` });
    expect(within(pager).queryByRole('button', { name: `第${SEARCH_PAGES_MAX}页` })).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: `第${SEARCH_PAGES_MAX + 1}页` })).toBeNull();
    expect(within(pager).queryByRole('button', { name: '第80页' })).toBeNull();
  });

  it('is asked again after a delete, like the feeds (its pages are YyList pages)', async () => {
    const calls = fakeServer((call) => (call.path === '/search/yy' ? ok(page([yy({ content: '晚霞' })])) : ok()));
    const { store } = renderPage(<Feed search="晚霞" />, { path: '/search', state: signedIn });
    expect(await screen.findByRole('article')).toBeTruthy();
    await store.dispatch(yyApi.endpoints.deleteYy.initiate(1));
    await waitFor(() =>
      expect(searchCalls(calls)).toEqual([
        ['/search/yy', '晚霞', '1'],
        ['/search/yy', '晚霞', '1'],
      ]),
    );
  });

  it('its prefetch, given the words, asks page 1 of /search/yy, which the fragment then shows without asking again', async () => {
    const store = makeTestStore(signedIn);
    const calls = fakeServer((call) => (call.path === '/search/yy' ? ok(page([yy({ content: '先到的晚霞' })])) : ok([])));
    prefetch(store.dispatch, 'all', '晚霞');
    renderPage(<Feed search="晚霞" />, { path: '/search', store });
    expect(await screen.findByText('先到的', { exact: false })).toBeTruthy();
    expect(searchCalls(calls)).toEqual([['/search/yy', '晚霞', '1']]);
  });
});
