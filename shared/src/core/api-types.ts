/** Types of the /api contract (docs/api.md). Shared by the browser client and the server. */
import type { SkinId } from './constants';
import type { UserRole } from './safety';

/** Every /api answer. `data` is present on success when the call returns something. */
export interface ApiEnvelope<T = undefined> {
  code: number;
  msg: string;
  data?: T;
}

/** Header a 401 carries, read by the client's refresh logic (spec section 4). */
export const ERROR_TYPE_HEADER = 'x-error-type';
export type ErrorType = 'access' | 'refresh';

export type Sex = 0 | 1;

export interface UserInfo {
  uid: number;
  name: string;
  email: string;
  babadou: number;
  experience: number;
  qianming: string;
  qm: string;
  sex: Sex;
  follows: number;
  fans: number;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  ctime: number;
  skin: SkinId;
  birthday: string;
  lastTime: number;
  /** 0 when the profile is complete. */
  sign: number;
  /** 'moderator' opens the moderation area (issue 17); absent means 'user'. */
  role?: UserRole;
  /** Unix seconds a freeze ends (every write is refused until then); 0 or absent when not frozen. */
  frozenUntil?: number;
}

/** POST /api/user/refresh: a new access token, and the user it is for (docs/api.md). */
export interface RefreshData {
  token: string;
  user: UserInfo;
}

export interface LoginData extends UserInfo {
  token: string;
  username: string;
}

export interface SpaceUser {
  uid: number;
  uname: string;
  sex: Sex;
  ctime: number;
  qianming: string;
  qm: string;
  follows: number;
  fans: number;
  experience: number;
  /** Avatar code (spec section 3 user state), so another user's space shows their own face. */
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  leaves: number;
  /** '' when the owner hides it from others (privacy). */
  birthday: string;
  skin: SkinId;
  /** Last login, unix seconds (0: never); absent when the owner hides it from others (privacy). */
  lastTime?: number;
  /** The caller has blocked this user (absent on one's own space). */
  blocked?: boolean;
  /** The caller follows this user (issue 18; absent on one's own space). */
  following?: boolean;
  /** What the owner allows the caller (privacy and blocks): comment on their yy, write on their board, follow them, repost their yy. */
  mayComment?: boolean;
  mayLeave?: boolean;
  mayFollow?: boolean;
  mayRepost?: boolean;
}

export interface LoginBody {
  username: string;
  password: string;
}
export interface ValitedRegisterBody {
  email: string;
  name: string;
  fans: string;
  message: string;
  weibo: string;
}
export interface AddAccountBody {
  email: string;
  lockedPassword: string;
  uname: string;
  sex: Sex;
  birthday: string;
}
export interface CardUpdateBody {
  name: string;
  sex: Sex;
  birthday: string;
}
export interface CheckCookieData {
  code: number;
  msg: string;
}

// ---- lists, yy posts and comments (docs/api.md "yy and comments") ---------------------------

/** Every paged list (spec section 3 "List responses"). `current` and `size` echo the page asked for. */
export interface Page<T> {
  records: T[];
  total: number;
  pages: number;
  current: number;
  size: number;
}

/** Pictures of a yy (spec: "type image; data list of url entries under the uploads folder"). */
export interface ImageData {
  type: 'image';
  data: Array<{ url: string }>;
}

export interface Yy {
  weiboId: number;
  uid: number;
  userName: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  /** Stored text: HTML stripped, may hold emoji codes like [b12]. For a repost, the reposter's words. */
  content: string;
  /** Unix seconds. */
  ctime: number;
  /** 0 for an original yy; the reposted yy's weiboId for a repost (above 0 means repost). */
  transpondId: number;
  /** The reposted yy, filled from the original; 0 / '' when this is no repost or the original is gone. */
  sourceWid: number;
  sourceUid: number;
  sourceName: string;
  sourceContent: string;
  sourceCtime: number;
  /** The original's comment count. */
  sourceComment: number;
  /** A repost whose original was deleted: show 原yy已被删除 instead of the source. */
  sourceDeleted: boolean;
  /** Number of comments (and replies) on this yy. */
  comment: number;
  typeData: ImageData | null;
  sourceTData: ImageData | null;
}

export interface YyComment {
  commentId: number;
  weiboId: number;
  uid: number;
  username: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  content: string;
  ctime: number;
  /** The comment this one answers, 0 for a plain comment. */
  replyCommentId: number;
  /** The user this one answers, 0 for a plain comment. */
  replyUid: number;
  /** That user's name ('' for a plain comment), so a reply shows whom it answers. */
  replyUsername: string;
}

/** POST /api/yy/createyy. An original has text and/or images; a repost has transpondId and optional words. */
export interface CreateYyBody {
  content: string;
  /** URLs answered by POST /api/yy/upload to the same user, at most 9. Not with transpondId. */
  images?: string[];
  transpondId?: number;
}

/** POST /api/comment/add (spec section 7). replyCommentId and replyUid are 0 for a plain comment. */
export interface AddCommentBody {
  content: string;
  weiboId: number;
  replyCommentId?: number;
  replyUid?: number;
}

/** POST /api/yy/upload's answer. */
export interface UploadData {
  url: string;
  width: number;
  height: number;
  /** Stored size in bytes. */
  size: number;
}

// ---- spaces: signatures, message board, visitors, hot topics (docs/api.md "Spaces") ----------

/** A reply under a leave message; the board's owner and the message's author may reply. */
export interface LeaveReply {
  id: number;
  leaveId: number;
  uid: number;
  username: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  content: string;
  ctime: number;
}

/** A message on a user's board (spec section 3 "Leave message"). `id` is the leaveId. */
export interface LeaveMessage {
  id: number;
  /** The board's owner. */
  fuid: number;
  /** The author. */
  uid: number;
  username: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  content: string;
  ctime: number;
  /** Oldest first. */
  replies: LeaveReply[];
}

export interface AddLeaveBody {
  content: string;
  fuid: number;
}

export interface AddLeaveReplyBody {
  content: string;
  leaveId: number;
}

export interface Visitor {
  /** The visited space's owner. */
  visitedId: number;
  /** The visitor. */
  uid: number;
  username: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  /** Unix seconds of the latest visit. */
  ctime: number;
}

/** GET /api/visitor/get: the 9 most recent distinct visitors and the space's visit count. */
export interface VisitorList {
  data: Visitor[];
  total: number;
  /** The owner hides their visitors from others (privacy): `data` is empty for everyone but them. */
  hidden?: boolean;
}

export interface HotTopic {
  /** Without the # marks. */
  name: string;
  /** Posts of the last 7 days that used it; 0 for the fallback list. */
  count: number;
}

// ---- notices of new comments (回复我的, docs/api.md "Notices") --------------------------------

/** One notice: a comment or reply by someone else that concerns the caller. */
export interface CommentNotice {
  commentId: number;
  weiboId: number;
  /** The comment's author and their current nickname and avatar code. */
  uid: number;
  username: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  content: string;
  /** Unix seconds. */
  ctime: number;
  /** 'comment': on the caller's yy; 'reply': answers the caller's comment (on anyone's yy). */
  kind: 'comment' | 'reply';
  /** Whom it answers (0 for a plain comment). */
  replyUid: number;
  /** The yy's owner (the caller for kind 'comment') and the yy's first 40 characters. */
  yyUid: number;
  yyContent: string;
  /** Came after the caller's last clear. */
  unread: boolean;
}

/** GET /api/count/getcomments: the unread count and the newest notices (at most 20). */
export interface CommentNotices {
  count: number;
  records: CommentNotice[];
}

/** POST /api/count/clearcomments (body optional): marks read the notices up to `upTo`, or all. */
export interface ClearNoticesBody {
  /** The newest commentId the reader has seen. */
  upTo?: number;
}
