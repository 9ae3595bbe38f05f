import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS } from '@xiaoba/shared';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@xiaoba/shared/testing';
import { Carousel } from './Carousel';

describe('Carousel', () => {
  it('shows three described scenes, three dots and no arrows', async () => {
    renderPage(<Carousel />);
    const region = await screen.findByRole('region', { name: '校巴风景' });
    const dots = within(region).getAllByRole('button');
    expect(dots.map((b) => b.getAttribute('aria-label'))).toEqual(['第1张', '第2张', '第3张']);
    // Every scene has a text alternative (inactive slides are hidden from assistive tech).
    const scenes = region.querySelectorAll('svg[role="img"]');
    expect(scenes).toHaveLength(3);
    scenes.forEach((svg) => expect(svg.getAttribute('aria-label')).toBeTruthy());
    expect(within(region).getAllByRole('img')).toHaveLength(1);
  });

  it('switches scene when a dot is clicked', async () => {
    const user = userEvent.setup();
    renderPage(<Carousel />);
    const second = await screen.findByRole('button', { name: '第2张' });
    expect(screen.getByRole('button', { name: '第1张' }).getAttribute('aria-current')).toBe('true');
    await user.click(second);
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: '第1张' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('星空下，两个小伙伴坐在山坡上看流星');
  });

  it('moves on by itself every 3000 ms and loops', async () => {
    vi.useFakeTimers();
    renderPage(<Carousel />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const current = () =>
      screen
        .getAllByRole('button')
        .find((b) => b.getAttribute('aria-current'))
        ?.getAttribute('aria-label');
    expect(current()).toBe('第1张');
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS - 50));
    expect(current()).toBe('第1张');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(current()).toBe('第2张');
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS));
    expect(current()).toBe('第3张');
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS));
    expect(current()).toBe('第1张');
  });
});
