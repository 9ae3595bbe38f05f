import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState, SKINS, uiSlice } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { fail, fakeServer, ok, user as savedUser, type Call, type Handler } from '../testing/fake-server';
import { Header } from './Header';
import { SKIN_CANCELLED, SKIN_SAVED } from './SkinPicker';

/** The header of a signed-in user whose saved skin is moon (孤独剑客), with the picker opened. */
async function openPicker(handler: Handler = () => ok()) {
  // The header's 小纸条 count (ScripLink.test.tsx) is answered apart: `calls` are the others.
  const calls: Call[] = [];
  fakeServer((call) => (call.path === '/count/getscrip' ? ok({ count: 0 }) : (calls.push(call), handler(call))));
  const user = userEvent.setup();
  const view = renderPage(<Header />, {
    path: '/home',
    state: {
      auth: { ...initialAuthState, token: 'token-abc', user: savedUser },
      ui: { ...uiSlice.getInitialState(), skin: 'moon' },
    },
  });
  const toggle = await screen.findByRole('button', { name: '装扮' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await user.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const panel = screen.getByRole('dialog', { name: '选择装扮' });
  const skin = () => view.store.getState().ui.skin;
  const savedSkin = () => view.store.getState().auth.user?.skin;
  return { ...view, user, calls, panel, skin, savedSkin };
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const picker = () => screen.queryByRole('dialog', { name: '选择装扮' });

describe('SkinPicker', () => {
  it('lists every skin, with the saved one checked and focused', async () => {
    const { panel } = await openPicker();
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(SKINS.map((s) => s.id));
    expect(radio('孤独剑客').checked).toBe(true);
    expect(document.activeElement).toBe(radio('孤独剑客'));
  });

  it('previews a chosen skin on the page without saving it', async () => {
    const { user, skin, savedSkin, calls } = await openPicker();
    await user.click(radio('萌萌猫'));
    expect(skin()).toBe('pinkcat');
    expect(radio('萌萌猫').checked).toBe(true);
    expect(radio('孤独剑客').checked).toBe(false);
    expect(savedSkin()).toBe('moon');
    expect(calls).toEqual([]);
  });

  it('取消 restores the saved skin, says 取消装扮 and closes', async () => {
    const { user, skin, calls } = await openPicker();
    await user.click(radio('雨的回忆'));
    expect(skin()).toBe('rain');
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(skin()).toBe('moon');
    expect(await screen.findByText(SKIN_CANCELLED)).toBeTruthy();
    expect(picker()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('Escape behaves as 取消', async () => {
    const { user, skin } = await openPicker();
    await user.click(radio('默认主题'));
    expect(skin()).toBe('');
    await user.keyboard('{Escape}');
    expect(skin()).toBe('moon');
    expect(await screen.findByText(SKIN_CANCELLED)).toBeTruthy();
    expect(picker()).toBeNull();
  });

  it('closing the panel with the 装扮 button restores the saved skin (no preview left behind)', async () => {
    const { user, skin, savedSkin, calls } = await openPicker();
    await user.click(radio('摩尔多多'));
    expect(skin()).toBe('dodo');
    await user.click(screen.getByRole('button', { name: '装扮' }));
    expect(picker()).toBeNull();
    expect(skin()).toBe('moon');
    expect(savedSkin()).toBe('moon');
    expect(calls).toEqual([]);
  });

  it('保存 with a change sends updateskin?classname=…, says 装扮成功！ and stores the saved skin', async () => {
    const { user, skin, savedSkin, calls } = await openPicker(() => ok({ skin: 'goldchild' }));
    await user.click(radio('金色童年'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(SKIN_SAVED)).toBeTruthy();
    expect(calls.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'POST', path: '/user/updateskin', query: { classname: 'goldchild' } },
    ]);
    expect(savedSkin()).toBe('goldchild');
    expect(skin()).toBe('goldchild');
    expect(picker()).toBeNull();
  });

  it('saves the default skin as an empty classname', async () => {
    const { user, savedSkin, calls } = await openPicker(() => ok({ skin: '' }));
    await user.click(radio('默认主题'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(SKIN_SAVED)).toBeTruthy();
    expect(calls[0]?.query).toEqual({ classname: '' });
    expect(savedSkin()).toBe('');
  });

  it('保存 unchanged sends nothing and closes', async () => {
    const { user, calls, skin } = await openPicker();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(picker()).toBeNull();
    expect(skin()).toBe('moon');
    expect(calls).toEqual([]);
    expect(screen.queryByText(SKIN_SAVED)).toBeNull();
  });

  it('a failed save shows the server msg and keeps the panel and the preview', async () => {
    const { user, skin, savedSkin } = await openPicker(() => fail(400, '皮肤不存在'));
    await user.click(radio('童话小镇'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('皮肤不存在')).toBeTruthy();
    expect(screen.queryByText(SKIN_SAVED)).toBeNull();
    expect(picker()).not.toBeNull();
    expect(skin()).toBe('town');
    expect(savedSkin()).toBe('moon');
    // The save button is usable again for another try.
    await waitFor(() => expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
