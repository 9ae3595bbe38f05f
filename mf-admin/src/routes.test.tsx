import { describe, expect, it } from 'vitest';
import { pageKeys } from '@xiaoba/shared';
import { routeTable } from './route-table';
import { pages } from './routes';

describe('mf-admin route table', () => {
  it('names exactly the pages ./routes exposes', () => {
    expect(Object.keys(pages).sort()).toEqual(pageKeys(routeTable).sort());
  });

  it('has the queue, the user page and the audit log, exactly the paths remotes.config.json gives mf-admin', () => {
    expect(routeTable).toEqual([
      { path: '/admin', page: 'reports', title: '举报处理' },
      { path: '/admin/user/:uid', page: 'user', title: '用户档案' },
      { path: '/admin/log', page: 'log', title: '操作记录' },
    ]);
  });

  it('is plain data (it is published as routes.json)', () => {
    expect(JSON.parse(JSON.stringify(routeTable))).toEqual(routeTable);
  });
});
