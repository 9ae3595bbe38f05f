import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { RightBox } from './RightBox';

const user: UserInfo = {
  uid: 100002,
  name: '萌萌猫',
  email: 'demo2@xiaoba.fan',
  babadou: 88,
  experience: 99,
  qianming: '',
  qm: '',
  sex: 0,
  follows: 7,
  fans: 15,
  face: 3,
  avatar: '',
  ctime: 0,
  skin: '',
  birthday: '',
  lastTime: 0,
  sign: 0,
};

/** The value a <dt> labels in the box. */
const valueOf = (box: HTMLElement, term: string) => within(box).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the right box', () => {
  it('shows the own avatar, name, 米米号, level, 巴巴豆, fans and follows', () => {
    renderPage(<RightBox user={user} />, { path: '/home' });
    const box = screen.getByRole('complementary', { name: '萌萌猫' });
    expect(within(box).getByRole('img', { name: '萌萌猫的头像' })).toBeTruthy();
    expect(within(box).getByRole('heading', { level: 2, name: '萌萌猫' })).toBeTruthy();
    expect(valueOf(box, '米米号')).toBe('100002');
    expect(valueOf(box, '等级')).toBe('Lv.1');
    expect(valueOf(box, '巴巴豆')).toBe('88');
    expect(valueOf(box, '粉丝')).toBe('15');
    expect(valueOf(box, '关注')).toBe('7');
  });

  it('levels follow experience: floor(experience / 100) + 1, capped at 100', () => {
    renderPage(<RightBox user={{ ...user, experience: 250_000 }} />, { path: '/home' });
    expect(valueOf(screen.getByRole('complementary'), '等级')).toBe('Lv.100');
  });

  it('links to 我的空间 (/my) and 设置 (/setting)', () => {
    renderPage(<RightBox user={user} />, { path: '/home' });
    const links = within(screen.getByRole('navigation', { name: '我的去处' }));
    expect(links.getByRole('link', { name: '我的空间' }).getAttribute('href')).toBe('/my');
    expect(links.getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/setting');
  });
});
