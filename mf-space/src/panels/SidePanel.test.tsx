import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '@xiaoba/shared/testing';
import { me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { dateText } from './dates';

/** The value shown after a label (生日, 等级, ...) in the side panel. */
const fact = (panel: HTMLElement, label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

const sidePanel = () => screen.findByRole('complementary', { name: '个人资料' });

describe("side panel of another user's space", () => {
  it('shows avatar, name, sex, unknown birthday, level, fans, follows, medals, links and dates', async () => {
    const lastTime = Math.floor(new Date(2024, 5, 15, 9, 30).getTime() / 1000);
    spaceServer((call) =>
      call.path.startsWith('/user/getuserinfo/')
        ? ok({ ...other, experience: 250, fans: 12, follows: 3, leaves: 7, ctime: Math.floor(new Date(2015, 11, 26, 12).getTime() / 1000), lastTime })
        : undefined,
    );
    renderSpace('/10002');
    const panel = await sidePanel();
    expect(within(panel).getByRole('img', { name: '小明的头像' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 1, name: '小明' })).toBeTruthy();
    expect(within(panel).getByRole('img', { name: '男生' })).toBeTruthy();
    expect(fact(panel, '生日')).toBe('未知');
    expect(fact(panel, '等级')).toBe('Lv.3');
    expect(fact(panel, '粉丝')).toBe('12');
    expect(fact(panel, '关注')).toBe('3');
    expect(fact(panel, '空间创建于')).toBe('2015年12月26日');
    expect(fact(panel, '最后登录')).toBe('2024年6月15日');
    expect(within(panel).getByText('勋章(0)')).toBeTruthy();
    const medals = within(within(panel).getByRole('list', { name: '勋章' })).getAllByRole('img');
    expect(medals.map((m) => m.getAttribute('aria-label'))).toEqual([
      '新手勋章（未获得）',
      '才艺勋章（未获得）',
      '人气勋章（未获得）',
      '友谊勋章（未获得）',
      '元老勋章（未获得）',
    ]);
    const links = within(panel).getByRole('navigation', { name: '空间链接' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['空间', '/10002'],
      ['日志', '/10002/diary'],
      ['相册', '/10002/photo'],
      ['勋章', '/10002/medal'],
      ['留言板(7)', '/10002/board'],
    ]);
    // The home is the section shown.
    expect(within(links).getByRole('link', { name: '空间' }).getAttribute('aria-current')).toBe('page');
    expect(within(links).getByRole('link', { name: '留言板(7)' }).getAttribute('aria-current')).toBeNull();
    // No 资料 for someone else's space.
    expect(within(links).queryByText('资料')).toBeNull();
  });

  it('last login 0 reads 未知; the level is capped at Lv.100', async () => {
    spaceServer((call) => (call.path.startsWith('/user/getuserinfo/') ? ok({ ...other, lastTime: 0, experience: 1_000_000 }) : undefined));
    renderSpace('/10002');
    const panel = await sidePanel();
    expect(fact(panel, '最后登录')).toBe('未知');
    expect(fact(panel, '等级')).toBe('Lv.100');
    expect(within(panel).getByRole('link', { name: '留言板(0)' })).toBeTruthy();
  });

  it('marks the section shown with aria-current: the board on /10002/board, no longer the home', async () => {
    spaceServer();
    renderSpace('/10002/board');
    const links = within(await sidePanel()).getByRole('navigation', { name: '空间链接' });
    const current = () =>
      within(links)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page');
    await waitFor(() => expect(current().map((a) => a.textContent)).toEqual(['留言板(0)']));
    expect(within(links).queryByRole('button')).toBeNull();
  });

  // jsdom lays the page out as a wide screen; the phone's fold is tests/e2e/phone-layout.test.ts's.
  it('on a wide screen 更多资料 is hidden and nothing is folded; the button names the parts a phone folds', async () => {
    const user = userEvent.setup();
    spaceServer();
    renderSpace('/10002');
    const panel = await sidePanel();
    expect(within(panel).queryByRole('button', { name: '更多资料' })).toBeNull();
    // Hidden, it has no accessible name: found by what it is.
    const more = panel.querySelector<HTMLButtonElement>('button[aria-controls]')!;
    expect(more.textContent).toContain('更多资料');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // The signatures, the facts (birthday, fans, follows), the medals and the dates.
    const controlled = more
      .getAttribute('aria-controls')!
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(controlled.every((part) => part !== null && panel.contains(part))).toBe(true);
    const folded = controlled.map((part) => part!.textContent).join(' ');
    for (const text of ['生日', '粉丝', '勋章(0)', '空间创建于', '最后登录']) expect(folded).toContain(text);
    for (const text of ['生日', '空间创建于']) expect(within(panel).getByText(text, { selector: 'dt' })).toBeTruthy();
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('side panel of the own space', () => {
  it("uses the store's user: birthday, level, today as last login, 资料 link, and the count from GET /user/getleaves", async () => {
    const calls = spaceServer((call) => (call.path === '/user/getleaves' ? ok(12) : undefined));
    renderSpace('/my', { auth: { ...signedIn.auth, user: { ...me, experience: 99, lastTime: 1_000 } } });
    const panel = await sidePanel();
    expect(within(panel).getByRole('heading', { level: 1, name: '小巴' })).toBeTruthy();
    expect(within(panel).getByRole('img', { name: '女生' })).toBeTruthy();
    expect(fact(panel, '生日')).toBe('2000年2月29日');
    expect(fact(panel, '等级')).toBe('Lv.1');
    expect(fact(panel, '最后登录')).toBe(dateText(new Date()));
    expect(await within(panel).findByRole('link', { name: '留言板(12)' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: '留言板(12)' }).getAttribute('href')).toBe('/my/board');
    expect(within(panel).getByRole('link', { name: '资料' }).getAttribute('href')).toBe('/setting/profile');
    expect(within(panel).getByRole('link', { name: '空间' }).getAttribute('href')).toBe('/my');
    expect(calls.filter((c) => c.path === '/user/getleaves')).toHaveLength(1);
    expect(calls.filter((c) => c.path.startsWith('/user/getuserinfo'))).toHaveLength(0);
  });
});
