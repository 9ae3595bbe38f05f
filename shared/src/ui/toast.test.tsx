/**
 * react-hot-toast is not part of what a page loads first (docs/adr/0012): it is imported on the
 * first notify or once the page is idle. Counted through a mock whose factory runs when the module
 * is actually imported; the idle warm-up is captured, not run, until a test runs it.
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const counts = { toastImports: 0 };
let idleTasks: (() => void)[] = [];

/** A fresh copy of the toast module, as a page gets it, with its idle warm-up held back. */
async function freshToast() {
  vi.resetModules();
  counts.toastImports = 0;
  vi.doMock('react-hot-toast', async (importOriginal) => {
    counts.toastImports += 1;
    return importOriginal();
  });
  idleTasks = [];
  Object.assign(window, { requestIdleCallback: (task: () => void) => idleTasks.push(task) });
  return import('./toast');
}

/** react-hot-toast gives a shown toast's wrapper a class and takes it away on dismiss (then removes it 1 s later). */
const isShown = (text: string) => Boolean(screen.queryByText(text)?.closest('[data-rht-toaster] > div')?.getAttribute('class'));

afterEach(async () => {
  const { toast } = await vi.importActual<typeof import('react-hot-toast')>('react-hot-toast');
  act(() => toast.remove());
  document.body.innerHTML = '';
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
});

describe('toasts load on first use, not with the page', () => {
  it('a mounted Toaster loads nothing; notify before the library is there shows, in order, once it is', async () => {
    const { notify, Toaster } = await freshToast();
    const { container } = render(<Toaster position="top-center" />);
    notify.dismiss();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(counts.toastImports).toBe(0);
    expect(container.innerHTML).toBe('');

    const first = notify.success('已保存');
    const second = notify.error('米米号或密码错误');
    expect(typeof first).toBe('string');
    expect(second).not.toBe(first);

    const shown = await screen.findAllByRole('status');
    // react-hot-toast stacks the newest on top: the order of the calls, newest first.
    expect(shown.map((el) => el.textContent)).toEqual(['米米号或密码错误', '已保存']);
    for (const el of shown) expect(el.getAttribute('aria-live')).toBe('polite');
    expect(counts.toastImports).toBe(1);
    // The container is react-hot-toast's own.
    expect(container.querySelector('[data-rht-toaster]')).not.toBeNull();
  });

  it('a dismiss queued before the library arrives removes that toast only', async () => {
    const { notify, Toaster } = await freshToast();
    render(<Toaster />);
    const gone = notify.info('将被关闭');
    notify.info('留下');
    notify.dismiss(gone);
    expect(await screen.findByText('留下')).toBeTruthy();
    await vi.waitFor(() => expect(isShown('留下')).toBe(true));
    expect(isShown('将被关闭')).toBe(false);
    expect(counts.toastImports).toBe(1);
  });

  it('the idle warm-up loads the library without a toast; later toasts show at once', async () => {
    const { notify, Toaster } = await freshToast();
    const { container } = render(<Toaster />);
    expect(idleTasks.length).toBeGreaterThan(0);
    act(() => {
      for (const task of idleTasks) task();
    });
    // The import takes what it takes (a busy machine: more than a few ms); the Toaster shows once it is there.
    await vi.waitFor(() => expect(container.querySelector('[data-rht-toaster]')).not.toBeNull());
    expect(counts.toastImports).toBe(1);
    act(() => {
      notify.success('好了');
    });
    // Loaded: the toast is in the store synchronously, no await on an import.
    expect(within(container).getByRole('status').textContent).toBe('好了');
    expect(counts.toastImports).toBe(1);
  });

  it('keeps the duration (3000 ms by default) and the options of the shell’s Toaster', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { notify, Toaster } = await freshToast();
      render(<Toaster toastOptions={{ className: 'themed' }} />);
      notify.info('三秒');
      const el = await screen.findByText('三秒');
      expect(el.closest('.themed')).not.toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(2500));
      expect(isShown('三秒')).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(2500));
      await vi.waitFor(() => expect(screen.queryByText('三秒')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
