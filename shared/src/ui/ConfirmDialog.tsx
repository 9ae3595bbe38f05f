/**
 * A yes/no question (e.g. 确定删除这条yy吗？) on the shared Dialog. Focus starts on the cancel
 * button, so a stray Enter does not confirm. While `busy` (the request runs) the confirm button
 * shows busy and no way of closing or confirming again is taken.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

export function ConfirmDialog({ open, title, message, confirmLabel = '确定', cancelLabel = '取消', onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);

  // Runs after Dialog's own effect has called showModal (child effects run first).
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <Dialog
      open={open}
      title={title}
      onRequestClose={cancel}
      width={400}
      footer={
        <>
          <Button ref={cancelRef} type="button" $variant="plain" aria-disabled={busy || undefined} onClick={cancel}>
            {cancelLabel}
          </Button>
          <Button
            type="button"
            aria-busy={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <p style={{ margin: 0 }}>{message}</p> : message}
    </Dialog>
  );
}
