/** 更多 on items by others: where it is, how the keyboard works it, what 举报 and 拉黑 send. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_MSG, REPORT_MSG, type LeaveMessage } from '@xiaoba/shared';
import { ok, type Call } from '@xiaoba/shared/testing';
import { leavePage, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { comment, page, yy } from '../testing/yy-fixtures';
import { blockQuestion } from './BlockDialog';

const NOW = Math.floor(Date.now() / 1000);

beforeEach(() => localStorage.clear());

/** /my with the own yy, and under it a comment by 小明 and one of the own user's. */
function ownSpace() {
  return spaceServer((call) => {
    if (call.path === '/yy/getUseryy/10001') return ok(page([yy({ weiboId: 1, comment: 2 })]));
    if (call.path === '/comment/getComment')
      return ok([comment({ commentId: 5, uid: 10002, username: '小明' }), comment({ commentId: 6, uid: 10001, username: '小巴', content: '谢谢' })]);
    return undefined;
  });
}

/** 小明's space (/10002) with one of his yy; block and report calls answered as the server does. */
function theirSpace(answer: (call: Call) => ReturnType<typeof ok> | undefined = () => undefined) {
  return spaceServer((call) => {
    if (call.path === '/yy/getUseryy/10002') return ok(page([yy({ weiboId: 7, uid: 10002, userName: '小明', content: '小明的yy' })]));
    if (call.path === '/block/add') return { status: 200, body: { code: 200, msg: BLOCK_MSG.blocked } };
    if (call.path === '/report/add') return { status: 200, body: { code: 200, msg: REPORT_MSG.reported } };
    return answer(call);
  });
}

const moreButton = (scope: HTMLElement, subject: string) => within(scope).getByRole('button', { name: `更多：${subject}` });

describe('the 更多 menu', () => {
  it('is on items by others only: not on the own yy nor the own comment', async () => {
    ownSpace();
    const user = userEvent.setup();
    renderSpace('/my');
    const post = (await screen.findAllByRole('article'))[0]!;
    expect(within(post).queryByRole('button', { name: /^更多/ })).toBeNull();
    await user.click(within(post).getByRole('button', { name: '评论(2)' }));
    const [theirs, mine] = await within(post).findAllByRole('listitem');
    expect(moreButton(theirs!, '小明的评论')).toBeTruthy();
    expect(within(mine!).queryByRole('button', { name: /^更多/ })).toBeNull();
  });

  it('is on board messages and replies by others, never on the own ones', async () => {
    const leave = (over: Partial<LeaveMessage>): LeaveMessage => ({
      id: 1,
      fuid: 10001,
      uid: 10003,
      username: '小红',
      face: 0,
      avatar: '',
      content: '你好呀',
      ctime: NOW - 60,
      replies: [],
      ...over,
    });
    spaceServer((call) =>
      call.path === '/leave/get/10001'
        ? ok(
            leavePage([
              leave({
                replies: [
                  { id: 50, leaveId: 1, uid: 10001, username: '小巴', face: 0, avatar: '', content: '谢谢', ctime: NOW },
                  { id: 51, leaveId: 1, uid: 10003, username: '小红', face: 0, avatar: '', content: '不客气', ctime: NOW },
                ],
              }),
              leave({ id: 2, uid: 10001, username: '小巴', content: '自己的' }),
            ]),
          )
        : undefined,
    );
    renderSpace('/my/board', signedIn);
    const [theirs, mine] = await screen.findAllByRole('article');
    const replies = within(theirs!).getByRole('list', { name: '小红的留言的回复' });
    // The message's own 更多 and the one of 小红's reply; none for the own reply.
    expect(moreButton(theirs!, '小红的留言')).toBeTruthy();
    expect(
      within(replies)
        .getAllByRole('button', { name: /^更多/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['更多：小红的回复']);
    expect(within(mine!).queryByRole('button', { name: /^更多/ })).toBeNull();
  });

  it('is a menu button: opened by Enter onto its first item, arrows move and wrap, Escape closes and focus returns', async () => {
    theirSpace();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    const button = moreButton(post, '小明的yy');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    const menu = within(post).getByRole('menu', { name: '对小明的yy的操作' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['举报', '拉黑']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);

    await user.keyboard('{Escape}');
    expect(within(post).queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // ArrowDown on the button opens it too; Tab leaves it closed, with focus past the button.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(post).getAllByRole('menuitem')[0]);
    await user.tab();
    expect(within(post).queryByRole('menu')).toBeNull();
    // Focus went on from the button to the next control after it, as if the menu had never opened.
    expect(document.activeElement).not.toBe(button);
    expect(document.activeElement).not.toBe(document.body);
    expect(button.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('closes on a press outside it', async () => {
    theirSpace();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(moreButton(post, '小明的yy'));
    expect(within(post).getByRole('menu')).toBeTruthy();
    await user.click(within(post).getByText('小明的yy'));
    expect(within(post).queryByRole('menu')).toBeNull();
  });

  it('举报 opens the report dialog for that item and sends {kind, id, reason}', async () => {
    const calls = theirSpace();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(moreButton(post, '小明的yy'));
    await user.click(within(post).getByRole('menuitem', { name: '举报' }));
    const dialog = await screen.findByRole('dialog', { name: '举报小明的yy' });
    await user.click(within(dialog).getByRole('radio', { name: '广告或刷屏' }));
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText(REPORT_MSG.reported)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/report/add').map((c) => c.body)).toEqual([{ kind: 'yy', id: 7, reason: 'spam' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("拉黑 asks first, saying what blocking does, then blocks the item's author", async () => {
    const calls = theirSpace();
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(moreButton(post, '小明的yy'));
    await user.click(within(post).getByRole('menuitem', { name: '拉黑' }));
    const dialog = await screen.findByRole('dialog', { name: '拉黑小明' });
    expect(dialog.textContent).toContain(blockQuestion('小明'));
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.path === '/block/add')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '拉黑' }));
    expect(await screen.findByText(BLOCK_MSG.blocked)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/block/add').map((c) => [c.method, c.body])).toEqual([['POST', { uid: other.uid }]]);
  });
});

describe('the 更多 menu on the space of someone blocked', () => {
  it('offers 取消拉黑 on their items, which unblocks them', async () => {
    const calls = theirSpace((call) => {
      if (call.path === '/user/getuserinfo/10002') return ok({ ...other, blocked: true });
      if (call.path === '/block/remove') return { status: 200, body: { code: 200, msg: BLOCK_MSG.unblocked } };
      return undefined;
    });
    const user = userEvent.setup();
    renderSpace('/10002');
    const post = (await screen.findAllByRole('article'))[0]!;
    await user.click(moreButton(post, '小明的yy'));
    expect(
      within(post)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['举报', '取消拉黑']);
    await user.click(within(post).getByRole('menuitem', { name: '取消拉黑' }));
    const dialog = await screen.findByRole('dialog', { name: '取消拉黑小明' });
    await user.click(within(dialog).getByRole('button', { name: '取消拉黑' }));
    expect(await screen.findByText(BLOCK_MSG.unblocked)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/block/')).map((c) => [c.path, c.body])).toEqual([['/block/remove', { uid: 10002 }]]);
  });
});
