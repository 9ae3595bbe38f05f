/** warn: records a warning and tells the user the rule and the reason; nothing else changes. */
import { OUTCOME, ruleWords, type ActionHandler } from './common';
import { sanctionUser } from './sanction';

export const warn: ActionHandler = (call) =>
  sanctionUser(call, {
    action: 'warn',
    kind: 'warning',
    apply: async (_db, { rule, reason }) => ({
      kind: 'warning',
      text: `警告：你的行为${ruleWords(rule)}。原因：${reason}。再次违反可能会被冻结或封禁账号`,
      outcome: OUTCOME.warn,
    }),
  });
