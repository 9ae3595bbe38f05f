import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORGOT_NOTICE_MS } from '@xiaoba/shared';
import { fakeServer, renderPage } from '@xiaoba/shared/testing';
import { selectRegisterDraft } from '../draft/register-draft';
import { loginData } from '../testing/fixtures';

import LoginPage from './LoginPage';
import { FORGOT_NOTICE } from './LoginForm';

const otherRoutes = [
  { path: '/home', element: <p>个人中心页</p> },
  { path: '/card', element: <p>名片页</p> },
  { path: '/register', element: <p>注册第一步页</p> },
];

function renderLogin() {
  const user = userEvent.setup();
  const view = renderPage(<LoginPage />, { path: '/login', routes: otherRoutes });
  return { user, ...view };
}

const loginForm = () => screen.getByRole('form', { name: '登录' });
const alertText = () => within(loginForm()).getByRole('alert').textContent;
const loginButton = () => within(loginForm()).getByRole('button', { name: /登录/ });

describe('login mode', () => {
  it("shows the validation messages in the original site's order, inline", async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: 'ok', data: loginData(0) } }));
    const { user } = renderLogin();
    const name = await screen.findByLabelText('米米号/邮箱');
    const password = screen.getByLabelText('密码');

    await user.click(loginButton());
    expect(alertText()).toBe('请输入米米号');

    await user.type(name, '   ');
    await user.click(loginButton());
    expect(alertText()).toBe('请输入米米号');

    await user.type(name, '10001');
    await user.click(loginButton());
    expect(alertText()).toBe('请输入密码');

    await user.type(password, '12345');
    await user.click(loginButton());
    expect(alertText()).toBe('密码长度不能小于6位');

    await user.clear(password);
    await user.type(password, '12345678901234567');
    await user.click(loginButton());
    expect(alertText()).toBe('密码长度不能大于16位');

    expect(calls).toHaveLength(0);
  });

  it('logs in with sign 0: stores the session, welcomes with 上车咯！ and goes to /home', async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: '登录成功', data: loginData(0) } }));
    const { user, store } = renderLogin();
    await user.type(await screen.findByLabelText('米米号/邮箱'), ' 10001 ');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(loginButton());

    expect(await screen.findByText('个人中心页')).toBeTruthy();
    expect(await screen.findByText('上车咯！')).toBeTruthy();
    expect(calls).toMatchObject([{ method: 'POST', path: '/user/login', body: { username: '10001', password: 'secret1' } }]);
    expect(store.getState().auth.token).toBe('token-abc');
    expect(store.getState().auth.user?.name).toBe('小明');
  });

  it('goes to /card without the welcome toast when sign is not 0', async () => {
    fakeServer(() => ({ body: { code: 200, msg: '登录成功', data: loginData(1) } }));
    const { user, store } = renderLogin();
    await user.type(await screen.findByLabelText('米米号/邮箱'), '10001');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(loginButton());

    expect(await screen.findByText('名片页')).toBeTruthy();
    expect(screen.queryByText('上车咯！')).toBeNull();
    expect(store.getState().auth.token).toBe('token-abc');
  });

  it('is busy while the login is pending, then shows the server error text and clears loading', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    fakeServer(() => new Promise((resolve) => (answer = resolve)));
    const { user } = renderLogin();
    await user.type(await screen.findByLabelText('米米号/邮箱'), '10001');
    await user.type(screen.getByLabelText('密码'), 'wrong-pass');
    await user.click(loginButton());

    await waitFor(() => expect(loginButton().getAttribute('aria-busy')).toBe('true'));
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer({ status: 401, body: { code: 401, msg: '米米号或密码错误' } }));

    await waitFor(() => expect(alertText()).toBe('米米号或密码错误'));
    expect(loginButton().getAttribute('aria-busy')).toBe('false');
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('个人中心页')).toBeNull();
  });

  it('prefills the 米米号 handed over by registration', async () => {
    const { router } = renderPage(<p>起点</p>, { path: '/start', routes: [{ path: '/login', element: <LoginPage /> }] });
    await act(() => router.navigate('/login', { state: { username: '10086' } }));
    expect(((await screen.findByLabelText('米米号/邮箱')) as HTMLInputElement).value).toBe('10086');
  });

  it('shows the forgot-password notice for 3 seconds', async () => {
    vi.useFakeTimers();
    renderPage(<LoginPage />, { path: '/login' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    fireEvent.click(screen.getByRole('button', { name: '忘记密码？' }));
    const notice = () => screen.getByTestId('forgot-notice').textContent;
    expect(notice()).toBe(FORGOT_NOTICE);
    act(() => {
      vi.advanceTimersByTime(FORGOT_NOTICE_MS - 10);
    });
    expect(notice()).toBe(FORGOT_NOTICE);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(notice()).toBe('');
  });

  it('has the remember-me checkbox and the banner with three dots', async () => {
    renderLogin();
    expect(await screen.findByLabelText('记住我（两周内有效）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第1张' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '第3张' })).toBeTruthy();
    expect(screen.queryByText('已有 1265 位同学上车')).toBeNull();
  });
});

describe('register mode', () => {
  async function enterRegisterMode() {
    const view = renderLogin();
    await view.user.click(await screen.findByRole('button', { name: '注册' }));
    // Register mode and its banner are chunks of their own (fetched when the page is idle).
    await screen.findByRole('form', { name: '注册' });
    await screen.findByText('已有 1265 位同学上车');
    return view;
  }

  it('swaps the banner for the arrived card, and back to login returns', async () => {
    const { user } = await enterRegisterMode();
    expect(screen.getByText('已有 1265 位同学上车')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '第1张' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('名字'));

    await user.click(screen.getByRole('button', { name: '返回登录' }));
    expect(screen.getByLabelText('米米号/邮箱')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第1张' })).toBeTruthy();
  });

  it('previews name, age, zodiac and sex as they are chosen', async () => {
    const { user } = await enterRegisterMode();
    const preview = screen.getByRole('region', { name: '名片预览' });
    expect(within(preview).getByText('?岁')).toBeTruthy();

    await user.type(screen.getByLabelText('名字'), '小红');
    await user.selectOptions(screen.getByLabelText('年'), '2000');
    await user.selectOptions(screen.getByLabelText('月'), '3');
    await user.selectOptions(screen.getByLabelText('日'), '25');
    await user.click(screen.getByLabelText('女生'));

    expect(within(preview).getByText('小红')).toBeTruthy();
    expect(within(preview).getByText(`${new Date().getFullYear() - 2000}岁`)).toBeTruthy();
    expect(within(preview).getByRole('img', { name: '白羊座' })).toBeTruthy();
    expect(within(preview).getByText('女生')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('月'), '12');
    expect(within(preview).getByRole('img', { name: '摩羯座' })).toBeTruthy();
  });

  it('下一步 checks the step-two rules in order, then keeps the choices in the draft and goes to /register', async () => {
    const { user, store } = await enterRegisterMode();
    const form = screen.getByRole('form', { name: '注册' });
    const next = within(form).getByRole('button', { name: '下一步' });
    const alert = () => within(form).getByRole('alert').textContent;

    await user.click(next);
    expect(alert()).toBe('姓名不能为空！');
    await user.type(screen.getByLabelText('名字'), '小');
    await user.click(next);
    expect(alert()).toBe('昵称应在2~6位！');
    await user.type(screen.getByLabelText('名字'), '红');
    await user.click(next);
    expect(alert()).toBe('请选择性别！');
    await user.click(screen.getByLabelText('女生'));
    await user.click(next);
    expect(alert()).toBe('请先同意守则！');

    await user.click(screen.getByRole('button', { name: '同意青少年行为守则' }));
    await user.click(await screen.findByRole('button', { name: '我明白了，出发吧' }));
    expect((screen.getByLabelText('已同意守则') as HTMLInputElement).checked).toBe(true);
    await user.click(next);
    expect(alert()).toBe('请选择生日！');

    await user.selectOptions(screen.getByLabelText('年'), '2000');
    await user.selectOptions(screen.getByLabelText('月'), '2');
    await user.selectOptions(screen.getByLabelText('日'), '29');
    await user.click(next);

    expect(await screen.findByText('注册第一步页')).toBeTruthy();
    expect(selectRegisterDraft(store.getState())).toMatchObject({ uname: '小红', sex: 0, birthday: '2000-02-29', lockedPassword: '' });
  });
});
