import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fullTime } from '@xiaoba/shared';
import { fakeServer, ok } from '@xiaoba/shared/testing';
import { logEntry, pageOf, renderAdmin } from '../testing/fixtures';

describe('操作记录 (/admin/log)', () => {
  it('lists who did what, to whom, when and why, and pages through the log', async () => {
    const calls = fakeServer((call) =>
      ok(call.query.pageNum === '2' ? pageOf([{ ...logEntry, id: 1, action: 'ban', kind: '', reason: '发广告' }], 2, 2) : pageOf([logEntry], 2, 1)),
    );
    const user = userEvent.setup();
    renderAdmin('/admin/log');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['时间', '管理员', '操作', '对象', '原因']);
    const cells = () =>
      within(within(table).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells()).toEqual([fullTime(logEntry.ctime), '巴巴', '删除内容', '萌萌猫的评论', '骂人']);
    expect(within(table).getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/admin/user/100002');
    expect(screen.getByRole('link', { name: '操作记录' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(screen.getByRole('navigation', { name: '操作记录分页' })).getByRole('button', { name: '第2页' }));
    await waitFor(() => expect(cells()).toEqual([expect.any(String), '巴巴', '封禁', '萌萌猫', '发广告']));
    expect(calls.map((c) => `${c.path}?${c.query.pageNum}`)).toEqual(['/mod/log?1', '/mod/log?2']);
  });
});
