import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, type Call } from '@xiaoba/shared/testing';
import { me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';

const signatureCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/user/update'));

/** The own space with a server that saves signatures (or answers `reply`). */
function ownSpace(reply?: (call: Call) => ReturnType<typeof ok> | undefined, user = me) {
  const calls = spaceServer((call) => {
    if (reply?.(call)) return reply(call);
    if (call.path === '/user/updatebigqm') return ok({ qm: call.query.qm });
    if (call.path === '/user/updatesmallqm') return ok({ qianming: call.query.qm });
    return undefined;
  });
  const view = renderSpace('/my', { auth: { ...signedIn.auth, user } });
  return { ...view, calls, user: userEvent.setup() };
}

const bigButton = (text: string) => screen.findByRole('button', { name: `大签名档：${text}（点击修改）` });
const smallButton = (text: string) => screen.findByRole('button', { name: `签名档：${text}（点击修改）` });

describe('own signatures', () => {
  it('a click turns the big signature into an input with the stored text and the default as placeholder', async () => {
    const { user } = ownSpace();
    await user.click(await bigButton('小巴的地盘'));
    const input = screen.getByRole('textbox', { name: '大签名档' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('小巴的地盘');
  });

  it('is reachable by keyboard: Tab to it, Enter opens the input', async () => {
    const { user } = ownSpace();
    const button = await smallButton('今天也要开心');
    button.focus();
    await user.keyboard('{Enter}');
    expect((screen.getByRole('textbox', { name: '签名档' }) as HTMLInputElement).value).toBe('今天也要开心');
  });

  it('cuts the big signature at 11 characters (code points) and says why', async () => {
    const { user } = ownSpace();
    await user.click(await bigButton('小巴的地盘'));
    const input = screen.getByRole('textbox', { name: '大签名档' }) as HTMLInputElement;
    await user.paste('😀'.repeat(12));
    expect(Array.from(input.value)).toHaveLength(11);
    expect(screen.getByRole('alert').textContent).toBe('大签名档长度不能超过11个字！');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('cuts the small signature at 25 characters and says why', async () => {
    const { user } = ownSpace();
    await user.click(await smallButton('今天也要开心'));
    const input = screen.getByRole('textbox', { name: '签名档' }) as HTMLInputElement;
    await user.clear(input);
    await user.paste('一二三四五六七八九十'.repeat(3));
    expect(input.value).toBe('一二三四五六七八九十'.repeat(3).slice(0, 25));
    expect(screen.getByRole('alert').textContent).toBe('签名档长度不能超过25个字！');
  });

  it('blur saves through POST /user/updatebigqm?qm= and the store follows', async () => {
    const { user, calls, store } = ownSpace();
    await user.click(await bigButton('小巴的地盘'));
    await user.type(screen.getByRole('textbox', { name: '大签名档' }), '秘密基地');
    await user.tab();
    expect(await bigButton('秘密基地')).toBeTruthy();
    expect(signatureCalls(calls).map((c) => [c.method, c.path, c.query])).toEqual([['POST', '/user/updatebigqm', { qm: '秘密基地' }]]);
    await waitFor(() => expect(store.getState().auth.user?.qm).toBe('秘密基地'));
  });

  it('Enter saves the small signature (trimmed) and gives focus back to the button', async () => {
    const { user, calls, store } = ownSpace();
    await user.click(await smallButton('今天也要开心'));
    const input = screen.getByRole('textbox', { name: '签名档' });
    await user.clear(input);
    await user.type(input, '  好好学习  {Enter}');
    const button = await smallButton('好好学习');
    expect(document.activeElement).toBe(button);
    expect(signatureCalls(calls).map((c) => [c.path, c.query.qm])).toEqual([['/user/updatesmallqm', '好好学习']]);
    await waitFor(() => expect(store.getState().auth.user?.qianming).toBe('好好学习'));
  });

  it('Escape cancels: nothing is sent and the old text stays', async () => {
    const { user, calls } = ownSpace();
    await user.click(await smallButton('今天也要开心'));
    await user.type(screen.getByRole('textbox', { name: '签名档' }), '不要了{Escape}');
    expect(document.activeElement).toBe(await smallButton('今天也要开心'));
    expect(signatureCalls(calls)).toEqual([]);
  });

  it('unchanged text sends nothing (also when only spaces were added)', async () => {
    const { user, calls } = ownSpace();
    await user.click(await smallButton('今天也要开心'));
    await user.type(screen.getByRole('textbox', { name: '签名档' }), '  {Enter}');
    await user.click(await bigButton('小巴的地盘'));
    await user.tab();
    expect(await smallButton('今天也要开心')).toBeTruthy();
    expect(signatureCalls(calls)).toEqual([]);
  });

  it("empty saves '' and shows the default (我的地盘我做主！ / name+的地盘)", async () => {
    const { user, calls, store } = ownSpace(undefined, { ...me, qm: '旧的大签名' });
    await user.click(await smallButton('今天也要开心'));
    await user.clear(screen.getByRole('textbox', { name: '签名档' }));
    await user.keyboard('{Enter}');
    expect(await smallButton('我的地盘我做主！')).toBeTruthy();
    await user.click(await bigButton('旧的大签名'));
    await user.clear(screen.getByRole('textbox', { name: '大签名档' }));
    await user.keyboard('{Enter}');
    expect(await bigButton('小巴的地盘')).toBeTruthy();
    expect(signatureCalls(calls).map((c) => [c.path, c.query.qm])).toEqual([
      ['/user/updatesmallqm', ''],
      ['/user/updatebigqm', ''],
    ]);
    await waitFor(() => expect(store.getState().auth.user).toMatchObject({ qm: '', qianming: '' }));
  });

  it('a failure says 签名档更新失败！ and brings the old text back; the store keeps it', async () => {
    const { user, store } = ownSpace((call) => (call.path === '/user/updatesmallqm' ? fail(500, '服务器开小差了') : undefined));
    await user.click(await smallButton('今天也要开心'));
    const input = screen.getByRole('textbox', { name: '签名档' });
    await user.clear(input);
    await user.type(input, '新的{Enter}');
    expect(await screen.findByText('签名档更新失败！')).toBeTruthy();
    expect(await smallButton('今天也要开心')).toBeTruthy();
    expect(store.getState().auth.user?.qianming).toBe('今天也要开心');
  });

  it('a stored HTML payload shows as text; typed tags are stripped as the server stores them', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const { user, calls } = ownSpace(undefined, { ...me, qianming: payload });
    const button = await smallButton(payload);
    expect(button.textContent).toBe(payload);
    expect(button.querySelector('img')).toBeNull();
    await user.click(await bigButton('小巴的地盘'));
    await user.type(screen.getByRole('textbox', { name: '大签名档' }), '<b>hi</b>{Enter}');
    expect(await bigButton('hi')).toBeTruthy();
    expect(signatureCalls(calls).map((c) => c.query.qm)).toEqual(['hi']);
  });
});

describe("another user's signatures", () => {
  it('are read-only text, with HTML and script payloads shown as typed', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    spaceServer((call) => (call.path.startsWith('/user/getuserinfo/') ? ok({ ...other, qm: payload, qianming: '<script>alert(1)</script>' }) : undefined));
    renderSpace('/10002');
    const frame = await screen.findByRole('region', { name: '小明' });
    expect(within(frame).queryByRole('button', { name: /签名档/ })).toBeNull();
    expect(within(frame).queryByRole('textbox', { name: /签名档/ })).toBeNull();
    expect(within(frame).getByText(payload).textContent).toBe(`大签名档：${payload}`);
    expect(within(frame).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(frame.querySelector('img[src="x"]')).toBeNull();
    expect(frame.querySelector('script')).toBeNull();
  });
});
