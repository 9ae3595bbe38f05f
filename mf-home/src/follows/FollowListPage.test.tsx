import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOLLOW_MSG, type FollowListKind, type FollowUser } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, type Reply } from '@xiaoba/shared/testing';
import { listed, me, signedIn } from '../testing/fixtures';
import { EMPTY, FollowListPage } from './FollowListPage';

const NOW = Math.floor(Date.now() / 1000);
const person = (uid: number, name: string, extra: Partial<FollowUser> = {}): FollowUser => ({ ...listed(uid, name), ctime: NOW - 120, ...extra });

const cat = person(100002, '萌萌猫', { qianming: '喵[b1]<i>喵</i>', following: true, followsMe: true });
const sword = person(100003, '月下剑客', { following: true });
const fan = person(100004, '小星星', { followsMe: true });

/** A server holding the lists, 20 a page; follow/add and follow/remove change `following`. */
function followServer(lists: Record<FollowListKind, FollowUser[]>, options: { size?: number; refuse?: Reply } = {}) {
  const size = options.size ?? 20;
  const state = { ...lists };
  const set = (uid: number, following: boolean) => {
    for (const kind of ['follows', 'fans'] as const) state[kind] = state[kind].map((u) => (u.uid === uid ? { ...u, following } : u));
  };
  return fakeServer((call): Reply => {
    if (call.path === `/follow/list/${me.uid}` && call.method === 'GET') {
      const list = state[call.query.kind as FollowListKind] ?? [];
      const page = Number(call.query.pageNum);
      return ok({ records: list.slice((page - 1) * size, page * size), total: list.length, pages: Math.ceil(list.length / size), current: page, size });
    }
    if (call.path === '/follow/add' || call.path === '/follow/remove') {
      if (options.refuse) return options.refuse;
      const { uid } = call.body as { uid: number };
      set(uid, call.path === '/follow/add');
      return { status: 200, body: { code: 200, msg: call.path === '/follow/add' ? FOLLOW_MSG.followed : FOLLOW_MSG.unfollowed, data: null } };
    }
    return fail(404, '未知');
  });
}

const render = (kind: FollowListKind) => renderPage(<FollowListPage kind={kind} />, { path: `/${kind}`, state: signedIn(me) });

describe('我的关注 and 我的粉丝', () => {
  it('我的关注 lists the own follows: name linking to the space, small signature as user text, when; tabs to 我的粉丝', async () => {
    const calls = followServer({ follows: [cat, sword], fans: [] });
    render('follows');
    expect(screen.getByRole('heading', { level: 1, name: '我的关注' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: '关注和粉丝' });
    expect(within(tabs).getByRole('link', { name: '我的关注' }).getAttribute('href')).toBe('/follows');
    expect(within(tabs).getByRole('link', { name: '我的粉丝' }).getAttribute('href')).toBe('/fans');

    const list = await screen.findByRole('list', { name: '我的关注' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/100002');
    expect(within(first).getByRole('img', { name: '微笑' })).toBeTruthy(); // [b1] as a picture
    expect(first.textContent).toContain('<i>喵</i>'); // shown as typed, never as markup
    expect(first.querySelector('i')).toBeNull();
    expect(first.textContent).toContain('互相关注');
    expect(first.querySelector('time')!.textContent).toBe('2分钟前');
    expect(within(second).getByRole('link', { name: '月下剑客' }).getAttribute('href')).toBe('/100003');
    expect(second.textContent).not.toContain('互相关注');
    // Both are followed: the toggles are pressed, each named with its person (关注 here, even for a mutual follow).
    expect(within(first).getByRole('button', { name: '关注 萌萌猫' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(second).getByRole('button', { name: '关注 月下剑客' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(second).getByRole('button', { name: '关注 月下剑客' }).textContent).toBe('已关注 月下剑客');
    expect(screen.getByText('共关注了2人')).toBeTruthy();
    expect(calls[0]!.query).toEqual({ kind: 'follows', pageNum: '1' });
  });

  it('我的粉丝: 回关 follows back (the body names the fan), then shows 已回关; a second click unfollows', async () => {
    const calls = followServer({ follows: [], fans: [fan, cat] });
    const user = userEvent.setup();
    render('fans');
    const list = await screen.findByRole('list', { name: '我的粉丝' });
    expect(screen.getByText('共有2位粉丝')).toBeTruthy();
    const back = within(list).getByRole('button', { name: '回关 小星星' });
    expect(back.getAttribute('aria-pressed')).toBe('false');
    expect(back.textContent).toBe('回关 小星星');
    await user.click(back);
    expect(await screen.findByText(FOLLOW_MSG.followed)).toBeTruthy();
    expect(calls.find((c) => c.path === '/follow/add')).toMatchObject({ method: 'POST', body: { uid: 100004 } });
    await waitFor(() => expect(within(list).getByRole('button', { name: '回关 小星星' }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(list).getByRole('button', { name: '回关 小星星' }).textContent).toBe('已回关 小星星');
    // The list is asked again (the server now says following, and 互相关注).
    await waitFor(() => expect(calls.filter((c) => c.path === `/follow/list/${me.uid}`).length).toBeGreaterThan(1));
    expect(await within(list).findAllByText('互相关注')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: '回关 小星星' }));
    expect(await screen.findByText(FOLLOW_MSG.unfollowed)).toBeTruthy();
    expect(calls.find((c) => c.path === '/follow/remove')).toMatchObject({ method: 'POST', body: { uid: 100004 } });
    await waitFor(() => expect(within(list).getByRole('button', { name: '回关 小星星' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('a refused follow shows the server’s words and stays unpressed', async () => {
    followServer({ follows: [], fans: [fan] }, { refuse: fail(429, FOLLOW_MSG.tooFast) });
    const user = userEvent.setup();
    render('fans');
    await user.click(await screen.findByRole('button', { name: '回关 小星星' }));
    expect(await screen.findByText(FOLLOW_MSG.tooFast)).toBeTruthy();
    expect(screen.getByRole('button', { name: '回关 小星星' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('pages: the pager asks for the next page and shows its people', async () => {
    const many = Array.from({ length: 25 }, (_, i) => person(200000 + i, `同学${i + 1}`, { following: true }));
    const calls = followServer({ follows: many, fans: [] });
    const user = userEvent.setup();
    render('follows');
    const list = await screen.findByRole('list', { name: '我的关注' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: '我的关注分页' });
    await user.click(within(pager).getByRole('button', { name: '第2页' }));
    expect(await screen.findByRole('link', { name: '同学21' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '我的关注' })).getAllByRole('listitem')).toHaveLength(5);
    expect(calls.at(-1)!.query).toEqual({ kind: 'follows', pageNum: '2' });
    expect(within(pager).getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['follows', EMPTY.follows],
    ['fans', EMPTY.fans],
  ] as const)('an empty %s list says so plainly', async (kind, text) => {
    followServer({ follows: [], fans: [] });
    render(kind);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('list', { name: /^我的(关注|粉丝)$/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: /分页/ })).toBeNull();
  });

  it('a list that cannot load says so and asks again on 重试', async () => {
    let up = false;
    fakeServer(() => (up ? ok({ records: [fan], total: 1, pages: 1, current: 1, size: 20 }) : fail(500, '服务器错误')));
    const user = userEvent.setup();
    render('fans');
    expect((await screen.findByRole('alert')).textContent).toContain('列表加载失败');
    up = true;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '小星星' })).toBeTruthy();
  });
});
