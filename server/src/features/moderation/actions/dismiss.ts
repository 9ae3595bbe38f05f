/** dismiss: the target's open reports are closed as unfounded and each reporter is told. */
import { MOD_MSG } from '@xiaoba/shared/core';
import { ApiError } from '../../../api/http/errors';
import { MOD_EXTRA_MSG } from '../input';
import { appendLog, openReportAuthor } from '../queries/actions';
import { closeTarget, OUTCOME, type ActionHandler } from './common';

export const dismiss: ActionHandler = async ({ db, moderator, target, reason }) => {
  if (!target) throw new ApiError(400, MOD_MSG.notFound);
  const author = await openReportAuthor(db, target.kind, target.id);
  if (author === null) throw new ApiError(404, MOD_EXTRA_MSG.nothingToDo);
  await closeTarget(db, moderator, target.kind, target.id, 'dismissed', OUTCOME.dismiss);
  await appendLog(db, { moderatorUid: moderator, action: 'dismiss', targetUid: author, kind: target.kind, itemId: target.id, reason });
  return null;
};
