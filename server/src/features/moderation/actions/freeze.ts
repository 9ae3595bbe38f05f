/** freeze: for 1 to 365 days the user may read but not write what others see (api/http/sanctions.ts). */
import { MOD_MSG, SANCTION_MSG } from '@xiaoba/shared/core';
import { chinaDate } from '../../../api/auth/standing';
import { ApiError } from '../../../api/http/errors';
import { recomputeStanding } from '../queries/actions';
import { OUTCOME, ruleWords, type ActionHandler } from './common';
import { sanctionUser } from './sanction';

export const FREEZE_DAYS_MAX = 365;

export const freeze: ActionHandler = (call) =>
  sanctionUser(call, {
    action: 'freeze',
    kind: 'freeze',
    days: ({ days }) => {
      if (!(days !== undefined && Number.isInteger(days) && days >= 1 && days <= FREEZE_DAYS_MAX)) throw new ApiError(400, MOD_MSG.days);
      return days;
    },
    apply: async (db, { uid, rule, reason, until, days }) => {
      await recomputeStanding(db, uid);
      return {
        kind: 'frozen',
        text: `你的账号因${ruleWords(rule)}被冻结到${chinaDate(until)}，期间${SANCTION_MSG.frozenTerms}。原因：${reason}`,
        outcome: OUTCOME.freeze(days!),
      };
    },
  });
