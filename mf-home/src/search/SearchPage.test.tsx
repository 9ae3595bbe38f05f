import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_MSG, SEARCH_MSG, setRemoteLoader, type SearchUser, type UserInfo } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Call, type Reply } from '@xiaoba/shared/testing';
import { listed, me as signedInUser, signedIn } from '../testing/fixtures';
import SearchPage, { searchHeading, USERS_LABEL } from './SearchPage';

afterEach(() => setRemoteLoader(undefined));

const me: UserInfo = { ...signedInUser, name: '巴巴米' }; // one 米 more than the others' names
const person = (uid: number, name: string, extra: Partial<SearchUser> = {}): SearchUser => ({ ...listed(uid, name), exact: false, ...extra });

/** A server answering /search/user from `users` (20 a page) and follow/add and follow/remove. */
function searchServer(users: SearchUser[], options: { refuse?: Reply } = {}) {
  let state = [...users];
  return fakeServer((call): Reply => {
    if (call.path === '/search/user') {
      if (options.refuse) return options.refuse;
      const page = Number(call.query.pageNum);
      const size = Number(call.query.pageSize);
      const found = state.filter((u) => u.name.toLowerCase().includes(String(call.query.q)) || String(u.uid) === call.query.q);
      return ok({ records: found.slice((page - 1) * size, page * size), total: found.length, pages: Math.ceil(found.length / size), current: page, size });
    }
    if (call.path === '/follow/add' || call.path === '/follow/remove') {
      const { uid } = call.body as { uid: number };
      state = state.map((u) => (u.uid === uid ? { ...u, following: call.path === '/follow/add' } : u));
      return { status: 200, body: { code: 200, msg: call.path === '/follow/add' ? FOLLOW_MSG.followed : FOLLOW_MSG.unfollowed, data: null } };
    }
    return fail(404, '未知');
  });
}

const open = (search: string) => renderPage(<SearchPage />, { path: `/search${search}`, state: signedIn(me) });
const userCalls = (calls: Call[]) => calls.filter((c) => c.path === '/search/user').map((c) => [c.query.q, c.query.pageNum]);

describe('/search, 用户 tab', () => {
  it('lists the users found: avatar, name linking to the space with the words marked, signature, 关注; none for oneself', async () => {
    const calls = searchServer([person(100002, '米米猫', { qianming: '喵[b1]' }), me as unknown as SearchUser, person(100003, '小米米', { following: true })]);
    open('?q=%E7%B1%B3%E7%B1%B3');
    expect(await screen.findByRole('heading', { level: 1, name: searchHeading('米米') })).toBeTruthy();
    const list = await screen.findByRole('list', { name: USERS_LABEL });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2); // 巴巴米 holds only one 米
    const cat = rows[0]!;
    expect(within(cat).getByRole('img', { name: '米米猫的头像' })).toBeTruthy();
    const link = within(cat).getByRole('link', { name: '米米猫' });
    expect(link.getAttribute('href')).toBe('/100002');
    expect([...link.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['米米']);
    expect(within(cat).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(within(cat).getByRole('button', { name: '关注 米米猫' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(rows[1]!).getByRole('button', { name: '关注 小米米' }).getAttribute('aria-pressed')).toBe('true');
    expect(userCalls(calls)).toEqual([['米米', '1']]);
  });

  it('follows from a result: 已关注 shows and the server was asked', async () => {
    const calls = searchServer([person(100002, '米米猫')]);
    const user = userEvent.setup();
    open('?q=%E7%B1%B3');
    const button = await screen.findByRole('button', { name: '关注 米米猫' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: '关注 米米猫' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: '关注 米米猫' }).textContent).toContain('已关注');
    expect(calls.some((c) => c.path === '/follow/add' && (c.body as { uid: number }).uid === 100002)).toBe(true);
  });

  it('oneself links to /my and has no follow button', async () => {
    searchServer([{ ...person(me.uid, me.name), exact: true }]);
    open(`?q=${me.uid}`);
    const link = await screen.findByRole('link', { name: me.name });
    expect(link.getAttribute('href')).toBe('/my');
    expect(screen.queryByRole('button', { name: /关注/u })).toBeNull();
  });

  it('says SEARCH_MSG.noUsers when nobody is found', async () => {
    searchServer([]);
    open('?q=zz');
    expect(await screen.findByText(SEARCH_MSG.noUsers)).toBeTruthy();
  });

  it("shows the server's message when it refuses, with 重试", async () => {
    searchServer([], { refuse: fail(400, SEARCH_MSG.tooDeep) });
    open('?q=zz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SEARCH_MSG.tooDeep);
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('pages, and new words start again at page 1', async () => {
    const many = Array.from({ length: 25 }, (_, i) => person(200000 + i, `米友${i}`));
    const calls = searchServer([...many, person(300000, '霞光')]);
    const user = userEvent.setup();
    const { router } = open('?q=%E7%B1%B3');
    await user.click(within(await screen.findByRole('navigation', { name: `${USERS_LABEL}分页` })).getByRole('button', { name: '第2页' }));
    expect(await screen.findByRole('link', { name: '米友24' })).toBeTruthy();
    await act(() => router.navigate('/search?q=%E9%9C%9E'));
    expect(await screen.findByRole('link', { name: '霞光' })).toBeTruthy();
    expect(userCalls(calls)).toEqual([
      ['米', '1'],
      ['米', '2'],
      ['霞', '1'],
    ]);
  });

  it.each([
    ['', SEARCH_MSG.empty],
    ['?q=%20%20', SEARCH_MSG.empty],
    [`?q=${'字'.repeat(31)}`, SEARCH_MSG.tooLong],
  ])('%j shows %s and asks nothing', async (search, message) => {
    const calls = searchServer([]);
    open(search);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { level: 1, name: '搜索' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('/search tabs', () => {
  function fakeFeed() {
    const load = vi.fn(async () => ({ default: ({ search }: { search?: string }) => <p>yy:{search}</p> }));
    setRemoteLoader({ load, reset: vi.fn(async () => {}) });
    return load;
  }

  it('用户 and yy are a keyboard tablist kept in ?tab=; yy composes mf-space’s ./feed with the normalized words', async () => {
    const load = fakeFeed();
    searchServer([person(100002, 'Mimi')]);
    const user = userEvent.setup();
    const { router } = open('?q=MI');
    const users = await screen.findByRole('tab', { name: '用户' });
    expect(screen.getByRole('tablist', { name: '搜索结果' })).toBeTruthy();
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'yy' }).getAttribute('tabindex')).toBe('-1');
    expect(await screen.findByRole('link', { name: 'Mimi' })).toBeTruthy();
    users.focus();
    await user.keyboard('{ArrowRight}');
    const yy = screen.getByRole('tab', { name: 'yy' });
    expect(document.activeElement).toBe(yy);
    expect(yy.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('yy:mi')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=MI&tab=yy');
    expect(load).toHaveBeenCalledWith('mf_space', './feed');
    expect(screen.getByRole('tabpanel', { name: 'yy' })).toBeTruthy();
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(users);
    expect(router.state.location.search).toBe('?q=MI');
    expect(await screen.findByRole('link', { name: 'Mimi' })).toBeTruthy();
  });

  it('?tab=yy opens on the yy tab', async () => {
    fakeFeed();
    searchServer([]);
    open('?q=%E6%99%9A%E9%9C%9E&tab=yy');
    expect(await screen.findByText('yy:晚霞')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'yy' }).getAttribute('aria-selected')).toBe('true');
  });
});
