import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullTime } from '@xiaoba/shared';
import { fail, ok, renderPage } from '@xiaoba/shared/testing';
import { renderSpace, other, signedIn } from '../testing/fixtures';
import { YyList } from './YyList';
import { elsewhere, images, isListCall, NOW, page, yy, yyServer } from '../testing/yy-fixtures';
import type { Call, Reply } from '@xiaoba/shared/testing';

const articles = () => screen.findAllByRole('article');

/** Answers the list calls with `list`, user 10002's info, and nothing else; returns the list calls. */
function lists(list: (call: Call) => Reply | Promise<Reply>) {
  const calls = yyServer((call) => {
    if (isListCall(call) || call.method !== 'GET') return list(call);
    if (call.path === '/user/getuserinfo/10002') return ok(other);
    return elsewhere();
  });
  return {
    get all() {
      return calls;
    },
    get lists() {
      return calls.filter(isListCall);
    },
  };
}

describe('YyList on /my', () => {
  it('asks for page 1 of 20 of the own yy and shows each as an article', async () => {
    // Times as of now, not of NOW: the fixtures' module outlives one test file (isolate: false),
    // and a worker that has run for a minute would read 3分钟前.
    const now = Math.floor(Date.now() / 1000);
    const calls = lists(() =>
      ok(
        page([yy({ weiboId: 2, content: '你好[b1]\n第二行', comment: 3, ctime: now - 120 }), yy({ weiboId: 1, content: '更早的一条', ctime: now - 3 * 3600 })]),
      ),
    );
    renderSpace('/my');
    const [first, second] = await articles();
    expect(calls.lists.map((c) => [c.method, c.path, c.query])).toEqual([['GET', '/yy/getUseryy/10001', { pageNum: '1', pageSize: '20' }]]);
    expect(first!.textContent).toContain('你好');
    expect(within(first!).getByRole('img', { name: '微笑' }).getAttribute('src')).toContain('b1');
    expect(first!.querySelector('br')).not.toBeNull();
    const time = first!.querySelector('time')!;
    expect(time.textContent).toBe('2分钟前');
    expect(time.getAttribute('title')).toBe(fullTime(now - 120));
    expect(time.getAttribute('dateTime')).toBe(new Date((now - 120) * 1000).toISOString());
    expect(within(first!).getByRole('link', { name: '小巴' }).getAttribute('href')).toBe('/my');
    expect(within(first!).getByRole('button', { name: '评论(3)' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(first!).getByRole('button', { name: '转发' })).toBeTruthy();
    expect(second!.textContent).toContain('更早的一条');
    expect(second!.querySelector('time')!.textContent).toBe('3小时前');
  });

  it('shows pictures as buttons with alt texts; one opens large with previous/next and the arrow keys', async () => {
    const user = userEvent.setup();
    lists(() => ok(page([yy({ typeData: images('/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg') })])));
    renderSpace('/my');
    const [article] = await articles();
    const thumbs = within(article!).getAllByRole('button', { name: /张图片/ });
    expect(thumbs.map((b) => b.textContent === '' && b.querySelector('img')!.getAttribute('alt'))).toEqual([
      '第1张图片，共3张',
      '第2张图片，共3张',
      '第3张图片，共3张',
    ]);
    await user.click(thumbs[1]!);
    const dialog = await screen.findByRole('dialog', { name: '图片 2/3' });
    expect(within(dialog).getByRole('img', { name: '第2张图片，共3张' }).getAttribute('src')).toBe('/uploads/b.jpg');
    await user.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(within(dialog).getByRole('img', { name: '第3张图片，共3张' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: '第1张图片，共3张' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: '第1张图片，共3张' })).toBeTruthy();
  });

  it('a swipe across the large picture goes to the next or previous one; a short or downward move does not', async () => {
    const user = userEvent.setup();
    lists(() => ok(page([yy({ typeData: images('/uploads/a.jpg', '/uploads/b.jpg') })])));
    renderSpace('/my');
    const [article] = await articles();
    await user.click(within(article!).getAllByRole('button', { name: /张图片/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '图片 1/2' });
    const swipe = (from: [number, number], to: [number, number]) => {
      const picture = within(dialog).getByRole('img', { name: /张图片/ });
      fireEvent.pointerDown(picture, { pointerId: 1, isPrimary: true, clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(picture, { pointerId: 1, isPrimary: true, clientX: to[0], clientY: to[1] });
    };
    swipe([300, 200], [280, 200]);
    swipe([300, 200], [240, 320]);
    expect(within(dialog).getByRole('img', { name: '第1张图片，共2张' })).toBeTruthy();
    swipe([300, 200], [180, 210]);
    expect(await within(dialog).findByRole('img', { name: '第2张图片，共2张' })).toBeTruthy();
    swipe([300, 200], [180, 210]);
    expect(within(dialog).getByRole('img', { name: '第2张图片，共2张' })).toBeTruthy();
    swipe([100, 200], [220, 190]);
    expect(await within(dialog).findByRole('img', { name: '第1张图片，共2张' })).toBeTruthy();
  });

  it("shows a repost: the reposter's words, then the source in a quoted box; a deleted source says so", async () => {
    lists(() =>
      ok(
        page([
          yy({
            weiboId: 5,
            content: '说得好',
            transpondId: 3,
            sourceWid: 3,
            sourceUid: 10003,
            sourceName: '小红',
            sourceContent: '原来的话[b2]',
            sourceCtime: NOW - 2 * 86400,
            sourceTData: images('/uploads/x.png'),
          }),
          yy({ weiboId: 4, content: '也转一下', transpondId: 2, sourceDeleted: true }),
        ]),
      ),
    );
    renderSpace('/my');
    const [repost, orphan] = await articles();
    expect(repost!.textContent).toContain('说得好');
    const source = within(repost!).getByRole('group', { name: '小红的原yy' });
    expect(within(source).getByRole('link', { name: '@小红' }).getAttribute('href')).toBe('/10003');
    expect(source.textContent).toContain('原来的话');
    expect(within(source).getByRole('img', { name: '咧嘴笑' })).toBeTruthy();
    expect(within(source).getByRole('img', { name: '第1张图片，共1张' })).toBeTruthy();
    expect(source.querySelector('time')!.textContent).toBe('2天前');
    expect(orphan!.textContent).toContain('也转一下');
    expect(within(orphan!).getByRole('group', { name: '原yy' }).textContent).toBe('原yy已被删除');
  });

  it('has no pager for one page', async () => {
    lists(() => ok(page([yy()])));
    renderSpace('/my');
    await articles();
    expect(screen.queryByRole('navigation', { name: '我的yy分页' })).toBeNull();
  });

  it('with more pages, a page change asks for that page and moves focus to the list heading', async () => {
    const user = userEvent.setup();
    const calls = lists((call) =>
      ok(page([yy({ weiboId: Number(call.query.pageNum) * 100, content: `第${call.query.pageNum}页的yy` })], 3, Number(call.query.pageNum))),
    );
    renderSpace('/my');
    await screen.findByText('第1页的yy');
    const pager = screen.getByRole('navigation', { name: '我的yy分页' });
    await user.click(within(pager).getByRole('button', { name: '第2页' }));
    expect(await screen.findByText('第2页的yy')).toBeTruthy();
    expect(calls.lists.map((c) => c.query.pageNum)).toEqual(['1', '2']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '我的yy' }));
    expect(within(pager).getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
  });

  it('encourages posting when the own list is empty', async () => {
    lists(() => ok(page([])));
    renderSpace('/my');
    expect(await screen.findByText('还没有发过yy，在上面写下你的第一条吧！')).toBeTruthy();
  });

  it('shows a loading status, then an error with a retry button that loads again', async () => {
    const user = userEvent.setup();
    let n = 0;
    // The first answer waits until the loading status has been seen, however slow the machine.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    lists(async () => {
      if (++n > 1) return ok(page([yy({ content: '第二次就好了' })]));
      await firstAnswered;
      return fail(500, '服务器开小差了');
    });
    renderSpace('/my');
    const list = await screen.findByRole('region', { name: '我的yy' });
    expect((await within(list).findByRole('status')).textContent).toBe('正在加载yy…');
    answerFirst();
    const alert = await within(list).findByRole('alert');
    expect(alert.textContent).toContain('yy加载失败：服务器开小差了');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('第二次就好了')).toBeTruthy();
  });
});

describe('deleting a yy', () => {
  it('shows 删除 only on the own yy', async () => {
    lists(() => ok(page([yy({ weiboId: 2 }), yy({ weiboId: 1, uid: 10002, userName: '小明' })])));
    renderSpace('/my');
    const [mine, theirs] = await articles();
    expect(within(mine!).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(theirs!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(theirs!).getByRole('link', { name: '小明' }).getAttribute('href')).toBe('/10002');
  });

  it('asks first, then deletes, says 删除成功！ and loads the list again', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const calls = lists((call) => {
      if (call.method === 'DELETE') {
        deleted = true;
        return { status: 200, body: { code: 200, msg: '删除成功！' } };
      }
      return ok(page(deleted ? [] : [yy({ weiboId: 7, content: '要删掉的' })]));
    });
    renderSpace('/my');
    const [article] = await articles();
    await user.click(within(article!).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog', { name: '删除yy' });
    expect(dialog.textContent).toContain('确定要删除这条yy吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(calls.all.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(article!).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除yy' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(await screen.findByText('还没有发过yy，在上面写下你的第一条吧！')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '我的yy' }));
    const del = calls.all.find((c) => c.method === 'DELETE')!;
    expect([del.path, del.query]).toEqual(['/yy/deleteyy', { weiboId: '7' }]);
    expect(calls.lists).toHaveLength(2);
  });

  it('says 删除失败！ when the server refuses, and keeps the yy', async () => {
    const user = userEvent.setup();
    lists((call) => (call.method === 'DELETE' ? fail(500, '服务器错误') : ok(page([yy({ content: '还在' })]))));
    renderSpace('/my');
    const [article] = await articles();
    await user.click(within(article!).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog', { name: '删除yy' })).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除失败！')).toBeTruthy();
    expect(screen.getByText('还在')).toBeTruthy();
  });
});

describe("YyList on another user's space", () => {
  it('lists their yy without a composer and without 删除', async () => {
    const calls = lists(() => ok(page([yy({ uid: 10002, userName: '小明', content: '我是小明' })])));
    renderSpace('/10002');
    const [article] = await articles();
    expect(article!.textContent).toContain('我是小明');
    expect(within(article!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '小明的yy' })).toBeTruthy();
    expect(screen.queryByLabelText('说点什么吧')).toBeNull();
    expect(calls.all[0]!.path).toBe('/user/getuserinfo/10002');
    expect(calls.lists.map((c) => c.path)).toEqual(['/yy/getUseryy/10002']);
  });

  it('says 还没有发过yy when they have none', async () => {
    lists(() => ok(page([])));
    renderSpace('/10002');
    expect(await screen.findByText('还没有发过yy')).toBeTruthy();
    const list = screen.getByRole('region', { name: '小明的yy' });
    await waitFor(() => expect(within(list).queryByRole('status')).toBeNull());
  });
});

describe("YyList without a uid (everyone's feed, for the personal centre)", () => {
  it('asks for /yy/getyy and links each author to their space', async () => {
    const calls = lists(() => ok(page([yy({ uid: 10002, userName: '小明' }), yy({ weiboId: 2 })])));
    renderPage(<YyList title="大家的yy" />, { path: '/home', state: signedIn });
    const [first, second] = await articles();
    expect(calls.lists.map((c) => [c.path, c.query])).toEqual([['/yy/getyy', { pageNum: '1', pageSize: '20' }]]);
    expect(within(first!).getByRole('link', { name: '小明' }).getAttribute('href')).toBe('/10002');
    expect(within(first!).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(second!).getByRole('link', { name: '小巴' }).getAttribute('href')).toBe('/my');
  });
});
