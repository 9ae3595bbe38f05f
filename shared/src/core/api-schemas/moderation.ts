/** The answers of safety and moderation: the system notices, the report queue, a user's record and the audit log. */
import * as v from 'valibot';
import { REPORT_KINDS, REPORT_REASONS, type ReportReason, type RuleBroken } from '../safety';
import { BOOL, INT, ROLES, STR, TIME, named } from './common';

/** What a system notice says happened (shown on /system/notify). */
export const SystemNoticeKindSchema = v.picklist(['report_handled', 'removed', 'restored', 'warning', 'frozen', 'banned', 'lifted']);

/** GET /api/notice/system: the caller's own notices from the moderators, newest first. */
export const SystemNoticeSchema = named(
  'SystemNotice',
  v.object({
    id: INT,
    kind: SystemNoticeKindSchema,
    /** The whole text, in Chinese (e.g. "你的举报已处理：内容已删除"). */
    text: STR,
    ctime: TIME,
    unread: BOOL,
  }),
);

/** A page of system notices, and the count of unread notices on every page. */
export const SystemNoticePageSchema = v.pipe(
  v.object({ records: v.array(SystemNoticeSchema), total: INT, pages: INT, current: INT, size: INT, unread: INT }),
  v.description('Page<SystemNotice> and `unread`, the count of unread notices on every page'),
);

/** The published rules' four sanctions (the rules dialog, the help centre). */
export const SanctionKindSchema = v.picklist(['warning', 'removal', 'freeze', 'ban']);
/** What a moderator can do: the sanctions, dismissing reports, restoring an item and lifting a sanction. */
export const ModActionKindSchema = v.picklist(['dismiss', 'remove', 'restore', 'warn', 'freeze', 'ban', 'lift']);
/** What the audit log records: the actions, and a moderator's reading of a reported 小纸条 ('view'). */
export const ModLogActionSchema = v.picklist([...ModActionKindSchema.options, 'view'] as const);

const REASONS = Object.keys(REPORT_REASONS) as ReportReason[];
/** The rules a sanction names: every report reason but 'other'. */
export const RULES = REASONS.filter((r): r is RuleBroken => r !== 'other');

/** What was reported, as the moderator sees it: the words in their context. */
export const ReportedTargetSchema = named(
  'ReportedTarget',
  v.object({
    kind: v.picklist(REPORT_KINDS),
    /** The item's id, or the uid for 'user'. */
    id: INT,
    /** The author (the space's owner for 'user'). */
    uid: INT,
    username: STR,
    /** The item's text (for 'user': the nickname and both signatures); '' when deleted by its author. */
    content: STR,
    /** Where it stands: the yy a comment is under, the board a message is on (its owner's name). */
    context: STR,
    /** A link inside the site to see it in place, e.g. `/100002` or `/100002/board`. */
    href: STR,
    /** Hidden by a moderator (restorable). */
    removed: BOOL,
    /** Deleted by its author: nothing left to show or remove. */
    gone: BOOL,
    /** A reported photo's own address, so the moderator sees the picture itself; absent for other kinds. */
    imageUrl: v.optional(STR),
  }),
);

const REPORT_ENTRY = {
  id: INT,
  reporterUid: INT,
  reporterName: STR,
  reason: v.picklist(REASONS),
  note: STR,
  /** Unix seconds. */
  ctime: INT,
};
export const ReportEntrySchema = named('ReportEntry', v.object(REPORT_ENTRY));

/** GET /api/mod/reports: open reports grouped by target, newest report first. */
export const ReportGroupSchema = named(
  'ReportGroup',
  v.object({
    target: ReportedTargetSchema,
    reports: v.array(ReportEntrySchema),
    /** Unix seconds of the newest report. */
    newest: INT,
  }),
);

export const SanctionSchema = named(
  'Sanction',
  v.object({
    id: INT,
    kind: SanctionKindSchema,
    rule: v.picklist(['', ...RULES]),
    reason: STR,
    /** Unix seconds a freeze ends; 0 for the others. */
    until: INT,
    ctime: INT,
    byUid: INT,
    byName: STR,
    /** Unix seconds it was lifted, 0 while in force (a warning or removal is never "in force"). */
    liftedAt: INT,
  }),
);

/** GET /api/mod/user/:uid: one user as the moderators see them. */
export const ModUserPageSchema = named(
  'ModUserPage',
  v.object({
    user: v.object({
      uid: INT,
      name: STR,
      face: INT,
      avatar: STR,
      role: v.picklist(ROLES),
      frozenUntil: INT,
      bannedAt: INT,
      banReason: STR,
    }),
    /** Reports against them (open and handled), newest first. */
    reports: v.array(v.object({ ...REPORT_ENTRY, target: ReportedTargetSchema, status: v.picklist(['open', 'dismissed', 'actioned']) })),
    /** Their content removed by moderators, newest first (restorable). */
    removed: v.array(ReportedTargetSchema),
    sanctions: v.array(SanctionSchema),
  }),
);

/** GET /api/mod/log: the audit log, newest first: who, what, to whom, when and why. */
export const ModLogEntrySchema = named(
  'ModLogEntry',
  v.object({
    id: INT,
    moderatorUid: INT,
    moderatorName: STR,
    action: ModLogActionSchema,
    targetUid: INT,
    targetName: STR,
    /** The item acted on, for remove and restore. */
    kind: v.picklist(['', ...REPORT_KINDS]),
    itemId: INT,
    reason: STR,
    /** Unix seconds. */
    ctime: INT,
  }),
);
