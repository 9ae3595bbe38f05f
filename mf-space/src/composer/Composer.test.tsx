import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES, type Yy } from '@xiaoba/shared';
import { fail, ok, type Call, type Reply } from '@xiaoba/shared/testing';
import { renderSpace } from '../testing/fixtures';
import { deferred, elsewhere, images, isListCall, page, yy, yyServer } from '../testing/yy-fixtures';

const DRAFT_KEY = 'xiaoba:yy-draft:10001';

beforeEach(() => {
  localStorage.clear();
});

/** A space with a list the posts land in; `upload` and `create` may be replaced per test. */
function server(options: { upload?: (call: Call) => Reply | Promise<Reply>; create?: (call: Call) => Reply } = {}) {
  const list: Yy[] = [yy({ weiboId: 1, content: '以前的yy' })];
  let uploads = 0;
  const calls = yyServer((call) => {
    if (call.path === '/yy/upload') {
      uploads += 1;
      return options.upload?.(call) ?? ok({ url: `/uploads/p${uploads}.jpg`, width: 10, height: 10, size: 100 });
    }
    if (call.path === '/yy/createyy') {
      const refused = options.create?.(call);
      if (refused) return refused;
      const body = call.body as { content: string; images?: string[] };
      const created = yy({
        weiboId: list.length + 1,
        content: body.content,
        ctime: Math.floor(Date.now() / 1000),
        typeData: body.images ? images(...body.images) : null,
      });
      list.unshift(created);
      return { status: 200, body: { code: 200, msg: '发布成功', data: created } };
    }
    return isListCall(call) ? ok(page([...list])) : elsewhere();
  });
  return calls;
}

const png = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function open() {
  const utils = renderSpace('/my');
  await screen.findByText('以前的yy');
  return { ...utils, box: screen.getByLabelText('说点什么吧') as HTMLTextAreaElement };
}

describe('Composer', () => {
  it('says yy内容不能为空 for no words and no pictures, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = server();
    const { box } = await open();
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect((await screen.findByRole('alert')).textContent).toBe('yy内容不能为空');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('cuts the words at 500 characters and counts them', async () => {
    const user = userEvent.setup();
    server();
    const { box } = await open();
    await user.click(box);
    await user.paste('好'.repeat(520));
    expect(box.value).toBe('好'.repeat(500));
    expect(screen.getByText('500/500')).toBeTruthy();
  });

  it('puts a picked emoji code at the caret', async () => {
    const user = userEvent.setup();
    server();
    const { box } = await open();
    await user.type(box, '你好世界');
    box.setSelectionRange(2, 2);
    await user.click(screen.getByRole('button', { name: '表情' }));
    await user.click(screen.getByRole('button', { name: '微笑' }));
    expect(box.value).toBe('你好[b1]世界');
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe(6);
  });

  it('keeps the words as a draft across a reload, and posting clears it; the new yy is on top', async () => {
    const user = userEvent.setup();
    const calls = server();
    const first = await open();
    await user.type(first.box, '草稿不会丢');
    expect(localStorage.getItem(DRAFT_KEY)).toBe('草稿不会丢');
    first.unmount();

    const { box } = await open();
    expect(box.value).toBe('草稿不会丢');
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(box.value).toBe('');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(calls.find((c) => c.path === '/yy/createyy')!.body).toEqual({ content: '草稿不会丢' });
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toContain('草稿不会丢'));
  });

  it('keeps the words when the server refuses the post, and shows its message', async () => {
    const user = userEvent.setup();
    server({ create: () => fail(429, '发得太快了，请稍后再试') });
    const { box } = await open();
    await user.type(box, '再发一条');
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发得太快了，请稍后再试')).toBeTruthy();
    expect(box.value).toBe('再发一条');
    expect(localStorage.getItem(DRAFT_KEY)).toBe('再发一条');
  });

  it('refuses a non-image or a file over 5 MB before uploading, saying why', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = server();
    await open();
    const input = screen.getByLabelText('图片（0/9）');
    await user.upload(input, [new File(['hi'], 'notes.txt', { type: 'text/plain' }), png('big.png', IMAGE_MAX_BYTES + 1)]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('「notes.txt」：只支持 JPG、PNG、GIF、WebP 格式的图片');
    expect(alert.textContent).toContain('「big.png」：图片不能超过5MB');
    expect(calls.filter((c) => c.path === '/yy/upload')).toEqual([]);
  });

  it('uploads each picture at once with a progress bar, blocks posting meanwhile, then posts the urls', async () => {
    const user = userEvent.setup();
    const gate = deferred<void>();
    const calls = server({
      upload: async (call) => {
        await gate.promise;
        const name = (call.body as { file: { name: string } }).file.name;
        return ok({ url: `/uploads/${name}`, width: 10, height: 10, size: 100 });
      },
    });
    await open();
    await user.upload(screen.getByLabelText('图片（0/9）'), [png('a.png'), png('b.png')]);
    const list = screen.getByRole('list', { name: '待发布的图片' });
    expect(within(list).getByRole('img', { name: '待发布的第1张图片' }).getAttribute('src')).toMatch(/^blob:/);
    expect(within(list).getAllByRole('progressbar')).toHaveLength(2);
    expect(within(list).getAllByLabelText(/^上传中/)).toHaveLength(2);
    const post = screen.getByRole('button', { name: '图片上传中…' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c.path === '/yy/upload')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/yy/upload').map((c) => c.body)).toEqual([
      { file: { name: 'a.png', type: 'image/png', size: 1000 } },
      { file: { name: 'b.png', type: 'image/png', size: 1000 } },
    ]);

    gate.resolve();
    await waitFor(() => expect(within(list).queryAllByRole('progressbar')).toHaveLength(0));
    expect(screen.getByLabelText('图片（2/9）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/yy/createyy')!.body).toEqual({ content: '', images: ['/uploads/a.png', '/uploads/b.png'] });
    expect(screen.queryByRole('list', { name: '待发布的图片' })).toBeNull();
  });

  it("shows the server's refusal on the picture; posting waits until it is removed, which frees its preview", async () => {
    const user = userEvent.setup();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const calls = server({ upload: () => fail(415, '不支持的图片格式') });
    const { box } = await open();
    await user.upload(screen.getByLabelText('图片（0/9）'), [png('odd.png')]);
    expect((await screen.findByText(/第1张图片上传失败/)).textContent).toBe('第1张图片上传失败：不支持的图片格式');
    await user.type(box, '配图');
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('有图片没有上传成功，请先移除它')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/yy/createyy')).toEqual([]);

    const preview = screen.getByRole('img', { name: '待发布的第1张图片' }).getAttribute('src');
    await user.click(screen.getByRole('button', { name: '移除第1张图片' }));
    expect(screen.queryByRole('img', { name: '待发布的第1张图片' })).toBeNull();
    expect(revoke).toHaveBeenCalledWith(preview);
    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    revoke.mockRestore();
  });
});
