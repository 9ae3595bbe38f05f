import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveBus, type CommentNotice, type FanNotice } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Reply } from '@xiaoba/shared/testing';
import { me, signedIn } from '../testing/fixtures';
import { CommentNotices } from './CommentNotices';
import { FanNotices } from './FanNotices';
import { NOTICES_POLL_MS } from './notices-api';
import { SystemNoticesLink } from './SystemNoticesLink';

const NOW = Math.floor(Date.now() / 1000);
const comment = (commentId: number): CommentNotice => ({
  commentId,
  weiboId: 7,
  uid: 100002,
  username: '萌萌猫',
  face: 0,
  avatar: '',
  content: '好美',
  ctime: NOW - 60,
  kind: 'comment',
  replyUid: 0,
  yyUid: 100001,
  yyContent: '今天去爬山了',
  unread: true,
});
const fan = (uid: number): FanNotice => ({ uid, username: `粉丝${uid}`, face: 0, avatar: '', ctime: NOW - 60, unread: true, following: false });

/** The three notice lists of /home, each growing when the test says. */
function server() {
  const comments: CommentNotice[] = [];
  const fans: FanNotice[] = [];
  let system = 0;
  const calls = fakeServer((call): Reply => {
    if (call.path === '/count/getcomments') return ok({ count: comments.length, records: comments });
    if (call.path === '/count/getfans') return ok({ count: fans.length, records: fans });
    if (call.path === '/notice/system') return ok({ records: [], total: 0, pages: 0, current: 1, size: 20, unread: system });
    return fail(404, '未知');
  });
  const gets = (path: string) => calls.filter((c) => c.path === path).length;
  return {
    gets,
    addComment: () => comments.unshift(comment(comments.length + 1)),
    addFan: () => fans.unshift(fan(100100 + fans.length)),
    addSystem: () => (system += 1),
  };
}

const render = () =>
  renderPage(
    <>
      <SystemNoticesLink />
      <CommentNotices />
      <FanNotices />
    </>,
    { path: '/home', state: signedIn(me) },
  );

afterEach(() => {
  act(() => liveBus.setConnected(false));
  vi.useRealTimers();
});

describe('/home notices with the live stream', () => {
  it('a notice event re-reads only its own list: the badges show at once, without waiting for a poll', async () => {
    const s = server();
    render();
    await waitFor(() => expect(s.gets('/count/getcomments') + s.gets('/count/getfans') + s.gets('/notice/system')).toBe(3));
    act(() => liveBus.setConnected(true));

    s.addComment();
    act(() => liveBus.emit({ type: 'notice', kind: 'comment' }));
    expect(await screen.findByRole('button', { name: '回复我的，1条新回复' })).toBeTruthy();
    expect([s.gets('/count/getcomments'), s.gets('/count/getfans'), s.gets('/notice/system')]).toEqual([2, 1, 1]);

    s.addFan();
    act(() => liveBus.emit({ type: 'notice', kind: 'fan' }));
    expect(await screen.findByRole('button', { name: '新粉丝，1个人新关注了你' })).toBeTruthy();

    s.addSystem();
    act(() => liveBus.emit({ type: 'notice', kind: 'system' }));
    expect(await screen.findByRole('link', { name: '看系统通知，有1条新的系统通知' })).toBeTruthy();
    expect([s.gets('/count/getcomments'), s.gets('/count/getfans'), s.gets('/notice/system')]).toEqual([2, 2, 2]);
  });

  it('a hello (every (re)connect) re-reads every list once', async () => {
    const s = server();
    render();
    await waitFor(() => expect(s.gets('/count/getfans')).toBe(1));
    s.addComment();
    s.addFan();
    act(() => {
      liveBus.setConnected(true);
      liveBus.emit({ type: 'hello', uid: me.uid });
    });
    await screen.findByRole('button', { name: '回复我的，1条新回复' });
    await screen.findByRole('button', { name: '新粉丝，1个人新关注了你' });
    expect([s.gets('/count/getcomments'), s.gets('/count/getfans'), s.gets('/notice/system')]).toEqual([2, 2, 2]);
  });

  it('polls every 60 s only while the stream is not connected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    render();
    await waitFor(() => expect(s.gets('/count/getcomments')).toBe(1));
    act(() => liveBus.setConnected(true));
    await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS * 3));
    expect([s.gets('/count/getcomments'), s.gets('/count/getfans'), s.gets('/notice/system')]).toEqual([1, 1, 1]);
    // The stream broke: back to polling.
    act(() => liveBus.setConnected(false));
    await act(() => vi.advanceTimersByTimeAsync(NOTICES_POLL_MS));
    await waitFor(() => expect([s.gets('/count/getcomments'), s.gets('/count/getfans'), s.gets('/notice/system')]).toEqual([2, 2, 2]));
  });
});
