/**
 * The JSON request bodies of the routes, declared once: the TypeScript types the browser sends
 * (api-types.ts, follows.ts, safety.ts) and, converted, the route's schema and the document's.
 *
 * A declaration is the shape a client sends. The server's schema check requires no field (a
 * missing text reads as '', a missing id as 0) so that a missing field answers the rule's own
 * message (validation.ts and the routes' rules, which run after the check); it refuses a wrong
 * type and a NUL character in a text with 请求参数有误, or with a field's `x-msg`.
 */
import * as v from 'valibot';
import type { PrivacySettings } from '../safety';
import { BAD_REQUEST } from '../validation';
import { MOD_MSG, REPORT_KINDS, REPORT_MSG, REPORT_NOTE_MAX, REPORT_REASONS } from '../safety';
import { described, WHO_MAY_WRITE } from './common';
import { SCRIP_WHO } from '../scrip';
import { ModActionKindSchema, RULES } from './moderation';
import { textValue } from './inputs';

const num = (description: string) => described(v.number(), description);
/** A field whose check answers `message` rather than 请求参数有误. */
/** A body field whose wrong value answers `message` (the route's schema check), not 请求参数有误. */
export const withMessage = <S extends v.GenericSchema>(schema: S, message: string) => v.pipe(schema, v.metadata({ 'x-msg': message }));
const sex = v.nullable(num('0 girl, 1 boy'));

/** POST /api/user/login. */
export const LoginBodySchema = described(
  v.object({ username: textValue('a 米米号 (digits) or an e-mail'), password: textValue('6 to 16 characters') }),
  "LoginSchema's fields (its rules and messages)",
);

/** POST /api/user/valitedRegister: the e-mail and the four quiz answers. */
export const ValitedRegisterBodySchema = described(
  v.object({
    email: textValue('the e-mail address'),
    name: textValue('quiz answer'),
    fans: textValue('quiz answer'),
    message: textValue('quiz answer'),
    weibo: textValue('quiz answer'),
  }),
  "ValitedRegisterSchema's fields (its rules and messages)",
);

/** POST /api/user/addAccount (with the registration cookie). */
export const AddAccountBodySchema = described(
  v.object({
    email: textValue('the e-mail of step one'),
    lockedPassword: textValue('6 to 16 characters'),
    uname: textValue('the nickname, 2 to 6 characters'),
    sex,
    birthday: textValue('YYYY-MM-DD'),
  }),
  "AddAccountSchema's fields (its rules and messages)",
);

/** PATCH /api/user/cardupdate. */
export const CardUpdateBodySchema = described(
  v.object({ name: textValue('the nickname; a changed one 2 to 6 characters'), sex, birthday: textValue('YYYY-MM-DD') }),
  "CardUpdateSchema's fields (its rules and messages)",
);

/** POST /api/yy/createyy. An original has text and/or images; a repost has transpondId and optional words. */
export const CreateYyBodySchema = described(
  v.object({
    content: textValue('at most 500 characters after HTML is stripped; may be empty with pictures or a repost'),
    images: v.optional(described(v.array(v.string()), 'URLs answered by POST /api/yy/upload to the same user, at most 9')),
    transpondId: v.optional(num('the yy to repost (a positive integer), 0 or absent for an original')),
  }),
  "CreateYyBody; the text rules and their messages are CreateYySchema's (docs/api.md)",
);

const CONTENT = textValue('1 to 233 characters after HTML is stripped');

/** POST /api/comment/add. replyCommentId and replyUid are 0 or absent for a plain comment. */
export const AddCommentBodySchema = described(
  v.object({
    content: CONTENT,
    weiboId: num('the yy (a positive integer)'),
    replyCommentId: v.optional(num('the comment answered, or 0/absent')),
    replyUid: v.optional(num("that comment's author, or 0/absent")),
  }),
  "AddCommentBody; the rules and their messages are AddCommentSchema's (docs/api.md)",
);

/** POST /api/leave/add. */
export const AddLeaveBodySchema = described(
  v.object({ content: CONTENT, fuid: num("the board's owner (a positive integer)") }),
  "AddLeaveBody; the rules and their messages are AddLeaveSchema's (docs/api.md)",
);

/** POST /api/leaveReply/add. */
export const AddLeaveReplyBodySchema = described(
  v.object({ content: CONTENT, leaveId: num('the message (a positive integer)') }),
  "AddLeaveReplyBody; the rules and their messages are AddLeaveReplySchema's (docs/api.md)",
);

/** The `{upTo?}` of a notices' clear: the newest notice seen; absent: all. */
const clearBody = (description: string, upTo: string) =>
  described(
    v.object({
      upTo: v.optional(described(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)), upTo)),
    }),
    description,
  );
/** POST /api/count/clearcomments (the body is optional): marks read the notices up to `upTo`, or all. */
export const ClearNoticesBodySchema = clearBody('ClearNoticesBody, optional', 'the newest commentId seen');
/** POST /api/count/clearfans (the body is optional): marks read the fan notices up to `upTo`, or all. */
export const ClearFansBodySchema = clearBody('{upTo?}, optional', 'the newest notice ctime seen (unix seconds)');
/** POST /api/notice/system/read: the notices up to `upTo` (the newest shown), or all without it. */
export const SystemNoticesReadBodySchema = described(v.object({ upTo: v.optional(num('the id of the newest notice shown (a positive integer)')) }), 'optional');

/** `{uid}`: the user to follow or unfollow (/api/follow/add, /remove), to block or unblock (/api/block/add, /remove). */
export const UidBodySchema = v.object({ uid: num('the 米米号') });

/** POST /api/report/add. */
export const ReportBodySchema = described(
  v.object({
    kind: withMessage(v.picklist(REPORT_KINDS), BAD_REQUEST),
    /** The item's id (yy weiboId, commentId, leaveId, reply id) or, for 'user', the uid. */
    id: num("the item's id, or the uid for 'user'"),
    reason: withMessage(described(v.string(), `one of ${Object.keys(REPORT_REASONS).join(', ')}`), REPORT_MSG.reason),
    note: v.optional(textValue(`optional, at most ${REPORT_NOTE_MAX} characters`)),
  }),
  'ReportBody (shared/src/core/safety.ts)',
);

/** The longest reason a moderator may give (shown to the user). */
export const MOD_REASON_MAX = 500;
/** The answer to a sanction without one of the rules. */
export const MOD_RULE_REQUIRED = '请选择违反的规则';

/**
 * POST /api/mod/action. `reason` is required for every action but dismiss (shown to the user for
 * remove, warn, freeze and ban). Acting on a target closes its open reports, and each reporter gets
 * a notice "你的举报已处理：…".
 * - dismiss: { target: {kind, id} } closes the target's open reports with no action.
 * - remove / restore: { target: {kind, id} } hides / shows again an item (not 'user').
 * - warn: { uid, rule }; freeze: { uid, rule, days (1-365) }; ban: { uid, rule } (revokes sessions).
 * - lift: { sanctionId } ends a freeze or ban early.
 */
export const ModActionBodySchema = described(
  v.object({
    action: withMessage(ModActionKindSchema, BAD_REQUEST),
    target: v.optional(v.object({ kind: withMessage(v.picklist(REPORT_KINDS), MOD_MSG.notFound), id: num('the item id, or the uid for user') })),
    uid: v.optional(num('the user, for warn, freeze and ban; with a target, its author (else 400)')),
    rule: v.optional(withMessage(v.picklist(['', ...RULES]), MOD_RULE_REQUIRED)),
    days: v.optional(num('freeze: 1 to 365')),
    sanctionId: v.optional(num('lift: the freeze or ban')),
    reason: v.optional(textValue(`shown to the user; 1 to ${MOD_REASON_MAX} characters (optional for dismiss)`)),
  }),
  'ModActionBody',
);

/** The answer to a privacy setting sent with a value it cannot hold. */
export const PRIVACY_ERROR = {
  comment: '隐私设置无效：谁可以评论我的yy只能是所有人（everyone）或仅自己（me）',
  board: '隐私设置无效：谁可以在我的留言板留言只能是所有人（everyone）或仅自己（me）',
  follow: '隐私设置无效：谁可以关注我只能是所有人（everyone）或仅自己（me）',
  repost: '隐私设置无效：谁可以转发我的yy只能是所有人（everyone）或仅自己（me）',
  showVisitors: '隐私设置无效：是否公开访客只能是 true 或 false',
  showBirthday: '隐私设置无效：是否公开生日只能是 true 或 false',
  findable: '隐私设置无效：能否被搜到只能是 true 或 false',
  showFollows: '隐私设置无效：是否公开关注和粉丝列表只能是 true 或 false',
  showLastLogin: '隐私设置无效：是否公开最后登录时间只能是 true 或 false',
  scrip: '隐私设置无效：谁可以给我写小纸条只能是互相关注的人（mutual）、我关注的人（following）或不接收（nobody）',
} as const satisfies Record<keyof PrivacySettings, string>;

const who = (what: string, message: string) =>
  v.optional(withMessage(described(v.picklist(WHO_MAY_WRITE), `who may ${what}: everyone, or me (only the owner)`), message));
const yesNo = (description: string, message: string) => v.optional(withMessage(described(v.boolean(), description), message));

/** POST /api/user/privacy: any subset of the settings, and no other field. */
export const PrivacyChangeBodySchema = described(
  v.strictObject({
    comment: who('comment on (and reply under) my yy', PRIVACY_ERROR.comment),
    board: who('write on my board (new messages, and replies by their authors)', PRIVACY_ERROR.board),
    follow: who('start following me (me: nobody; existing follows stay)', PRIVACY_ERROR.follow),
    repost: who('repost my yy (directly or through a repost of it)', PRIVACY_ERROR.repost),
    showVisitors: yesNo('others see who visited my space', PRIVACY_ERROR.showVisitors),
    showBirthday: yesNo('others see my birthday', PRIVACY_ERROR.showBirthday),
    findable: yesNo('others find me by nickname', PRIVACY_ERROR.findable),
    showFollows: yesNo('others see whom I follow and who follows me', PRIVACY_ERROR.showFollows),
    showLastLogin: yesNo('others see when I last logged in (getuserinfo lastTime)', PRIVACY_ERROR.showLastLogin),
    scrip: v.optional(withMessage(described(v.picklist(SCRIP_WHO), 'who may send me notes: mutual, following or nobody'), PRIVACY_ERROR.scrip)),
  }),
  'Partial<PrivacySettings>: any subset of the fields, no other field',
);
