/**
 * 拉黑 / 取消拉黑 and 举报 in another user's side panel, and the report dialog they and the 更多
 * menu share: reasons, note, what is sent, what is shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLOCK_MSG, REPORT_MSG, REPORT_NOTE_MAX, REPORT_REASONS } from '@xiaoba/shared';
import { fail, ok, type Call, type Reply } from '@xiaoba/shared/testing';
import { other, renderSpace, signedIn, spaceServer } from '../testing/fixtures';
import { blockQuestion, unblockQuestion } from './BlockDialog';

const panel = () => screen.findByRole('complementary', { name: '个人资料' });
const safetyGroup = async () => within(await panel()).getByRole('group', { name: '拉黑和举报' });

/** 小明's space; the block calls change what getuserinfo answers, as the server's would. */
function blockingServer(report?: (call: Call) => Reply) {
  let blocked = false;
  const calls = spaceServer((call) => {
    if (call.path === '/user/getuserinfo/10002') return ok({ ...other, blocked });
    if (call.path === '/block/add') {
      blocked = true;
      return { status: 200, body: { code: 200, msg: BLOCK_MSG.blocked } };
    }
    if (call.path === '/block/remove') {
      blocked = false;
      return { status: 200, body: { code: 200, msg: BLOCK_MSG.unblocked } };
    }
    if (call.path === '/report/add') return report?.(call) ?? { status: 200, body: { code: 200, msg: REPORT_MSG.reported } };
    return undefined;
  });
  return calls;
}

async function openReport(user: ReturnType<typeof userEvent.setup>) {
  renderSpace('/10002');
  await user.click(within(await safetyGroup()).getByRole('button', { name: '举报' }));
  return screen.findByRole('dialog', { name: '举报小明的空间' });
}

describe("another user's side panel", () => {
  it('拉黑 asks in plain words, blocks, and the button becomes 取消拉黑; 取消拉黑 asks and unblocks', async () => {
    const calls = blockingServer();
    const user = userEvent.setup();
    renderSpace('/10002');
    const group = await safetyGroup();
    await user.click(within(group).getByRole('button', { name: '拉黑' }));
    let dialog = await screen.findByRole('dialog', { name: '拉黑小明' });
    expect(dialog.textContent).toContain(blockQuestion('小明'));
    // Focus starts on 取消, so a stray Enter blocks nobody.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '取消' }));
    await user.click(within(dialog).getByRole('button', { name: '拉黑' }));
    expect(await screen.findByText(BLOCK_MSG.blocked)).toBeTruthy();
    // The space record is asked again and now says blocked.
    expect(await within(group).findByRole('button', { name: '取消拉黑' })).toBeTruthy();

    await user.click(within(group).getByRole('button', { name: '取消拉黑' }));
    dialog = await screen.findByRole('dialog', { name: '取消拉黑小明' });
    expect(dialog.textContent).toContain(unblockQuestion('小明'));
    await user.click(within(dialog).getByRole('button', { name: '取消拉黑' }));
    expect(await screen.findByText(BLOCK_MSG.unblocked)).toBeTruthy();
    expect(await within(group).findByRole('button', { name: '拉黑' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/block/')).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/block/add', { uid: 10002 }],
      ['POST', '/block/remove', { uid: 10002 }],
    ]);
  });

  it('取消 in the block dialog sends nothing', async () => {
    const calls = blockingServer();
    const user = userEvent.setup();
    renderSpace('/10002');
    await user.click(within(await safetyGroup()).getByRole('button', { name: '拉黑' }));
    const dialog = await screen.findByRole('dialog', { name: '拉黑小明' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.startsWith('/block/'))).toBe(false);
  });

  it('a refused block is said in a toast and the button stays 拉黑', async () => {
    spaceServer((call) => (call.path === '/block/add' ? fail(400, BLOCK_MSG.userNotFound) : undefined));
    const user = userEvent.setup();
    renderSpace('/10002');
    const group = await safetyGroup();
    await user.click(within(group).getByRole('button', { name: '拉黑' }));
    await user.click(within(await screen.findByRole('dialog', { name: '拉黑小明' })).getByRole('button', { name: '拉黑' }));
    expect(await screen.findByText(BLOCK_MSG.userNotFound)).toBeTruthy();
    expect(within(group).getByRole('button', { name: '拉黑' })).toBeTruthy();
  });

  it('is not on the own space, nor in an archive', async () => {
    spaceServer();
    const view = renderSpace('/my', signedIn);
    await panel();
    expect(screen.queryByRole('group', { name: '拉黑和举报' })).toBeNull();
    view.unmount();
    renderSpace('/10002', { ...signedIn, ui: { loading: false, skin: '', archive: true } });
    await screen.findByRole('heading', { level: 1, name: '小明' });
    expect(screen.queryByRole('group', { name: '拉黑和举报' })).toBeNull();
  });
});

describe('the report dialog', () => {
  it('offers every reason as a radio in a fieldset, focus on the first, and a note counted to 200', async () => {
    blockingServer();
    const dialog = await openReport(userEvent.setup());
    const reasons = within(dialog).getByRole('group', { name: '举报原因' });
    const radios = within(reasons).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(Object.values(REPORT_REASONS));
    expect(document.activeElement).toBe(radios[0]);
    expect(within(dialog).getByLabelText('补充说明（可不填）')).toBeTruthy();
    expect(within(dialog).getByText(`0/${REPORT_NOTE_MAX}`)).toBeTruthy();
  });

  it('needs a reason: without one it says so and sends nothing', async () => {
    const calls = blockingServer();
    const user = userEvent.setup();
    const dialog = await openReport(user);
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REPORT_MSG.reason);
    expect(within(dialog).getByRole('group', { name: '举报原因' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/report/add')).toBe(false);
    // Choosing one clears the message.
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.bullying }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('refuses a note over 200 characters with the contract words; 200 (emoji count as one) is sent trimmed', async () => {
    const calls = blockingServer();
    const user = userEvent.setup();
    const dialog = await openReport(user);
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.personal }));
    const note = within(dialog).getByLabelText('补充说明（可不填）') as HTMLTextAreaElement;
    await user.click(note);
    await user.paste('说'.repeat(REPORT_NOTE_MAX + 1));
    expect(within(dialog).getByText(`${REPORT_NOTE_MAX + 1}/${REPORT_NOTE_MAX}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REPORT_MSG.noteTooLong);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/report/add')).toBe(false);

    await user.clear(note);
    await user.paste(` ${'😀'.repeat(REPORT_NOTE_MAX)} `);
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText(REPORT_MSG.reported)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/report/add').map((c) => c.body)).toEqual([
      { kind: 'user', id: 10002, reason: 'personal', note: '😀'.repeat(REPORT_NOTE_MAX) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's words: a duplicate as the toast, a refusal inside the dialog, which stays open", async () => {
    let answer: Reply = { status: 200, body: { code: 200, msg: REPORT_MSG.duplicate } };
    blockingServer(() => answer);
    const user = userEvent.setup();
    let dialog = await openReport(user);
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.spam }));
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText(REPORT_MSG.duplicate)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer = fail(429, REPORT_MSG.tooMany);
    await user.click(within(await safetyGroup()).getByRole('button', { name: '举报' }));
    dialog = await screen.findByRole('dialog', { name: '举报小明的空间' });
    // A new opening starts afresh.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.other }));
    await user.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REPORT_MSG.tooMany);
    expect(screen.getByRole('dialog', { name: '举报小明的空间' })).toBe(dialog);
    expect((within(dialog).getByRole('radio', { name: REPORT_REASONS.other }) as HTMLInputElement).checked).toBe(true);
  });
});
