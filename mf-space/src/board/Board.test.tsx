import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeaveMessage, LeaveReply } from '@xiaoba/shared';
import { fail, ok, type Call } from '@xiaoba/shared/testing';
import { leavePage, me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { leaveDraftKey } from './draft';

const NOW = Math.floor(Date.now() / 1000);

function leave(over: Partial<LeaveMessage> = {}): LeaveMessage {
  return { id: 1, fuid: 10002, uid: 10003, username: '小红', face: 0, avatar: '', content: '你好呀', ctime: NOW - 120, replies: [], ...over };
}
function reply(over: Partial<LeaveReply> = {}): LeaveReply {
  return { id: 50, leaveId: 1, uid: 10002, username: '小明', face: 0, avatar: '', content: '谢谢', ctime: NOW - 60, ...over };
}

beforeEach(() => localStorage.clear());

const articles = () => screen.findAllByRole('article');
const boardCalls = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/leave') || c.path.startsWith('/leaveReply'));

function board(path: string, answer: (call: Call) => ReturnType<typeof ok> | undefined) {
  const calls = spaceServer(answer);
  const view = renderSpace(path, signedIn);
  return { ...view, calls, user: userEvent.setup() };
}

describe("a board's list", () => {
  it('asks for page 1 of 10 and shows each message: avatar, author link, text with emoji, time and replies', async () => {
    const { calls } = board('/10002/board', (call) =>
      call.path === '/leave/get/10002'
        ? ok(leavePage([leave({ content: '你好[b1]\n第二行', replies: [reply()] }), leave({ id: 2, uid: 10004, username: '小刚', content: '早' })]))
        : undefined,
    );
    const [first, second] = await articles();
    expect(boardCalls(calls).map((c) => [c.method, c.path, c.query])).toEqual([['GET', '/leave/get/10002', { pageNum: '1', pageSize: '10' }]]);
    expect(within(first!).getByRole('link', { name: '小红' }).getAttribute('href')).toBe('/10003');
    expect(within(first!).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(first!.querySelector('br')).not.toBeNull();
    expect(first!.querySelector('time')!.textContent).toBe('2分钟前');
    const replies = within(first!).getByRole('list', { name: '小红的留言的回复' });
    expect(within(replies).getByRole('link', { name: '小明' }).getAttribute('href')).toBe('/10002');
    expect(replies.textContent).toContain('谢谢');
    expect(replies.querySelector('time')!.textContent).toBe('1分钟前');
    expect(second!.textContent).toContain('早');
    expect(screen.queryByRole('navigation', { name: '留言板分页' })).toBeNull();
  });

  it('shows a pager only with more than one page; a page change asks for that page', async () => {
    const { user, calls } = board('/my/board', (call) =>
      call.path === '/leave/get/10001'
        ? ok(leavePage([leave({ id: Number(call.query.pageNum), fuid: 10001, content: `第${call.query.pageNum}页` })], 3, Number(call.query.pageNum)))
        : undefined,
    );
    await screen.findByText('第1页');
    const pager = screen.getByRole('navigation', { name: '留言板分页' });
    await user.click(within(pager).getByRole('button', { name: '第3页' }));
    expect(await screen.findByText('第3页')).toBeTruthy();
    expect(boardCalls(calls).map((c) => c.query.pageNum)).toEqual(['1', '3']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '我的留言板' }));
  });

  it('says so when the board is empty', async () => {
    board('/my/board', () => undefined);
    expect(await screen.findByText('还没有留言，来写下第一条吧！')).toBeTruthy();
  });

  it('shows a script payload in a message as text', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    board('/10002/board', (call) => (call.path === '/leave/get/10002' ? ok(leavePage([leave({ content: payload })])) : undefined));
    const [article] = await articles();
    expect(article!.textContent).toContain(payload);
    expect(article!.querySelector('img[src="x"]')).toBeNull();
    expect(article!.querySelector('script')).toBeNull();
  });
});

describe('the message box', () => {
  it('refuses an empty (or blank) message with 留言不能为空, without a request', async () => {
    const { user, calls } = board('/10002/board', () => undefined);
    const box = await screen.findByLabelText('留言');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: '发表留言' }));
    expect(screen.getByRole('alert').textContent).toBe('留言不能为空');
    expect(document.activeElement).toBe(box);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('cuts the text at 233 characters and counts them', async () => {
    const { user } = board('/10002/board', () => undefined);
    const box = (await screen.findByLabelText('留言')) as HTMLTextAreaElement;
    await user.click(box);
    await user.paste('好'.repeat(240));
    expect(box.value).toBe('好'.repeat(233));
    expect(screen.getByText('233/233')).toBeTruthy();
  });

  it('posts {content, fuid}, says 留言成功!, shows the new message first, empties the box and its draft, counts one more', async () => {
    let posted: LeaveMessage | null = null;
    const { user, calls } = board('/10002/board', (call) => {
      if (call.path === '/leave/add') {
        posted = leave({ id: 9, uid: 10001, username: '小巴', content: (call.body as { content: string }).content, ctime: NOW });
        return { status: 200, body: { code: 200, msg: '留言成功!', data: posted } };
      }
      if (call.path === '/leave/get/10002') return ok(leavePage(posted ? [posted, leave()] : [leave()]));
      if (call.path.startsWith('/user/getuserinfo/')) return ok({ ...other, leaves: 1 });
      return undefined;
    });
    await articles();
    expect(await screen.findByRole('link', { name: '留言板(1)' })).toBeTruthy();
    const box = screen.getByLabelText('留言') as HTMLTextAreaElement;
    await user.type(box, '来踩踩');
    expect(localStorage.getItem(leaveDraftKey(10001, 10002))).toBe('来踩踩');
    await user.click(screen.getByRole('button', { name: '发表留言' }));
    expect(await screen.findByText('留言成功!')).toBeTruthy();
    expect(calls.find((c) => c.path === '/leave/add')?.body).toEqual({ content: '来踩踩', fuid: 10002 });
    await waitFor(async () => expect((await articles())[0]!.textContent).toContain('来踩踩'));
    expect(box.value).toBe('');
    expect(localStorage.getItem(leaveDraftKey(10001, 10002))).toBeNull();
    expect(await screen.findByRole('link', { name: '留言板(2)' })).toBeTruthy();
    // The owner record is not fetched again (that would count one more visit).
    expect(calls.filter((c) => c.path.startsWith('/user/getuserinfo'))).toHaveLength(1);
  });

  it('keeps a draft per board: what was typed is back after a reload', async () => {
    const { user, unmount } = board('/10002/board', () => undefined);
    await user.type(await screen.findByLabelText('留言'), '写了一半');
    unmount();
    board('/10002/board', () => undefined);
    expect(((await screen.findByLabelText('留言')) as HTMLTextAreaElement).value).toBe('写了一半');
  });

  it('a failed post keeps the words and says why', async () => {
    const { user } = board('/10002/board', (call) => (call.path === '/leave/add' ? fail(429, '留言太频繁了，请稍后再试') : undefined));
    const box = (await screen.findByLabelText('留言')) as HTMLTextAreaElement;
    await user.type(box, '别丢');
    await user.click(screen.getByRole('button', { name: '发表留言' }));
    expect(await screen.findByText('留言太频繁了，请稍后再试')).toBeTruthy();
    expect(box.value).toBe('别丢');
  });

  it("the own board's count comes from GET /user/getleaves and is asked again after a post", async () => {
    let count = 4;
    const { user, calls } = board('/my/board', (call) => {
      if (call.path === '/user/getleaves') return ok(count);
      if (call.path === '/leave/add') {
        count += 1;
        return ok(leave({ id: 9, fuid: 10001, uid: 10001, username: '小巴', content: '自己留一条' }));
      }
      return undefined;
    });
    expect(await screen.findByRole('link', { name: '留言板(4)' })).toBeTruthy();
    await user.type(screen.getByLabelText('留言'), '自己留一条');
    await user.click(screen.getByRole('button', { name: '发表留言' }));
    expect(await screen.findByRole('link', { name: '留言板(5)' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/user/getleaves')).toHaveLength(2);
  });
});

describe('who may reply and delete (board owner, message author, reply author)', () => {
  const messages = [
    leave({ id: 1, uid: 10003, username: '小红', replies: [reply({ id: 51, uid: 10003, username: '小红', content: '红的回复' })] }),
    leave({ id: 2, uid: 10001, username: '小巴', content: '我写的', replies: [reply({ id: 52, uid: 10002, username: '小明', content: '主人的回复' })] }),
  ];

  it("on another's board, the viewer deletes and replies only where they are the author", async () => {
    board('/10002/board', (call) => (call.path === '/leave/get/10002' ? ok(leavePage(messages)) : undefined));
    const [theirs, mine] = await articles();
    expect(within(theirs!).queryByRole('button', { name: '回复' })).toBeNull();
    expect(within(theirs!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(theirs!).queryByRole('button', { name: /删除.*的回复/ })).toBeNull();
    expect(within(mine!).getByRole('button', { name: '回复' })).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: '删除' })).toBeTruthy();
    // The owner's reply under my message is the owner's to delete.
    expect(within(mine!).queryByRole('button', { name: '删除小明的回复' })).toBeNull();
  });

  it('on the own board, the owner may reply to and delete every message and reply', async () => {
    const own = messages.map((m) => ({ ...m, fuid: 10001 }));
    board('/my/board', (call) => (call.path === '/leave/get/10001' ? ok(leavePage(own)) : undefined));
    const [first, second] = await articles();
    for (const article of [first!, second!]) {
      expect(within(article).getByRole('button', { name: '回复' })).toBeTruthy();
      expect(within(article).getByRole('button', { name: '删除' })).toBeTruthy();
    }
    expect(within(first!).getByRole('button', { name: '删除小红的回复' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: '删除小明的回复' })).toBeTruthy();
  });

  it('a reply: empty is refused with 回复内容不能为空; sent, it shows under the message', async () => {
    let sent: LeaveReply | null = null;
    const { user, calls } = board('/my/board', (call) => {
      if (call.path === '/leave/get/10001') return ok(leavePage([leave({ fuid: 10001, replies: sent ? [sent] : [] })]));
      if (call.path === '/leaveReply/add') {
        sent = reply({ id: 77, uid: 10001, username: '小巴', content: (call.body as { content: string }).content });
        return ok(sent);
      }
      return undefined;
    });
    const [article] = await articles();
    const replyButton = within(article!).getByRole('button', { name: '回复' });
    await user.click(replyButton);
    expect(replyButton.getAttribute('aria-expanded')).toBe('true');
    const box = within(article!).getByLabelText('回复小红');
    expect(document.activeElement).toBe(box);
    await user.click(within(article!).getByRole('button', { name: '发送回复' }));
    expect(within(article!).getByRole('alert').textContent).toBe('回复内容不能为空');
    await user.type(box, '欢迎常来');
    await user.click(within(article!).getByRole('button', { name: '发送回复' }));
    expect(await screen.findByText('回复成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/leaveReply/add')?.body).toEqual({ content: '欢迎常来', leaveId: 1 });
    expect(await within(article!).findByText('欢迎常来')).toBeTruthy();
    expect(within(article!).queryByLabelText('回复小红')).toBeNull();
    expect(document.activeElement).toBe(replyButton);
  });

  it('deleting a message asks first, then DELETE /leave/delete?leaveId=, 删除成功！ and it is gone', async () => {
    let gone = false;
    const { user, calls } = board('/my/board', (call) => {
      if (call.path === '/leave/get/10001') return ok(leavePage(gone ? [] : [leave({ fuid: 10001 })]));
      if (call.path === '/leave/delete') {
        gone = true;
        return ok();
      }
      return undefined;
    });
    const [article] = await articles();
    await user.click(within(article!).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除留言' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(calls.find((c) => c.path === '/leave/delete')).toMatchObject({ method: 'DELETE', query: { leaveId: '1' } });
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
  });

  it('deleting a reply: DELETE /leaveReply/delete?id=; a failure says 删除失败！ and keeps it', async () => {
    const { user, calls } = board('/my/board', (call) => {
      if (call.path === '/leave/get/10001') return ok(leavePage([leave({ fuid: 10001, replies: [reply({ uid: 10003, username: '小红' })] })]));
      if (call.path === '/leaveReply/delete') return fail(500, '服务器开小差了');
      return undefined;
    });
    const [article] = await articles();
    await user.click(within(article!).getByRole('button', { name: '删除小红的回复' }));
    const dialog = await screen.findByRole('dialog', { name: '删除回复' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除失败！')).toBeTruthy();
    expect(calls.find((c) => c.path === '/leaveReply/delete')).toMatchObject({ method: 'DELETE', query: { id: '50' } });
    expect(within(article!).getByText('谢谢')).toBeTruthy();
  });

  it('with no user in the store there is no message box and no actions', async () => {
    spaceServer((call) => (call.path === '/leave/get/10002' ? ok(leavePage(messages)) : undefined));
    renderSpace('/10002/board', {});
    await articles();
    expect(screen.queryByLabelText('留言')).toBeNull();
    expect(screen.queryByRole('button', { name: '回复' })).toBeNull();
    expect(me.uid).toBe(10001);
  });
});
