/** What the moderators' actions share: their input, the rules they check, and closing a target's reports. */
import { MOD_MSG, REPORT_REASONS, type ReportKind, type RuleBroken } from '@xiaoba/shared/core';
import type { Queryable } from '../../../data/pool';
import { ApiError } from '../../../api/http/errors';
import { MOD_EXTRA_MSG, RULES, type ActionInput } from '../input';
import { closeReports, lockUserForModeration } from '../queries/actions';
import { addSystemNotice } from '../queries/system-notices';

/** One action's call: the caller's transaction, the moderator and the checked body. */
export interface ActionCall {
  db: Queryable;
  moderator: number;
  input: ActionInput;
  /** The body's target, its kind one of REPORT_KINDS and its id positive (ModActionSchema). */
  target: { kind: ReportKind; id: number } | undefined;
  reason: string;
}

/** Runs one action; returns the user whose standing changed, if any. */
export type ActionHandler = (call: ActionCall) => Promise<number | null>;

/** The outcome a reporter is told ("你的举报已处理：…"). */
export const OUTCOME = {
  dismiss: '经核实没有违反社区规则，感谢你的举报',
  remove: '内容已删除',
  warn: '已警告发布者',
  freeze: (days: number) => `发布者的账号已被冻结${days}天`,
  ban: '发布者的账号已被永久封禁',
} as const;

export const KIND_WORD: Record<ReportKind, string> = { yy: 'yy', comment: '评论', leave: '留言', leaveReply: '回复', user: '空间资料', scrip: '小纸条', diary: '日志', diary_comment: '评论' };

export const ruleWords = (rule: RuleBroken | '') => (rule === '' ? '违反社区规则' : `违反社区规则：${REPORT_REASONS[rule]}`);

/** The rule the body names: '' allowed only when not `required`; anything else answers 400. */
export function parseRule(rule: string, required: boolean): RuleBroken | '' {
  if (rule === '' && !required) return '';
  if (!(RULES as string[]).includes(rule)) throw new ApiError(400, MOD_EXTRA_MSG.ruleRequired);
  return rule as RuleBroken;
}

/** Tells each reporter of a target what became of their report and closes the reports. */
export async function closeTarget(
  db: Queryable,
  moderator: number,
  kind: ReportKind,
  id: number,
  status: 'dismissed' | 'actioned',
  outcome: string,
): Promise<number> {
  const reporters = await closeReports(db, kind, id, status, moderator, outcome);
  for (const reporter of reporters) await addSystemNotice(db, reporter, 'report_handled', `你的举报已处理：${outcome}`);
  return reporters.length;
}

/** A user the caller may sanction: exists, not the caller, not a moderator (locked until the commit). */
export async function sanctionable(db: Queryable, moderator: number, uid: number): Promise<void> {
  const user = await lockUserForModeration(db, uid);
  if (!user) throw new ApiError(404, MOD_MSG.notFound);
  if (user.uid === moderator || user.role === 'moderator') throw new ApiError(403, MOD_EXTRA_MSG.notOnModerator);
}
