import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liveBus, SCRIP_MAX, SCRIP_MSG, uiSlice, type RootState } from '@xiaoba/shared';
import { fail, fakeServer, ok, renderPage, scripServer, type Call } from '@xiaoba/shared/testing';
import { signedIn } from '../testing/fixtures';
import { OLDER_LABEL } from './NoteLog';
import ScripThreadPage, { ARCHIVE_NOTE, CLOSED_NOTE, HIDE_NOTE, HIDE_THREAD, NEW_NOTE } from './ScripThreadPage';

const MENG = { uid: 100002, name: '萌萌猫', face: 2, avatar: '', qianming: '' };

interface Options {
  pageSize?: number;
  closed?: boolean;
  archive?: boolean;
  path?: string;
}

function setup({ pageSize, closed, archive, path = '/system/scrip/100002' }: Options = {}) {
  const server = scripServer({ me: 100001, users: [MENG], closed: closed ? [100002] : [], ...(pageSize ? { pageSize } : {}) });
  const reports: Call[] = [];
  const calls = fakeServer((call) => {
    if (call.path === '/report/add') return (reports.push(call), ok());
    return server.handle(call) ?? fail(404, '未知');
  });
  const state: Partial<RootState> = { ...signedIn(), ...(archive ? { ui: { ...uiSlice.getInitialState(), archive: true } } : {}) };
  const page = renderPage(<ScripThreadPage />, {
    path,
    routePath: '/system/scrip/:uid',
    state,
    routes: [{ path: '/system/scrip', element: <h1>全部小纸条页</h1> }],
  });
  return { server, calls, reports, ...page, user: userEvent.setup() };
}

const log = () => screen.getByRole('region', { name: '和萌萌猫的小纸条' });
/** The notes as read aloud, top to bottom: who, then what. */
const shown = () =>
  within(log())
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.bubble')!.textContent);
const box = () => screen.getByRole('textbox', { name: '写给萌萌猫的小纸条' });

describe('ScripThreadPage', () => {
  it('shows the conversation like a chat, oldest at the top, and opening it marks it read', async () => {
    const { server } = setup();
    server.add(100002, 100001, '你好呀');
    server.add(100001, 100002, '你好！');
    server.add(100002, 100001, '周末一起玩[b1]');
    expect(server.unread()).toBe(2);
    await screen.findByRole('heading', { level: 2, name: '和萌萌猫的小纸条' });
    expect(shown()).toEqual(['萌萌猫：你好呀', '我：你好！', '萌萌猫：周末一起玩']);
    expect(within(log()).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(
      within(log())
        .getAllByRole('listitem')
        .map((li) => li.className),
    ).toEqual(['theirs', 'mine', 'theirs']);
    expect(server.unread()).toBe(0);
    expect(screen.getByRole('link', { name: 'TA的空间' }).getAttribute('href')).toBe('/100002');
    // The tab of the 消息 pages is current on a conversation too.
    expect(
      within(screen.getByRole('navigation', { name: '消息分类' }))
        .getByRole('link', { name: '小纸条' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('loads older pages above the newer ones', async () => {
    const { server, calls, user } = setup({ pageSize: 2 });
    for (const words of ['一', '二', '三', '四', '五']) server.add(100002, 100001, words);
    await screen.findByRole('region', { name: '和萌萌猫的小纸条' });
    expect(shown()).toEqual(['萌萌猫：四', '萌萌猫：五']);
    await user.click(screen.getByRole('button', { name: OLDER_LABEL }));
    await waitFor(() => expect(shown()).toEqual(['萌萌猫：二', '萌萌猫：三', '萌萌猫：四', '萌萌猫：五']));
    await user.click(screen.getByRole('button', { name: OLDER_LABEL }));
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(shown()[0]).toBe('萌萌猫：一');
    expect(screen.queryByRole('button', { name: OLDER_LABEL })).toBeNull();
    expect(calls.filter((c) => c.path === '/scrip/thread/100002').map((c) => c.query.pageNum)).toEqual(['1', '2', '3']);
  });

  it('sends a note with 发送 or Ctrl+Enter: it shows at the bottom and the box empties', async () => {
    const { server, user } = setup();
    server.add(100002, 100001, '你好呀');
    await user.type(await screen.findByRole('textbox', { name: '写给萌萌猫的小纸条' }), '你也好');
    await user.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(shown()).toEqual(['萌萌猫：你好呀', '我：你也好']));
    expect((box() as HTMLTextAreaElement).value).toBe('');
    await user.type(box(), '第二张');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(shown().at(-1)).toBe('我：第二张'));
    expect(server.seen().map((n) => n.content)).toEqual(['你好呀', '你也好', '第二张']);
    expect(document.activeElement).toBe(box());
  });

  it('refuses an empty note in the contract’s words without asking; cuts a long one at 233 as it is typed', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: '发送' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SCRIP_MSG.empty);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(box(), { target: { value: '纸'.repeat(SCRIP_MAX + 7) } });
    expect((box() as HTMLTextAreaElement).value).toBe('纸'.repeat(SCRIP_MAX));
    expect(screen.getByText(`${SCRIP_MAX}/${SCRIP_MAX}`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server’s refusal in its own words and keeps what was written', async () => {
    const { server, user } = setup();
    await user.type(await screen.findByRole('textbox', { name: '写给萌萌猫的小纸条' }), '还在吗');
    server.close(100002); // they closed their inbox (or blocked the writer: the same words) meanwhile
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SCRIP_MSG.notAllowed);
    expect((box() as HTMLTextAreaElement).value).toBe('还在吗');
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });

  it('puts an emoji code where the caret is', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: '写给萌萌猫的小纸条' }), '好');
    await user.click(screen.getByRole('button', { name: '表情' }));
    await user.click(screen.getAllByRole('button', { name: '微笑' })[0]!);
    expect((box() as HTMLTextAreaElement).value).toBe('好[b1]');
  });

  it('to someone who does not take notes from the reader: the conversation, no box, a line that says no reason', async () => {
    const { server } = setup({ closed: true });
    server.add(100002, 100001, '以前的纸条');
    expect(await screen.findByText(CLOSED_NOTE)).toBeTruthy();
    expect(shown()).toEqual(['萌萌猫：以前的纸条']);
    expect(screen.queryByRole('textbox')).toBeNull();
    // Earlier notes can still be reported and deleted (a blocker keeps those tools).
    expect(within(log()).getByRole('button', { name: '举报' })).toBeTruthy();
  });

  it('in an archive: read-only, no box, no delete, no report', async () => {
    const { server } = setup({ archive: true });
    server.add(100002, 100001, '旧纸条');
    expect(await screen.findByText(ARCHIVE_NOTE)).toBeTruthy();
    expect(shown()).toEqual(['萌萌猫：旧纸条']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /删除|举报/ })).toBeNull();
  });

  it('删除 hides a note for the reader after a confirmation; 取消 keeps it', async () => {
    const { server, user } = setup();
    server.add(100002, 100001, '留着');
    server.add(100002, 100001, '删掉');
    await screen.findByRole('region', { name: '和萌萌猫的小纸条' });
    const items = within(log()).getAllByRole('listitem');
    await user.click(within(items[1]!).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: HIDE_NOTE.title });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(shown()).toHaveLength(2);
    await user.click(within(within(log()).getAllByRole('listitem')[1]!).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: HIDE_NOTE.title })).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(shown()).toEqual(['萌萌猫：留着']));
    expect(await screen.findByText(SCRIP_MSG.deleted)).toBeTruthy();
    expect(server.seen().map((n) => n.content)).toEqual(['留着']);
    await waitFor(() => expect(document.activeElement).toBe(log()));
  });

  it('删除对话 hides the whole conversation for the reader and goes back to the list', async () => {
    const { server, user, router } = setup();
    server.add(100002, 100001, '一');
    server.add(100001, 100002, '二');
    await user.click(await screen.findByRole('button', { name: '删除对话' }));
    await user.click(within(await screen.findByRole('dialog', { name: HIDE_THREAD.title('萌萌猫') })).getByRole('button', { name: '删除对话' }));
    expect(await screen.findByRole('heading', { name: '全部小纸条页' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/system/scrip');
    expect(server.seen()).toEqual([]);
  });

  it('举报 reports the other user’s note with a reason (one’s own notes offer none)', async () => {
    const { server, reports, user } = setup();
    server.add(100001, 100002, '我的');
    server.add(100002, 100001, '坏话');
    await screen.findByRole('region', { name: '和萌萌猫的小纸条' });
    const [mine, theirs] = within(log()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(mine).queryByRole('button', { name: '举报' })).toBeNull();
    await user.click(within(theirs).getByRole('button', { name: '举报' }));
    const dialog = await screen.findByRole('dialog', { name: '举报萌萌猫的小纸条' });
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]!.body).toMatchObject({ kind: 'scrip', id: 2 });
  });

  it('a note the live stream announces for this conversation shows without a reload and is said; others are not asked', async () => {
    const { server, calls } = setup();
    server.add(100002, 100001, '你好呀');
    await screen.findByRole('region', { name: '和萌萌猫的小纸条' });
    const reads = () => calls.filter((c) => c.path === '/scrip/thread/100002').length;
    const before = reads();
    act(() => liveBus.emit({ type: 'scrip', scripId: 9, withUid: 100009, unread: 1 }));
    await new Promise((r) => setTimeout(r, 30));
    expect(reads()).toBe(before);
    server.add(100002, 100001, '新的一张');
    act(() => liveBus.emit({ type: 'scrip', scripId: 2, withUid: 100002, unread: 1 }));
    await waitFor(() => expect(shown().at(-1)).toBe('萌萌猫：新的一张'));
    // Said one render after the note shows (an effect compares it with the newest seen), so it is awaited.
    expect(await screen.findByText(NEW_NOTE('萌萌猫'))).toBeTruthy();
    expect(server.unread()).toBe(0); // read as it came: the page is open
  });

  it.each([
    ['/system/scrip/abc', SCRIP_MSG.userNotFound],
    ['/system/scrip/100001', SCRIP_MSG.self],
  ])('%s says why there is no conversation, with the way back', async (path, words) => {
    const { calls } = setup({ path });
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(screen.getByRole('link', { name: '全部小纸条' }).getAttribute('href')).toBe('/system/scrip');
    expect(calls).toEqual([]);
  });

  it('a user that does not exist: the server’s words', async () => {
    setup({ path: '/system/scrip/999999' });
    expect((await screen.findByRole('alert')).textContent).toBe(SCRIP_MSG.userNotFound);
  });
});
