import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageKeys } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { routeTable } from './route-table';
import { pages, prefetch } from './routes';
import { routesFromTable } from '@xiaoba/shared/testing';

describe('mf-home route table', () => {
  it('names exactly the pages ./routes exposes', () => {
    expect(Object.keys(pages).sort()).toEqual(pageKeys(routeTable).sort());
  });

  it("has the original site's rows /home, /help, /system/notify and /system/scrip and our /follows, /fans and /search, with titles; /home composes mf-space's feed", () => {
    expect(routeTable).toEqual([
      { path: '/home', page: 'home', title: '个人中心', uses: [{ remote: 'mf_space', module: './feed' }] },
      { path: '/help', page: 'help', title: '帮助中心' },
      { path: '/system/notify', page: 'notify', title: '系统通知' },
      { path: '/system/scrip', page: 'scrip', title: '小纸条' },
      { path: '/system/scrip/:uid', page: 'scripThread', title: '小纸条' },
      { path: '/follows', page: 'follows', title: '我的关注' },
      { path: '/fans', page: 'fans', title: '我的粉丝' },
      { path: '/search', page: 'search', title: '搜索' },
    ]);
  });

  it('prefetches /home, /follows, /fans, /system/scrip and /search, pages it has (a misspelt key would silently prefetch nothing)', () => {
    expect(Object.keys(prefetch)).toEqual(['home', 'follows', 'fans', 'scrip', 'search']);
    for (const key of Object.keys(prefetch)) expect(pageKeys(routeTable)).toContain(key);
  });

  it('is plain data (it is published as routes.json)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });

  it.each([
    ['/help', '帮助中心'],
    ['/system/notify', '系统通知'],
  ])('%s renders its page through the table', async (path, heading) => {
    renderPage(<p>start</p>, { routePath: '/__start', path, routes: routesFromTable(routeTable, pages) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });
});
