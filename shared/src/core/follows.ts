/**
 * Follows and fans ("Find your old classmates"): the contract the server and every
 * module share. docs/api.md "Follows" describes the routes.
 */

/** One user in a follow list (GET /api/follow/list/{uid}), as the caller sees them. */
export interface FollowUser {
  uid: number;
  name: string;
  face: number;
  /** The uploaded picture (`/uploads/avatars/...`), '' when the user shows a preset face. */
  avatar: string;
  /** The small signature. */
  qianming: string;
  /** The caller follows them (drives 关注 / 已关注 and the follow-back button). */
  following: boolean;
  /** They follow the caller. */
  followsMe: boolean;
  /** Unix seconds the listed relation was made. */
  ctime: number;
}

/** Which list: whom the user follows (我的关注), or who follows the user (我的粉丝). */
export type FollowListKind = 'follows' | 'fans';

/** POST /api/follow/add and /api/follow/remove. */
export interface FollowBody {
  uid: number;
}

export const FOLLOW_MSG = {
  followed: '关注成功',
  unfollowed: '已取消关注',
  self: '不能关注自己',
  userNotFound: '用户不存在',
  /** The owner hides their lists from others (privacy). */
  hidden: '对方没有公开关注和粉丝列表',
  tooFast: '关注太频繁了，请稍后再试',
} as const;

/** One "X 关注了你" notice (GET /api/count/getfans), newest first. */
export interface FanNotice {
  uid: number;
  username: string;
  face: number;
  avatar: string;
  /** Unix seconds. */
  ctime: number;
  /** Came after the caller's last clear. */
  unread: boolean;
  /** The caller follows them back already. */
  following: boolean;
}

/** GET /api/count/getfans: the unread count and the newest notices (at most 20). */
export interface FanNotices {
  count: number;
  records: FanNotice[];
}

/** Which yy a feed shows: everyone's (大家的yy, GET /api/yy/getyy) or the people I follow and mine (关注的yy, GET /api/yy/getfollowyy). */
export type FeedSource = 'all' | 'following';
