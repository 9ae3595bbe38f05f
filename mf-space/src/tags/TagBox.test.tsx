import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { me, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { addTag, removeTag, TAG_DUPLICATE, TAG_EMPTY, TAG_TOO_LONG, TAGS_FULL } from './tag-rules';
import { loadTags, saveTags, tagsKey } from './tag-storage';

beforeEach(() => localStorage.clear());

describe('tag rules (trimmed, non-empty, no duplicates)', () => {
  it('adds a trimmed tag at the end', () => {
    expect(addTag(['画画'], '  唱歌 ')).toEqual({ ok: true, tags: ['画画', '唱歌'] });
  });
  it.each([
    ['', TAG_EMPTY],
    ['   ', TAG_EMPTY],
    [' 画画 ', TAG_DUPLICATE],
    ['一二三四五六七八九十一', TAG_TOO_LONG],
  ])('%j is refused: %s', (input, message) => {
    expect(addTag(['画画'], input)).toEqual({ ok: false, message });
  });
  it('keeps at most 20 tags', () => {
    const full = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTag(full, '再来')).toEqual({ ok: false, message: TAGS_FULL });
  });
  it('removes one tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
  it('storage is per uid and survives corrupt data', () => {
    saveTags(1, ['x']);
    saveTags(2, ['y', 'z']);
    expect(loadTags(1)).toEqual(['x']);
    expect(loadTags(2)).toEqual(['y', 'z']);
    localStorage.setItem(tagsKey(3), '{"not":"a list"');
    expect(loadTags(3)).toEqual([]);
    localStorage.setItem(tagsKey(4), JSON.stringify(['ok', 5, '', 'ok']));
    expect(loadTags(4)).toEqual(['ok']);
  });
});

describe('the tag box in the own space', () => {
  async function openBox() {
    spaceServer();
    const user = userEvent.setup();
    const view = renderSpace('/my');
    const toggle = await screen.findByRole('button', { name: '标签' });
    return { ...view, user, toggle };
  }

  it('is a disclosure: closed at first, opened by click or keyboard, Escape closes it and returns focus', async () => {
    const { user, toggle } = await openBox();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText('还没有标签，加一个吧')).toBeTruthy();
    await user.click(within(panel).getByLabelText('新标签'));
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
  });

  it('adds trimmed tags, refuses empty and duplicate ones with a message, removes one, and keeps them per uid', async () => {
    const { user, toggle } = await openBox();
    await user.click(toggle);
    const input = screen.getByLabelText('新标签');
    const add = screen.getByRole('button', { name: '添加' });
    await user.click(add);
    expect(screen.getByRole('alert').textContent).toBe(TAG_EMPTY);
    await user.type(input, '  画画  ');
    await user.click(add);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    await user.type(input, '画画{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(TAG_DUPLICATE);
    await user.clear(input);
    await user.type(input, '唱歌{Enter}');
    const list = screen.getByRole('list', { name: '我的标签' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild!.textContent),
    ).toEqual(['画画', '唱歌']);
    expect(JSON.parse(localStorage.getItem(tagsKey(me.uid))!)).toEqual(['画画', '唱歌']);
    await user.click(screen.getByRole('button', { name: '删除标签 画画' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(input);
    expect(loadTags(me.uid)).toEqual(['唱歌']);
    expect(loadTags(10009)).toEqual([]);
  });

  it('shows the tags saved earlier for this user', async () => {
    saveTags(me.uid, ['跳舞']);
    saveTags(10009, ['别人的']);
    const { user, toggle } = await openBox();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: '删除标签 跳舞' })).toBeTruthy();
    expect(screen.queryByText('别人的')).toBeNull();
  });

  it('also opens on hover for mouse users, and closes when the pointer leaves', async () => {
    const { user, toggle } = await openBox();
    await user.hover(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.unhover(toggle.parentElement!);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it("is not in another user's space", async () => {
    spaceServer();
    renderSpace('/10002', signedIn);
    await screen.findByRole('region', { name: '小明' });
    expect(screen.queryByRole('button', { name: '标签' })).toBeNull();
  });
});
