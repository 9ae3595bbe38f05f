import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { followApi } from '@xiaoba/shared';
import { fakeServer, makeTestStore, ok, renderPage, restoreApi, type Call } from '@xiaoba/shared/testing';
import Feed, { FEED_TITLE, FOLLOWING_FEED_TITLE, prefetch } from './feed';
import { FOLLOWS_SILENT, NO_FOLLOWS } from './follow/FollowingEmpty';
import { me, signedIn } from './testing/fixtures';
import { page, yy } from './testing/yy-fixtures';

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
