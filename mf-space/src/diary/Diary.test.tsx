import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { diaryServer, ok } from '@xiaoba/shared/testing';
import { me, other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { draftKey } from './draft';

beforeEach(() => localStorage.clear());

/** 小巴 (me) signed in; 小明 (other) shares only public entries with them unless `friends`. */
function diary(friends = false, reports: unknown[] = []) {
  const server = diaryServer({
    me: me.uid,
    users: [
      { uid: me.uid, name: me.name },
      { uid: other.uid, name: other.uname },
    ],
    sees: (viewer, owner, visibility) => viewer === owner || visibility === 'public' || (friends && visibility === 'mutual'),
  });
  const calls = spaceServer((call) => {
    if (call.path === '/report/add') return (reports.push(call.body), ok());
    return server.handle(call) ?? undefined;
  });
  return { server, calls, user: userEvent.setup() };
}

describe('日志 list', () => {
  it('the own list: newest first, with excerpt, comment count, visibility and 写日志', async () => {
    const { server, calls } = diary();
    server.add(me.uid, { title: '春游', content: '去公园\n看花', visibility: 'self' });
    server.add(me.uid, { title: '画画', content: '一只猫', images: ['/uploads/cat.png'], visibility: 'public' });
    renderSpace('/my/diary', signedIn);
    const list = await screen.findByRole('list', { name: '我的日志' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['画画', '春游']);
    expect(within(rows[0]!).getByRole('link', { name: '画画' }).getAttribute('href')).toBe('/my/diary/2');
    expect(rows[1]!.textContent).toContain('去公园 看花');
    expect(rows[1]!.textContent).toContain('仅自己可见');
    expect(rows[0]!.textContent).toContain('评论 0');
    expect(screen.getByRole('link', { name: '写日志' }).getAttribute('href')).toBe('/my/diary/new');
    expect(calls.filter((c) => c.path.startsWith('/diary/')).map((c) => c.path)).toEqual([`/diary/list/${me.uid}`]);
  });

  it("another user's list shows only what the viewer may see, without visibility or 写日志", async () => {
    const { server } = diary();
    server.add(other.uid, { title: '公开的', content: '大家好', visibility: 'public' });
    server.add(other.uid, { title: '给朋友的', content: '秘密', visibility: 'mutual' });
    renderSpace(`/${other.uid}/diary`, signedIn);
    const list = await screen.findByRole('list', { name: '小明的日志' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => within(r).getByRole('heading').textContent),
    ).toEqual(['公开的']);
    expect(list.textContent).not.toContain('所有人可见');
    expect(screen.queryByRole('link', { name: '写日志' })).toBeNull();
  });

  it('an empty own list says so', async () => {
    diary();
    renderSpace('/my/diary', signedIn);
    expect(await screen.findByText(/你还没有写过日志/)).toBeTruthy();
  });
});

describe('日志 entry', () => {
  it('one the viewer may not see reads 日志不存在, with the way back to the list', async () => {
    const { server } = diary();
    const hidden = server.add(other.uid, { title: '给朋友的', content: '秘密', visibility: 'mutual' });
    renderSpace(`/${other.uid}/diary/${hidden.diaryId}`, signedIn);
    expect(await screen.findByRole('heading', { name: '日志不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回日志列表' }).getAttribute('href')).toBe(`/${other.uid}/diary`);
    expect(screen.queryByText('秘密')).toBeNull();
    await waitFor(() => expect(document.title).toBe('日志不存在 - 校巴'));
  });

  it("a friend's entry shows its paragraphs and takes a comment; the draft of a comment is kept", async () => {
    const { server, user } = diary(true);
    const entry = server.add(other.uid, { title: '给朋友的', content: '第一段\n\n第二段', visibility: 'mutual' });
    server.comment(other.uid, entry.diaryId, '我先坐沙发');
    const view = renderSpace(`/${other.uid}/diary/${entry.diaryId}`, signedIn);
    expect(await screen.findByRole('heading', { name: '给朋友的' })).toBeTruthy();
    const paragraph = (text: string) => screen.getByText(text).closest('p');
    expect(paragraph('第一段')).not.toBeNull();
    expect(paragraph('第二段')).not.toBe(paragraph('第一段'));
    expect(screen.queryByText('互相关注可见')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    await screen.findByText('我先坐沙发');

    const box = screen.getByLabelText('评论');
    await user.type(box, '写得真好');
    expect(localStorage.getItem(draftKey(me.uid, `comment:${entry.diaryId}`))).toBe('"写得真好"');
    view.unmount();
    renderSpace(`/${other.uid}/diary/${entry.diaryId}`, signedIn);
    await waitFor(() => expect((screen.getByLabelText('评论') as HTMLTextAreaElement).value).toBe('写得真好'));
    await user.click(screen.getByRole('button', { name: '发表评论' }));
    await waitFor(() => expect(server.comments(entry.diaryId).map((c) => c.content)).toEqual(['我先坐沙发', '写得真好']));
    expect(await screen.findByText('写得真好')).toBeTruthy();
    expect(localStorage.getItem(draftKey(me.uid, `comment:${entry.diaryId}`))).toBeNull();
    expect(screen.getByRole('heading', { name: '评论（2）' })).toBeTruthy();
  });

  it('the owner sees its visibility, deletes any comment on it, and deletes it after a confirm, back to the list', async () => {
    const { server, user } = diary();
    const entry = server.add(me.uid, { title: '春游', content: '去公园', visibility: 'self' });
    server.comment(other.uid, entry.diaryId, '真好玩');
    renderSpace(`/my/diary/${entry.diaryId}`, signedIn);
    expect(await screen.findByRole('heading', { name: '春游' })).toBeTruthy();
    expect(screen.getByText('仅自己可见')).toBeTruthy();
    expect(screen.getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(`/my/diary/${entry.diaryId}/edit`);

    const comments = await screen.findByRole('list', { name: '评论列表' });
    await user.click(within(comments).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除评论' })).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.comments(entry.diaryId)).toEqual([]));

    const actions = screen.getAllByRole('button', { name: '删除' });
    await user.click(actions[0]!);
    await user.click(within(await screen.findByRole('dialog', { name: '删除日志' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(/你还没有写过日志/)).toBeTruthy();
    expect(server.entries()).toEqual([]);
  });
});

describe('日志 editor', () => {
  it('starts with the default visibility, says the rules in Chinese, keeps a draft, and opens the new entry', async () => {
    const { server, user } = diary();
    const first = renderSpace('/my/diary/new', signedIn);
    const title = await screen.findByLabelText('标题');
    // 小巴 is an adult: public first (a child's would be mutual).
    expect((screen.getByLabelText('谁可以看') as HTMLSelectElement).value).toBe('public');
    await user.click(screen.getByRole('button', { name: '发表' }));
    expect((await screen.findByRole('alert')).textContent).toBe('标题不能为空');
    expect(document.activeElement).toBe(title);

    await user.type(title, '今天');
    await user.type(screen.getByLabelText('正文'), '第一段{Enter}第二段');
    await user.selectOptions(screen.getByLabelText('谁可以看'), 'mutual');
    first.unmount();
    renderSpace('/my/diary/new', signedIn);
    await waitFor(() => expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('今天'));
    expect((screen.getByLabelText('正文') as HTMLTextAreaElement).value).toBe('第一段\n第二段');
    expect((screen.getByLabelText('谁可以看') as HTMLSelectElement).value).toBe('mutual');

    await user.click(screen.getByRole('button', { name: '发表' }));
    expect(await screen.findByRole('heading', { name: '今天' })).toBeTruthy();
    expect(server.entries().map((d) => [d.title, d.content, d.visibility])).toEqual([['今天', '第一段\n第二段', 'mutual']]);
    expect(localStorage.getItem(draftKey(me.uid, 'new'))).toBeNull();
  });

  it('edits an entry: its saved words first, then the change on the entry page', async () => {
    const { server, user } = diary();
    const entry = server.add(me.uid, { title: '春游', content: '去公园', visibility: 'self' });
    renderSpace(`/my/diary/${entry.diaryId}/edit`, signedIn);
    const title = (await screen.findByLabelText('标题')) as HTMLInputElement;
    expect(title.value).toBe('春游');
    expect((screen.getByLabelText('谁可以看') as HTMLSelectElement).value).toBe('self');
    await user.clear(title);
    await user.type(title, '秋游');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '秋游' })).toBeTruthy();
    expect(screen.getByText(/编辑于/)).toBeTruthy();
  });
});

describe('日志 titles and archives', () => {
  it('names the page after the list and after the entry', async () => {
    const { server } = diary();
    const entry = server.add(other.uid, { title: '画画', content: '一只猫', visibility: 'public' });
    const list = renderSpace(`/${other.uid}/diary`, signedIn);
    await waitFor(() => expect(document.title).toBe('小明的日志 - 校巴'));
    list.unmount();
    renderSpace(`/${other.uid}/diary/${entry.diaryId}`, signedIn);
    await waitFor(() => expect(document.title).toBe('画画 - 校巴'));
  });

  it('in an archive the owner reads the entries but nothing offers to write, edit or delete', async () => {
    const { server } = diary();
    const archived = { ...signedIn, ui: { loading: false, skin: '' as const, archive: true } };
    const entry = server.add(me.uid, { title: '春游', content: '去公园', visibility: 'self' });
    server.comment(other.uid, entry.diaryId, '真好玩');
    const list = renderSpace('/my/diary', archived);
    expect(await screen.findByRole('link', { name: '春游' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '写日志' })).toBeNull();
    list.unmount();
    const page = renderSpace(`/my/diary/${entry.diaryId}`, archived);
    expect(await screen.findByText('真好玩')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByLabelText('评论')).toBeNull();
    page.unmount();
    renderSpace('/my/diary/new', archived);
    expect(await screen.findByText('存档里只能看，不能写或修改日志。')).toBeTruthy();
    expect(screen.queryByLabelText('标题')).toBeNull();
  });
});

describe('日志 reports', () => {
  it('更多 reports an entry as kind diary and a comment on it as kind diary_comment', async () => {
    const reports: unknown[] = [];
    const { server, user } = diary(false, reports);
    const entry = server.add(other.uid, { title: '画画', content: '一只猫', visibility: 'public' });
    const c = server.comment(other.uid, entry.diaryId, '广告广告');
    renderSpace(`/${other.uid}/diary/${entry.diaryId}`, signedIn);
    await screen.findByText('广告广告');
    for (const [subject, dialogName] of [
      ['小明的日志', '举报小明的日志'],
      ['小明的评论', '举报小明的评论'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `更多：${subject}` }));
      await user.click(screen.getByRole('menuitem', { name: '举报' }));
      const dialog = await screen.findByRole('dialog', { name: dialogName });
      await user.click(within(dialog).getByRole('radio', { name: '广告或刷屏' }));
      await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(reports).toEqual([
      { kind: 'diary', id: entry.diaryId, reason: 'spam' },
      { kind: 'diary_comment', id: c.commentId, reason: 'spam' },
    ]);
  });
});
