/** restore: shows a removed item again and tells its author; open to any moderator (it only undoes). */
import { MOD_MSG } from '@xiaoba/shared/core';
import { restoreItem } from '../queries/removal';
import { ApiError } from '../../../api/http/errors';
import { appendLog } from '../queries/actions';
import { addSystemNotice } from '../queries/system-notices';
import { KIND_WORD, type ActionHandler } from './common';
import { actedItem } from './item';

export const restore: ActionHandler = async (call) => {
  const { db, moderator, reason } = call;
  const item = await actedItem(call);
  const result = await restoreItem(db, item.kind, item.id);
  if (!result) throw new ApiError(404, MOD_MSG.notFound);
  if (!result.changed) return null;
  await addSystemNotice(db, item.uid, 'restored', `你被删除的${KIND_WORD[item.kind]}已恢复。说明：${reason}`);
  await appendLog(db, { moderatorUid: moderator, action: 'restore', targetUid: item.uid, kind: item.kind, itemId: item.id, reason });
  return null;
};
