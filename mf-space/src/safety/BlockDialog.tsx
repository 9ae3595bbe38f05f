/**
 * 拉黑 / 取消拉黑, asked first in plain words: what the other user can no longer do
 * (BLOCK_MSG.blocked says the same once done), that they are not told, and where to undo it.
 * On success the server's words come as a toast, and the lists that hide a blocked user's words
 * (yy, comments, board) are asked again; the space's own record is refreshed by the block calls.
 */
import { BLOCK_MSG, ConfirmDialog, notify, useAppDispatch, useBlockAddMutation, useBlockRemoveMutation, type ApiError } from '@xiaoba/shared';
import { boardApi } from '../board/board-api';
import { yyApi } from '../yy/yy-api';

export interface BlockUser {
  uid: number;
  name: string;
}

export interface BlockDialogProps {
  open: boolean;
  user: BlockUser;
  /** The user is blocked now: the dialog offers to unblock. */
  blocked: boolean;
  onClose(): void;
}

export const blockQuestion = (name: string) =>
  `拉黑后，${name}不能再评论、回复或转发你的yy，也不能在你的留言板留言；TA的评论和留言你也不会再看到。对方不会收到通知，你随时可以在设置里取消拉黑。`;
export const unblockQuestion = (name: string) => `取消拉黑后，${name}又可以评论、转发你的yy和在你的留言板留言了。`;

export function BlockDialog({ open, user, blocked, onClose }: BlockDialogProps) {
  const dispatch = useAppDispatch();
  const [blockAdd, { isLoading: blocking }] = useBlockAddMutation();
  const [blockRemove, { isLoading: unblocking }] = useBlockRemoveMutation();

  const confirm = async () => {
    try {
      const res = await (blocked ? blockRemove(user.uid) : blockAdd(user.uid)).unwrap();
      notify.success(res.msg || (blocked ? BLOCK_MSG.unblocked : BLOCK_MSG.blocked));
      // The server hides (or shows again) their words in every list the blocker reads.
      dispatch(yyApi.util.invalidateTags(['YyList', 'Comments']));
      dispatch(boardApi.util.invalidateTags(['Leaves']));
    } catch (err) {
      notify.error((err as ApiError).message || '操作失败，请稍后再试');
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={blocked ? `取消拉黑${user.name}` : `拉黑${user.name}`}
      message={blocked ? unblockQuestion(user.name) : blockQuestion(user.name)}
      confirmLabel={blocked ? '取消拉黑' : '拉黑'}
      cancelLabel={blocked ? '保持拉黑' : '取消'}
      busy={blocking || unblocking}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
