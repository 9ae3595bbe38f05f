import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageKeys } from '@xiaoba/shared';
import { fakeServer, ok, renderPage } from '@xiaoba/shared/testing';
import { routeTable } from './route-table';
import { pages } from './routes';
import { routesFromTable } from '@xiaoba/shared/testing';

const renderSettings = (path: string) =>
  renderPage(<p>start</p>, {
    routePath: '/__start',
    path,
    routes: [...routesFromTable(routeTable, pages), { path: '/notfound', element: <h1>页面不存在</h1> }],
  });

describe('mf-settings route table', () => {
  it('names exactly the pages ./routes exposes', () => {
    expect(Object.keys(pages).sort()).toEqual(pageKeys(routeTable).sort());
    expect(pageKeys(routeTable)).toEqual(['avatar', 'profile', 'data', 'privacy']);
  });

  it("has the original site's rows: /setting redirecting to avatar, with avatar and profile (and our data and privacy pages)", () => {
    expect(routeTable).toEqual([
      {
        path: '/setting',
        title: '设置',
        children: [
          { index: true, redirect: '/setting/avatar' },
          { path: 'avatar', page: 'avatar', title: '修改头像' },
          { path: 'profile', page: 'profile', title: '个人资料' },
          { path: 'data', page: 'data', title: '我的数据' },
          { path: 'privacy', page: 'privacy', title: '隐私设置' },
        ],
      },
    ]);
  });

  it('is plain data (it is published as routes.json)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });
});

describe('settings pages', () => {
  it('/setting redirects to /setting/avatar', async () => {
    const { router } = renderSettings('/setting');
    expect(await screen.findByRole('heading', { level: 2, name: '修改头像' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setting/avatar');
  });

  it.each([
    ['/setting/avatar', '修改头像', '修改头像'],
    ['/setting/profile', '个人资料', '个人资料'],
    ['/setting/data', '我的数据', '我的数据'],
    ['/setting/privacy', '隐私设置', '隐私'],
  ])('%s shows the tab frame and its panel', async (path, title, tab) => {
    fakeServer(() => ok());
    renderSettings(path);
    expect(await screen.findByRole('region', { name: title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '设置' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '设置分类' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([tab]);
  });

  it('has the four tabs and 我的数据; 隐私 leads to the privacy page, 兴趣 still to the not-found page', async () => {
    renderSettings('/setting/avatar');
    const nav = await screen.findByRole('navigation', { name: '设置分类' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['修改头像', '/setting/avatar'],
      ['个人资料', '/setting/profile'],
      ['我的数据', '/setting/data'],
      ['兴趣', '/notfound'],
      ['隐私', '/setting/privacy'],
    ]);
  });

  it('switching tabs moves between the panels', async () => {
    fakeServer(() => ok());
    const user = userEvent.setup();
    const { router } = renderSettings('/setting/avatar');
    await user.click(await screen.findByRole('link', { name: '个人资料' }));
    expect(await screen.findByRole('region', { name: '个人资料' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setting/profile');
    await user.click(screen.getByRole('link', { name: '隐私' }));
    expect(await screen.findByRole('region', { name: '隐私设置' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/setting/privacy');
    await user.click(screen.getByRole('link', { name: '兴趣' }));
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy();
  });
});
