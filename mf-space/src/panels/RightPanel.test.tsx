import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Visitor } from '@xiaoba/shared';
import { ok } from '@xiaoba/shared/testing';
import { renderSpace, spaceServer } from '../testing/fixtures';
import { visitorSlides } from './visitor-slides';

const NOW = Math.floor(Date.now() / 1000);
const visitor = (i: number): Visitor => ({ visitedId: 10002, uid: 20000 + i, username: `访客${i}`, face: 0, avatar: '', ctime: NOW - 60 * i });
const visitors = (n: number) => Array.from({ length: n }, (_, i) => visitor(i + 1));

afterEach(() => vi.restoreAllMocks());

function openSpace(list: Visitor[], total = list.length, path = '/10002') {
  const calls = spaceServer((call) => {
    if (call.path === '/visitor/get') return ok({ data: list, total });
    if (call.path === '/yy/hottopics')
      return ok([
        { name: '开学啦', count: 5 },
        { name: '校巴回来了', count: 0 },
      ]);
    return undefined;
  });
  const view = renderSpace(path);
  return { ...view, calls, user: userEvent.setup() };
}

const rightPanel = () => screen.findByRole('complementary', { name: '空间信息' });
const slides = () => screen.queryAllByRole('group', { name: /^第\d组，共\d组$/ });

describe('visitorSlides (3 per slide, at most 9)', () => {
  it.each([
    [0, []],
    [1, [1]],
    [3, [3]],
    [4, [3, 1]],
    [9, [3, 3, 3]],
    [12, [3, 3, 3]],
  ])('%d visitors make slides of %j', (n, sizes) => {
    expect(visitorSlides(visitors(n)).map((s) => s.length)).toEqual(sizes);
  });
});

describe('the right panel', () => {
  it('shows the address, the visit count, the decorative red packets, hot topics and the banner', async () => {
    const { calls } = openSpace(visitors(2), 345);
    const panel = await rightPanel();
    expect((within(panel).getByLabelText('空间地址') as HTMLInputElement).value).toBe(`${location.origin}/10002`);
    expect(await within(panel).findByText('345')).toBeTruthy();
    expect(within(panel).getByRole('region', { name: '红包' }).textContent).toContain('敬请期待');
    const topics = within(panel).getByRole('region', { name: '热门话题' });
    expect(await within(topics).findByText('#开学啦#')).toBeTruthy();
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#开学啦#5条', '#校巴回来了#']);
    expect(within(panel).getByRole('img', { name: '校巴小巴士开往彩虹' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/visitor/get')?.query).toEqual({ uid: '10002' });
  });

  it('复制 copies the address and says 已复制', async () => {
    const { user } = openSpace([]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(await rightPanel()).getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/10002`);
    expect(await screen.findByText('已复制')).toBeTruthy();
  });

  it('without a clipboard, 复制 selects the address for a manual copy', async () => {
    const { user } = openSpace([]);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const panel = await rightPanel();
    await user.click(within(panel).getByRole('button', { name: '复制' }));
    expect(document.activeElement).toBe(within(panel).getByLabelText('空间地址'));
    expect(await screen.findByText('请长按或按 Ctrl+C 复制地址')).toBeTruthy();
  });

  it('says 还没有访客 when nobody came', async () => {
    openSpace([]);
    expect(await within(await rightPanel()).findByText('还没有访客')).toBeTruthy();
    expect(slides()).toHaveLength(0);
  });

  it.each([
    [1, 1],
    [3, 1],
    [4, 2],
    [9, 3],
    [14, 3],
  ])('%d visitors: %d slide(s)', async (n, count) => {
    openSpace(visitors(n));
    await screen.findByRole('region', { name: '最近访客' });
    await waitFor(() => expect(slides()).toHaveLength(count));
    expect(slides()[0]!.getAttribute('aria-label')).toBe(`第1组，共${count}组`);
    const hasButtons = screen.queryByRole('button', { name: '下一组访客' }) !== null;
    expect(hasButtons).toBe(count > 1);
  });

  it('each visitor links to their space with a relative time; previous/next and dots move between slides', async () => {
    const { user } = openSpace(visitors(9));
    await waitFor(() => expect(slides()).toHaveLength(3));
    const carousel = screen.getByRole('region', { name: '最近访客名单' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('轮播图');
    const [first, second, third] = slides();
    expect(
      within(first!)
        .getAllByRole('link')
        .map((a) => [a.querySelector('.name')!.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['访客1', '/20001'],
      ['访客2', '/20002'],
      ['访客3', '/20003'],
    ]);
    expect(within(first!).getByRole('link', { name: '访客1' })).toBeTruthy();
    expect(first!.querySelector('time')!.textContent).toBe('1分钟前');
    // Only the shown slide can be reached.
    expect(first!.inert).toBe(false);
    expect(second!.inert).toBe(true);
    const previous = screen.getByRole('button', { name: '上一组访客' });
    const next = screen.getByRole('button', { name: '下一组访客' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    await user.click(next);
    expect(second!.inert).toBe(false);
    expect(first!.inert).toBe(true);
    expect(screen.getByRole('button', { name: '第2组' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: '第3组' }));
    expect(third!.inert).toBe(false);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await user.click(previous);
    expect(second!.inert).toBe(false);
  });

  it('is on the home page only, not on the board', async () => {
    const { router } = openSpace(visitors(1));
    await rightPanel();
    await router.navigate('/10002/board');
    await screen.findByRole('heading', { level: 2, name: '小明的留言板' });
    expect(screen.queryByRole('complementary', { name: '空间信息' })).toBeNull();
    expect(screen.getByRole('complementary', { name: '个人资料' })).toBeTruthy();
  });
});
