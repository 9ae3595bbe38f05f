import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveBus } from '@xiaoba/shared';
import { fail, fakeServer, renderPage, scripServer } from '@xiaoba/shared/testing';
import { signedIn } from '../testing/fixtures';
import ScripListPage, { SCRIP_EMPTY } from './ScripListPage';

const MENG = { uid: 100002, name: '萌萌猫', face: 2, avatar: '', qianming: '' };
const JIAN = { uid: 100003, name: '月下剑客', face: 3, avatar: '', qianming: '' };
const XIAOYU = { uid: 100004, name: '小雨', face: 4, avatar: '', qianming: '' };

function setup(threadsPageSize?: number) {
  const server = scripServer({ me: 100001, users: [MENG, JIAN, XIAOYU], ...(threadsPageSize ? { threadsPageSize } : {}) });
  const calls = fakeServer((call) => server.handle(call) ?? fail(404, '未知'));
  const page = renderPage(<ScripListPage />, {
    path: '/system/scrip',
    state: signedIn(),
    routes: [{ path: '/system/scrip/:uid', element: <h1>对话页</h1> }],
  });
  return { server, calls, ...page };
}

const rows = () => within(screen.getByRole('list', { name: '我的小纸条' })).getAllByRole('listitem');

describe('ScripListPage', () => {
  it('lists the conversations, the newest note first: who, how many unread, the last note (我： for one’s own), a link to each', async () => {
    const { server } = setup();
    server.add(100002, 100001, '你好呀');
    server.add(100002, 100001, '在吗[b1]');
    server.add(100003, 100001, '剑客来信');
    server.add(100001, 100003, '收到啦');
    await screen.findByRole('list', { name: '我的小纸条' });
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(rows()).toHaveLength(2);
    expect(first.textContent).toContain('月下剑客');
    expect(first.textContent).toContain('我：收到啦');
    expect(first.textContent).toContain('1条未读'); // 剑客来信, not one's own reply
    expect(second.textContent).toContain('萌萌猫');
    expect(second.textContent).toContain('2条未读');
    expect(within(second).getByRole('img', { name: '微笑' })).toBeTruthy(); // [b1] as a picture
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/system/scrip/100002');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/system/scrip/100003');
  });

  it('opens a conversation from its row', async () => {
    const { server, router } = setup();
    server.add(100002, 100001, '你好呀');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /萌萌猫/ }));
    expect(router.state.location.pathname).toBe('/system/scrip/100002');
  });

  it('with none says how to start one', async () => {
    setup();
    expect(await screen.findByText(SCRIP_EMPTY)).toBeTruthy();
    expect(screen.queryByRole('list', { name: '我的小纸条' })).toBeNull();
  });

  it('has the 消息 tabs with 小纸条 current', async () => {
    setup();
    await screen.findByText(SCRIP_EMPTY);
    const nav = screen.getByRole('navigation', { name: '消息分类' });
    expect(within(nav).getByRole('link', { name: '小纸条' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: '小纸条' })).toBeTruthy();
  });

  it('a note the live stream announces shows while the page is open, without a reload', async () => {
    const { server } = setup();
    server.add(100002, 100001, '你好呀');
    await screen.findByRole('list', { name: '我的小纸条' });
    server.add(100004, 100001, '小雨的纸条');
    act(() => liveBus.emit({ type: 'scrip', scripId: 2, withUid: 100004, unread: 2 }));
    expect(await screen.findByText('小雨的纸条')).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('小雨');
  });

  it('pages with the shared pager', async () => {
    const { server, calls } = setup(2);
    server.add(100002, 100001, '一');
    server.add(100003, 100001, '二');
    server.add(100004, 100001, '三');
    await screen.findByText('三');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: '小纸条分页' })).getByRole('button', { name: '第2页' }));
    expect(await screen.findByText('一')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/scrip/threads').map((c) => c.query.pageNum)).toContain('2');
  });

  it('a failure says so with 重试', async () => {
    fakeServer(() => fail(500, '服务器错误'));
    renderPage(<ScripListPage />, { path: '/system/scrip', state: signedIn() });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });
});
