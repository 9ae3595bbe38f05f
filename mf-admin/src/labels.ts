/** The words of the moderation area: what each action, sanction, kind and rule is called. */
import { REPORT_REASONS, type ModAction, type ModLogAction, type ReportKind, type RuleBroken, type SanctionKind } from '@xiaoba/shared';

export const ACTION_LABELS: Record<ModAction, string> = {
  dismiss: '忽略',
  remove: '删除内容',
  restore: '恢复',
  warn: '警告',
  freeze: '冻结',
  ban: '封禁',
  lift: '解除',
};

/** The audit log's actions: the above, and a moderator's reading of a reported 小纸条. */
export const LOG_ACTION_LABELS: Record<ModLogAction, string> = { ...ACTION_LABELS, view: '查看小纸条' };

export const SANCTION_LABELS: Record<SanctionKind, string> = { warning: '警告', removal: '删除内容', freeze: '冻结', ban: '封禁' };

export const KIND_LABELS: Record<ReportKind, string> = { yy: 'yy', comment: '评论', leave: '留言', leaveReply: '留言的回复', user: '空间', scrip: '小纸条', diary: '日志', diary_comment: '日志的评论' };

/** The community rules a sanction names: the report reasons but 其他. */
export const RULES = (Object.keys(REPORT_REASONS) as Array<keyof typeof REPORT_REASONS>).filter((r): r is RuleBroken => r !== 'other');

export const ruleLabel = (rule: RuleBroken | '') => (rule ? REPORT_REASONS[rule] : '');
