import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fullTime, liveBus, type SystemNotice } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Call, type Reply } from '@xiaoba/shared/testing';
import { NOTICES } from './notices';
import NotifyPage from './NotifyPage';

const NOW = Math.floor(Date.now() / 1000);
const handled: SystemNotice = { id: 9, kind: 'report_handled', text: '你的举报已处理：内容已删除', ctime: NOW - 120, unread: true };
const removed: SystemNotice = { id: 8, kind: 'removed', text: '你的yy“骂人的话”被管理员删除了，原因：欺负别人[b1]', ctime: NOW - 3600, unread: true };
const frozen: SystemNotice = { id: 5, kind: 'frozen', text: '你的账号被冻结到2026-12-01（刷屏）', ctime: NOW - 86400 * 3, unread: false };

/** A server holding the caller's notices, `size` a page; reading marks them read up to `upTo`. */
function noticeServer(all: SystemNotice[], options: { size?: number; failGet?: boolean } = {}) {
  const size = options.size ?? 20;
  let list = all.map((n) => ({ ...n }));
  return fakeServer((call): Reply => {
    if (call.path === '/notice/system' && call.method === 'GET') {
      if (options.failGet) return fail(500, '服务器错误');
      const current = Number(call.query.pageNum);
      return ok({
        records: list.slice((current - 1) * size, current * size),
        total: list.length,
        pages: Math.ceil(list.length / size),
        current,
        size,
        unread: list.filter((n) => n.unread).length,
      });
    }
    if (call.path === '/notice/system/read' && call.method === 'POST') {
      const { upTo } = call.body as { upTo: number };
      list = list.map((n) => (n.id <= upTo ? { ...n, unread: false } : n));
      return ok();
    }
    return fail(404, '未知');
  });
}
const reads = (calls: Call[]) => calls.filter((c) => c.path === '/notice/system/read');

const render = () =>
  renderPage(<NotifyPage />, {
    path: '/system/notify',
    routes: [
      { path: '/system/scrip', element: <h1>小纸条页</h1> },
      { path: '/system/app', element: <h1>页面不存在（应用通知）</h1> },
    ],
  });

describe('NotifyPage: the user’s own notices', () => {
  it('a medal notice says so and links to the own medal page', async () => {
    const medal: SystemNotice = { id: 12, kind: 'medal', text: '你获得了新勋章：新手勋章', ctime: NOW - 60, unread: true };
    noticeServer([medal, handled]);
    render();
    const link = await screen.findByRole('link', { name: '看看我的勋章' });
    const list = screen.getByRole('list', { name: '给你的通知' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.contains(link)).toBe(true);
    expect(first.querySelector('.kind')?.textContent).toBe('新勋章');
    expect(first.textContent).toContain('你获得了新勋章：新手勋章');
    expect(within(first).getByRole('link', { name: '看看我的勋章' }).getAttribute('href')).toBe('/my/medal');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });

  it('lists them newest first with what they are about, the text and the time; unread ones say 新', async () => {
    noticeServer([handled, removed, frozen]);
    render();
    const list = await screen.findByRole('list', { name: '给你的通知' });
    expect(screen.getByRole('heading', { level: 2, name: '给你的通知' })).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.kind')?.textContent)).toEqual(['举报结果', '内容删除', '账号冻结']);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('你的举报已处理：内容已删除');
    expect(second.textContent).toContain('原因：欺负别人');
    expect(within(second).getByRole('img', { name: '微笑' })).toBeTruthy(); // the reason's [b1] as a picture
    expect(third.textContent).toContain('冻结到2026-12-01');
    // Unread is said in words, not only by the bar's colour.
    expect(within(first).getByText('新')).toBeTruthy();
    expect(within(second).getByText('新')).toBeTruthy();
    expect(within(third).queryByText('新')).toBeNull();
    const time = first.querySelector('time')!;
    expect(time.textContent).toBe('2分钟前');
    expect(time.getAttribute('title')).toBe(fullTime(handled.ctime));
  });

  it('showing them marks them read, up to the newest shown, once; the marks stay while they are read', async () => {
    const calls = noticeServer([handled, removed, frozen]);
    render();
    await screen.findByRole('list', { name: '给你的通知' });
    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    expect(reads(calls)[0]!.body).toEqual({ upTo: 9 });
    const list = screen.getByRole('list', { name: '给你的通知' });
    expect(within(list).getAllByText('新')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads(calls)).toHaveLength(1);
  });

  it('a notice the live stream announces shows while the page is open', async () => {
    const list = [frozen];
    fakeServer((call): Reply =>
      call.path === '/notice/system' && call.method === 'GET'
        ? ok({ records: list, total: list.length, pages: 1, current: 1, size: 20, unread: list.filter((n) => n.unread).length })
        : ok(),
    );
    render();
    await screen.findByRole('list', { name: '给你的通知' });
    list.unshift(handled);
    act(() => liveBus.emit({ type: 'notice', kind: 'system' }));
    expect(await screen.findByText('你的举报已处理：内容已删除')).toBeTruthy();
  });

  it('marks nothing read when nothing is unread', async () => {
    const calls = noticeServer([frozen]);
    render();
    await screen.findByRole('list', { name: '给你的通知' });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads(calls)).toHaveLength(0);
  });

  it('with none says so calmly', async () => {
    noticeServer([]);
    render();
    expect(await screen.findByText('这里还没有给你的通知。你的举报有了结果，或者管理员有话对你说时，会显示在这里。')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '给你的通知' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: '给你的通知分页' })).toBeNull();
  });

  it('pages with the shared pager', async () => {
    const many = Array.from({ length: 5 }, (_, i): SystemNotice => ({ ...frozen, id: 50 - i, text: `通知${50 - i}` }));
    const calls = noticeServer(many, { size: 2 });
    const user = userEvent.setup();
    render();
    await screen.findByText('通知50');
    const pager = screen.getByRole('navigation', { name: '给你的通知分页' });
    await user.click(within(pager).getByRole('button', { name: '第3页' }));
    expect(await screen.findByText('通知46')).toBeTruthy();
    expect(screen.queryByText('通知50')).toBeNull();
    expect(calls.filter((c) => c.path === '/notice/system').map((c) => c.query.pageNum)).toEqual(['1', '3']);
  });

  it('when they cannot load, says so and retries on demand; the site news still shows', async () => {
    const calls = noticeServer([handled], { failGet: true });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/通知加载失败/)).toBeTruthy();
    expect(screen.getByRole('list', { name: '校巴公告' })).toBeTruthy();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});

describe('NotifyPage: the site news', () => {
  beforeEach(() => {
    noticeServer([]);
  });

  it('lists 5 to 8 sample notices, newest first, each with a heading and a date', () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: '系统通知' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '校巴公告' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: '校巴公告' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items).toHaveLength(NOTICES.length);
    items.forEach((item, i) => {
      const notice = NOTICES[i]!;
      expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe(notice.title);
      expect(item.querySelector('time')?.getAttribute('datetime')).toBe(notice.date);
      expect(item.textContent).toContain(notice.body);
    });
    expect(NOTICES[0]!.title).toBe('欢迎回到校巴！');
    const dates = NOTICES.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('shows dates in Chinese', () => {
    render();
    expect(screen.getByText('2026年11月1日').getAttribute('datetime')).toBe('2026-11-01');
  });

  it('has the three sibling tabs, with 系统通知 current', () => {
    render();
    const nav = screen.getByRole('navigation', { name: '消息分类' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['系统通知', '/system/notify', 'page'],
      ['小纸条', '/system/scrip', null],
      ['应用通知', '/system/app', null],
    ]);
  });

  it('the other tabs are links to their pages (应用通知 leads to what the shell shows as not found)', async () => {
    const user = userEvent.setup();
    const { router } = render();
    await user.click(screen.getByRole('link', { name: '小纸条' }));
    expect(router.state.location.pathname).toBe('/system/scrip');
    expect(await screen.findByRole('heading', { name: '小纸条页' })).toBeTruthy();
    await act(() => router.navigate('/system/notify'));
    await user.click(await screen.findByRole('link', { name: '应用通知' }));
    expect(await screen.findByRole('heading', { name: '页面不存在（应用通知）' })).toBeTruthy();
  });
});
