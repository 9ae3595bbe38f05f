import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Sex } from '@xiaoba/shared';
import { fail, fakeServer, ok } from '@xiaoba/shared/testing';
import { me, renderSettings } from '../testing/fixtures';

async function open(user = me) {
  const view = renderSettings('/setting/profile', user);
  await screen.findByRole('region', { name: '个人资料' });
  return view;
}
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('/setting/profile: card', () => {
  it('starts from the stored nickname, sex and birthday', async () => {
    fakeServer(() => ok());
    await open();
    const name = screen.getByLabelText('昵称') as HTMLInputElement;
    expect(name.value).toBe(me.name);
    expect(name.readOnly).toBe(false);
    expect((screen.getByRole('radio', { name: '男生' }) as HTMLInputElement).checked).toBe(true);
    expect([select('年').value, select('月').value, select('日').value]).toEqual(['2005', '3', '31']);
    const years = [...select('年').options]
      .map((o) => o.value)
      .filter(Boolean)
      .map(Number);
    expect(years[0]).toBe(new Date().getFullYear() - 10);
    expect(years.at(-1)).toBe(1996);
  });

  it.each([
    ['no birthday', { ...me, birthday: '' }, '请选择生日！'],
    ['no sex', { ...me, sex: 2 as Sex }, '请选择性别！'],
    ['no name', { ...me, name: '' }, '姓名不能为空！'],
  ])("says the step-two rule's message (%s) and sends nothing", async (_what, user, message) => {
    const events = userEvent.setup();
    const calls = fakeServer(() => ok());
    await open(user);
    await events.click(screen.getByRole('button', { name: '保存资料' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    // Nothing written (a missing birthday is first looked up in the user's own record).
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("fills in the birthday from the user's own record when the page's state hid it (a server-rendered page of a user who hides it)", async () => {
    const calls = fakeServer((call) => (call.path === '/user/getinfo' ? ok(me) : ok()));
    const { store } = await open({ ...me, birthday: '' });
    await waitFor(() => expect([select('年').value, select('月').value, select('日').value]).toEqual(['2005', '3', '31']));
    expect(store.getState().auth.user?.birthday).toBe(me.birthday);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /user/getinfo']);
  });

  it('keeps a birthday chosen before the own record answers', async () => {
    const events = userEvent.setup();
    let answer!: () => void;
    fakeServer((call) => (call.path === '/user/getinfo' ? new Promise((resolve) => (answer = () => resolve(ok(me)))) : ok()));
    const { store } = await open({ ...me, birthday: '' });
    await events.selectOptions(select('年'), '2008');
    answer();
    await waitFor(() => expect(store.getState().auth.user?.birthday).toBe(me.birthday));
    expect(select('年').value).toBe('2008');
  });

  it('days follow the month: 31 March becomes 30 April, February 2008 has 29', async () => {
    const events = userEvent.setup();
    fakeServer(() => ok());
    await open();
    await events.selectOptions(select('月'), '4');
    expect(select('日').value).toBe('30');
    await events.selectOptions(select('年'), '2008');
    await events.selectOptions(select('月'), '2');
    expect(select('日').value).toBe('29');
    expect(select('日').options.length - 1).toBe(29);
  });

  it('saves sex and birthday with PATCH /user/cardupdate, says 资料已更新 and patches the store (not the name)', async () => {
    const events = userEvent.setup();
    const calls = fakeServer((call) => ok({ ...me, ...(call.body as object), name: me.name }));
    const { store } = await open();
    await events.click(screen.getByRole('radio', { name: '女生' }));
    await events.selectOptions(select('年'), '2008');
    await events.selectOptions(select('月'), '2');
    await events.selectOptions(select('日'), '29');
    await events.click(screen.getByRole('button', { name: '保存资料' }));
    expect(await screen.findByText('资料已更新')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', '/user/cardupdate', { name: me.name, sex: 0, birthday: '2008-02-29' }]]);
    expect(store.getState().auth.user).toMatchObject({ name: me.name, sex: 0, birthday: '2008-02-29' });
  });

  it('changes the nickname under the 2-to-6 rule and patches the store', async () => {
    const events = userEvent.setup();
    const calls = fakeServer((call) => ok({ ...me, ...(call.body as object) }));
    const { store } = await open();
    const name = screen.getByLabelText('昵称');
    await events.clear(name);
    await events.type(name, '七个字的新名字');
    await events.click(screen.getByRole('button', { name: '保存资料' }));
    expect((await screen.findByRole('alert')).textContent).toBe('昵称应在2~6位！');
    expect(calls).toEqual([]);
    await events.clear(name);
    await events.type(name, ' 新名字 ');
    await events.click(screen.getByRole('button', { name: '保存资料' }));
    expect(await screen.findByText('资料已更新')).toBeTruthy();
    expect(calls.map((c) => (c.body as { name: string }).name)).toEqual(['新名字']);
    expect(store.getState().auth.user).toMatchObject({ name: '新名字' });
  });

  it('a failure says 错误！ and keeps the store', async () => {
    const events = userEvent.setup();
    fakeServer(() => fail(500, '服务器开小差了'));
    const { store } = await open();
    await events.click(screen.getByRole('radio', { name: '女生' }));
    await events.click(screen.getByRole('button', { name: '保存资料' }));
    expect(await screen.findByText('错误！')).toBeTruthy();
    expect(store.getState().auth.user!.sex).toBe(1);
  });
});

describe('/setting/profile: signatures', () => {
  it("cuts the big signature at 11 with the original site's message, saves it and patches the store", async () => {
    const events = userEvent.setup();
    const calls = fakeServer((call) => ok({ qm: call.query.qm }));
    const { store } = await open();
    const input = screen.getByLabelText('大签名档') as HTMLInputElement;
    await events.clear(input);
    await events.type(input, '一二三四五六七八九十甲乙');
    expect(input.value).toBe('一二三四五六七八九十甲');
    expect(screen.getByText('大签名档长度不能超过11个字！')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: '保存大签名档' }));
    expect(await screen.findByText('签名档已更新')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.query])).toEqual([['POST', '/user/updatebigqm', { qm: '一二三四五六七八九十甲' }]]);
    expect(store.getState().auth.user!.qm).toBe('一二三四五六七八九十甲');
  });

  it('cuts the small signature at 25; a failure says 签名档更新失败！ and keeps the store', async () => {
    const events = userEvent.setup();
    const calls = fakeServer(() => fail(500, '坏了'));
    const { store } = await open();
    const input = screen.getByLabelText('签名档') as HTMLInputElement;
    await events.clear(input);
    await events.type(input, 'a'.repeat(27));
    expect(input.value).toBe('a'.repeat(25));
    expect(screen.getByText('签名档长度不能超过25个字！')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: '保存签名档' }));
    expect(await screen.findByText('签名档更新失败！')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/user/updatesmallqm']));
    expect(store.getState().auth.user!.qianming).toBe(me.qianming);
  });
});
