import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@xiaoba/shared/testing';
import { NEWS_FAILED, PRERENDERED_NOTES_ID, UpdateNews } from './UpdateNews';

/** The prerendered /register leaves its notes in a JSON element (docs/adr/0008). */
function prerenderedNotes(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PRERENDERED_NOTES_ID;
  element.textContent = json;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(PRERENDERED_NOTES_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('UpdateNews after a prerendered page', () => {
  it('shows the prerendered notes at once, then the file as it is now', async () => {
    let answer!: (res: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    prerenderedNotes(JSON.stringify(['2026-11-20 旧的一条']));
    renderPage(<UpdateNews />);
    expect(screen.getByText('2026-11-20 旧的一条')).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();
    answer(new Response('2026-11-21 新的一条\n2026-11-20 旧的一条\n', { status: 200 }));
    expect(await screen.findByText('2026-11-21 新的一条')).toBeTruthy();
  });

  it('keeps the prerendered notes when the file cannot be loaded', async () => {
    const failing = vi.fn(async () => new Response('', { status: 500 }));
    vi.stubGlobal('fetch', failing);
    prerenderedNotes(JSON.stringify(['2026-11-20 旧的一条']));
    renderPage(<UpdateNews />);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('2026-11-20 旧的一条')).toBeTruthy();
    expect(screen.queryByText(NEWS_FAILED)).toBeNull();
  });

  it('ignores a broken element and loads as usual', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('2026-11-21 新的一条', { status: 200 })),
    );
    prerenderedNotes('{not json');
    renderPage(<UpdateNews />);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('2026-11-21 新的一条')).toBeTruthy();
  });
});
