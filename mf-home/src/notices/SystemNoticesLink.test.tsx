import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, renderPage } from '@xiaoba/shared/testing';
import { SystemNoticesLink, systemNoticesLabel } from './SystemNoticesLink';

const page = (unread: number) => ok({ records: [], total: 0, pages: 0, current: 1, size: 20, unread });

describe('看系统通知 on /home', () => {
  it('names the count of new system notices', () => {
    expect(systemNoticesLabel(0)).toBe('看系统通知');
    expect(systemNoticesLabel(2)).toBe('看系统通知，有2条新的系统通知');
  });

  it('shows the unread count beside the link to /system/notify, asking for page 1', async () => {
    const calls = fakeServer((call) => (call.path === '/notice/system' ? page(3) : fail(404, '未知')));
    renderPage(<SystemNoticesLink />, { path: '/home' });
    const link = await screen.findByRole('link', { name: '看系统通知，有3条新的系统通知' });
    expect(link.getAttribute('href')).toBe('/system/notify');
    expect(link.textContent).toBe('看系统通知 (3)');
    expect(calls[0]!.query).toEqual({ pageNum: '1' });
  });

  it('is the plain link when nothing is new or the count cannot load', async () => {
    const calls = fakeServer(() => fail(500, '服务器错误'));
    renderPage(<SystemNoticesLink />, { path: '/home' });
    await screen.findByRole('link', { name: '看系统通知' });
    expect(calls.length).toBeGreaterThan(0);
    expect(screen.getByRole('link').textContent).toBe('看系统通知');
  });
});
