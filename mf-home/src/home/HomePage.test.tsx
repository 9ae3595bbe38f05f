import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRemoteLoader } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage } from '@xiaoba/shared/testing';
import { me as user, signedIn } from '../testing/fixtures';
import HomePage from './HomePage';

// The 回复我的 section asks for the notices: 2 new ones; the moderators' system notices: 1 new; 新粉丝: 3 new.
beforeEach(() => {
  fakeServer((call) =>
    call.path === '/count/getcomments'
      ? ok({ count: 2, records: [] })
      : call.path === '/count/getfans'
        ? ok({ count: 3, records: [] })
        : call.path === '/notice/system'
          ? ok({ records: [], total: 1, pages: 1, current: 1, size: 20, unread: 1 })
          : fail(404, '未知'),
  );
});
afterEach(() => setRemoteLoader(undefined));

describe('personal centre', () => {
  it('greets the user, with the default signature, the feed from mf-space and the right box', async () => {
    setRemoteLoader({
      load: async (remote, module) => ({ default: () => <p>{`${remote} ${module} 的yy`}</p> }),
      reset: async () => {},
    });
    renderPage(<HomePage />, { path: '/home', state: signedIn(user) });
    expect(await screen.findByRole('heading', { name: '欢迎回来，巴巴！' })).toBeTruthy();
    expect(screen.getByText('我的地盘我做主！')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去我的空间' }).getAttribute('href')).toBe('/my');
    expect(await screen.findByText('mf_space ./feed 的yy')).toBeTruthy();
    const box = screen.getByRole('complementary', { name: '巴巴' });
    expect(within(box).getByText('Lv.13')).toBeTruthy();
  });

  it('reads the greeting and the notices, then the feed, then the own card (a phone stacks them so)', async () => {
    setRemoteLoader({
      load: async (remote, module) => ({ default: () => <p>{`${remote} ${module} 的yy`}</p> }),
      reset: async () => {},
    });
    renderPage(<HomePage />, { path: '/home', state: signedIn(user) });
    const greeting = await screen.findByRole('heading', { name: '欢迎回来，巴巴！' });
    const notices = await screen.findByRole('button', { name: '新粉丝，3个人新关注了你' });
    const feed = await screen.findByText('mf_space ./feed 的yy');
    const box = screen.getByRole('complementary', { name: '巴巴' });
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect([follows(greeting, notices), follows(notices, feed), follows(feed, box)]).toEqual([true, true, true]);
  });

  it('keeps the greeting and the right box when the feed cannot load', async () => {
    setRemoteLoader({ load: () => Promise.reject(new TypeError('Failed to fetch')), reset: async () => {} });
    renderPage(<HomePage />, { path: '/home', state: signedIn(user) });
    expect(await screen.findByRole('heading', { name: '大家的yy加载失败' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '欢迎回来，巴巴！' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '巴巴' })).toBeTruthy();
  });

  it('places 回复我的 and 新粉丝 under the greeting, with the counts of new comments and new fans', async () => {
    setRemoteLoader({ load: async () => ({ default: () => null }), reset: async () => {} });
    renderPage(<HomePage />, { path: '/home', state: signedIn(user) });
    const main = (await screen.findByRole('heading', { name: '欢迎回来，巴巴！' })).closest('section')!;
    expect(await within(main).findByRole('button', { name: '回复我的，2条新回复' })).toBeTruthy();
    expect(await within(main).findByRole('button', { name: '新粉丝，3个人新关注了你' })).toBeTruthy();
  });

  it('says how many system notices are new on the way to /system/notify', async () => {
    setRemoteLoader({ load: async () => ({ default: () => null }), reset: async () => {} });
    renderPage(<HomePage />, { path: '/home', state: signedIn(user) });
    const onward = await screen.findByRole('navigation', { name: '去哪儿' });
    const link = await within(onward).findByRole('link', { name: '看系统通知，有1条新的系统通知' });
    expect(link.getAttribute('href')).toBe('/system/notify');
  });
});
