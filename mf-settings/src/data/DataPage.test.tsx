import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, type Call, type Reply } from '@xiaoba/shared/testing';
import { deferred, me, renderSettings } from '../testing/fixtures';
import { NOT_A_ZIP } from './data-api';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const TICKET = { ticket: 'tk_abc', size: 4 * 1024 * 1024, posts: 12, images: 3 };
const zip = (name = 'xiaoba-100003.zip', size = 3000) => new File([new Uint8Array(size)], name, { type: 'application/zip' });
const REPORT = {
  created: { yy: 12, comments: 4, leaves: 2, leaveReplies: 0, images: 3, signatures: 2, avatar: 1 },
  skipped: { yy: 0, comments: 0, leaves: 0, leaveReplies: 0, images: 0, signatures: 0, avatar: 0 },
  unrestorable: [{ kind: 'comment', id: 9, reason: '评论 9 的作者 100077 在本站不存在' }],
};

function server(handlers: Partial<Record<string, (call: Call) => Reply | Promise<Reply>>> = {}) {
  let polls = 0;
  return fakeServer((call) => {
    const own = handlers[call.path.replace(/\/tk_abc$/, '/:ticket')];
    if (own) return own(call);
    if (call.path === '/export/prepare') return { body: { code: 200, msg: '', data: TICKET } };
    if (call.path === '/export/progress/tk_abc') {
      polls += 1;
      const done = polls >= 2;
      return { body: { code: 200, msg: '', data: { sent: done ? TICKET.size : TICKET.size / 4, size: TICKET.size, done } } };
    }
    if (call.path === '/import') return { body: { code: 200, msg: '导入完成', data: REPORT } };
    if (call.path === '/user/getinfo') return { body: { code: 200, msg: '', data: { ...me, avatar: '/uploads/avatars/new.webp' } } };
    return fail(404, '不存在');
  });
}

async function open(state = {}) {
  const view = renderSettings('/setting/data', me, state);
  await screen.findByRole('region', { name: '我的数据' });
  return view;
}

describe('/setting/data: export', () => {
  it('asks for a ticket with the skin, lets the browser download the ZIP and shows the progress until done', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    const calls = server();
    await open();
    await user.click(screen.getByRole('button', { name: '导出我的空间' }));
    expect(await screen.findByText('正在导出：0 B / 4.0 MB')).toBeTruthy();
    expect(clicked).toEqual(['/api/export/download/tk_abc']);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/export/prepare', body: { skin: me.skin } });
    const status = await screen.findByText(/导出完成：12 条 yy，3 张图片，共 4.0 MB/, {}, { timeout: 4000 });
    expect(status.getAttribute('role')).toBe('status');
    expect((screen.getByRole('progressbar', { name: '导出进度' }) as HTMLProgressElement).value).toBe(100);
    expect(calls.filter((c) => c.path.startsWith('/export/progress')).length).toBe(2);
  });

  it('shows the server refusal (one export at a time) and downloads nothing', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server({ '/export/prepare': () => fail(409, '已经有一个导出正在进行，请等它完成') });
    await open();
    await user.click(screen.getByRole('button', { name: '导出我的空间' }));
    const section = screen.getByRole('region', { name: '导出我的空间' });
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('已经有一个导出正在进行，请等它完成'));
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '导出我的空间' })).toBeTruthy();
  });
});

describe('/setting/data: import', () => {
  it('refuses a file that is not a ZIP locally and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = server();
    await open();
    await user.upload(screen.getByLabelText('选择 ZIP 文件'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    const section = screen.getByRole('region', { name: '导入以前的导出' });
    expect(within(section).getByRole('alert').textContent).toBe(NOT_A_ZIP);
    expect((screen.getByRole('button', { name: '开始导入' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it('uploads the ZIP, reports what was restored and what could not be, and reloads the user', async () => {
    const user = userEvent.setup();
    const gate = deferred<void>();
    const calls = server({
      '/import': async () => {
        await gate.promise;
        return { body: { code: 200, msg: '导入完成', data: REPORT } };
      },
    });
    const { store } = await open();
    await user.upload(screen.getByLabelText('选择 ZIP 文件'), zip());
    expect(screen.getByText('已选择：xiaoba-100003.zip（3 KB）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '开始导入' }));
    expect(screen.getByRole('button', { name: '导入中…' })).toBeTruthy();
    gate.resolve();
    const summary = await screen.findByText(/已恢复：yy 12 条，评论 4 条，留言 2 条，图片 3 张，签名 2 个，头像 1 个。/);
    expect(summary.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('有 1 项无法恢复：')).toBeTruthy();
    expect(within(summary.closest('[role="status"]') as HTMLElement).getByText('评论 9 的作者 100077 在本站不存在')).toBeTruthy();
    expect(calls.find((c) => c.path === '/import')?.body).toMatchObject({ file: { name: 'xiaoba-100003.zip', size: 3000 } });
    await waitFor(() => expect(store.getState().auth.user?.avatar).toBe('/uploads/avatars/new.webp'));
  });

  it('shows the server refusal of a damaged or foreign ZIP', async () => {
    const user = userEvent.setup();
    server({ '/import': () => fail(400, '这是另一个账号的导出文件，只能导入自己的') });
    await open();
    await user.upload(screen.getByLabelText('选择 ZIP 文件'), zip());
    await user.click(screen.getByRole('button', { name: '开始导入' }));
    const section = screen.getByRole('region', { name: '导入以前的导出' });
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe('这是另一个账号的导出文件，只能导入自己的'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('in archive mode offers the export but not the import', async () => {
    await open({ ui: { loading: false, skin: '', archive: true } });
    expect(screen.getByRole('button', { name: '导出我的空间' })).toBeTruthy();
    expect(screen.queryByLabelText('选择 ZIP 文件')).toBeNull();
    expect(screen.getByText('校巴现在是只读存档，不能导入；导出仍然可以。')).toBeTruthy();
  });
});
