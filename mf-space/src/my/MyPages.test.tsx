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
    expect(within(frame).getByLabelText('大签名档').textContent).toBe('小巴的地盘');
    expect(within(frame).getByLabelText('签名档').textContent).toBe('今天也要开心');
    expect(within(frame).getByRole('form', { name: '发表yy' })).toBeTruthy();
    expect(within(frame).getByLabelText('说点什么吧')).toBeTruthy();
    expect(within(frame).getByRole('heading', { level: 2, name: '我的yy' })).toBeTruthy();
    expect(await within(frame).findByText('还没有发过yy，在上面写下你的第一条吧！')).toBeTruthy();
    expect(frame.textContent).not.toContain('空间内容即将开放');
    expect(urls).toEqual(['/yy/getUseryy/10001']);
  });

  it('/my/board is the own message board, its tab current', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my/board');
    expect(await screen.findByRole('heading', { level: 2, name: '我的留言板' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '空间导航' });
    expect(within(nav).getAllByRole('link').map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['/my', null],
      ['/my/board', 'page'],
    ]);
  });

  it('an empty small signature reads 我的地盘我做主！', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my', { auth: { ...signedIn.auth, user: { ...me, qianming: '  ', qm: '小巴的秘密基地' } } });
    expect((await screen.findByLabelText('签名档')).textContent).toBe('我的地盘我做主！');
    expect(screen.getByLabelText('大签名档').textContent).toBe('小巴的秘密基地');
  });

  it('waits (status) while the guard has not loaded the user yet', async () => {
    fakeServer(() => ({ status: 500 }));
    renderSpace('/my', {});
    expect((await screen.findByRole('status')).textContent).toBe('正在打开空间…');
  });
});
