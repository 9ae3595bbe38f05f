import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import HomePage from './HomePage';

const user: UserInfo = {
  uid: 100001, name: '巴巴', email: 'demo1@xiaoba.fan', babadou: 520, experience: 1250, qianming: '', qm: '', sex: 1,
  follows: 12, fans: 36, face: 0, ctime: 0, skin: '', birthday: '2003-05-12', lastTime: 0, sign: 0,
};

describe('personal centre', () => {
  it('greets the user with their 米米号, level and the default signature', async () => {
    renderPage(<HomePage />, { path: '/home', state: { auth: { token: 't', user, today: '', myspace: true } } });
    expect(await screen.findByRole('heading', { name: '欢迎回来，巴巴！' })).toBeTruthy();
    expect(screen.getByText('100001')).toBeTruthy();
    expect(screen.getByText('Lv.13')).toBeTruthy();
    expect(screen.getByText('我的地盘我做主！')).toBeTruthy();
    expect(screen.getByRole('img', { name: '巴巴的头像' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去我的空间' }).getAttribute('href')).toBe('/my');
  });
});
