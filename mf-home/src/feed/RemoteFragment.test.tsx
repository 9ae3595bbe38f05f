import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRemoteLoader } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { FRAGMENT_FAILED, RemoteFragment } from './RemoteFragment';
import { FEED_MODULE, FEED_REMOTE, SpaceFeed } from './SpaceFeed';

afterEach(() => setRemoteLoader(undefined));

const feed = { default: () => <h2>大家的yy</h2> };

describe('the feed fragment', () => {
  it('shows loading, then the component mf-space exposes as ./feed', async () => {
    let arrive: (module: unknown) => void = () => {};
    const load = vi.fn(() => new Promise<unknown>((resolve) => (arrive = resolve)));
    setRemoteLoader({ load, reset: vi.fn(async () => {}) });
    renderPage(<SpaceFeed />, { path: '/home' });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '正在加载大家的yy…');
    arrive(feed);
    expect(await screen.findByRole('heading', { name: '大家的yy' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledWith(FEED_REMOTE, FEED_MODULE);
    expect([FEED_REMOTE, FEED_MODULE]).toEqual(['mf_space', './feed']);
  });

  it('a failed load shows the error in its area; 重试 resets the remote and recovers without a reload', async () => {
    let up = false;
    const load = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch dynamically imported module');
      return feed;
    });
    const reset = vi.fn(async () => {});
    setRemoteLoader({ load, reset });
    const user = userEvent.setup();
    renderPage(
      <>
        <p>页面其余部分</p>
        <SpaceFeed />
      </>,
      { path: '/home' },
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '大家的yy加载失败' })).toBeTruthy();
    expect(within(alert).getByText(FRAGMENT_FAILED)).toBeTruthy();
    expect(screen.getByText('页面其余部分')).toBeTruthy();

    // Still down: the error comes back, ready for another try.
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: '重试' })).toHaveProperty('disabled', false);
    expect(reset).toHaveBeenCalledWith('mf_space');

    up = true;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '大家的yy' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reset).toHaveBeenCalledTimes(2);
    // Focus continues in the restored area rather than on the vanished button.
    await waitFor(() => expect(document.activeElement?.contains(screen.getByRole('heading', { name: '大家的yy' }))).toBe(true));
  });

  it('fails only its area when no shell provides the loader', async () => {
    renderPage(<RemoteFragment remote="mf_space" module="./feed" label="大家的yy" />, { path: '/home' });
    expect(await screen.findByRole('heading', { name: '大家的yy加载失败' })).toBeTruthy();
  });

  it.each([
    ['exports no component', {}],
    [
      'throws while rendering',
      {
        default: () => {
          throw new Error('broken');
        },
      },
    ],
  ])('a module that %s shows the failure in its area', async (_name, module) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    setRemoteLoader({ load: async () => module, reset: async () => {} });
    renderPage(<RemoteFragment remote="mf_space" module="./feed" label="大家的yy" />, { path: '/home' });
    expect(await screen.findByRole('heading', { name: '大家的yy加载失败' })).toBeTruthy();
    quiet.mockRestore();
  });
});
