import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderPage } from '@xiaoba/shared/testing';
import { selectRegisterDraft } from '../draft/register-draft';

import RegisterPage, { REGISTRATION_CLOSED } from './RegisterPage';
import { NEWS_FAILED } from './UpdateNews';

const news = (body: string, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'text/plain' } })),
  );

beforeEach(() => news('2024-01-01 站点上线\n\n  修复了留言板  \n'));

function renderRegister() {
  const user = userEvent.setup();
  const view = renderPage(<RegisterPage />, {
    path: '/register',
    routes: [{ path: '/usercard', element: <p>第二步页</p> }],
  });
  return { user, ...view };
}

const form = () => screen.getByRole('form', { name: '第一步：账号与验证' });
const alertText = () => within(form()).getByRole('alert').textContent;
const submit = () => within(form()).getByRole('button', { name: /下一步|验证中/ });

async function agreeRules(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '同意青少年行为守则' }));
  await user.click(await screen.findByRole('button', { name: '我明白了，出发吧' }));
}

async function answerQuiz(user: ReturnType<typeof userEvent.setup>, answers = ['巴巴', '粉丝', '纸条', 'yy']) {
  await user.click(screen.getByRole('button', { name: '注册验证' }));
  const dialog = await screen.findByRole('dialog', { name: '注册验证' });
  expect(within(dialog).getByRole('img')).toBeTruthy();
  const fields = ['图中的角色叫什么名字？', '在校巴，关注你的人叫什么？', '在校巴，私信叫什么？', '在校巴，微博叫什么？'];
  for (const [i, label] of fields.entries()) {
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    if (answers[i]) await user.type(input, answers[i]);
  }
  await user.click(within(dialog).getByRole('button', { name: '填好了' }));
}

describe('register step one', () => {
  it("shows the validation messages in the original site's order and calls nothing", async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: '验证通过' } }));
    const { user } = renderRegister();
    await screen.findByLabelText('邮箱');

    await user.click(submit());
    expect(alertText()).toBe('请先同意校巴守则！');

    await agreeRules(user);
    await user.click(submit());
    expect(alertText()).toBe('请完整填写注册信息！');

    await user.type(screen.getByLabelText('邮箱'), 'not-an-email');
    await user.type(screen.getByLabelText('密码'), '12345');
    await user.type(screen.getByLabelText('确认密码'), '12345');
    await user.click(submit());
    expect(alertText()).toBe('邮箱格式有误！');

    await user.clear(screen.getByLabelText('邮箱'));
    await user.type(screen.getByLabelText('邮箱'), 'kid@example.com');
    await user.click(submit());
    expect(alertText()).toBe('密码应在6到16位之间！');

    await user.type(screen.getByLabelText('密码'), '6');
    await user.click(submit());
    expect(alertText()).toBe('两次密码不一致！');

    await user.type(screen.getByLabelText('确认密码'), '6');
    await user.click(submit());
    expect(alertText()).toBe('请填写注册验证！');

    await answerQuiz(user, ['巴巴', '粉丝', '', 'yy']);
    await user.click(submit());
    expect(alertText()).toBe('请填写注册验证！');
    expect(calls).toHaveLength(0);
  });

  it('verifies, keeps e-mail and password in the draft and goes to /usercard', async () => {
    const calls = fakeServer(() => ({ body: { code: 200, msg: '验证通过' } }));
    const { user, store } = renderRegister();
    await user.type(await screen.findByLabelText('邮箱'), ' kid@example.com ');
    await user.type(screen.getByLabelText('密码'), 'secret12');
    await user.type(screen.getByLabelText('确认密码'), 'secret12');
    await answerQuiz(user);
    expect(screen.getByText('已填写')).toBeTruthy();
    await agreeRules(user);
    await user.click(submit());

    expect(await screen.findByText('第二步页')).toBeTruthy();
    expect(calls).toMatchObject([
      {
        method: 'POST',
        path: '/user/valitedRegister',
        body: { email: 'kid@example.com', name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' },
      },
    ]);
    expect(selectRegisterDraft(store.getState())).toMatchObject({ email: 'kid@example.com', lockedPassword: 'secret12' });
  });

  it('shows the response text when the verification fails, and stays', async () => {
    fakeServer(() => ({ status: 400, body: { code: 400, msg: '注册验证答案有误！' } }));
    const { user, store } = renderRegister();
    await user.type(await screen.findByLabelText('邮箱'), 'kid@example.com');
    await user.type(screen.getByLabelText('密码'), 'secret12');
    await user.type(screen.getByLabelText('确认密码'), 'secret12');
    await answerQuiz(user, ['嘟嘟', '粉丝', '纸条', 'yy']);
    await agreeRules(user);
    await user.click(submit());

    await waitFor(() => expect(alertText()).toBe('注册验证答案有误！'));
    expect(screen.queryByText('第二步页')).toBeNull();
    expect(selectRegisterDraft(store.getState()).lockedPassword).toBe('');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('register frame', () => {
  it('lists the update notes one per line, skipping blank lines', async () => {
    renderRegister();
    const region = await screen.findByRole('region', { name: '更新日志' });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['2024-01-01 站点上线', '修复了留言板']),
    );
    expect(fetch).toHaveBeenCalledWith('/showupdate.txt', expect.anything());
  });

  it('says so kindly when the update notes cannot be loaded', async () => {
    news('not found', 404);
    renderRegister();
    expect(await screen.findByText(NEWS_FAILED)).toBeTruthy();
  });

  it('opens the help dialog and shows the bookmark hint', async () => {
    const { user } = renderRegister();
    await user.click(await screen.findByRole('button', { name: '注册帮助' }));
    const help = screen.getByRole('dialog', { name: '注册帮助' });
    expect(within(help).getByText(/2015年12月26日之后注册的账号/)).toBeTruthy();
    expect(within(help).getByText(/客服群/)).toBeTruthy();
    await user.click(within(help).getByRole('button', { name: '知道了' }));
    expect((help as HTMLDialogElement).open).toBe(false);

    await user.click(screen.getByRole('button', { name: '收藏本站' }));
    expect(await screen.findByText('麻烦手动收藏哦~')).toBeTruthy();
  });
});

describe('/register in archive mode', () => {
  it('says registration is closed and shows no form', async () => {
    renderPage(<RegisterPage />, { path: '/register', state: { ui: { loading: false, skin: '', archive: true } } });
    expect(screen.getByRole('heading', { name: '注册已关闭' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(REGISTRATION_CLOSED);
    expect(screen.queryByRole('form', { name: '第一步：账号与验证' })).toBeNull();
  });
});
