import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, type Call } from '@xiaoba/shared/testing';
import { pageOf, renderAdmin, scripGroup, scripView } from '../testing/fixtures';
import { DIALOG_TITLE, LOGGED_NOTE, OPEN_LABEL, REPORTED_LABEL } from './ScripContext';

/** A queue holding one reported 小纸条; `view` answers GET /mod/scrip/41 (a Reply, or the view). */
function scripQueue(view: (call: Call) => ReturnType<typeof ok> = () => ok(scripView)) {
  const calls = fakeServer((call) => {
    if (call.path === '/mod/reports') return ok(pageOf([scripGroup]));
    if (call.path === '/mod/scrip/41') return view(call);
    if (call.path === '/mod/action' && call.method === 'POST') return ok();
    if (call.path === '/mod/log') return ok(pageOf([]));
    return fail(404, '接口不存在');
  });
  return { calls, reads: () => calls.filter((c) => c.path.startsWith('/mod/scrip')) };
}

const scripCard = () => screen.findByRole('article', { name: '萌萌猫的小纸条（1条举报）' });

describe('a reported 小纸条 in the queue', () => {
  it('reads the conversation only when asked, shows it oldest first with the writers named and the reported note marked, and asks again at each opening', async () => {
    const server = scripQueue();
    const user = userEvent.setup();
    renderAdmin('/admin');
    const card = await scripCard();
    expect(card.textContent).toContain('写给小星星的小纸条');
    expect(card.textContent).toContain('你再不回我就告诉全班');
    // No place to visit for a note: the conversation is opened here, and not before it is asked for.
    expect(within(card).queryByRole('link', { name: '在原处查看' })).toBeNull();
    expect(server.reads()).toEqual([]);

    await user.click(within(card).getByRole('button', { name: OPEN_LABEL }));
    const dialog = screen.getByRole('dialog', { name: DIALOG_TITLE });
    const list = await within(dialog).findByRole('list', { name: /萌萌猫.*写给.*小星星.*的小纸条/ });
    const notes = within(list).getAllByRole('listitem');
    expect(notes.map((n) => n.querySelector('.text')?.textContent)).toEqual(['明天一起写作业吗', '你再不回我就告诉全班', '别这样']);
    expect(within(notes[2]!).getByRole('img', { name: '微笑' })).toBeTruthy();
    expect(notes.map((n) => n.querySelector('strong')?.textContent)).toEqual(['小星星', '萌萌猫', '小星星']);
    expect(notes.map((n) => n.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(notes.map((n) => within(n).queryByText(REPORTED_LABEL) !== null)).toEqual([false, true, false]);
    expect(within(dialog).getByText(LOGGED_NOTE)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/admin/user/100002');
    expect(within(dialog).getByRole('link', { name: '小星星' }).getAttribute('href')).toBe('/admin/user/100004');
    expect(within(dialog).queryByText('已删除')).toBeNull();
    // Read-only: nothing to do in it but close it.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['关闭']);
    expect(server.reads()).toEqual([expect.objectContaining({ method: 'GET', path: '/mod/scrip/41' })]);

    // Escape from inside the dialog (the browser turns it into a cancelable `cancel` event on the
    // open <dialog>) puts focus back on the button that opened it.
    within(dialog).getByRole('button', { name: '关闭' }).focus();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: OPEN_LABEL }));
    // Every reading is on the record, so another opening is another read.
    await user.click(within(card).getByRole('button', { name: OPEN_LABEL }));
    await within(screen.getByRole('dialog', { name: DIALOG_TITLE })).findByRole('list');
    expect(server.reads()).toHaveLength(2);
  });

  it("the card's actions act on the note and its writer", async () => {
    const server = scripQueue();
    const user = userEvent.setup();
    renderAdmin('/admin');
    const card = await scripCard();
    expect(
      within(within(card).getByRole('group'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['忽略', '删除内容', '警告', '冻结', '封禁']);
    await user.click(within(card).getByRole('button', { name: '删除内容' }));
    const dialog = screen.getByRole('dialog', { name: '删除萌萌猫的小纸条' });
    await user.type(within(dialog).getByRole('textbox', { name: '原因（用户会看到）' }), '威胁同学');
    await user.click(within(dialog).getByRole('button', { name: '删除内容' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/mod/action').map((c) => c.body)).toEqual([
        { action: 'remove', target: { kind: 'scrip', id: 41 }, reason: '威胁同学' },
      ]),
    );
    expect(server.reads()).toEqual([]);
  });

  it("shows the server's refusal in the dialog, and 重试 asks again", async () => {
    let answer = fail(404, '对象不存在');
    const server = scripQueue(() => answer);
    const user = userEvent.setup();
    renderAdmin('/admin');
    await user.click(within(await scripCard()).getByRole('button', { name: OPEN_LABEL }));
    const dialog = screen.getByRole('dialog', { name: DIALOG_TITLE });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('对象不存在');
    expect(within(dialog).queryByRole('list')).toBeNull();

    answer = ok({ ...scripView, removed: true });
    await user.click(within(dialog).getByRole('button', { name: '重试' }));
    await within(dialog).findByRole('list');
    expect(within(dialog).getByText('已删除')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.reads()).toHaveLength(2);
  });
});
