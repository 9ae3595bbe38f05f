import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi, FEED_LIST_TAG, liveBus, setRemoteLoader, type ApiEnvelope, type FeedSource } from '@xiaoba/shared';
import { fakeServer, ok, renderPage } from '@xiaoba/shared/testing';
import { SpaceFeed } from './SpaceFeed';

afterEach(() => setRemoteLoader(undefined));

/** mf-space's ./feed as a stand-in: says which source it was given, and keeps a page of its own. */
function FakeFeed({ source }: { source?: string }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>feed:{source ?? '(none)'}</p>
      <button type="button" onClick={() => setPage(page + 1)}>
        第{page}页
      </button>
    </>
  );
}

function fakeFeed() {
  const load = vi.fn(async () => ({ default: FakeFeed }));
  setRemoteLoader({ load, reset: vi.fn(async () => {}) });
  return load;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('/home feed tabs', () => {
  it('shows 大家的yy by default and passes source "all" to the fragment', async () => {
    fakeFeed();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(screen.getByRole('tablist', { name: '看谁的yy' })).toBeTruthy();
    expect(tab('大家的yy').getAttribute('aria-selected')).toBe('true');
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('false');
    // Roving focus: only the selected tab is in the Tab order.
    expect(tab('大家的yy').tabIndex).toBe(0);
    expect(tab('关注的yy').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: '大家的yy' });
    expect(tab('大家的yy').getAttribute('aria-controls')).toBe(panel.id);
    expect(router.state.location.search).toBe('');
  });

  it('a click chooses 关注的yy: the fragment gets source "following" (without loading again) and the address keeps it', async () => {
    const load = fakeFeed();
    const user = userEvent.setup();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    await screen.findByText('feed:all');
    await user.click(tab('关注的yy'));
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '关注的yy' })).toBeTruthy();
    expect(router.state.location.search).toBe('?feed=following');
    expect(load).toHaveBeenCalledTimes(1);
    // The other feed starts at its first page, not at the page the first one was on.
    await user.click(screen.getByRole('button', { name: '第1页' }));
    expect(screen.getByRole('button', { name: '第2页' })).toBeTruthy();
    // Back to everyone's yy: the plain address again.
    await user.click(tab('大家的yy'));
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第1页' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens on the tab the address names (a reload keeps it); anything else is everyone’s yy', async () => {
    fakeFeed();
    renderPage(<SpaceFeed />, { path: '/home?feed=following' });
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true');
  });

  it('an unknown ?feed= shows everyone’s yy', async () => {
    fakeFeed();
    renderPage(<SpaceFeed />, { path: '/home?feed=strangers' });
    expect(await screen.findByText('feed:all')).toBeTruthy();
  });

  it('is a keyboard tablist: arrows move focus and choose, Home and End go to the ends', async () => {
    fakeFeed();
    const user = userEvent.setup();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    await screen.findByText('feed:all');
    await user.tab();
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(document.activeElement).toBe(tab('关注的yy'));
    expect(tab('关注的yy').tabIndex).toBe(0);
    expect(router.state.location.search).toBe('?feed=following');
    // Wraps around.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(tab('关注的yy')));
    await user.keyboard('{Home}');
    await waitFor(() => expect(tab('大家的yy').getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{End}');
    await waitFor(() => expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true'));
    // Tab leaves the tablist for the panel's content, not the other tab.
    await user.tab();
    expect(document.activeElement).not.toBe(tab('大家的yy'));
  });

  it('names its loading state after the tab shown', async () => {
    setRemoteLoader({ load: () => new Promise(() => {}), reset: async () => {} });
    renderPage(<SpaceFeed />, { path: '/home?feed=following' });
    expect((await screen.findByRole('status')).textContent).toBe('正在加载关注的yy…');
  });
});

/** A feed like mf-space's: its pages come from RTK Query with mf-space's YyList tags. */
const testFeedApi = baseApi.enhanceEndpoints({ addTagTypes: ['YyList'] }).injectEndpoints({
  endpoints: (build) => ({
    testFeed: build.query<string[], { source: FeedSource; page: number }>({
      query: ({ source, page }) => ({ url: source === 'all' ? '/yy/getyy' : '/yy/getfollowyy', params: { pageNum: page } }),
      transformResponse: (res: ApiEnvelope<string[]>) => res.data ?? [],
      providesTags: (_r, _e, { source }) => [{ type: 'YyList', id: FEED_LIST_TAG[source] }],
    }),
  }),
});

function PagedFeed({ source = 'all' }: { source?: FeedSource }) {
  const [page, setPage] = useState(1);
  const { data } = testFeedApi.useTestFeedQuery({ source, page });
  return (
    <>
      <ul aria-label="yy">
        {data?.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setPage(page + 1)}>
        第{page}页
      </button>
    </>
  );
}

/** The server's yy, newest first: everyone's, and those of people the user follows. */
function yyServer() {
  const all = ['旧的yy'];
  const following = ['关注的旧yy'];
  const calls = fakeServer((call) => {
    const list = call.path === '/yy/getyy' ? all : following;
    return ok(call.query.pageNum === '1' ? list : [`第${call.query.pageNum}页的yy`]);
  });
  const gets = (path: string) => calls.filter((c) => c.path === path).length;
  return { all, following, gets };
}

describe('/home: 有N条新yy', () => {
  const shown = () =>
    within(screen.getByRole('list', { name: 'yy' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  const posted = (following: boolean, weiboId = 1) => act(() => liveBus.emit({ type: 'yy', weiboId, uid: 100002, following }));

  it('counts the new yy behind a bar without moving the feed; a click shows page 1 afresh, at the top, with focus', async () => {
    setRemoteLoader({ load: async () => ({ default: PagedFeed }), reset: async () => {} });
    const server = yyServer();
    const user = userEvent.setup();
    renderPage(<SpaceFeed />, { path: '/home' });
    await waitFor(() => expect(shown()).toEqual(['旧的yy']));
    // The reader went on to page 2 meanwhile.
    await user.click(screen.getByRole('button', { name: '第1页' }));
    await waitFor(() => expect(shown()).toEqual(['第2页的yy']));
    const requests = server.gets('/yy/getyy');

    const live = screen.getByRole('tabpanel').querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    server.all.unshift('新的yy 1');
    posted(false, 11);
    expect(await within(live as HTMLElement).findByRole('button', { name: '有1条新yy' })).toBeTruthy();
    server.all.unshift('新的yy 2');
    posted(true, 12);
    expect(screen.getByRole('button', { name: '有2条新yy' })).toBeTruthy();
    // Nothing moved: same page, nothing asked.
    await new Promise((r) => setTimeout(r, 50));
    expect(shown()).toEqual(['第2页的yy']);
    expect(server.gets('/yy/getyy')).toBe(requests);

    await user.click(screen.getByRole('button', { name: '有2条新yy' }));
    await waitFor(() => expect(shown()).toEqual(['新的yy 2', '新的yy 1', '旧的yy']));
    expect(screen.getByRole('button', { name: '第1页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /条新yy/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('关注的yy counts only the yy of people the user follows; showing a tab re-reads what came for it and resets its count', async () => {
    setRemoteLoader({ load: async () => ({ default: PagedFeed }), reset: async () => {} });
    const server = yyServer();
    const user = userEvent.setup();
    renderPage(<SpaceFeed />, { path: '/home?feed=following' });
    await waitFor(() => expect(shown()).toEqual(['关注的旧yy']));
    await user.click(tab('大家的yy'));
    await waitFor(() => expect(shown()).toEqual(['旧的yy']));
    await user.click(tab('关注的yy'));
    await waitFor(() => expect(shown()).toEqual(['关注的旧yy']));
    const followingGets = server.gets('/yy/getfollowyy');

    server.all.unshift('陌生人的yy');
    posted(false, 21);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /条新yy/ })).toBeNull();
    server.all.unshift('朋友的yy');
    server.following.unshift('朋友的yy');
    posted(true, 22);
    expect(await screen.findByRole('button', { name: '有1条新yy' })).toBeTruthy();

    // 大家的yy had two new ones: shown afresh (its cached page re-read), with no bar.
    await user.click(tab('大家的yy'));
    await waitFor(() => expect(shown()).toEqual(['朋友的yy', '陌生人的yy', '旧的yy']));
    expect(screen.queryByRole('button', { name: /条新yy/ })).toBeNull();
    // Back on 关注的yy: its one new yy is there too, its count gone.
    await user.click(tab('关注的yy'));
    await waitFor(() => expect(shown()).toEqual(['朋友的yy', '关注的旧yy']));
    expect(screen.queryByRole('button', { name: /条新yy/ })).toBeNull();
    expect(server.gets('/yy/getfollowyy')).toBeGreaterThan(followingGets);
  });
});
