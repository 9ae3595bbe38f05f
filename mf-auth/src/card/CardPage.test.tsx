import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState, type UserInfo } from '@xiaoba/shared';
import { fakeServer, renderPage } from '@xiaoba/shared/testing';
import { user as savedUser } from '../testing/fixtures';

import CardPage from './CardPage';

function renderCard(user: UserInfo = { ...savedUser, sign: 1, birthday: '2001-03-25', sex: 1 }) {
  const events = userEvent.setup();
  const view = renderPage(<CardPage />, {
    path: '/card',
    state: { auth: { ...initialAuthState, token: 't', user } },
    routes: [{ path: '/home', element: <p>个人中心页</p> }],
  });
  return { events, ...view };
}

const form = () => screen.getByRole('form', { name: /补全名片/ });
const alertText = () => within(form()).getByRole('alert').textContent;
const save = () => within(form()).getByRole('button', { name: /保存/ });

describe('profile card', () => {
  it('shows the nickname read-only and starts from the user sex and birthday', async () => {
    renderCard();
    const name = (await screen.findByLabelText('昵称')) as HTMLInputElement;
    expect(name.value).toBe('小明');
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText('男生') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('年') as HTMLSelectElement).value).toBe('2001');
    expect((screen.getByLabelText('日') as HTMLSelectElement).value).toBe('25');
  });

  it('validates: an empty nickname cannot be saved, nor a missing birthday', async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: 'ok' } }));
    const { events } = renderCard({ ...savedUser, name: '', birthday: '', sign: 1 });
    await events.click(await screen.findByRole('button', { name: /保存/ }));
    expect(alertText()).toBe('姓名不能为空！');
    expect(calls).toHaveLength(0);
  });

  it('asks for a birthday when the user has none', async () => {
    fakeServer(() => ({ body: { code: 200, msg: 'ok' } }));
    const { events } = renderCard({ ...savedUser, birthday: '', sign: 1 });
    await events.click(await screen.findByRole('button', { name: /保存/ }));
    expect(alertText()).toBe('请选择生日！');
  });

  it('saves the card, stores the user and welcomes them at /home', async () => {
    const updated = { ...savedUser, sex: 0 as const, birthday: '2001-03-25', sign: 0 };
    const calls = fakeServer(() => ({ body: { code: 200, msg: '更新成功', data: updated } }));
    const { events, store } = renderCard();
    await events.click(await screen.findByLabelText('女生'));
    await events.click(save());

    expect(await screen.findByText('个人中心页')).toBeTruthy();
    expect(await screen.findByText('上车咯！')).toBeTruthy();
    expect(calls).toMatchObject([{ method: 'PATCH', path: '/user/cardupdate', body: { name: '小明', sex: 0, birthday: '2001-03-25' } }]);
    expect(store.getState().auth.user).toMatchObject({ sex: 0, sign: 0 });
  });

  it('says 错误！ when the update fails', async () => {
    fakeServer(() => ({ status: 400, body: { code: 400, msg: '生日日期有误！' } }));
    const { events } = renderCard();
    await events.click(await screen.findByRole('button', { name: /保存/ }));
    await waitFor(() => expect(alertText()).toBe('错误！'));
    expect(screen.queryByText('个人中心页')).toBeNull();
  });
});
