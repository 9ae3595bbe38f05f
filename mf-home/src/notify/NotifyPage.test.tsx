import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@xiaoba/shared/testing';
import { NOTICES } from './notices';
import NotifyPage from './NotifyPage';

const render = () =>
  renderPage(<NotifyPage />, {
    path: '/system/notify',
    routes: [
      { path: '/system/scrip', element: <h1>页面不存在（小纸条）</h1> },
      { path: '/system/app', element: <h1>页面不存在（应用通知）</h1> },
    ],
  });

describe('NotifyPage', () => {
  it('lists 5 to 8 sample notices, newest first, each with a heading and a date', () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: '系统通知' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: '系统通知' })).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items).toHaveLength(NOTICES.length);
    items.forEach((item, i) => {
      const notice = NOTICES[i]!;
      expect(within(item).getByRole('heading', { level: 2 }).textContent).toBe(notice.title);
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

  it('the other tabs are only links: they navigate away (to what the shell shows as not found)', async () => {
    const user = userEvent.setup();
    const { router } = render();
    await user.click(screen.getByRole('link', { name: '小纸条' }));
    expect(router.state.location.pathname).toBe('/system/scrip');
    expect(await screen.findByRole('heading', { name: '页面不存在（小纸条）' })).toBeTruthy();
  });
});
