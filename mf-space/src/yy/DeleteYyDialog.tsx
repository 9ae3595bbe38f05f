/** 确定要删除这条yy吗？ then the delete, with the original site's toasts (删除成功！ / 删除失败！). */
import { ConfirmDialog, notify, type Yy } from '@xiaoba/shared';
import { useDeleteYyMutation } from './yy-api';

export function DeleteYyDialog({ yy, onDone }: { yy: Yy | null; onDone(deleted: boolean): void }) {
  const [deleteYy, { isLoading }] = useDeleteYyMutation();
  const confirm = async () => {
    if (!yy) return;
    try {
      await deleteYy(yy.weiboId).unwrap();
      notify.success('删除成功！');
      onDone(true);
    } catch {
      notify.error('删除失败！');
      onDone(false);
    }
  };
  return (
    <ConfirmDialog
      open={yy !== null}
      title="删除yy"
      message="确定要删除这条yy吗？"
      confirmLabel="删除"
      busy={isLoading}
      onConfirm={confirm}
      onCancel={() => onDone(false)}
    />
  );
}
