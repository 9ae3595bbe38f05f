/** ban: the user is signed out everywhere and refused at login until a moderator lifts it. */
import { revokeAllSessions } from '../../../api/auth/standing';
import { recomputeStanding } from '../queries/actions';
import { OUTCOME, ruleWords, type ActionHandler } from './common';
import { sanctionUser } from './sanction';

export const ban: ActionHandler = (call) =>
  sanctionUser(call, {
    action: 'ban',
    kind: 'ban',
    apply: async (db, { uid, rule, reason }) => {
      await recomputeStanding(db, uid);
      await revokeAllSessions(db, uid);
      return { kind: 'banned', text: `你的账号因${ruleWords(rule)}已被永久封禁。原因：${reason}`, outcome: OUTCOME.ban };
    },
  });
