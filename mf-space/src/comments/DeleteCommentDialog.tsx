/** The confirmation before a comment is deleted: a yy's comments and a 日志 entry's ask alike. */
import { ConfirmDialog } from '@xiaoba/shared';

export function DeleteCommentDialog({ open, busy, onConfirm, onCancel }: { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog open={open} title="删除评论" message="确定要删除这条评论吗？" confirmLabel="删除" busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
  );
}
