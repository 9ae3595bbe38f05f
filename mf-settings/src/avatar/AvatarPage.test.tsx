import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '@xiaoba/shared';
import { fail, fakeServer, type Call, type Reply } from '@xiaoba/shared/testing';
import { deferred, me, renderSettings } from '../testing/fixtures';
import { AVATAR_TOO_BIG, NOT_AN_IMAGE } from './avatar-api';

afterEach(() => vi.restoreAllMocks());

const jpeg = (name = 'me.jpg', size = 2000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const UPLOADED = '/uploads/avatars/100003-abc.webp';

function server(
  upload: (call: Call) => Reply | Promise<Reply> = () => ({
    status: 200,
    body: { code: 200, msg: '头像上传成功', data: { avatar: UPLOADED, width: 256, height: 256, size: 900 } },
  }),
) {
  return fakeServer((call) => {
    if (call.path === '/api/avatar/upload') return upload(call);
    if (call.path === '/user/updateface') return { status: 200, body: { code: 200, msg: '头像更换成功', data: { face: Number(call.query.num), avatar: '' } } };
    return fail(404, '不存在');
  });
}

async function open() {
  const view = renderSettings('/setting/avatar');
  await screen.findByRole('region', { name: '修改头像' });
  return view;
}

describe('/setting/avatar: upload', () => {
  it('previews the chosen picture from an object URL before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = server();
    await open();
    const button = screen.getByRole('button', { name: '上传头像' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.upload(screen.getByLabelText('选择图片'), jpeg());
    const preview = screen.getByRole('img', { name: '新头像预览' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(button.disabled).toBe(false);
    expect(calls).toEqual([]);
  });

  it.each([
    ['a non-image', new File(['hi'], 'notes.txt', { type: 'text/plain' }), NOT_AN_IMAGE],
    ['a picture over 5 MB', jpeg('big.jpg', IMAGE_MAX_BYTES + 1), AVATAR_TOO_BIG],
  ])('refuses %s locally, saying why in Chinese, and sends nothing', async (_what, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = server();
    await open();
    await user.upload(screen.getByLabelText('选择图片'), file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('img', { name: '新头像预览' })).toBeNull();
    expect((screen.getByRole('button', { name: '上传头像' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('sends the file with a progress bar that reaches 100%, says the server msg and patches the store', async () => {
    const user = userEvent.setup();
    const gate = deferred<void>();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const calls = server(async () => {
      await gate.promise;
      return { status: 200, body: { code: 200, msg: '头像上传成功', data: { avatar: UPLOADED, width: 256, height: 256, size: 900 } } };
    });
    const { store } = await open();
    await user.upload(screen.getByLabelText('选择图片'), jpeg());
    const preview = screen.getByRole('img', { name: '新头像预览' }).getAttribute('src');
    await user.click(screen.getByRole('button', { name: '上传头像' }));
    const bar = screen.getByRole('progressbar', { name: '上传进度' }) as HTMLProgressElement;
    expect(bar.max).toBe(100);
    expect(screen.getByRole('button', { name: '上传中…' }).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ file: { name: 'me.jpg', type: 'image/jpeg', size: 2000 } });

    gate.resolve();
    expect(await screen.findByText('头像上传成功')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: '上传进度' }) as HTMLProgressElement).value).toBe(100);
    expect(store.getState().auth.user).toMatchObject({ avatar: UPLOADED, face: me.face });
    const current = screen.getByRole('img', { name: `${me.name}的头像` });
    expect(current.querySelector('img')?.getAttribute('src')).toBe(UPLOADED);
    expect(screen.queryByRole('img', { name: '新头像预览' })).toBeNull();
    expect(revoke).toHaveBeenCalledWith(preview);
  });

  it("shows the server's refusal as an error toast and leaves the store alone", async () => {
    const user = userEvent.setup();
    server(() => fail(415, '只支持 JPG、PNG、GIF、WebP 格式的图片'));
    const { store } = await open();
    await user.upload(screen.getByLabelText('选择图片'), jpeg());
    await user.click(screen.getByRole('button', { name: '上传头像' }));
    expect(await screen.findByText('只支持 JPG、PNG、GIF、WebP 格式的图片')).toBeTruthy();
    expect(store.getState().auth.user!.avatar).toBe('');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('/setting/avatar: preset faces', () => {
  it('are a radio group of 12 faces; arrows move the choice with wrap-around', async () => {
    const user = userEvent.setup();
    server();
    await open();
    const group = screen.getByRole('radiogroup', { name: '选择预设头像' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(12);
    expect(radios.map((r) => r.getAttribute('aria-label'))).toContain('小熊');
    const checked = () => within(group).getByRole('radio', { checked: true });
    expect(checked().getAttribute('aria-label')).toBe('默认头像');
    expect(radios.filter((r) => r.tabIndex === 0)).toHaveLength(1);

    await user.click(radios[0]!);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(checked()).toBe(radios[3]);
    expect(document.activeElement).toBe(radios[3]);
    await user.keyboard('{ArrowLeft}');
    expect(checked()).toBe(radios[2]);
    await user.keyboard('{Home}{ArrowUp}');
    expect(checked()).toBe(radios[11]);
    expect(radios[11]!.tabIndex).toBe(0);
  });

  it('使用这个头像 sends updateface, says 头像更换成功 and patches the store (face, no picture)', async () => {
    const user = userEvent.setup();
    const calls = server();
    const { store } = renderSettings('/setting/avatar', { ...me, avatar: '/uploads/avatars/old.webp' });
    const group = await screen.findByRole('radiogroup', { name: '选择预设头像' });
    await user.click(within(group).getByRole('radio', { name: '小兔' }));
    await user.click(screen.getByRole('button', { name: '使用这个头像' }));
    expect(await screen.findByText('头像更换成功')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.query])).toEqual([['POST', '/user/updateface', { num: '3' }]]);
    expect(store.getState().auth.user).toMatchObject({ face: 3, avatar: '' });
    const current = screen.getByRole('img', { name: `${me.name}的头像` });
    expect(current.querySelector('svg')?.getAttribute('data-face')).toBe('3');
  });

  it("a failed change shows the server's msg and keeps the store", async () => {
    const user = userEvent.setup();
    fakeServer(() => fail(400, '头像编号有误'));
    const { store } = await open();
    await user.click(screen.getByRole('radio', { name: '小熊' }));
    await user.click(screen.getByRole('button', { name: '使用这个头像' }));
    expect(await screen.findByText('头像编号有误')).toBeTruthy();
    expect(store.getState().auth.user!.face).toBe(0);
  });
});
