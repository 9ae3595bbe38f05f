import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authActions, CHILD_PRIVACY, DEFAULT_PRIVACY, PRIVACY_MSG, type BlockedUser, type PrivacySettings } from '@xiaoba/shared';
import { fail, fakeServer, ok, type Call, type Reply } from '@xiaoba/shared/testing';
import { deferred, me, renderSettings } from '../testing/fixtures';
import { SCRIP_SETTING } from './PrivacyPage';

const blockedUser = (uid: number, name: string, qianming = ''): BlockedUser => ({ uid, name, face: 0, avatar: '', qianming, ctime: 1_700_000_000 });

/** GET/POST /user/privacy and the block list as the server answers them, with `PAGE` users a page. */
const PAGE = 2;
function server(options: { privacy?: Partial<PrivacySettings>; blocked?: BlockedUser[]; override?: (call: Call) => Reply | Promise<Reply> | undefined } = {}) {
  let settings: PrivacySettings = { ...DEFAULT_PRIVACY, ...options.privacy };
  let blocked = [...(options.blocked ?? [])];
  const calls = fakeServer(async (call) => {
    const own = await options.override?.(call);
    if (own) return own;
    if (call.path === '/user/privacy' && call.method === 'GET') return ok(settings);
    if (call.path === '/user/privacy' && call.method === 'POST') {
      settings = { ...settings, ...(call.body as Partial<PrivacySettings>) };
      return { body: { code: 200, msg: '隐私设置已保存', data: settings } };
    }
    if (call.path === '/block/list') {
      const page = Number(call.query.pageNum);
      const records = blocked.slice((page - 1) * PAGE, page * PAGE);
      return ok({ records, total: blocked.length, pages: Math.ceil(blocked.length / PAGE), current: page, size: PAGE });
    }
    if (call.path === '/block/remove') {
      const { uid } = call.body as { uid: number };
      blocked = blocked.filter((u) => u.uid !== uid);
      return { body: { code: 200, msg: '已取消拉黑', data: null } };
    }
    return fail(404, '接口不存在');
  });
  return calls;
}

async function open(user = me) {
  const view = renderSettings('/setting/privacy', user);
  await screen.findByRole('region', { name: '隐私设置' });
  await screen.findByRole('group', { name: '谁可以评论我的yy' });
  return view;
}

const group = (name: string) => screen.getByRole('group', { name });
const radio = (groupName: string, name: string) => within(group(groupName)).getByRole('radio', { name }) as HTMLInputElement;
const toggle = (name: string) => screen.getByRole('switch', { name });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/user/privacy').map((c) => c.body);
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('/setting/privacy: the settings', () => {
  it('shows each setting with its current value from GET /user/privacy, and says what it does', async () => {
    server({ privacy: { comment: 'me', board: 'everyone', showVisitors: false, showBirthday: true, findable: false } });
    await open();
    expect(radio('谁可以评论我的yy', '只有我自己').checked).toBe(true);
    expect(radio('谁可以评论我的yy', '所有人').checked).toBe(false);
    expect(radio('谁可以在我的留言板留言', '所有人').checked).toBe(true);
    expect(toggle('让别人看到谁来过我的空间').getAttribute('aria-checked')).toBe('false');
    expect(toggle('让别人看到我的生日').getAttribute('aria-checked')).toBe('true');
    expect(toggle('让别人用昵称搜到我').getAttribute('aria-checked')).toBe('false');
    // The state is written, not only coloured.
    expect(toggle('让别人看到我的生日').textContent).toBe('开');
    expect(toggle('让别人用昵称搜到我').textContent).toBe('关');
    // Plain words for each, tied to its control; the exact 米米号 always finds you.
    expect(describedBy(group('谁可以评论我的yy'))).toContain('别人不能在你的yy下评论或回复');
    expect(describedBy(group('谁可以在我的留言板留言'))).toContain('别人不能在你的留言板写新留言');
    expect(describedBy(toggle('让别人用昵称搜到我'))).toContain('米米号总能找到你');
    expect(describedBy(toggle('让别人看到谁来过我的空间'))).toContain('只有你自己能看到');
    // No nudge either way: neither choice is "recommended".
    expect(screen.queryByText(/推荐|建议/)).toBeNull();
  });

  it.each([
    ['谁可以评论我的yy', () => radio('谁可以评论我的yy', '只有我自己'), { comment: 'me' }],
    ['谁可以在我的留言板留言', () => radio('谁可以在我的留言板留言', '只有我自己'), { board: 'me' }],
    ['让别人看到谁来过我的空间', () => toggle('让别人看到谁来过我的空间'), { showVisitors: false }],
    ['让别人看到我的生日', () => toggle('让别人看到我的生日'), { showBirthday: false }],
    ['让别人用昵称搜到我', () => toggle('让别人用昵称搜到我'), { findable: false }],
    ['谁可以关注我', () => radio('谁可以关注我', '谁都不可以'), { follow: 'me' }],
    ['谁可以转发我的yy', () => radio('谁可以转发我的yy', '只有我自己'), { repost: 'me' }],
    ['让别人看到我的关注和粉丝', () => toggle('让别人看到我的关注和粉丝'), { showFollows: false }],
    ['让别人看到我最后登录的时间', () => toggle('让别人看到我最后登录的时间'), { showLastLogin: false }],
    ['谁可以给我写小纸条', () => radio('谁可以给我写小纸条', '谁都不可以'), { scrip: 'nobody' }],
  ])('%s: one click saves only that field, shows the new value and says 隐私设置已保存', async (_name, control, body) => {
    const user = userEvent.setup();
    const calls = server();
    await open();
    await user.click(control());
    expect(await screen.findByText('隐私设置已保存')).toBeTruthy();
    expect(posts(calls)).toEqual([body]);
    const element = control();
    expect(element instanceof HTMLInputElement ? element.checked : element.getAttribute('aria-checked')).toBe(
      element instanceof HTMLInputElement ? true : 'false',
    );
  });

  it('shows the follow, repost, follow-list and last-login settings with their values, each saying what it does', async () => {
    server({ privacy: { follow: 'me', repost: 'everyone', showFollows: false, showLastLogin: true } });
    await open();
    expect(radio('谁可以关注我', '谁都不可以').checked).toBe(true);
    expect(radio('谁可以关注我', '所有人').checked).toBe(false);
    expect(radio('谁可以转发我的yy', '所有人').checked).toBe(true);
    expect(toggle('让别人看到我的关注和粉丝').getAttribute('aria-checked')).toBe('false');
    expect(toggle('让别人看到我最后登录的时间').getAttribute('aria-checked')).toBe('true');
    expect(describedBy(group('谁可以关注我'))).toContain('已经关注你的人还在');
    expect(describedBy(group('谁可以转发我的yy'))).toContain('别人不能转发你的yy');
    expect(describedBy(group('谁可以在我的留言板留言'))).toContain('也不能在以前的留言下回复');
    expect(describedBy(toggle('让别人看到我的关注和粉丝'))).toContain('只有你自己能看到');
    expect(describedBy(toggle('让别人看到我最后登录的时间'))).toContain('未知');
  });

  it('a switch turned off can be turned on again with the next click', async () => {
    const user = userEvent.setup();
    const calls = server({ privacy: { showBirthday: false } });
    await open();
    await user.click(toggle('让别人看到我的生日'));
    await waitFor(() => expect(toggle('让别人看到我的生日').getAttribute('aria-checked')).toBe('true'));
    expect(posts(calls)).toEqual([{ showBirthday: true }]);
  });

  it('shows the change before the server answers, and goes back with the message when it refuses', async () => {
    const user = userEvent.setup();
    const answer = deferred<Reply>();
    const calls = server({ override: (call) => (call.method === 'POST' ? answer.promise : undefined) });
    await open();
    await user.click(toggle('让别人看到谁来过我的空间'));
    expect(toggle('让别人看到谁来过我的空间').getAttribute('aria-checked')).toBe('false');
    answer.resolve(fail(400, '设置的值不对'));
    const alert = await screen.findByText('没有保存，设置已恢复原样：设置的值不对');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(toggle('让别人看到谁来过我的空间').getAttribute('aria-checked')).toBe('true');
    expect(posts(calls)).toEqual([{ showVisitors: false }]);
    expect(screen.queryByText('隐私设置已保存')).toBeNull();
  });

  it('a radio choice that fails goes back to the saved one (network failure)', async () => {
    const user = userEvent.setup();
    server({
      override: (call) => {
        if (call.method === 'POST') throw new TypeError('Failed to fetch');
      },
    });
    await open();
    await user.click(radio('谁可以在我的留言板留言', '只有我自己'));
    expect(await screen.findByText(/^没有保存，设置已恢复原样：/)).toBeTruthy();
    expect(radio('谁可以在我的留言板留言', '所有人').checked).toBe(true);
    expect(radio('谁可以在我的留言板留言', '只有我自己').checked).toBe(false);
  });

  it('works from the keyboard: Space toggles a switch, an arrow key picks the other radio', async () => {
    const user = userEvent.setup();
    const calls = server();
    await open();
    toggle('让别人看到我的生日').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(posts(calls)).toEqual([{ showBirthday: false }]));
    expect(document.activeElement).toBe(toggle('让别人看到我的生日'));
    radio('谁可以评论我的yy', '所有人').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(posts(calls)).toEqual([{ showBirthday: false }, { comment: 'me' }]));
    expect(radio('谁可以评论我的yy', '只有我自己').checked).toBe(true);
  });

  it('a failed load says so and retries', async () => {
    const user = userEvent.setup();
    let failing = true;
    server({ override: (call) => (call.path === '/user/privacy' && failing ? fail(500, '服务器开小差了') : undefined) });
    renderSettings('/setting/privacy');
    expect(await screen.findByText(/隐私设置加载失败/)).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('group', { name: '谁可以评论我的yy' })).toBeTruthy();
  });
});

/** A birthday `years` years before today, as the profile stores it. */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  return `${d.getFullYear() - years}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('/setting/privacy: 小纸条', () => {
  it('offers 互相关注的人, 我关注的人 and 谁都不可以 (no "everyone"), with the current one checked and what it does', async () => {
    const user = userEvent.setup();
    const calls = server({ privacy: { scrip: 'following' } });
    await open();
    const choices = within(group(SCRIP_SETTING.legend)).getAllByRole('radio') as HTMLInputElement[];
    expect(choices.map((r) => r.labels?.[0]?.textContent)).toEqual(['互相关注的人', '我关注的人', '谁都不可以']);
    expect(radio(SCRIP_SETTING.legend, '我关注的人').checked).toBe(true);
    expect(describedBy(group(SCRIP_SETTING.legend))).toBe(SCRIP_SETTING.hint);
    await user.click(radio(SCRIP_SETTING.legend, '互相关注的人'));
    expect(await screen.findByText('隐私设置已保存')).toBeTruthy();
    expect(posts(calls)).toEqual([{ scrip: 'mutual' }]);
  });

  it('a minor is told that adults write to them only when they follow each other, whatever they choose', async () => {
    server({ privacy: CHILD_PRIVACY });
    await open({ ...me, birthday: bornYearsAgo(12) });
    expect(radio(SCRIP_SETTING.legend, '互相关注的人').checked).toBe(true);
    expect(describedBy(group(SCRIP_SETTING.legend))).toBe(`${SCRIP_SETTING.hint}${SCRIP_SETTING.minorHint}`);
  });
});

describe('/setting/privacy: the note to a minor', () => {
  it('a 12-year-old is told, in plain words beside the settings, why they start private and that they may change it', async () => {
    server({ privacy: CHILD_PRIVACY });
    await open({ ...me, birthday: bornYearsAgo(12) });
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(PRIVACY_MSG.minorNote);
    expect(note.textContent).toContain('还不满18岁');
    expect(note.textContent).toContain('你可以随时修改');
    // Inside the settings' region, before the first setting.
    expect(within(screen.getByRole('region', { name: '谁能看到和使用我的空间' })).getByRole('note')).toBe(note);
    expect(toggle('让别人看到我的生日').getAttribute('aria-checked')).toBe('false');
    expect(toggle('让别人看到我最后登录的时间').getAttribute('aria-checked')).toBe('false');
  });

  it('an empty birthday counts as under 18: the note shows', async () => {
    server({ privacy: CHILD_PRIVACY });
    await open({ ...me, birthday: '' });
    expect(screen.getByRole('note').textContent).toBe(PRIVACY_MSG.minorNote);
  });

  it("decides by the user's own record when the page's state hid the birthday: an adult who hides it sees no note", async () => {
    server({ override: (call) => (call.path === '/user/getinfo' ? ok({ ...me, birthday: bornYearsAgo(30) }) : undefined) });
    const { store } = await open({ ...me, birthday: '' });
    await waitFor(() => expect(store.getState().auth.user?.birthday).toBe(bornYearsAgo(30)));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('a child whose page hid the birthday still gets the note once the own record answers', async () => {
    server({ privacy: CHILD_PRIVACY, override: (call) => (call.path === '/user/getinfo' ? ok({ ...me, birthday: bornYearsAgo(12) }) : undefined) });
    await open({ ...me, birthday: '' });
    expect((await screen.findByRole('note')).textContent).toBe(PRIVACY_MSG.minorNote);
  });

  it('an adult (18 today) sees no note', async () => {
    server();
    await open({ ...me, birthday: bornYearsAgo(18) });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(PRIVACY_MSG.minorNote)).toBeNull();
  });
});

describe('/setting/privacy: 黑名单', () => {
  const five = [
    blockedUser(100010, '小坏蛋', '我最[b1]'),
    blockedUser(100011, '路人甲'),
    blockedUser(100012, '路人乙'),
    blockedUser(100013, '路人丙'),
    blockedUser(100014, '路人丁'),
  ];
  const list = () => screen.getByRole('list', { name: '黑名单' });
  const names = () =>
    within(list())
      .getAllByRole('link')
      .map((a) => a.textContent);

  it('says what blocking does, and 你还没有拉黑任何人 when the list is empty', async () => {
    server();
    await open();
    expect(await screen.findByText('你还没有拉黑任何人')).toBeTruthy();
    expect(screen.getByText('拉黑后，对方不能再关注你、评论或转发你的yy、在你的留言板留言。对方不会收到通知。')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '黑名单分页' })).toBeNull();
  });

  it('lists the blocked users with avatar, name (a link to their space) and small signature, a page at a time', async () => {
    const user = userEvent.setup();
    const calls = server({ blocked: five });
    await open();
    await screen.findByRole('list', { name: '黑名单' });
    expect(names()).toEqual(['小坏蛋', '路人甲']);
    expect(within(list()).getByRole('img', { name: '小坏蛋的头像' })).toBeTruthy();
    expect(within(list()).getByRole('link', { name: '小坏蛋' }).getAttribute('href')).toBe('/100010');
    expect(within(list()).getByText(/我最/)).toBeTruthy();
    // The signature goes through RichText: its emoji code is drawn as the emoji.
    expect(list().querySelector('img[src="/assets/emoji/b1.svg"]')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: '黑名单分页' });
    await user.click(within(pager).getByRole('button', { name: '第3页' }));
    await waitFor(() => expect(names()).toEqual(['路人丁']));
    expect(calls.filter((c) => c.path === '/block/list').map((c) => c.query.pageNum)).toEqual(['1', '3']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '黑名单' }));
  });

  it('取消拉黑 sends POST /block/remove {uid}, says 已取消拉黑 and the list no longer shows them', async () => {
    const user = userEvent.setup();
    const calls = server({ blocked: five.slice(0, 2) });
    await open();
    await screen.findByRole('list', { name: '黑名单' });
    await user.click(screen.getByRole('button', { name: '取消拉黑小坏蛋' }));
    expect(await screen.findByText('已取消拉黑')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['路人甲']));
    expect(calls.filter((c) => c.path === '/block/remove').map((c) => [c.method, c.body])).toEqual([['POST', { uid: 100010 }]]);
    // The button is gone: focus stays in the list's place, not lost to the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '黑名单' }));
    await user.click(screen.getByRole('button', { name: '取消拉黑路人甲' }));
    expect(await screen.findByText('你还没有拉黑任何人')).toBeTruthy();
  });

  it('unblocking the only one on the last page steps back to the page before', async () => {
    const user = userEvent.setup();
    server({ blocked: five.slice(0, 3) });
    await open();
    await screen.findByRole('list', { name: '黑名单' });
    await user.click(screen.getByRole('button', { name: '第2页' }));
    await waitFor(() => expect(names()).toEqual(['路人乙']));
    await user.click(screen.getByRole('button', { name: '取消拉黑路人乙' }));
    await waitFor(() => expect(names()).toEqual(['小坏蛋', '路人甲']));
  });

  it('a refused unblock keeps the row and shows why', async () => {
    const user = userEvent.setup();
    server({ blocked: five.slice(0, 1), override: (call) => (call.path === '/block/remove' ? fail(403, '校巴现在是只读存档') : undefined) });
    await open();
    await user.click(await screen.findByRole('button', { name: '取消拉黑小坏蛋' }));
    const message = await screen.findByText('没有取消拉黑小坏蛋：校巴现在是只读存档');
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(names()).toEqual(['小坏蛋']);
  });
});

describe('/setting/privacy: signed out, another user', () => {
  it("whoever signs in next in the same tab sees their own settings and block list, never the previous user's", async () => {
    let signedIn = me.uid;
    const them = blockedUser(100010, '小坏蛋');
    fakeServer((call) => {
      if (call.path === '/user/privacy') return ok(signedIn === me.uid ? { ...DEFAULT_PRIVACY, showBirthday: false } : DEFAULT_PRIVACY);
      if (call.path === '/block/list') {
        const records = signedIn === me.uid ? [them] : [];
        return ok({ records, total: records.length, pages: records.length ? 1 : 0, current: 1, size: PAGE });
      }
      return fail(404, '接口不存在');
    });
    const { store, router } = await open();
    await screen.findByRole('button', { name: '取消拉黑小坏蛋' });
    expect(toggle('让别人看到我的生日').getAttribute('aria-checked')).toBe('false');
    await act(() => router.navigate('/setting/avatar'));
    act(() => {
      store.dispatch(authActions.loggedOut());
      signedIn = 100004;
      store.dispatch(authActions.userLoaded({ ...me, uid: 100004, name: '下一个人' }));
    });
    await act(() => router.navigate('/setting/privacy'));
    expect(await screen.findByText('你还没有拉黑任何人')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消拉黑小坏蛋' })).toBeNull();
    expect((await screen.findByRole('switch', { name: '让别人看到我的生日' })).getAttribute('aria-checked')).toBe('true');
  });

  it('asks to log in and calls nothing when nobody is signed in', async () => {
    const calls = server();
    renderSettings('/setting/privacy', me, { auth: { token: null, user: null, today: '', myspace: false } });
    expect(await screen.findByText('请先登录。')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
