import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FOLLOW_MSG, fullTime, type FanNotice } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Reply } from '@xiaoba/shared/testing';
import { me, signedIn } from '../testing/fixtures';
import { FanNotices, fanNoticesLabel } from './FanNotices';
import { NOTICES_POLL_MS } from './notices-api';

const NOW = Math.floor(Date.now() / 1000);

const star: FanNotice = { uid: 100004, username: '小星星', face: 1, avatar: '', ctime: NOW - 120, unread: true, following: false };
const cat: FanNotice = { uid: 100002, username: '萌萌猫', face: 0, avatar: '', ctime: NOW - 3600, unread: true, following: true };
const old: FanNotice = { uid: 100009, username: '老同学', face: 2, avatar: '', ctime: NOW - 86400 * 3, unread: false, following: false };

/** A server holding the notices: clearing marks read those up to `upTo`; follow/add follows back. */
function fanServer(records: FanNotice[], options: { failGet?: boolean } = {}) {
  let list = records.map((r) => ({ ...r }));
  const count = () => list.filter((r) => r.unread).length;
  const calls = fakeServer((call): Reply => {
    if (call.path === '/count/getfans') return options.failGet ? fail(500, '服务器错误') : ok({ count: count(), records: list });
    if (call.path === '/count/clearfans' && call.method === 'POST') {
      const upTo = (call.body as { upTo?: number } | undefined)?.upTo ?? Infinity;
      list = list.map((r) => (r.ctime <= upTo ? { ...r, unread: false } : r));
      return ok({ count: count() });
    }
    if (call.path === '/follow/add' && call.method === 'POST') {
      const { uid } = call.body as { uid: number };
      list = list.map((r) => (r.uid === uid ? { ...r, following: true } : r));
      return { status: 200, body: { code: 200, msg: FOLLOW_MSG.followed, data: null } };
    }
    return fail(404, '未知');
  });
  return {
    calls,
    add(r: FanNotice) {
      list = [r, ...list];
    },
  };
}

const render = () => renderPage(<FanNotices />, { path: '/home', state: signedIn(me) });
const toggle = () => screen.getByRole('button', { name: /^新粉丝/ });

describe('新粉丝: X 关注了你', () => {
  it('names the button with the count', () => {
    expect(fanNoticesLabel(0)).toBe('新粉丝');
    expect(fanNoticesLabel(2)).toBe('新粉丝，2个人新关注了你');
  });

  it('shows the unread count, closed at first, without clearing', async () => {
    const server = fanServer([star, cat, old]);
    render();
    const button = await screen.findByRole('button', { name: '新粉丝，2个人新关注了你' });
    expect(button.textContent).toContain('新粉丝 (2)');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)!.hidden).toBe(true);
    expect(server.calls.filter((c) => c.path === '/count/clearfans')).toHaveLength(0);
  });

  it('opening lists who followed and when, marks the new ones in words, offers 回关 only to those not followed back, and clears up to the newest', async () => {
    const server = fanServer([star, cat, old]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('button', { name: '新粉丝，2个人新关注了你' });
    await user.click(toggle());
    const [first, second, third] = within(screen.getByRole('list', { name: '新粉丝' })).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: '小星星' }).getAttribute('href')).toBe('/100004');
    expect(first.textContent).toContain('小星星 关注了你');
    expect(within(first).getByText('新')).toBeTruthy();
    const time = first.querySelector('time')!;
    expect(time.textContent).toBe('2分钟前');
    expect(time.getAttribute('title')).toBe(fullTime(star.ctime));
    expect(within(first).getByRole('button', { name: '回关 小星星' }).getAttribute('aria-pressed')).toBe('false');
    // Followed back already: no button.
    expect(within(second).getByRole('link', { name: '萌萌猫' })).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    expect(within(third).queryByText('新')).toBeNull();
    expect(within(third).getByRole('button', { name: '回关 老同学' })).toBeTruthy();

    await waitFor(() => expect(server.calls.filter((c) => c.path === '/count/clearfans')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/count/clearfans')!.body).toEqual({ upTo: star.ctime });
    await screen.findByRole('button', { name: '新粉丝' });
    expect(within(first).getByText('新')).toBeTruthy();

    // 回关 sends the fan's uid.
    await user.click(within(first).getByRole('button', { name: '回关 小星星' }));
    expect(await screen.findByText(FOLLOW_MSG.followed)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/follow/add')).toMatchObject({ method: 'POST', body: { uid: 100004 } });
    expect(within(first).getByRole('button', { name: '回关 小星星' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('with nothing to show says so, and clears nothing', async () => {
    const server = fanServer([]);
    const user = userEvent.setup();
    render();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await user.click(toggle());
    expect(await screen.findByText('还没有人关注你。')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/count/clearfans')).toHaveLength(0);
  });

  it('when the notices cannot load, says so and retries on demand', async () => {
    const server = fanServer([star], { failGet: true });
    const user = userEvent.setup();
    render();
    await user.click(toggle());
    expect(await screen.findByText(/新粉丝加载失败/)).toBeTruthy();
    const before = server.calls.length;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
  });

  it('asks again every 60 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = fanServer([star]);
      const { store } = render();
      await screen.findByRole('button', { name: '新粉丝，1个人新关注了你' });
      const gets = () => server.calls.filter((c) => c.path === '/count/getfans').length;
      server.add({ ...cat, ctime: NOW });
      await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS));
      await waitFor(() => expect(gets()).toBe(2));
      await screen.findByRole('button', { name: '新粉丝，2个人新关注了你' });
      act(() => void store.dispatch({ type: '__rtkq/unfocused' }));
      await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS * 3));
      expect(gets()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
