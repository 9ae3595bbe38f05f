/**
 * remove: hides an item (restorable until purged), records the removal against its author, tells
 * them the rule and the reason, and closes the item's reports.
 */
import { MOD_MSG } from '@xiaoba/shared/core';
import { removeItem } from '../queries/removal';
import { ApiError } from '../../../api/http/errors';
import { appendLog, insertSanction } from '../queries/actions';
import { addSystemNotice } from '../queries/system-notices';
import { closeTarget, KIND_WORD, OUTCOME, ruleWords, sanctionable, type ActionHandler } from './common';
import { actedItem } from './item';

export const remove: ActionHandler = async (call) => {
  const { db, moderator, reason } = call;
  const item = await actedItem(call);
  await sanctionable(db, moderator, item.uid);
  const result = await removeItem(db, item.kind, item.id, moderator, reason);
  if (!result) throw new ApiError(404, MOD_MSG.notFound);
  // Removing a removed item again changes nothing and tells nobody twice.
  if (!result.changed) return null;
  await insertSanction(db, { uid: item.uid, kind: 'removal', rule: item.rule, reason, byUid: moderator, item: { kind: item.kind, id: item.id } });
  await addSystemNotice(db, item.uid, 'removed', `你的${KIND_WORD[item.kind]}因${ruleWords(item.rule)}已被删除。原因：${reason}`);
  await closeTarget(db, moderator, item.kind, item.id, 'actioned', OUTCOME.remove);
  await appendLog(db, { moderatorUid: moderator, action: 'remove', targetUid: item.uid, kind: item.kind, itemId: item.id, reason });
  return null;
};
