import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, makeTestStore, renderPage } from '@xiaoba/shared/testing';
import { draftActions, selectRegisterDraft } from '../draft/register-draft';
import LoginPage from '../login/LoginPage';

import UserCardPage from './UserCardPage';

function renderUserCard(store = makeTestStore()) {
  const user = userEvent.setup();
  const view = renderPage(<UserCardPage />, {
    path: '/usercard',
    store,
    routes: [
      { path: '/register', element: <p>注册第一步页</p> },
      { path: '/login', element: <LoginPage /> },
    ],
  });
  return { user, ...view };
}

function storeWithDraft() {
  const store = makeTestStore();
  store.dispatch(draftActions.profileChosen({ uname: '小红', sex: 0, birthday: '2000-02-29' }));
  store.dispatch(draftActions.credentialsVerified({ email: 'kid@example.com', lockedPassword: 'secret12' }));
  return store;
}

const form = () => screen.getByRole('form', { name: '第二步：个人名片' });
const alertText = () => within(form()).getByRole('alert').textContent;
const submit = () => within(form()).getByRole('button', { name: /完成注册|提交中/ });

async function agreeRules(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '同意青少年行为守则' }));
  await user.click(await screen.findByRole('button', { name: '我明白了，出发吧' }));
}

describe('register step two', () => {
  it('sends the user back to /register when the draft has no e-mail or password', async () => {
    const store = makeTestStore();
    store.dispatch(draftActions.profileChosen({ uname: '小红', sex: 0, birthday: '' }));
    const { router } = renderUserCard(store);
    expect(await screen.findByText('注册第一步页')).toBeTruthy();
    expect(await screen.findByText('注册信息丢失，请重新进行注册！')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("starts from the draft and checks the rules in the original site's order", async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: 'ok', data: { uid: 1 } } }));
    const { user } = renderUserCard(storeWithDraft());
    const nickname = (await screen.findByLabelText('昵称')) as HTMLInputElement;
    expect(nickname.value).toBe('小红');
    expect((screen.getByLabelText('女生') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('月') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('日') as HTMLSelectElement).value).toBe('29');

    await user.clear(nickname);
    await user.click(submit());
    expect(alertText()).toBe('姓名不能为空！');
    await user.type(nickname, '一二三四五六七');
    await user.click(submit());
    expect(alertText()).toBe('昵称应在2~6位！');
    await user.clear(nickname);
    await user.type(nickname, '小红');
    await user.click(submit());
    expect(alertText()).toBe('请先同意守则！');
    await agreeRules(user);
    await user.selectOptions(screen.getByLabelText('日'), '');
    await user.click(submit());
    expect(alertText()).toBe('请选择生日！');
    expect(calls).toHaveLength(0);
  });

  it('asks for the sex before the rules', async () => {
    const store = makeTestStore();
    store.dispatch(draftActions.credentialsVerified({ email: 'kid@example.com', lockedPassword: 'secret12' }));
    const { user } = renderUserCard(store);
    await user.type(await screen.findByLabelText('昵称'), '小红');
    await user.click(submit());
    expect(alertText()).toBe('请选择性别！');
  });

  it('creates the account from the draft, clears it and opens /login with the new 米米号', async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: '注册成功！你的米米号是 10086', data: { uid: 10086 } } }));
    const { user, store } = renderUserCard(storeWithDraft());
    await screen.findByLabelText('昵称');
    await user.click(screen.getByLabelText('男生'));
    await agreeRules(user);
    await user.click(submit());

    expect(await screen.findByText('注册成功！你的米米号是 10086')).toBeTruthy();
    const username = (await screen.findByLabelText('米米号/邮箱')) as HTMLInputElement;
    expect(username.value).toBe('10086');
    expect(calls).toMatchObject([
      {
        method: 'POST',
        path: '/user/addAccount',
        body: { email: 'kid@example.com', lockedPassword: 'secret12', uname: '小红', sex: 1, birthday: '2000-02-29' },
      },
    ]);
    expect(selectRegisterDraft(store.getState())).toMatchObject({ email: '', lockedPassword: '', uname: '' });
    // The draft being cleared on success is not "lost": no warning.
    expect(screen.queryByText('注册信息丢失，请重新进行注册！')).toBeNull();
  });

  it('shows the response text when the account cannot be created', async () => {
    fakeServer(() => ({ status: 403, body: { code: 403, msg: '请先完成注册验证！' } }));
    const { user, store } = renderUserCard(storeWithDraft());
    await screen.findByLabelText('昵称');
    await agreeRules(user);
    await user.click(submit());
    await waitFor(() => expect(alertText()).toBe('请先完成注册验证！'));
    expect(selectRegisterDraft(store.getState()).lockedPassword).toBe('secret12');
  });
});
