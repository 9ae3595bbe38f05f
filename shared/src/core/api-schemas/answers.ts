/** The answers of the product API: accounts and spaces, yy and comments, the board, notices, follows, search, block and privacy. */
import * as v from 'valibot';
import { AVATAR, BOOL, FACE, INT, ROLES, SKIN, STR, SexSchema, TIME, WhoMayWriteSchema, described, named } from './common';
import { EarnedMedalsSchema } from './medal';
import { COMMENT_FIELDS } from './comment-fields';
import { ScripWhoSchema } from './scrip';

// ---- accounts and spaces ----------------------------------------------------------------------

const USER_INFO = {
  uid: INT,
  name: STR,
  email: STR,
  babadou: INT,
  experience: INT,
  qianming: STR,
  qm: STR,
  sex: SexSchema,
  follows: INT,
  fans: INT,
  face: FACE,
  avatar: AVATAR,
  ctime: TIME,
  skin: SKIN,
  birthday: described(STR, "YYYY-MM-DD or ''"),
  lastTime: TIME,
  /** 0 when the profile is complete. */
  sign: described(INT, '0 when the profile is complete'),
  /** 'moderator' opens the moderation area; absent means 'user'. */
  role: v.optional(v.picklist(ROLES)),
  /** Unix seconds a freeze ends (every write is refused until then); 0 or absent when not frozen. */
  frozenUntil: v.optional(INT),
  /** The medals the user earned (the side panel's 勋章(N)); absent in an older answer. */
  medals: v.optional(EarnedMedalsSchema),
};
export const UserInfoSchema = named('UserInfo', v.object(USER_INFO));

export const LoginDataSchema = named(
  'LoginData',
  v.object({ ...USER_INFO, token: described(STR, 'the access token'), username: described(STR, 'the nickname') }),
);

/** POST /api/user/refresh: a new access token, and the user it is for. */
export const RefreshDataSchema = named('RefreshData', v.object({ token: STR, user: UserInfoSchema }));

/** POST /api/user/checkcookie's answer inside the envelope. */
export const CheckCookieDataSchema = named('CheckCookieData', v.object({ code: v.picklist([200, 401]), msg: STR }));

export const SpaceUserSchema = named(
  'SpaceUser',
  v.object({
    uid: INT,
    uname: STR,
    sex: SexSchema,
    ctime: TIME,
    qianming: STR,
    qm: STR,
    follows: INT,
    fans: INT,
    experience: INT,
    /** Avatar code, so another user's space shows their own face. */
    face: FACE,
    avatar: AVATAR,
    leaves: described(INT, 'messages on the board'),
    /** The medals the owner earned (the side panel's 勋章(N)); absent in an older answer. */
    medals: v.optional(EarnedMedalsSchema),
    /** '' when the owner hides it from others (privacy). */
    birthday: STR,
    skin: SKIN,
    /** Last login, unix seconds (0: never); absent when the owner hides it from others (privacy). */
    lastTime: v.optional(described(TIME, 'last login, unix seconds (0: never); absent when the owner hides it from others (privacy showLastLogin)')),
    /** The caller has blocked this user (absent on one's own space). */
    blocked: v.optional(described(BOOL, "the caller blocked this user (absent on one's own space)")),
    /** What the owner allows the caller (privacy and blocks): comment on their yy, write on their board, follow them, repost their yy. */
    mayComment: v.optional(described(BOOL, 'the owner lets the caller comment on their yy (block, privacy)')),
    mayLeave: v.optional(described(BOOL, 'the owner lets the caller write on their board (block, privacy)')),
    mayFollow: v.optional(described(BOOL, 'the owner lets the caller start following them (block, privacy)')),
    mayRepost: v.optional(described(BOOL, 'the owner lets the caller repost their yy (block, privacy)')),
    /** The caller may send the owner a 小纸条 now (写纸条): their setting, follows, age and blocks either way. */
    mayScrip: v.optional(described(BOOL, 'the caller may send the owner a note now (privacy scrip, follows, age, blocks either way)')),
    /** The caller follows this user (absent on one's own space). */
    following: v.optional(described(BOOL, "the caller follows this user (absent on one's own space)")),
  }),
);

// ---- yy, comments and pictures ----------------------------------------------------------------

/** Pictures of a yy: `type` 'image', `data` the URLs under the uploads folder. */
export const ImageDataSchema = named('ImageData', v.object({ type: v.literal('image'), data: v.array(v.object({ url: STR })) }));

export const YySchema = named(
  'Yy',
  v.object({
    weiboId: INT,
    uid: INT,
    userName: STR,
    face: FACE,
    avatar: AVATAR,
    /** Stored text: HTML stripped, may hold emoji codes like [b12]. For a repost, the reposter's words. */
    content: STR,
    ctime: TIME,
    /** 0 for an original yy; the reposted yy's weiboId for a repost (above 0 means repost). */
    transpondId: described(INT, '0 for an original'),
    /** The reposted yy, filled from the original; 0 / '' when this is no repost or the original is gone. */
    sourceWid: INT,
    sourceUid: INT,
    sourceName: STR,
    sourceContent: STR,
    sourceCtime: INT,
    /** The original's comment count. */
    sourceComment: INT,
    /** A repost whose original was deleted: show 原yy已被删除 instead of the source. */
    sourceDeleted: BOOL,
    /** Number of comments (and replies) on this yy. */
    comment: INT,
    typeData: v.nullable(ImageDataSchema),
    sourceTData: v.nullable(ImageDataSchema),
  }),
);

export const YyCommentSchema = named('YyComment', v.object({ commentId: INT, weiboId: INT, ...COMMENT_FIELDS }));

/** POST /api/yy/upload's answer. */
export const UploadDataSchema = named('UploadData', v.object({ url: STR, width: INT, height: INT, size: described(INT, 'bytes') }));

// ---- the board, visitors, hot topics ----------------------------------------------------------

/** A reply under a leave message; the board's owner and the message's author may reply. */
export const LeaveReplySchema = named(
  'LeaveReply',
  v.object({ id: INT, leaveId: INT, uid: INT, username: STR, face: FACE, avatar: AVATAR, content: STR, ctime: TIME }),
);

/** A message on a user's board. `id` is the leaveId, `fuid` the board's owner, `uid` the author. */
export const LeaveMessageSchema = named(
  'LeaveMessage',
  v.object({
    id: INT,
    fuid: INT,
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    /** Oldest first. */
    replies: v.array(LeaveReplySchema),
  }),
);

/** `visitedId` the visited space's owner, `uid` the visitor, `ctime` the latest visit. */
export const VisitorSchema = named('Visitor', v.object({ visitedId: INT, uid: INT, username: STR, face: FACE, avatar: AVATAR, ctime: TIME }));

/** GET /api/visitor/get: the 9 most recent distinct visitors and the space's visit count. */
export const VisitorListSchema = named(
  'VisitorList',
  v.object({
    data: v.array(VisitorSchema),
    total: INT,
    /** The owner hides their visitors from others (privacy): `data` is empty for everyone but them. */
    hidden: v.optional(described(v.literal(true), 'the owner hides their visitors from others: data is [] (never for the owner)')),
  }),
);

/** `name` without the # marks; `count` the posts of the last 7 days that used it, 0 for the fallback list. */
export const HotTopicSchema = named('HotTopic', v.object({ name: STR, count: INT }));

// ---- notices ----------------------------------------------------------------------------------

/** One notice: a comment or reply by someone else that concerns the caller. */
export const CommentNoticeSchema = named(
  'CommentNotice',
  v.object({
    commentId: INT,
    weiboId: INT,
    /** The comment's author and their current nickname and avatar code. */
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    content: STR,
    ctime: TIME,
    /** 'comment': on the caller's yy; 'reply': answers the caller's comment (on anyone's yy). */
    kind: v.picklist(['comment', 'reply']),
    /** Whom it answers (0 for a plain comment). */
    replyUid: INT,
    /** The yy's owner (the caller for kind 'comment') and the yy's first 40 characters. */
    yyUid: INT,
    yyContent: STR,
    /** Came after the caller's last clear. */
    unread: BOOL,
    /** A comment on a 日志 entry (weiboId 0, yyUid the entry's owner, yyContent its title): the entry and its title. */
    diaryId: v.optional(INT),
    diaryTitle: v.optional(STR),
  }),
);

/** GET /api/count/getcomments: the unread count and the newest notices (at most 20). */
export const CommentNoticesSchema = named('CommentNotices', v.object({ count: INT, records: v.array(CommentNoticeSchema) }));

/** One "X 关注了你" notice (GET /api/count/getfans), newest first. */
export const FanNoticeSchema = named(
  'FanNotice',
  v.object({
    uid: INT,
    username: STR,
    face: FACE,
    avatar: AVATAR,
    ctime: TIME,
    /** Came after the caller's last clear. */
    unread: BOOL,
    /** The caller follows them back already. */
    following: described(BOOL, 'the caller follows them back'),
  }),
);

/** GET /api/count/getfans: the unread count and the newest notices (at most 20). */
export const FanNoticesSchema = named('FanNotices', v.object({ count: described(INT, 'unread'), records: v.array(FanNoticeSchema) }));

// ---- follows, search, block and privacy -------------------------------------------------------

/** A user in a list of users (follows, fans, search results) and how they and the caller follow each other. */
const LISTED_USER = {
  uid: INT,
  name: STR,
  face: FACE,
  avatar: AVATAR,
  /** The small signature. */
  qianming: STR,
  /** The caller follows them (drives 关注 / 已关注 and the follow-back button). */
  following: described(BOOL, 'the caller follows them'),
  /** They follow the caller. */
  followsMe: described(BOOL, 'they follow the caller'),
};

/** One user in a follow list (GET /api/follow/list/{uid}), as the caller sees them. */
export const FollowUserSchema = named('FollowUser', v.object({ ...LISTED_USER, ctime: described(INT, 'unix seconds the listed relation was made') }));

/** One user found (GET /api/search/user), as the caller sees them. */
export const SearchUserSchema = named('SearchUser', v.object({ ...LISTED_USER, exact: described(BOOL, 'found by the exact 米米号 (listed first)') }));

/** One user the caller blocked (GET /api/block/list); `ctime` when the block was made. */
export const BlockedUserSchema = named('BlockedUser', v.object({ uid: INT, name: STR, face: FACE, avatar: AVATAR, qianming: STR, ctime: TIME }));

/** GET and POST /api/user/privacy. Every field is optional in a POST. */
export const PrivacySettingsSchema = named(
  'PrivacySettings',
  v.object({
    /** Who may comment on (and reply under) my yy. */
    comment: WhoMayWriteSchema,
    /** Who may write on my board: new messages, and replies under the messages already there. */
    board: WhoMayWriteSchema,
    /** Who may start following me ('me': nobody; those who follow me already stay). */
    follow: WhoMayWriteSchema,
    /** Who may repost my yy, and reposts of them ('me': only I). */
    repost: WhoMayWriteSchema,
    /** Whether others see who visited my space. */
    showVisitors: BOOL,
    /** Whether others see my birthday (and so my age and zodiac). */
    showBirthday: BOOL,
    /** Whether others can find me by nickname; the exact 米米号 always finds me. */
    findable: BOOL,
    /** Whether others see whom I follow and who follows me. */
    showFollows: described(BOOL, 'others see whom I follow and who follows me'),
    /** Whether others see when I last logged in. */
    showLastLogin: described(BOOL, 'others see when I last logged in'),
    /** Who may send me 小纸条. */
    scrip: ScripWhoSchema,
  }),
);
