/**
 * A write the owner does not allow (blocked, or their privacy says no) answers 403
 * BLOCK_MSG.notAllowed. The comment box, the board's message box, a reply box and the repost
 * dialog say it where it was typed (role=alert), and the typed words stay.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_MSG, type LeaveMessage } from '@xiaoba/shared';
import { fail, ok, type Call } from '@xiaoba/shared/testing';
import { leavePage, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { page, yy } from '../testing/yy-fixtures';

const NOW = Math.floor(Date.now() / 1000);
const refused = fail(403, BLOCK_MSG.notAllowed);

beforeEach(() => localStorage.clear());

/** 小明's space with one of his yy and one message on his board, every write refused. */
function refusingServer() {
  const message: LeaveMessage = { id: 1, fuid: 10002, uid: 10001, username: '小巴', face: 0, avatar: '', content: '你好呀', ctime: NOW - 60, replies: [] };
  return spaceServer((call: Call) => {
    if (call.path === '/yy/getUseryy/10002') return ok(page([yy({ weiboId: 7, uid: 10002, userName: '小明', content: '小明的yy' })]));
    if (call.path === '/comment/getComment') return ok([]);
    if (call.path === '/leave/get/10002') return ok(leavePage([message]));
    if (call.method === 'POST') return refused;
    return undefined;
  });
}

describe('a write the owner does not allow', () => {
  it('a comment: the refusal shows under the box and the words stay', async () => {
    const calls = refusingServer();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(post).getByRole('button', { name: '评论(0)' }));
    const area = within(post).getByRole('region', { name: '评论区' });
    await within(area).findByText('还没有评论，快来抢沙发吧');
    const box = within(area).getByLabelText('评论') as HTMLTextAreaElement;
    await user.type(box, '我想说');
    await user.click(within(area).getByRole('button', { name: '发表评论' }));
    expect((await within(area).findByRole('alert')).textContent).toBe(BLOCK_MSG.notAllowed);
    expect(box.value).toBe('我想说');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === '/comment/add')).toHaveLength(1);
  });

  it('a board message: the refusal shows under the box and the words stay', async () => {
    refusingServer();
    const user = userEvent.setup();
    renderSpace('/10002/board', signedIn);
    const box = (await screen.findByLabelText('留言')) as HTMLTextAreaElement;
    await user.type(box, '留个言');
    await user.click(screen.getByRole('button', { name: '发表留言' }));
    const form = box.closest('form')!;
    expect((await within(form).findByRole('alert')).textContent).toBe(BLOCK_MSG.notAllowed);
    expect(box.value).toBe('留个言');
  });

  it('a reply on the board: the refusal shows under the reply box and the words stay', async () => {
    refusingServer();
    const user = userEvent.setup();
    renderSpace('/10002/board', signedIn);
    const [message] = await screen.findAllByRole('article');
    await user.click(within(message!).getByRole('button', { name: '回复' }));
    const box = within(message!).getByLabelText('回复小巴') as HTMLTextAreaElement;
    await user.type(box, '再说一句');
    await user.click(within(message!).getByRole('button', { name: '发送回复' }));
    expect((await within(message!).findByRole('alert')).textContent).toBe(BLOCK_MSG.notAllowed);
    expect(box.value).toBe('再说一句');
  });

  it('a repost: the refusal shows in the dialog, which stays open with the words', async () => {
    refusingServer();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(within(post).getByRole('button', { name: '转发' }));
    const dialog = await screen.findByRole('dialog', { name: '转发yy' });
    const box = within(dialog).getByLabelText('转发理由（可不填）') as HTMLTextAreaElement;
    await user.type(box, '转一下');
    await user.click(within(dialog).getByRole('button', { name: '转发' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(BLOCK_MSG.notAllowed);
    expect(box.value).toBe('转一下');
    // Typing again clears the message.
    await user.type(box, '!');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
