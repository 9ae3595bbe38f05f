import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { YyComment } from '@xiaoba/shared';
import { fail, ok, type Call, type Reply } from '@xiaoba/shared/testing';
import { renderSpace } from '../testing/fixtures';
import { comment, deferred, elsewhere, isListCall, page, yy, yyServer } from '../testing/yy-fixtures';

/** /my with one yy (weiboId 1) and its comments kept by the fake server. */
function server(options: { comments?: YyComment[]; add?: (call: Call) => Reply | undefined; gate?: Promise<void> } = {}) {
  const comments = [...(options.comments ?? [comment({ commentId: 1, uid: 10002, username: '小明', content: '沙发' })])];
  let nextId = 100;
  return yyServer(async (call) => {
    if (call.path === '/comment/getComment') {
      await options.gate;
      return ok([...comments]);
    }
    if (call.path === '/comment/add') {
      const refused = options.add?.(call);
      if (refused) return refused;
      const body = call.body as { content: string; replyCommentId: number; replyUid: number };
      const replied = comments.find((c) => c.commentId === body.replyCommentId);
      const created = comment({ ...body, commentId: nextId++, uid: 10001, username: '小巴', replyUsername: replied?.username ?? '' });
      comments.push(created);
      return { status: 200, body: { code: 200, msg: '评论成功', data: created } };
    }
    if (call.path === '/comment/delete') {
      const i = comments.findIndex((c) => c.commentId === Number(call.query.commentId));
      comments.splice(i, 1);
      return { status: 200, body: { code: 200, msg: '删除成功！' } };
    }
    return isListCall(call) ? ok(page([yy({ weiboId: 1, content: '一条yy', comment: comments.length })])) : elsewhere();
  });
}

async function openComments() {
  const user = userEvent.setup();
  renderSpace('/my');
  const article = (await screen.findAllByRole('article'))[0]!;
  const toggle = within(article).getByRole('button', { name: /^评论\(\d+\)$/ });
  await user.click(toggle);
  const area = within(article).getByRole('region', { name: '评论区' });
  const box = within(area).getByLabelText('评论') as HTMLTextAreaElement;
  return { user, article, toggle, area, box };
}

describe('comments of a yy', () => {
  it('评论(n) toggles the area, which loads the comments with a status meanwhile', async () => {
    const gate = deferred<void>();
    const calls = server({ gate: gate.promise });
    const { user, toggle, area } = await openComments();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(area.id);
    expect(within(area).getByRole('status').textContent).toBe('评论加载中…');
    gate.resolve();
    expect(await within(area).findByText('沙发')).toBeTruthy();
    expect(calls.find((c) => c.path === '/comment/getComment')!.query).toEqual({ weiboId: '1' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(area.hidden).toBe(true);
  });

  it("shows each comment with its author link, a reply's 回复 <name>：, time, 回复, and 删除 only on the own one", async () => {
    server({
      comments: [
        comment({ commentId: 1, uid: 10002, username: '小明', content: '沙发' }),
        comment({ commentId: 2, uid: 10001, username: '小巴', content: '谢谢[b1]', replyCommentId: 1, replyUid: 10002, replyUsername: '小明' }),
      ],
    });
    const { area } = await openComments();
    const [theirs, mine] = await within(area).findAllByRole('listitem');
    expect(within(theirs!).getByRole('link', { name: '小明' }).getAttribute('href')).toBe('/10002');
    expect(theirs!.querySelector('time')!.textContent).toBe('1分钟前');
    expect(within(theirs!).getByRole('button', { name: '回复' })).toBeTruthy();
    expect(within(theirs!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(mine!.textContent).toContain('小巴 回复 小明：谢谢');
    expect(within(mine!).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(within(mine!).getByRole('link', { name: '小巴' }).getAttribute('href')).toBe('/my');
    expect(within(mine!).getByRole('button', { name: '删除' })).toBeTruthy();
  });

  it('says 评论内容不能为空 for blank words, and sends nothing', async () => {
    const calls = server();
    const { user, area, box } = await openComments();
    await within(area).findByText('沙发');
    await user.type(box, '   ');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(within(area).getByRole('alert').textContent).toBe('评论内容不能为空');
    expect(calls.filter((c) => c.path === '/comment/add')).toEqual([]);
  });

  it('says 评论正在加载中，请稍后再试 while the comments are still loading', async () => {
    const gate = deferred<void>();
    const calls = server({ gate: gate.promise });
    const { user, area, box } = await openComments();
    await user.type(box, '抢沙发');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(within(area).getByRole('alert').textContent).toBe('评论正在加载中，请稍后再试');
    expect(calls.filter((c) => c.path === '/comment/add')).toEqual([]);
    gate.resolve();
  });

  it('cuts the words at 233 characters', async () => {
    server();
    const { user, box, area } = await openComments();
    await user.click(box);
    await user.paste('字'.repeat(240));
    expect(box.value).toBe('字'.repeat(233));
    expect(within(area).getByText('233/233')).toBeTruthy();
  });

  it('sends a comment: 评论成功, it appears, the box empties and the count goes up', async () => {
    const calls = server();
    const { user, area, box, toggle } = await openComments();
    expect(toggle.textContent).toBe('评论(1)');
    await within(area).findByText('沙发');
    await user.type(box, '第二个');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('评论成功')).toBeTruthy();
    expect(await within(area).findByText('第二个')).toBeTruthy();
    expect(box.value).toBe('');
    await waitFor(() => expect(toggle.textContent).toBe('评论(2)'));
    expect(calls.find((c) => c.path === '/comment/add')!.body).toEqual({ content: '第二个', weiboId: 1, replyCommentId: 0, replyUid: 0 });
  });

  it("says 评论失败 for a failure, the server's words for a limit, and keeps what was written", async () => {
    let status = 500;
    server({ add: () => (status === 500 ? fail(500, '服务器错误') : fail(429, '发得太快了，请稍后再试')) });
    const { user, area, box } = await openComments();
    await within(area).findByText('沙发');
    await user.type(box, '试试');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('评论失败')).toBeTruthy();
    status = 429;
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('发得太快了，请稍后再试')).toBeTruthy();
    expect(box.value).toBe('试试');
  });
});

describe('reply mode', () => {
  it('回复 fills the box with 回复 <name>： and focuses it; emptying the box ends reply mode', async () => {
    server();
    const { user, area, box } = await openComments();
    const item = (await within(area).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '回复' }));
    expect(box.value).toBe('回复 小明：');
    expect(document.activeElement).toBe(box);
    expect(within(area).getByRole('button', { name: '取消回复' })).toBeTruthy();
    await user.clear(box);
    expect(within(area).queryByRole('button', { name: '取消回复' })).toBeNull();
  });

  it('取消回复 removes the prefix and the target, keeping the words', async () => {
    const calls = server();
    const { user, area, box } = await openComments();
    const item = (await within(area).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '回复' }));
    await user.type(box, '你好');
    await user.click(within(area).getByRole('button', { name: '取消回复' }));
    expect(box.value).toBe('你好');
    expect(within(area).queryByRole('button', { name: '取消回复' })).toBeNull();
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    await screen.findByText('评论成功');
    expect(calls.find((c) => c.path === '/comment/add')!.body).toEqual({ content: '你好', weiboId: 1, replyCommentId: 0, replyUid: 0 });
  });

  it('sends a reply with its target ids and without the prefix; it shows whom it answers', async () => {
    const calls = server();
    const { user, area, box } = await openComments();
    const item = (await within(area).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '回复' }));
    await user.type(box, '同意');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(await screen.findByText('评论成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/comment/add')!.body).toEqual({ content: '同意', weiboId: 1, replyCommentId: 1, replyUid: 10002 });
    const items = await within(area).findAllByRole('listitem');
    await waitFor(() => expect(items.at(-1)!.textContent).toContain('小巴 回复 小明：同意'));
    expect(box.value).toBe('');
  });

  it('a reply with only the prefix is empty', async () => {
    const calls = server();
    const { user, area } = await openComments();
    const item = (await within(area).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '回复' }));
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect(within(area).getByRole('alert').textContent).toBe('评论内容不能为空');
    expect(calls.filter((c) => c.path === '/comment/add')).toEqual([]);
  });
});

describe('deleting a comment', () => {
  it('asks first, then deletes: 删除成功！, gone, count down', async () => {
    const calls = server({ comments: [comment({ commentId: 5, uid: 10001, username: '小巴', content: '说错了' })] });
    const { user, area, toggle, box } = await openComments();
    const item = (await within(area).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除评论' });
    expect(dialog.textContent).toContain('确定要删除这条评论吗？');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    await waitFor(() => expect(within(area).queryByText('说错了')).toBeNull());
    await waitFor(() => expect(toggle.textContent).toBe('评论(0)'));
    expect(document.activeElement).toBe(box);
    expect(calls.find((c) => c.method === 'DELETE')!.query).toEqual({ commentId: '5' });
  });

  it('says 删除失败！ when it fails', async () => {
    const user = userEvent.setup();
    yyServer((call) => {
      if (call.path === '/comment/getComment') return ok([comment({ commentId: 5, uid: 10001, username: '小巴', content: '删不掉' })]);
      if (call.method === 'DELETE') return fail(500, '服务器错误');
      return isListCall(call) ? ok(page([yy({ comment: 1 })])) : elsewhere();
    });
    renderSpace('/my');
    const article = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(article).getByRole('button', { name: '评论(1)' }));
    const item = (await within(article).findAllByRole('listitem'))[0]!;
    await user.click(within(item).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除评论' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除失败！')).toBeTruthy();
    expect(within(article).getByText('删不掉')).toBeTruthy();
  });
});
