import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_MSG } from '@xiaoba/shared';
import { diaryServer, fail, fakeServer, renderPage } from '@xiaoba/shared/testing';
import { me, signedIn } from '../testing/fixtures';
import { DIARY_LABEL } from './DiaryResults';
import SearchPage from './SearchPage';

function server() {
  const diaries = diaryServer({ me: me.uid, users: [{ uid: 100002, name: '萌萌猫' }] });
  const calls = fakeServer((call) => diaries.handle(call) ?? fail(404, '未知'));
  return { diaries, calls };
}
const open = (search: string) => renderPage(<SearchPage />, { path: `/search${search}`, state: signedIn(me) });

describe('/search, 日志 tab', () => {
  it('lists the entries the viewer may see holding the words, marked, each linking to its page', async () => {
    const { diaries, calls } = server();
    diaries.add(100002, { title: '我的小猫', content: '小猫今天学会了开门', visibility: 'public' });
    diaries.add(100002, { title: '小猫的秘密', content: '只给自己看', visibility: 'self' });
    diaries.add(100002, { title: '画画', content: '画了一只狗', visibility: 'public' });
    open('?q=%E5%B0%8F%E7%8C%AB&tab=diary');
    expect(screen.getByRole('tab', { name: '日志' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: DIARY_LABEL });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    const link = within(rows[0]!).getByRole('link', { name: '我的小猫' });
    expect(link.getAttribute('href')).toBe('/100002/diary/1');
    expect([...rows[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['小猫', '小猫']);
    expect(calls.filter((c) => c.path === '/search/diary').map((c) => c.query)).toEqual([{ q: '小猫', pageNum: '1', pageSize: '10' }]);
  });

  it('says when nothing is found, and the tab is chosen from the 用户 tab', async () => {
    server();
    const user = userEvent.setup();
    open('?q=%E5%A4%AA%E7%A9%BA');
    await user.click(await screen.findByRole('tab', { name: '日志' }));
    expect(await screen.findByText(SEARCH_MSG.noDiary)).toBeTruthy();
  });
});
