import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RULES_REMINDER_MS } from '@xiaoba/shared';
import { renderPage } from '@xiaoba/shared/testing';
import { RulesAgreementField } from './RulesAgreementField';
import { useRulesAgreement } from './useRulesAgreement';

function Harness() {
  const rules = useRulesAgreement();
  return <RulesAgreementField rules={rules} />;
}

async function openRules() {
  const user = userEvent.setup();
  renderPage(<Harness />);
  await user.click(await screen.findByRole('button', { name: '同意青少年行为守则' }));
  const dialog = screen.getByRole('dialog', { name: '校巴守则' }) as HTMLDialogElement;
  return { user, dialog };
}

const checkbox = () => screen.getByLabelText('已同意守则') as HTMLInputElement;
const reminder = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

describe('rules agreement', () => {
  it('starts unagreed with a disabled checkbox that only the dialog can set', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    await screen.findByRole('button', { name: '同意青少年行为守则' });
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(true);
    await user.click(checkbox());
    expect(checkbox().checked).toBe(false);
  });

  it('shows the five points and the confirm button', async () => {
    const { dialog } = await openRules();
    expect(dialog.open).toBe(true);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dialog).getByText(/警告、删除内容、临时冻结或永久封禁/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '我明白了，出发吧' })).toBeTruthy();
  });

  it('refuses Escape: stays open and reminds for 1500 ms', async () => {
    const { dialog } = await openRules();
    expect(reminder(dialog)).toBe('');
    // The browser turns Escape into a cancelable `cancel` event on the open <dialog>.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog.open).toBe(true);
    expect(reminder(dialog)).toBe('请先同意守则哦');
    expect(checkbox().checked).toBe(false);
    await waitFor(() => expect(reminder(dialog)).toBe(''), { timeout: RULES_REMINDER_MS + 1000 });
    expect(dialog.open).toBe(true);
  });

  it('refuses the × button', async () => {
    const { user, dialog } = await openRules();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(dialog.open).toBe(true);
    expect(reminder(dialog)).toBe('请先同意守则哦');
    expect(checkbox().checked).toBe(false);
  });

  it('refuses a click on the backdrop', async () => {
    const { dialog } = await openRules();
    act(() => {
      fireEvent.click(dialog);
    });
    expect(dialog.open).toBe(true);
    expect(reminder(dialog)).toBe('请先同意守则哦');
    expect(checkbox().checked).toBe(false);
  });

  it('agrees only through 我明白了，出发吧: closes, checks the box and cheers', async () => {
    const { user, dialog } = await openRules();
    await user.click(within(dialog).getByRole('button', { name: '我明白了，出发吧' }));
    expect(dialog.open).toBe(false);
    expect(checkbox().checked).toBe(true);
    expect(await screen.findByText('你真棒！')).toBeTruthy();
  });
});
