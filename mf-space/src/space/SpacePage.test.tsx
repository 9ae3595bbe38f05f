import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@xiaoba/shared';
import { emptyYyPage, fakeServer, other, renderSpace, spaceReply, userReply } from '../testing/fixtures';

const defaultAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = defaultAdapter;
});

const notFound = () => screen.findByRole('heading', { level: 1, name: '页面不存在' });

describe('/:id — the id rule', () => {
  it.each(['abc', '0', '-1', '01', '1.5', '1e3', '%E5%B0%8F'])('/%s replaces itself with /notfound, without a request', async (id) => {
    const urls = fakeServer(() => userReply(other));
    const { router } = renderSpace(`/${id}`);
    await notFound();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(urls).toEqual([]);
  });

  it('/abc/board goes to /notfound too', async () => {
    fakeServer(() => userReply(other));
    const { router } = renderSpace('/abc/board');
    await notFound();
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it('the own uid redirects to /my, without a user request (only the own yy list is asked for)', async () => {
    const urls = fakeServer(spaceReply(other));
    const { router } = renderSpace('/10001');
    expect(await screen.findByRole('heading', { level: 1, name: '小巴' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my');
    expect(router.state.historyAction).toBe('REPLACE');
    // The list asks once the page has mounted, which may be just after the heading shows.
    await waitFor(() => expect(urls).toContain('/yy/getUseryy/10001'));
    expect(urls.filter((u) => u.startsWith('/user/getuserinfo'))).toEqual([]);
  });

  it('the own uid keeps the child: /{uid}/board goes to /my/board', async () => {
    fakeServer(() => userReply(other));
    const { router } = renderSpace('/10001/board');
    expect(await screen.findByRole('heading', { level: 2, name: '我的留言板' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/board');
  });

  it.each<[string, Parameters<typeof fakeServer>[0]]>([
    ['404 用户不存在', () => ({ status: 404 })],
    ['400 for an id the server refuses', () => ({ status: 400 })],
    ['a server error', () => ({ status: 500, data: { code: 500, msg: '服务器错误' } })],
    ['a network failure', () => 'network'],
  ])('a failed fetch (%s) goes to /notfound', async (_name, reply) => {
    const urls = fakeServer(reply);
    const { router } = renderSpace('/10002');
    await notFound();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(urls).toEqual(['/user/getuserinfo/10002']);
  });

  it('a 401 (session ended) does not claim the space is missing: the session hook goes to /login', async () => {
    fakeServer(() => ({ status: 401 }));
    const { router } = renderSpace('/10002');
    expect(await screen.findByRole('status')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 30));
    expect(router.state.location.pathname).toBe('/10002');
  });

  it('with no user in the store, a uid is simply fetched', async () => {
    const urls = fakeServer(spaceReply({ ...other, uid: 10001, uname: '别人' }));
    renderSpace('/10001', {});
    expect(await screen.findByRole('heading', { level: 1, name: '别人' })).toBeTruthy();
    expect(urls[0]).toBe('/user/getuserinfo/10001');
  });
});

describe("/:id — another user's space frame", () => {
  it('shows the fetched owner: name heading, default signatures and their yy list', async () => {
    const urls = fakeServer((url) => (url.startsWith('/yy/') ? emptyYyPage : userReply(other)));
    renderSpace('/10002');
    expect(screen.getByRole('status').textContent).toBe('正在打开空间…');
    const frame = await screen.findByRole('region', { name: '小明' });
    // Read-only text in another's space, each named by a hidden prefix.
    expect(within(frame).getByText('小明的地盘').textContent).toBe('大签名档：小明的地盘');
    expect(within(frame).getByText('我的地盘我做主！').textContent).toBe('签名档：我的地盘我做主！');
    expect(within(frame).queryByRole('button', { name: /签名档/ })).toBeNull();
    expect(within(frame).getByRole('heading', { level: 2, name: '小明的yy' })).toBeTruthy();
    expect(await within(frame).findByText('还没有发过yy')).toBeTruthy();
    expect(frame.textContent).not.toContain('空间内容即将开放');
    expect(within(frame).queryByLabelText('说点什么吧')).toBeNull();
    expect(urls.slice(0, 2)).toEqual(['/user/getuserinfo/10002', '/yy/getUseryy/10002']);
    expect(urls.filter((u) => u.startsWith('/user/'))).toEqual(['/user/getuserinfo/10002']);
  });

  it("shows the owner's own signatures when set", async () => {
    fakeServer(spaceReply({ ...other, qm: '明明的小天地', qianming: '好好学习' }));
    renderSpace('/10002');
    expect((await screen.findByText('明明的小天地')).textContent).toBe('大签名档：明明的小天地');
    expect(screen.getByText('好好学习').textContent).toBe('签名档：好好学习');
  });

  it("has home and board tabs; the board is that user's, without fetching again", async () => {
    const user = userEvent.setup();
    const urls = fakeServer(spaceReply(other));
    const { router } = renderSpace('/10002');
    const nav = await screen.findByRole('navigation', { name: '空间导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['空间首页', '/10002', 'page'],
      ['留言板', '/10002/board', null],
      ['日志', '/10002/diary', null],
    ]);
    await user.click(within(nav).getByRole('link', { name: '留言板' }));
    expect(await screen.findByRole('heading', { level: 2, name: '小明的留言板' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/10002/board');
    expect(screen.getByRole('link', { name: '留言板' }).getAttribute('aria-current')).toBe('page');
    expect(urls.filter((u) => u.startsWith('/user/'))).toEqual(['/user/getuserinfo/10002']);
  });

  it('a deep link to /{id}/board works', async () => {
    fakeServer(() => userReply(other));
    renderSpace('/10002/board');
    const frame = await screen.findByRole('region', { name: '小明' });
    expect(within(frame).getByRole('heading', { level: 2, name: '小明的留言板' })).toBeTruthy();
    expect(frame.textContent).not.toContain('空间内容即将开放');
  });

  it('moving from one space to another shows the new owner, never the old one', async () => {
    fakeServer((url) => (url.startsWith('/yy/') ? emptyYyPage : userReply(url.endsWith('/10003') ? { ...other, uid: 10003, uname: '小红' } : other)));
    const { router } = renderSpace('/10002');
    await screen.findByRole('heading', { level: 1, name: '小明' });
    await router.navigate('/10003');
    expect(await screen.findByRole('heading', { level: 1, name: '小红' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: '小明' })).toBeNull();
  });
});
