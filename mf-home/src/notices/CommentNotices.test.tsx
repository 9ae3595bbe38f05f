import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fullTime, type CommentNotice } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Reply } from '@xiaoba/shared/testing';
import { me, signedIn } from '../testing/fixtures';
import { CommentNotices, noticesLabel } from './CommentNotices';
import { NOTICES_POLL_MS } from './notices-api';

const NOW = Math.floor(Date.now() / 1000);

const onMyYy: CommentNotice = {
  commentId: 31,
  weiboId: 7,
  uid: 100002,
  username: '萌萌猫',
  face: 0,
  avatar: '',
  content: '好美[b1]',
  ctime: NOW - 120,
  kind: 'comment',
  replyUid: 0,
  yyUid: 100001,
  yyContent: '今天去爬山了',
  unread: true,
};
const replyToMe: CommentNotice = {
  commentId: 30,
  weiboId: 9,
  uid: 100003,
  username: '月下剑客',
  face: 2,
  avatar: '',
  content: '<b>同感</b>',
  ctime: NOW - 3600,
  kind: 'reply',
  replyUid: 100001,
  yyUid: 100002,
  yyContent: '给大家画了一只猫猫',
  unread: true,
};
const old: CommentNotice = { ...onMyYy, commentId: 12, content: '以前的评论', ctime: NOW - 86400 * 3, unread: false };

/** A server holding the notices: clearing marks them read (up to `upTo`). */
function noticeServer(records: CommentNotice[], options: { failGet?: boolean } = {}) {
  let list = records.map((r) => ({ ...r }));
  const count = () => list.filter((r) => r.unread).length;
  const calls = fakeServer((call): Reply => {
    if (call.path === '/count/getcomments') return options.failGet ? fail(500, '服务器错误') : ok({ count: count(), records: list });
    if (call.path === '/count/clearcomments' && call.method === 'POST') {
      const upTo = (call.body as { upTo?: number } | undefined)?.upTo ?? Infinity;
      list = list.map((r) => (r.commentId <= upTo ? { ...r, unread: false } : r));
      return ok({ count: count() });
    }
    return fail(404, '未知');
  });
  return {
    calls,
    add(r: CommentNotice) {
      list = [r, ...list];
    },
  };
}

const render = () => renderPage(<CommentNotices />, { path: '/home', state: signedIn(me) });
const toggle = () => screen.getByRole('button', { name: /^回复我的/ });

describe('回复我的', () => {
  it('names the button with the count', () => {
    expect(noticesLabel(0)).toBe('回复我的');
    expect(noticesLabel(3)).toBe('回复我的，3条新回复');
  });

  it('shows the unread count as a badge, closed at first, without clearing', async () => {
    const server = noticeServer([onMyYy, replyToMe, old]);
    render();
    const button = await screen.findByRole('button', { name: '回复我的，2条新回复' });
    expect(button.textContent).toContain('回复我的 (2)');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)!.hidden).toBe(true);
    expect(server.calls.filter((c) => c.path === '/count/clearcomments')).toHaveLength(0);
  });

  it('opening lists who, what, on which yy and when, and clears up to the newest shown', async () => {
    const server = noticeServer([onMyYy, replyToMe, old]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('button', { name: '回复我的，2条新回复' });
    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');

    const items = within(screen.getByRole('list', { name: '回复我的' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/100002');
    expect(first.textContent).toContain('评论了你的yy');
    expect(within(first).getByRole('img', { name: '微笑' })).toBeTruthy(); // [b1] as a picture
    expect(within(first).getByRole('link', { name: '今天去爬山了' }).getAttribute('href')).toBe('/my');
    expect(within(first).getByText('新')).toBeTruthy();
    const time = first.querySelector('time')!;
    expect(time.textContent).toBe('2分钟前');
    expect(time.getAttribute('title')).toBe(fullTime(onMyYy.ctime));

    expect(within(second).getByRole('link', { name: '月下剑客' }).getAttribute('href')).toBe('/100003');
    expect(second.textContent).toContain('回复了你的评论');
    expect(second.textContent).toContain('<b>同感</b>'); // shown as typed, never as markup
    expect(second.querySelector('b')).toBeNull();
    // A reply on someone else's yy links to that yy's owner.
    expect(within(second).getByRole('link', { name: '给大家画了一只猫猫' }).getAttribute('href')).toBe('/100002');
    expect(within(third).queryByText('新')).toBeNull();

    await waitFor(() => expect(server.calls.filter((c) => c.path === '/count/clearcomments')).toHaveLength(1));
    expect(server.calls.find((c) => c.path === '/count/clearcomments')!.body).toEqual({ upTo: 31 });
    // The badge goes; what was new keeps its mark while the list is open.
    await screen.findByRole('button', { name: '回复我的' });
    expect(toggle().textContent).not.toContain('(');
    expect(within(first).getByText('新')).toBeTruthy();
  });

  it('links a comment on one of my 日志 entries, and a reply under someone else’s, to the entry', async () => {
    const onMyDiary: CommentNotice = { ...onMyYy, commentId: 40, weiboId: 0, content: '写得真好', yyContent: '春游', diaryId: 5, diaryTitle: '春游' };
    const underTheirs: CommentNotice = { ...replyToMe, commentId: 39, weiboId: 0, yyUid: 100002, yyContent: '画画日记', diaryId: 8, diaryTitle: '画画日记' };
    noticeServer([onMyDiary, underTheirs]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('button', { name: '回复我的，2条新回复' });
    await user.click(toggle());
    const [first, second] = within(screen.getByRole('list', { name: '回复我的' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('评论了你的日志');
    expect(first.textContent).toContain('你的日志：');
    expect(within(first).getByRole('link', { name: '春游' }).getAttribute('href')).toBe('/100001/diary/5');
    expect(second.textContent).toContain('回复了你的评论');
    expect(second.textContent).toContain('在这篇日志下：');
    expect(within(second).getByRole('link', { name: '画画日记' }).getAttribute('href')).toBe('/100002/diary/8');
  });

  it('is a keyboard disclosure: Enter opens, Enter closes', async () => {
    noticeServer([onMyYy]);
    const user = userEvent.setup();
    render();
    await screen.findByRole('button', { name: '回复我的，1条新回复' });
    await user.tab();
    expect(document.activeElement).toBe(toggle());
    await user.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: '回复我的' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: '回复我的' })).toBeNull();
  });

  it('with nothing to show says so, and clears nothing', async () => {
    const server = noticeServer([]);
    const user = userEvent.setup();
    render();
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await user.click(toggle());
    expect(await screen.findByText('还没有人评论你的yy、日志或回复你。')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/count/clearcomments')).toHaveLength(0);
  });

  it('when the notices cannot load, says so and retries on demand', async () => {
    const server = noticeServer([onMyYy], { failGet: true });
    const user = userEvent.setup();
    render();
    await user.click(toggle());
    expect(await screen.findByText(/回复加载失败/)).toBeTruthy();
    expect(toggle().getAttribute('aria-label')).toBe('回复我的');
    const before = server.calls.length;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
  });

  it('asks again every 60 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = noticeServer([onMyYy]);
      const { store } = render();
      await screen.findByRole('button', { name: '回复我的，1条新回复' });
      const gets = () => server.calls.filter((c) => c.path === '/count/getcomments').length;
      expect(gets()).toBe(1);
      server.add({ ...onMyYy, commentId: 40 });
      await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS));
      await waitFor(() => expect(gets()).toBe(2));
      await screen.findByRole('button', { name: '回复我的，2条新回复' });
      // What the shell's setupListeners dispatches when the tab is hidden, then shown again.
      act(() => void store.dispatch({ type: '__rtkq/unfocused' }));
      await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS * 3));
      expect(gets()).toBe(2);
      act(() => void store.dispatch({ type: '__rtkq/focused' }));
      await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS));
      await waitFor(() => expect(gets()).toBe(3));
    } finally {
      vi.useRealTimers();
    }
  });
});
