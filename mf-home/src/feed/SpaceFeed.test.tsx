import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRemoteLoader } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { SpaceFeed } from './SpaceFeed';

afterEach(() => setRemoteLoader(undefined));

/** mf-space's ./feed as a stand-in: says which source it was given, and keeps a page of its own. */
function FakeFeed({ source }: { source?: string }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>feed:{source ?? '(none)'}</p>
      <button type="button" onClick={() => setPage(page + 1)}>
        第{page}页
      </button>
    </>
  );
}

function fakeFeed() {
  const load = vi.fn(async () => ({ default: FakeFeed }));
  setRemoteLoader({ load, reset: vi.fn(async () => {}) });
  return load;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('/home feed tabs', () => {
  it('shows 大家的yy by default and passes source "all" to the fragment', async () => {
    fakeFeed();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(screen.getByRole('tablist', { name: '看谁的yy' })).toBeTruthy();
    expect(tab('大家的yy').getAttribute('aria-selected')).toBe('true');
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('false');
    // Roving focus: only the selected tab is in the Tab order.
    expect(tab('大家的yy').tabIndex).toBe(0);
    expect(tab('关注的yy').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: '大家的yy' });
    expect(tab('大家的yy').getAttribute('aria-controls')).toBe(panel.id);
    expect(router.state.location.search).toBe('');
  });

  it('a click chooses 关注的yy: the fragment gets source "following" (without loading again) and the address keeps it', async () => {
    const load = fakeFeed();
    const user = userEvent.setup();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    await screen.findByText('feed:all');
    await user.click(tab('关注的yy'));
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '关注的yy' })).toBeTruthy();
    expect(router.state.location.search).toBe('?feed=following');
    expect(load).toHaveBeenCalledTimes(1);
    // The other feed starts at its first page, not at the page the first one was on.
    await user.click(screen.getByRole('button', { name: '第1页' }));
    expect(screen.getByRole('button', { name: '第2页' })).toBeTruthy();
    // Back to everyone's yy: the plain address again.
    await user.click(tab('大家的yy'));
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第1页' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens on the tab the address names (a reload keeps it); anything else is everyone’s yy', async () => {
    fakeFeed();
    renderPage(<SpaceFeed />, { path: '/home?feed=following' });
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true');
  });

  it('an unknown ?feed= shows everyone’s yy', async () => {
    fakeFeed();
    renderPage(<SpaceFeed />, { path: '/home?feed=strangers' });
    expect(await screen.findByText('feed:all')).toBeTruthy();
  });

  it('is a keyboard tablist: arrows move focus and choose, Home and End go to the ends', async () => {
    fakeFeed();
    const user = userEvent.setup();
    const { router } = renderPage(<SpaceFeed />, { path: '/home' });
    await screen.findByText('feed:all');
    await user.tab();
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('feed:following')).toBeTruthy();
    expect(document.activeElement).toBe(tab('关注的yy'));
    expect(tab('关注的yy').tabIndex).toBe(0);
    expect(router.state.location.search).toBe('?feed=following');
    // Wraps around.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('feed:all')).toBeTruthy();
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(tab('关注的yy')));
    await user.keyboard('{Home}');
    await waitFor(() => expect(tab('大家的yy').getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab('大家的yy'));
    await user.keyboard('{End}');
    await waitFor(() => expect(tab('关注的yy').getAttribute('aria-selected')).toBe('true'));
    // Tab leaves the tablist for the panel's content, not the other tab.
    await user.tab();
    expect(document.activeElement).not.toBe(tab('大家的yy'));
  });

  it('names its loading state after the tab shown', async () => {
    setRemoteLoader({ load: () => new Promise(() => {}), reset: async () => {} });
    renderPage(<SpaceFeed />, { path: '/home?feed=following' });
    expect((await screen.findByRole('status')).textContent).toBe('正在加载关注的yy…');
  });
});
