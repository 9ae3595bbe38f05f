import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MOD_MSG, uiSlice } from '@xiaoba/shared';
import { fail, fakeServer, ok, type Call } from '@xiaoba/shared/testing';
import { RULE_REQUIRED } from '../actions/ActionDialog';
import { commentGroup, pageOf, renderAdmin, spaceGroup } from '../testing/fixtures';
import { EMPTY_QUEUE } from './ReportsPage';

/** A queue server: an action on a target takes it out of the queue. */
function queueServer(options: { refuse?: string } = {}) {
  let groups = [commentGroup, spaceGroup];
  const calls = fakeServer((call: Call) => {
    if (call.path === '/mod/reports') return ok(pageOf(groups));
    if (call.path === '/mod/action' && call.method === 'POST') {
      if (options.refuse) return fail(409, options.refuse);
      const target = (call.body as { target?: { kind: string; id: number } }).target;
      groups = groups.filter((g) => !(target && g.target.kind === target.kind && g.target.id === target.id));
      return ok();
    }
    return fail(404, '接口不存在');
  });
  return { calls, actions: () => calls.filter((c) => c.path === '/mod/action').map((c) => c.body) };
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('举报处理 (/admin)', () => {
  it('shows each reported target once with its words in context, a link to see it in place, and its reports', async () => {
    const { calls } = queueServer();
    renderAdmin('/admin');
    const first = await screen.findByRole('article', { name: '萌萌猫的评论（2条举报）' });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/mod/reports', query: { pageNum: '1' } });
    expect(screen.getByRole('heading', { level: 2, name: '举报处理' })).toBeTruthy();
    // The words as typed (never markup), emoji as pictures, in their context.
    expect(first.textContent).toContain('你真笨<b>哈</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(within(first).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(first.textContent).toContain('在 月下剑客 的yy下：今天去爬山了');
    expect(within(first).getByRole('link', { name: '在原处查看' }).getAttribute('href')).toBe('/100003');
    expect(within(first).getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/admin/user/100002');
    const reports = within(within(first).getByRole('list', { name: '举报' })).getAllByRole('listitem');
    expect(reports.map((r) => r.textContent)).toEqual([expect.stringContaining('欺负、骂人或威胁别人：他一直骂人'), expect.stringContaining('其他')]);
    expect(within(reports[0]!).getByRole('link', { name: '月下剑客' }).getAttribute('href')).toBe('/admin/user/100003');
    // The actions; a reported space cannot be "removed", only its owner sanctioned.
    const buttons = (name: RegExp) =>
      within(within(card(name)).getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons(/萌萌猫的评论/)).toEqual(['忽略', '删除内容', '警告', '冻结', '封禁']);
    expect(buttons(/捣蛋鬼的空间/)).toEqual(['忽略', '警告', '冻结', '封禁']);
  });

  it('删除内容 requires a reason (MOD_MSG.reasonRequired, nothing sent), then sends it; the group leaves the queue and a toast says 操作成功', async () => {
    const server = queueServer();
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByRole('article', { name: /萌萌猫的评论/ });
    await user.click(within(card(/萌萌猫的评论/)).getByRole('button', { name: '删除内容' }));
    const dialog = screen.getByRole('dialog', { name: '删除萌萌猫的评论' });
    await user.click(within(dialog).getByRole('button', { name: '删除内容' }));
    expect(within(dialog).getByText(MOD_MSG.reasonRequired)).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: '原因（用户会看到）' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(server.actions()).toEqual([]);

    await user.type(reason, '  骂人  ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '违反的规则（可不选）' }), '欺负、骂人或威胁别人');
    await user.click(within(dialog).getByRole('button', { name: '删除内容' }));
    await waitFor(() => expect(server.actions()).toEqual([{ action: 'remove', target: { kind: 'comment', id: 31 }, rule: 'bullying', reason: '骂人' }]));
    expect(await screen.findByText(MOD_MSG.done)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: /萌萌猫的评论/ })).toBeNull());
    expect(screen.getByRole('article', { name: /捣蛋鬼的空间/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('冻结 needs the rule, the days (1-365) and the reason, and names the author and the target', async () => {
    const server = queueServer();
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByRole('article', { name: /萌萌猫的评论/ });
    await user.click(within(card(/萌萌猫的评论/)).getByRole('button', { name: '冻结' }));
    const dialog = screen.getByRole('dialog', { name: '冻结萌萌猫' });
    const days = within(dialog).getByRole('spinbutton', { name: '冻结天数（1到365）' });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: '冻结' }));
    expect(within(dialog).getByText(RULE_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(MOD_MSG.days)).toBeTruthy();
    expect(within(dialog).getByText(MOD_MSG.reasonRequired)).toBeTruthy();
    expect(server.actions()).toEqual([]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: '违反的规则' }), 'bullying');
    await user.clear(days);
    await user.type(days, '3');
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '多次骂人');
    await user.click(within(dialog).getByRole('button', { name: '冻结' }));
    await waitFor(() =>
      expect(server.actions()).toEqual([{ action: 'freeze', target: { kind: 'comment', id: 31 }, uid: 100002, rule: 'bullying', days: 3, reason: '多次骂人' }]),
    );
  });

  it('警告 and 封禁 send the rule and reason for the space owner; 忽略 needs no reason', async () => {
    const server = queueServer();
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByRole('article', { name: /捣蛋鬼的空间/ });
    await user.click(within(card(/捣蛋鬼的空间/)).getByRole('button', { name: '封禁' }));
    let dialog = screen.getByRole('dialog', { name: '封禁捣蛋鬼' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '违反的规则' }), 'spam');
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '发广告');
    await user.click(within(dialog).getByRole('button', { name: '封禁' }));
    await waitFor(() => expect(server.actions()).toHaveLength(1));
    expect(server.actions()[0]).toEqual({ action: 'ban', target: { kind: 'user', id: 100005 }, uid: 100005, rule: 'spam', reason: '发广告' });

    await user.click(within(await screen.findByRole('article', { name: /萌萌猫的评论/ })).getByRole('button', { name: '忽略' }));
    dialog = screen.getByRole('dialog', { name: '忽略对萌萌猫的评论的举报' });
    await user.click(within(dialog).getByRole('button', { name: '忽略' }));
    await waitFor(() => expect(server.actions()).toHaveLength(2));
    expect(server.actions()[1]).toEqual({ action: 'dismiss', target: { kind: 'comment', id: 31 } });
    expect(await screen.findByText(EMPTY_QUEUE)).toBeTruthy();
  });

  it("a refusal stays in the dialog with the server's words; Escape (the dialog's cancel) closes it", async () => {
    queueServer({ refuse: '这些举报已经处理过了' });
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByRole('article', { name: /萌萌猫的评论/ });
    await user.click(within(card(/萌萌猫的评论/)).getByRole('button', { name: '警告' }));
    const dialog = screen.getByRole('dialog', { name: '警告萌萌猫' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '违反的规则' }), 'bullying');
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '骂人');
    await user.click(within(dialog).getByRole('button', { name: '警告' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('这些举报已经处理过了');
    expect(screen.getByRole('article', { name: /萌萌猫的评论/ })).toBeTruthy();
    // The browser turns Escape into a cancelable `cancel` event on the open <dialog>.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('in an archive the reports show without actions', async () => {
    queueServer();
    renderAdmin('/admin', { ui: { ...uiSlice.getInitialState(), archive: true } });
    const first = await screen.findByRole('article', { name: /萌萌猫的评论/ });
    expect(within(first).queryByRole('button')).toBeNull();
    expect(screen.getByText(/只读存档/)).toBeTruthy();
  });
});
