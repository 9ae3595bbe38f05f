import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Yy } from '@xiaoba/shared';
import { fail, ok, type Reply } from '@xiaoba/shared/testing';
import { other, renderSpace } from '../testing/fixtures';
import { elsewhere, images, isListCall, page, yy, yyServer } from '../testing/yy-fixtures';

const theirs = yy({ weiboId: 9, uid: 10002, userName: '小明', content: '小明的原创[b1]', typeData: images('/uploads/m.jpg') });
const theirRepost = yy({
  weiboId: 12,
  uid: 10002,
  userName: '小明',
  content: '转给大家看',
  transpondId: 3,
  sourceWid: 3,
  sourceUid: 10003,
  sourceName: '小红',
  sourceContent: '小红写的',
});

/** Another user's space listing `list`; createyy answers with `create`. */
function server(list: Yy[], create?: () => Reply) {
  return yyServer((call) => {
    if (call.path === '/user/getuserinfo/10002') return ok(other);
    if (call.path === '/yy/createyy') return create?.() ?? { status: 200, body: { code: 200, msg: '转发成功', data: yy({ weiboId: 50 }) } };
    return isListCall(call) ? ok(page(list)) : elsewhere();
  });
}

async function openRepost(user: ReturnType<typeof userEvent.setup>, index = 0) {
  renderSpace('/10002');
  const article = (await screen.findAllByRole('article'))[index]!;
  await user.click(within(article).getByRole('button', { name: '转发' }));
  return screen.findByRole('dialog', { name: '转发yy' });
}

describe('reposting', () => {
  it('shows what is reposted, takes optional words (cut at 233) and sends {content, transpondId}', async () => {
    const user = userEvent.setup();
    const calls = server([theirs]);
    const dialog = await openRepost(user);
    const preview = within(dialog).getByRole('group', { name: '要转发的yy' });
    expect(preview.textContent).toContain('@小明：小明的原创');
    expect(preview.textContent).toContain('（1张图片）');
    const box = within(dialog).getByLabelText('转发理由（可不填）') as HTMLTextAreaElement;
    await user.click(box);
    await user.paste('转'.repeat(240));
    expect(box.value).toBe('转'.repeat(233));
    await user.clear(box);
    await user.type(box, '好看！');
    await user.click(within(dialog).getByRole('button', { name: '转发' }));
    expect(await screen.findByText('转发成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/yy/createyy')!.body).toEqual({ content: '好看！', transpondId: 9 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '转发yy' })).toBeNull());
  });

  it('a repost of a repost previews the original and sends the clicked id (the server reposts the original)', async () => {
    const user = userEvent.setup();
    const calls = server([theirRepost]);
    const dialog = await openRepost(user);
    expect(within(dialog).getByRole('group', { name: '要转发的yy' }).textContent).toContain('@小红：小红写的');
    await user.click(within(dialog).getByRole('button', { name: '转发' }));
    expect(await screen.findByText('转发成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/yy/createyy')!.body).toEqual({ content: '', transpondId: 12 });
  });

  it("on a refusal shows the server's words and keeps the dialog and its words", async () => {
    const user = userEvent.setup();
    server([theirs], () => fail(404, '原yy不存在'));
    const dialog = await openRepost(user);
    await user.type(within(dialog).getByLabelText('转发理由（可不填）'), '可惜');
    await user.click(within(dialog).getByRole('button', { name: '转发' }));
    expect(await screen.findByText('原yy不存在')).toBeTruthy();
    expect((within(dialog).getByLabelText('转发理由（可不填）') as HTMLTextAreaElement).value).toBe('可惜');
  });

  it('the repost shows at the top of the own list', async () => {
    const user = userEvent.setup();
    const mine: Yy[] = [yy({ weiboId: 2, content: '我以前的' })];
    yyServer((call) => {
      if (call.path === '/yy/createyy') {
        const created = yy({ weiboId: 60, content: '转一个', transpondId: 1, sourceWid: 1, sourceUid: 10001, sourceName: '小巴', sourceContent: '我以前的' });
        mine.unshift(created);
        return { status: 200, body: { code: 200, msg: '转发成功', data: created } };
      }
      return isListCall(call) ? ok(page([...mine])) : elsewhere();
    });
    renderSpace('/my');
    const article = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(article).getByRole('button', { name: '转发' }));
    const dialog = await screen.findByRole('dialog', { name: '转发yy' });
    await user.type(within(dialog).getByLabelText('转发理由（可不填）'), '转一个');
    await user.click(within(dialog).getByRole('button', { name: '转发' }));
    await screen.findByText('转发成功');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const top = screen.getAllByRole('article')[0]!;
    expect(top.textContent).toContain('转一个');
    expect(within(top).getByRole('group', { name: '小巴的原yy' }).textContent).toContain('我以前的');
  });
});
