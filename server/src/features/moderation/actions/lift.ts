/** lift: ends a freeze or ban still in force, sets the user's standing from what remains, tells them. */
import { MOD_MSG } from '@xiaoba/shared/core';
import { ApiError } from '../../../api/http/errors';
import { isId, MOD_EXTRA_MSG } from '../input';
import { appendLog, findSanctionForUpdate, markSanctionLifted, recomputeStanding } from '../queries/actions';
import { addSystemNotice } from '../queries/system-notices';
import { sanctionable, type ActionHandler } from './common';

export const lift: ActionHandler = async ({ db, moderator, input, reason }) => {
  if (!isId(input.sanctionId)) throw new ApiError(400, MOD_MSG.notFound);
  const sanction = await findSanctionForUpdate(db, input.sanctionId);
  if (!sanction || (sanction.kind !== 'freeze' && sanction.kind !== 'ban')) throw new ApiError(404, MOD_MSG.notFound);
  await sanctionable(db, moderator, sanction.uid);
  const over = sanction.liftedAt > 0 || (sanction.kind === 'freeze' && sanction.until * 1000 <= Date.now());
  if (over) throw new ApiError(409, MOD_EXTRA_MSG.notInForce);
  await markSanctionLifted(db, sanction.id, moderator);
  await recomputeStanding(db, sanction.uid);
  await addSystemNotice(db, sanction.uid, 'lifted', `你的账号${sanction.kind === 'ban' ? '封禁' : '冻结'}已解除。说明：${reason}`);
  await appendLog(db, { moderatorUid: moderator, action: 'lift', targetUid: sanction.uid, reason });
  return sanction.uid;
};
