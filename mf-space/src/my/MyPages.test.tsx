import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@xiaoba/shared';
import { emptyYyPage, fakeServer, me, renderSpace, signedIn } from '../testing/fixtures';

const defaultAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = defaultAdapter;
});

describe('/my — the own space', () => {
  it('shows the signed-in user from the store (no user request), the composer and the own yy list', async () => {
    const urls = fakeServer(() => emptyYyPage);
    renderSpace('/my');
    const frame = await screen.findByRole('region', { name: '小巴' });
    expect(within(frame).getByRole('button', { name: '大签名档：小巴的地盘（点击修改）' })).toBeTruthy();
    expect(within(frame).getByRole('button', { name: '签名档：今天也要开心（点击修改）' })).toBeTruthy();
    expect(within(frame).getByRole('form', { name: '发表yy' })).toBeTruthy();
    expect(within(frame).getByLabelText('说点什么吧')).toBeTruthy();
    expect(within(frame).getByRole('heading', { level: 2, name: '我的yy' })).toBeTruthy();
    expect(await within(frame).findByText('还没有发过yy，在上面写下你的第一条吧！')).toBeTruthy();
    expect(frame.textContent).not.toContain('空间内容即将开放');
    // The own user comes from the store; the rest are the yy list and the space's panels.
    expect(urls.filter((u) => u.startsWith('/user/getuserinfo'))).toEqual([]);
    expect(urls).toContain('/yy/getUseryy/10001');
  });

  it('/my/board is the own message board, its tab current', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my/board');
    expect(await screen.findByRole('heading', { level: 2, name: '我的留言板' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '空间导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['/my', null],
      ['/my/board', 'page'],
      ['/my/diary', null],
    ]);
  });

  it('an empty small signature reads 我的地盘我做主！', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my', { auth: { ...signedIn.auth, user: { ...me, qianming: '  ', qm: '小巴的秘密基地' } } });
    expect(await screen.findByRole('button', { name: '签名档：我的地盘我做主！（点击修改）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '大签名档：小巴的秘密基地（点击修改）' })).toBeTruthy();
  });

  it('waits (status) while the guard has not loaded the user yet', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my', {});
    expect((await screen.findByRole('status')).textContent).toBe('正在打开空间…');
  });
});
