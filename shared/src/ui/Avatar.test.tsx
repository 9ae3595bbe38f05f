import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contrastRatio } from '../theme/contrast';
import { Avatar, AVATAR_COLORS, avatarColor } from './Avatar';
import { renderThemed } from './test-theme';

afterEach(cleanup);

describe('Avatar', () => {
  it('is an image named after the user showing the first character', () => {
    renderThemed(<Avatar uid={100001} face={3} name="小巴巴" />);
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
