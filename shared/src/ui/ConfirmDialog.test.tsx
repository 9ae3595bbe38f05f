import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { renderThemed } from './test-theme';

afterEach(cleanup);

function setup(props: { open?: boolean; busy?: boolean; confirmLabel?: string } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const result = renderThemed(
    <ConfirmDialog
      open={props.open ?? true}
      title="删除yy"
      message="确定删除这条yy吗？"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={props.busy}
      confirmLabel={props.confirmLabel}
    />,
  );
  return { ...result, onConfirm, onCancel, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('shows title, message and the two buttons, focus on cancel', () => {
    setup();
    expect(screen.getByRole('heading', { name: '删除yy' })).toBeTruthy();
    expect(screen.getByText('确定删除这条yy吗？')).toBeTruthy();
    const cancel = screen.getByRole('button', { name: '取消' });
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(document.activeElement).toBe(cancel);
  });

  it('shows nothing when closed', () => {
    setup({ open: false });
    expect(screen.queryByText('确定删除这条yy吗？')).toBeNull();
  });

  it('confirms and cancels, with other labels', async () => {
    const { user, onConfirm, onCancel } = setup({ confirmLabel: '删除' });
    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('takes no action while busy', async () => {
    const { user, onConfirm, onCancel } = setup({ busy: true });
    const confirm = screen.getByRole('button', { name: '确定' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: '取消' }));
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
