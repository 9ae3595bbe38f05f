import { screen, within } from '@testing-library/react';
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
      '人气勋章（未获得）',
      '活跃勋章（未获得）',
      '才艺勋章（未获得）',
      '友谊勋章（未获得）',
    ]);
    const links = within(panel).getByRole('navigation', { name: '空间链接' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['空间', '/10002'],
      ['相册', '/10002/photo'],
      ['留言板(7)', '/10002/board'],
    ]);
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

  it('日志 and 勋章 are buttons that say the section is still moving, never a dead click; 相册 links to the albums', async () => {
    const user = userEvent.setup();
    spaceServer();
    renderSpace('/10002');
    const links = within(await sidePanel()).getByRole('navigation', { name: '空间链接' });
    expect(within(links).getByRole('link', { name: '相册' }).getAttribute('href')).toBe('/10002/photo');
    await user.click(within(links).getByRole('button', { name: '日志' }));
    expect(await screen.findByText('日志功能还在搬家中，敬请期待')).toBeTruthy();
    await user.click(within(links).getByRole('button', { name: '勋章' }));
    expect(await screen.findByText('勋章功能还在搬家中，敬请期待')).toBeTruthy();
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
