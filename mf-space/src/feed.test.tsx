import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, ok, renderPage, restoreApi } from '@xiaoba/shared/testing';
import Feed, { FEED_TITLE } from './feed';
import { page, yy } from './testing/yy-fixtures';

afterEach(restoreApi);

describe('./feed', () => {
  it('lists everyone’s yy from /yy/getyy under its heading', async () => {
    const calls = fakeServer((call) => (call.path === '/yy/getyy' ? ok(page([yy({ weiboId: 7, content: '大家好' })])) : ok([])));
    renderPage(<Feed />, { path: '/home' });
    expect(await screen.findByText('大家好')).toBeTruthy();
    expect(screen.getByRole('heading', { name: FEED_TITLE })).toBeTruthy();
    expect(calls.some((c) => c.path === '/yy/getyy' && c.query.pageNum === '1')).toBe(true);
  });
});
