import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, retryFailedPages } from './lazy-page';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>加载失败</p> : this.props.children;
  }
}

const show = (Page: ReturnType<typeof lazyPage>) =>
  render(
    <Boundary>
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>
    </Boundary>,
  );

describe('lazyPage', () => {
  it('does not retry a failed chunk by itself, and loads it again after retryFailedPages', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ default: () => <h1>帮助中心</h1> });
    const Page = lazyPage(load);

    const first = show(Page);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1); // no loop of reloads on a dead connection
    first.unmount();

    show(Page);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1); // still remembered until a retry is asked for
    screen.getByText('加载失败').remove();

    retryFailedPages();
    show(Page);
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
