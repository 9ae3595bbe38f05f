import { describe, expect, it } from 'vitest';
import { pageKeys } from '@xiaoba/shared';
import { routeTable } from './route-table';
import { pages } from './routes';

describe('route table', () => {
  it('has a page for every row, and a row for every page', () => {
    expect(new Set(pageKeys(routeTable))).toEqual(new Set(Object.keys(pages)));
  });

  it("lists the original site's paths with their titles", () => {
    expect(routeTable.map((r) => [r.path, r.title])).toEqual([
      ['/', '登录'],
      ['/login', '登录'],
      ['/oldlogin', '登录'],
      ['/register', '注册'],
      ['/usercard', '完善资料'],
      ['/card', '个人名片'],
    ]);
  });
});
