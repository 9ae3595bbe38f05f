/**
 * Types of the /api contract (docs/api.md). Shared by the browser client and the server. The
 * answers' and the request bodies' types are inferred from their declarations in api-schemas/
 * (type-only imports: no bytes in a page); the request bodies' rules are validation.ts's.
 */
import type * as v from 'valibot';
import type * as S from './api-schemas';

/** Every /api answer. `data` is present on success when the call returns something. */
export interface ApiEnvelope<T = undefined> {
  code: number;
  msg: string;
  data?: T;
}

/** Header a 401 carries (`access` or `refresh`), read by the client's refresh logic. */
export const ERROR_TYPE_HEADER = 'x-error-type';
export type ErrorType = 'access' | 'refresh';

/** 0 girl, 1 boy. */
export type Sex = v.InferOutput<typeof S.SexSchema>;

export type UserInfo = v.InferOutput<typeof S.UserInfoSchema>;
/** POST /api/user/refresh: a new access token, and the user it is for (docs/api.md). */
export type RefreshData = v.InferOutput<typeof S.RefreshDataSchema>;
export type LoginData = v.InferOutput<typeof S.LoginDataSchema>;
export type SpaceUser = v.InferOutput<typeof S.SpaceUserSchema>;

export type LoginBody = v.InferOutput<typeof S.LoginBodySchema>;
export type ValitedRegisterBody = v.InferOutput<typeof S.ValitedRegisterBodySchema>;
export type AddAccountBody = v.InferOutput<typeof S.AddAccountBodySchema>;
export type CardUpdateBody = v.InferOutput<typeof S.CardUpdateBodySchema>;
export type CheckCookieData = v.InferOutput<typeof S.CheckCookieDataSchema>;

// ---- lists, yy posts and comments (docs/api.md "yy and comments") ---------------------------

/** Every paged list (docs/api.md "List responses"). `current` and `size` echo the page asked for. */
export type Page<T> = v.InferOutput<ReturnType<typeof S.pageSchema<v.GenericSchema<T>>>>;
export type ImageData = v.InferOutput<typeof S.ImageDataSchema>;
export type Yy = v.InferOutput<typeof S.YySchema>;
export type YyComment = v.InferOutput<typeof S.YyCommentSchema>;

/** POST /api/yy/createyy. An original has text and/or images; a repost has transpondId and optional words. */
export type CreateYyBody = v.InferOutput<typeof S.CreateYyBodySchema>;

/** POST /api/comment/add. replyCommentId and replyUid are 0 for a plain comment. */
export type AddCommentBody = v.InferOutput<typeof S.AddCommentBodySchema>;

export type UploadData = v.InferOutput<typeof S.UploadDataSchema>;

// ---- spaces: signatures, message board, visitors, hot topics (docs/api.md "Spaces") ----------

export type LeaveReply = v.InferOutput<typeof S.LeaveReplySchema>;
export type LeaveMessage = v.InferOutput<typeof S.LeaveMessageSchema>;

export type AddLeaveBody = v.InferOutput<typeof S.AddLeaveBodySchema>;
export type AddLeaveReplyBody = v.InferOutput<typeof S.AddLeaveReplyBodySchema>;

export type Visitor = v.InferOutput<typeof S.VisitorSchema>;
export type VisitorList = v.InferOutput<typeof S.VisitorListSchema>;
export type HotTopic = v.InferOutput<typeof S.HotTopicSchema>;

// ---- notices of new comments (回复我的, docs/api.md "Notices") --------------------------------

export type CommentNotice = v.InferOutput<typeof S.CommentNoticeSchema>;
export type CommentNotices = v.InferOutput<typeof S.CommentNoticesSchema>;

/** POST /api/count/clearcomments (body optional): marks read the notices up to `upTo`, or all. */
export type ClearNoticesBody = v.InferOutput<typeof S.ClearNoticesBodySchema>;
