import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../core/api-types';
import { FACE_COUNT } from '../core/constants';
import { authActions } from '../store/auth-slice';
import { makeTestStore, renderPage } from '../testing/render';
import { contrastRatio } from '../theme/contrast';
import { Avatar, AVATAR_COLORS, avatarColor } from './Avatar';
import { PRESET_FACES, presetFace } from './faces';
import { renderThemed } from './test-theme';

afterEach(cleanup);

const me: UserInfo = {
  uid: 10001,
  name: '我',
  email: 'me@xiaoba.fan',
  babadou: 0,
  experience: 0,
  qianming: '',
  qm: '',
  sex: 0,
  follows: 0,
  fans: 0,
  face: 0,
  avatar: '',
  ctime: 0,
  skin: '',
  birthday: '',
  lastTime: 0,
  sign: 0,
};

describe('Avatar', () => {
  it('is an image named after the user showing the first character (face 0)', () => {
    renderThemed(<Avatar uid={100001} face={0} name="小巴巴" />);
    const avatar = screen.getByRole('img', { name: '小巴巴的头像' });
    expect(avatar.textContent).toBe('小');
    expect(avatar.style.width).toBe('48px');
    expect(avatar.style.height).toBe('48px');
    expect(avatar.querySelector('img')).toBeNull();
  });

  it('takes a size and shows the first character even outside the BMP', () => {
    renderThemed(<Avatar uid={1} face={0} name="😀abc" size={32} />);
    const avatar = screen.getByRole('img', { name: '😀abc的头像' });
    expect(avatar.textContent).toBe('😀');
    expect(avatar.style.width).toBe('32px');
  });

  it('colours by face, or by uid when face is 0', () => {
    expect(avatarColor(5, 3)).toBe(AVATAR_COLORS[3]);
    expect(avatarColor(5, 0)).toBe(AVATAR_COLORS[5]);
    expect(avatarColor(13, 0)).toBe(AVATAR_COLORS[3]);
    expect(avatarColor(-1, 0)).toBe(AVATAR_COLORS[AVATAR_COLORS.length - 1]);
    expect(avatarColor(0, 0)).toBe(AVATAR_COLORS[0]);
  });

  it('has white text with AA contrast on every colour', () => {
    for (const colour of AVATAR_COLORS) expect(contrastRatio('#ffffff', colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});

describe('Avatar pictures', () => {
  it('shows an uploaded picture as a lazy <img> in the same named circle', () => {
    renderThemed(<Avatar uid={7} face={3} avatar="/uploads/avatars/a.webp" name="小巴" size={40} />);
    const avatar = screen.getByRole('img', { name: '小巴的头像' });
    const img = avatar.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/avatars/a.webp');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(avatar.textContent).toBe('');
  });

  it('draws the preset face for 1..11 without a request, the letter for 0 and unknown codes', () => {
    renderThemed(<Avatar uid={7} face={2} avatar="" name="小巴" />);
    const drawn = screen.getByRole('img', { name: '小巴的头像' });
    expect(drawn.querySelector('svg')?.getAttribute('data-face')).toBe('2');
    expect(drawn.querySelector('img')).toBeNull();
    expect(drawn.textContent).toBe('');
    cleanup();
    for (const face of [0, 12, -1]) {
      renderThemed(<Avatar uid={7} face={face} name="小巴" />);
      expect(screen.getByRole('img', { name: '小巴的头像' }).textContent).toBe('小');
      cleanup();
    }
  });

  it('has FACE_COUNT presets with distinct names and colours, 1..11 drawn', () => {
    expect(PRESET_FACES).toHaveLength(FACE_COUNT);
    expect(PRESET_FACES.map((f) => f.code)).toEqual([...Array(FACE_COUNT).keys()]);
    expect(new Set(PRESET_FACES.map((f) => f.name)).size).toBe(FACE_COUNT);
    expect(new Set(PRESET_FACES.map((f) => f.background)).size).toBe(FACE_COUNT);
    expect(PRESET_FACES.slice(1).every((f) => f.art !== null)).toBe(true);
    expect(presetFace(0)).toBeNull();
  });

  it("follows the store for the signed-in user's own uid, at once when it changes", () => {
    const store = makeTestStore({ auth: { token: 't', user: { ...me, face: 4, avatar: '' }, today: '', myspace: true } });
    renderPage(
      <>
        <Avatar uid={me.uid} face={0} avatar="/uploads/avatars/old.webp" name="我" />
        <Avatar uid={42} face={0} avatar="" name="别人" />
        <Avatar uid={me.uid} face={2} avatar="" name="选项" fixed />
      </>,
      { store },
    );
    const mine = screen.getByRole('img', { name: '我的头像' });
    expect(mine.querySelector('svg')?.getAttribute('data-face')).toBe('4');
    act(() => void store.dispatch(authActions.userPatched({ avatar: '/uploads/avatars/new.webp' })));
    expect(mine.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/new.webp');
    expect(screen.getByRole('img', { name: '别人的头像' }).textContent).toBe('别');
    expect(screen.getByRole('img', { name: '选项的头像' }).querySelector('svg')?.getAttribute('data-face')).toBe('2');
  });
});
