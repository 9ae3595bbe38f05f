/**
 * Safety for a community of children: block, privacy, report, moderation. The contract
 * the server and every module share: kinds, reasons, settings and the Chinese words users see.
 * docs/api.md "Safety" describes the routes.
 */
import type * as v from 'valibot';
import type * as S from './api-schemas';
import { isMinor } from './domain';

// ---- block -----------------------------------------------------------------------------------

/** One user the caller blocked (GET /api/block/list, paged like every list). */
export type BlockedUser = v.InferOutput<typeof S.BlockedUserSchema>;

/**
 * Most users one user may block: POST /api/block/add past it answers 409 BLOCK_MSG.full. A user
 * already over it (blocks made before the cap) keeps every block but adds none.
 */
export const BLOCKS_MAX = 1000;

export const BLOCK_MSG = {
  blocked: '已拉黑，对方不能再关注你、评论或转发你的yy、在你的留言板留言',
  unblocked: '已取消拉黑',
  self: '不能拉黑自己',
  userNotFound: '用户不存在',
  /** The caller's list holds BLOCKS_MAX users already. */
  full: `黑名单最多${BLOCKS_MAX}人，请先移出一些再拉黑`,
  /** A write the owner does not allow: the same words whether blocked or the owner's privacy says no. */
  notAllowed: '对方设置了权限，你不能这样做',
} as const;

// ---- privacy ---------------------------------------------------------------------------------

/**
 * Who may do something to what is mine: everyone (today's behaviour), or nobody but me. Every
 * write another user may be refused is limited by one of these settings, and a block refuses it
 * with the same status and words (BLOCK_MSG.notAllowed), so a blocked user cannot tell the two apart.
 */
export type WhoMayWrite = v.InferOutput<typeof S.WhoMayWriteSchema>;

/** GET and POST /api/user/privacy. Every field is optional in a POST. */
export type PrivacySettings = v.InferOutput<typeof S.PrivacySettingsSchema>;

/** An adult's settings when the account is made: everything open, as the site always was. */
export const DEFAULT_PRIVACY: PrivacySettings = {
  comment: 'everyone',
  board: 'everyone',
  follow: 'everyone',
  repost: 'everyone',
  showVisitors: true,
  showBirthday: true,
  findable: true,
  showFollows: true,
  showLastLogin: true,
  scrip: 'following',
};

/** What a minor's account starts with (and gets when its birthday changes to under 18): nothing about them shown. */
export const CHILD_PRIVACY_CHANGE = {
  showBirthday: false,
  findable: false,
  showFollows: false,
  showVisitors: false,
  showLastLogin: false,
  scrip: 'mutual',
} as const satisfies Partial<PrivacySettings>;

/** A minor's settings when the account is made (isMinor in domain.ts says who is one). */
export const CHILD_PRIVACY: PrivacySettings = { ...DEFAULT_PRIVACY, ...CHILD_PRIVACY_CHANGE };

/** The settings an account starts with, by its birthday ('' or null: counted as a minor). */
export const startingPrivacy = (birthday: string | null | undefined, now: Date = new Date()): PrivacySettings =>
  isMinor(birthday, now) ? CHILD_PRIVACY : DEFAULT_PRIVACY;

export const PRIVACY_MSG = {
  saved: '隐私设置已保存',
  /** The privacy page's note to a minor, in words a 12-year-old understands. */
  minorNote: '因为你还不满18岁，我们先帮你把生日、关注列表、访客和最后登录时间设成了只有自己能看到，别人也不能用昵称搜到你。你可以随时修改。',
} as const;

// ---- report ----------------------------------------------------------------------------------

/**
 * What can be reported: another user's yy, comment, board message, reply, their space, a 小纸条 they
 * sent the reporter, a 日志 entry (`diary`) or a comment on one (`diary_comment`) the reporter can see.
 */
export type ReportKind = 'yy' | 'comment' | 'leave' | 'leaveReply' | 'user' | 'scrip' | 'diary' | 'diary_comment';
export const REPORT_KINDS: readonly ReportKind[] = ['yy', 'comment', 'leave', 'leaveReply', 'user', 'scrip', 'diary', 'diary_comment'];

/** The reasons a reporter picks from (codes stored; labels shown). */
export const REPORT_REASONS = {
  bullying: '欺负、骂人或威胁别人',
  sexual: '色情或不适合孩子的内容',
  personal: '泄露别人的个人信息（电话、住址、学校等）',
  spam: '广告或刷屏',
  dangerous: '危险行为、伤害自己或别人',
  impersonation: '冒充别人',
  other: '其他',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_NOTE_MAX = 200;

/** POST /api/report/add. */
export type ReportBody = v.InferOutput<typeof S.ReportBodySchema>;

export const REPORT_MSG = {
  reported: '举报已收到，管理员会尽快处理',
  duplicate: '你已经举报过了，管理员会尽快处理',
  notFound: '要举报的内容不存在',
  self: '不能举报自己',
  tooMany: '举报太频繁了，请稍后再试',
  reason: '请选择举报原因',
  noteTooLong: `补充说明不能超过${REPORT_NOTE_MAX}个字`,
} as const;

// ---- sanctions and moderation -------------------------------------------------------------------

export type UserRole = 'user' | 'moderator';

/** The published rules' four sanctions (the rules dialog, the help centre), plus lifting one. */
export type SanctionKind = v.InferOutput<typeof S.SanctionKindSchema>;

/** What a moderator does (POST /api/mod/action). */
export type ModAction = v.InferOutput<typeof S.ModActionKindSchema>;
/** What the audit log records: an action, or a moderator's reading of a reported 小纸条 ('view'). */
export type ModLogAction = v.InferOutput<typeof S.ModLogActionSchema>;

/** A user's standing as the guard and the pages need it (part of UserInfo). */
export interface Standing {
  role: UserRole;
  /** Unix seconds the freeze ends, or 0 when not frozen. */
  frozenUntil: number;
}

export const SANCTION_MSG = {
  /**
   * What a freeze closes and what it leaves (server/src/api/http/sanctions.ts FROZEN_OPEN), after
   * 期间 or 冻结期间用户.
   */
  frozenTerms: '不能发yy、评论、留言、转发、写小纸条或关注别人，仍可以屏蔽、举报、删除、设置隐私和导出数据',
  /** Every write of a frozen user others would see; the date is YYYY-MM-DD in China time. */
  frozen: (until: string, reason: string) => `你的账号因违反社区规则被冻结到${until}（${reason}），期间${SANCTION_MSG.frozenTerms}`,
  /** Login of a banned user. */
  banned: (reason: string) => `你的账号因违反社区规则已被永久封禁（${reason}）`,
} as const;

// ---- system notices (shown on /system/notify) ---------------------------------------------------

export type SystemNoticeKind = v.InferOutput<typeof S.SystemNoticeKindSchema>;

/** GET /api/notice/system: the caller's own notices from the moderators, newest first. */
export type SystemNotice = v.InferOutput<typeof S.SystemNoticeSchema>;

// ---- the moderation area (mf-admin; /api/mod/*, moderators only) ----------------------------------

/** The rule a sanction names: the report reasons are the community rules broken (文明上网). */
export type RuleBroken = Exclude<ReportReason, 'other'>;

/** What was reported, as the moderator sees it: the words in their context. */
export type ReportedTarget = v.InferOutput<typeof S.ReportedTargetSchema>;
export type ReportEntry = v.InferOutput<typeof S.ReportEntrySchema>;
/** GET /api/mod/reports: open reports grouped by target, newest report first. */
export type ReportGroup = v.InferOutput<typeof S.ReportGroupSchema>;
export type Sanction = v.InferOutput<typeof S.SanctionSchema>;
/** GET /api/mod/user/:uid: one user as the moderators see them. */
export type ModUserPage = v.InferOutput<typeof S.ModUserPageSchema>;
/** GET /api/mod/log: the audit log, newest first: who, what, to whom, when and why. */
export type ModLogEntry = v.InferOutput<typeof S.ModLogEntrySchema>;

/** POST /api/mod/action (api-schemas/bodies.ts says what each action needs). */
export type ModActionBody = v.InferOutput<typeof S.ModActionBodySchema>;

export const MOD_MSG = {
  done: '操作成功',
  notModerator: '接口不存在',
  reasonRequired: '请写明原因，用户会看到它',
  days: '冻结天数要在1到365之间',
  notFound: '对象不存在',
} as const;
