import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState, liveBus, uiSlice } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { fakeServer, ok, user as savedUser, type Call } from '../testing/fake-server';
import { Header } from './Header';
import { scripLinkLabel } from './ScripLink';

afterEach(() => act(() => liveBus.setConnected(false)));

function renderHeader(counts: number[], { archive = false, path = '/home' } = {}) {
  const answers = [...counts];
  const calls: Call[] = fakeServer((call) => (call.path === '/count/getscrip' ? ok({ count: answers.length > 1 ? answers.shift() : answers[0] }) : ok()));
  const view = renderPage(<Header />, {
    path,
    routes: [{ path: '/system/scrip', element: <p>小纸条页</p> }],
    state: {
      auth: { ...initialAuthState, token: 'token-abc', user: savedUser, today: '2025-01-01' },
      ui: { ...uiSlice.getInitialState(), archive },
    },
  });
  const asked = () => calls.filter((c) => c.path === '/count/getscrip').length;
  return { ...view, asked };
}

describe('the header’s 小纸条', () => {
  it('shows the unread count beside 小纸条, said in words in its name, and leads to /system/scrip', async () => {
    const { router } = renderHeader([3]);
    const link = await screen.findByRole('link', { name: scripLinkLabel(3) });
    expect(link.textContent).toBe('小纸条 (3)');
    await userEvent.setup().click(link);
    expect(router.state.location.pathname).toBe('/system/scrip');
  });

  it('without unread notes it is the plain link', async () => {
    const { asked } = renderHeader([0]);
    await waitFor(() => expect(asked()).toBe(1));
    expect(screen.getByRole('link', { name: '小纸条' }).textContent).toBe('小纸条');
  });

  it('takes the count a live `scrip` event carries, without asking', async () => {
    const { asked } = renderHeader([0]);
    await waitFor(() => expect(asked()).toBe(1));
    act(() => liveBus.emit({ type: 'scrip', scripId: 7, withUid: 100002, unread: 2 }));
    expect((await screen.findByRole('link', { name: scripLinkLabel(2) })).textContent).toBe('小纸条 (2)');
    act(() => liveBus.emit({ type: 'scrip', scripId: 8, withUid: 100002, unread: 0 }));
    expect(await screen.findByRole('link', { name: '小纸条' })).toBeTruthy();
    expect(asked()).toBe(1);
  });

  it('asks again when the stream (re)connects: notes may have come meanwhile', async () => {
    const { asked } = renderHeader([0, 4]);
    await waitFor(() => expect(asked()).toBe(1));
    act(() => liveBus.emit({ type: 'hello', uid: savedUser.uid }));
    expect(await screen.findByRole('link', { name: scripLinkLabel(4) })).toBeTruthy();
  });

  it('is the current section on the list and on a conversation', async () => {
    renderHeader([0], { path: '/system/scrip/100002' });
    expect((await screen.findByRole('link', { name: '小纸条' })).getAttribute('aria-current')).toBe('page');
  });
});
