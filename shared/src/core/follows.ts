/**
 * Follows and fans ("Find your old classmates"): the contract the server and every
 * module share. docs/api.md "Follows" describes the routes.
 */
import type * as v from 'valibot';
import type * as S from './api-schemas';

/** One user in a follow list (GET /api/follow/list/{uid}), as the caller sees them. */
export type FollowUser = v.InferOutput<typeof S.FollowUserSchema>;

/** Which list: whom the user follows (我的关注), or who follows the user (我的粉丝). */
export type FollowListKind = 'follows' | 'fans';

/** POST /api/follow/add and /api/follow/remove. */
export type FollowBody = v.InferOutput<typeof S.UidBodySchema>;

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
export type FanNotice = v.InferOutput<typeof S.FanNoticeSchema>;
/** GET /api/count/getfans: the unread count and the newest notices (at most 20). */
export type FanNotices = v.InferOutput<typeof S.FanNoticesSchema>;

export type FeedSource = 'all' | 'following';
