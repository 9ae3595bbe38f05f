import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmojiPicker } from './EmojiPicker';
import { renderThemed } from './test-theme';

afterEach(cleanup);

function setup() {
  const onPick = vi.fn();
  const result = renderThemed(
    <div>
      <EmojiPicker onPick={onPick} />
      <p>outside</p>
    </div>,
  );
  const toggle = screen.getByRole('button', { name: '表情' });
  return { ...result, onPick, toggle, user: userEvent.setup() };
}

const gridImages = () => document.querySelectorAll('[role="tabpanel"] img');

describe('EmojiPicker', () => {
  it('starts closed: toggle with aria-expanded=false pointing at the hidden panel, no emoji images', () => {
    const { toggle } = setup();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(gridImages()).toHaveLength(0);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('opens with five pack tabs, focus on the first, and only that pack’s lazy images', async () => {
    const { toggle, user } = setup();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['校巴', '摩尔', '赛尔', '花花', '功夫']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[0]);
    const images = gridImages();
    expect(images).toHaveLength(54);
    expect(images[0]!.getAttribute('alt')).toBe('微笑');
    expect(images[0]!.getAttribute('src')).toBe('/assets/emoji/b1.svg');
    for (const img of images) expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', async () => {
    const { toggle, user } = setup();
    await user.click(toggle);
    await user.keyboard('{ArrowRight}');
    let tabs = screen.getAllByRole('tab');
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[1]);
    expect(gridImages()).toHaveLength(38);
    expect(gridImages()[0]!.getAttribute('alt')).toBe('小猫');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    tabs = screen.getAllByRole('tab');
    expect(tabs[4]!.getAttribute('aria-selected')).toBe('true');
    expect(gridImages()).toHaveLength(24);
    await user.keyboard('{Home}');
    expect(screen.getAllByRole('tab')[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getAllByRole('tab')[4]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getAllByRole('tab')[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('picks a code on click and closes', async () => {
    const { toggle, user, onPick } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('tab', { name: '花花' }));
    await user.click(screen.getByRole('button', { name: '玫瑰' }));
    expect(onPick).toHaveBeenCalledWith('[f123]');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(gridImages()).toHaveLength(0);
    expect(document.activeElement).toBe(toggle);
  });

  it('picks with Enter and with Space', async () => {
    const { toggle, user, onPick } = setup();
    await user.click(toggle);
    screen.getByRole('button', { name: '大哭' }).focus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('[b49]');
    await user.click(toggle);
    await user.keyboard('{End}');
    screen.getByRole('button', { name: '冲刺' }).focus();
    await user.keyboard(' ');
    expect(onPick).toHaveBeenLastCalledWith('[k167]');
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const { toggle, user } = setup();
    await user.click(toggle);
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on a click outside, not on a click inside', async () => {
    const { toggle, user } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('tab', { name: '赛尔' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles closed with its own button and takes another label', async () => {
    const onPick = vi.fn();
    renderThemed(<EmojiPicker onPick={onPick} label="插入表情" />);
    const toggle = screen.getByRole('button', { name: '插入表情' });
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(onPick).not.toHaveBeenCalled();
  });
});
