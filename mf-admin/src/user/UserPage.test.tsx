import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MOD_MSG } from '@xiaoba/shared';
import { fail, fakeServer, ok, type Call } from '@xiaoba/shared/testing';
import { renderAdmin, userPage } from '../testing/fixtures';

function userServer() {
  const calls = fakeServer((call: Call) => {
    if (call.path === '/mod/user/100002') return ok(userPage);
    if (call.path === '/mod/action') return ok();
    return fail(404, '接口不存在');
  });
  return { calls, actions: () => calls.filter((c) => c.path === '/mod/action').map((c) => c.body) };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('用户档案 (/admin/user/:uid)', () => {
  it("shows the user's standing, sanctions, removed content and the reports against them", async () => {
    userServer();
    renderAdmin('/admin/user/100002');
    await screen.findByRole('region', { name: '处罚记录' });
    // Their space, to see it as everyone does.
    expect(screen.getAllByRole('link', { name: '萌萌猫' })[0]!.getAttribute('href')).toBe('/100002');
    expect(screen.getByText(/冻结到/)).toBeTruthy();
    const sanctions = within(section('处罚记录')).getAllByRole('listitem');
    expect(sanctions.map((li) => li.querySelector('strong')?.textContent)).toEqual(['冻结', '警告', '冻结']);
    expect(sanctions[1]!.textContent).toContain('欺负、骂人或威胁别人');
    // 解除 only for a freeze or ban still in force: not a warning, not a freeze that has ended.
    expect(sanctions.map((li) => within(li).queryByRole('button', { name: '解除' }) !== null)).toEqual([true, false, false]);
    expect(within(section('被删除的内容')).getByRole('button', { name: '恢复' })).toBeTruthy();
    const report = within(section('被举报')).getByRole('listitem');
    expect(report.textContent).toContain('已处理');
    expect(report.textContent).toContain('补充说明：他一直骂人');
  });

  it('解除 asks for a reason, then lifts that sanction', async () => {
    const server = userServer();
    const user = userEvent.setup();
    renderAdmin('/admin/user/100002');
    await screen.findByRole('region', { name: '处罚记录' });
    await user.click(await within(section('处罚记录')).findByRole('button', { name: '解除' }));
    const dialog = screen.getByRole('dialog', { name: '解除萌萌猫的冻结' });
    await user.click(within(dialog).getByRole('button', { name: '解除' }));
    expect(within(dialog).getByText(MOD_MSG.reasonRequired)).toBeTruthy();
    expect(server.actions()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '已经改正');
    await user.click(within(dialog).getByRole('button', { name: '解除' }));
    await waitFor(() => expect(server.actions()).toEqual([{ action: 'lift', sanctionId: 12, reason: '已经改正' }]));
    expect(await screen.findByText(MOD_MSG.done)).toBeTruthy();
    // The page is asked again after the action.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/mod/user/100002')).toHaveLength(2));
  });

  it('恢复 asks for a reason, then restores that item', async () => {
    const server = userServer();
    const user = userEvent.setup();
    renderAdmin('/admin/user/100002');
    await user.click(await screen.findByRole('button', { name: '恢复' }));
    const dialog = screen.getByRole('dialog', { name: '恢复萌萌猫的评论' });
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '误删');
    await user.click(within(dialog).getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(server.actions()).toEqual([{ action: 'restore', target: { kind: 'comment', id: 31 }, reason: '误删' }]));
  });

  it('a path that is no 米米号 asks nothing', async () => {
    const server = userServer();
    renderAdmin('/admin/user/abc');
    expect(await screen.findByText('用户不存在')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
