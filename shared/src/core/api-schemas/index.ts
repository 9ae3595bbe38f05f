/**
 * The shapes of the /api answers, of the request bodies and of the query and path values, declared once as valibot
 * schemas (`@xiaoba/shared/api-schemas`, docs/adr/0003-validation-with-valibot.md). The TypeScript
 * types of api-types.ts, follows.ts, safety.ts, search.ts, scrip.ts and medal.ts are inferred from them; the server
 * turns them into the OpenAPI document's schemas and into its route schemas, and reads query and
 * path values through them.
 *
 * An entry of its own, outside `@xiaoba/shared/core` and the federated singleton: the browser
 * imports only the types (erased at build), so no page loads these bytes.
 *
 * `v.description` and `v.metadata` are the document's words; a `v.transform` is not part of the
 * document (the schemas are converted up to the first transform).
 */
import type * as v from 'valibot';
import * as A from './answers';
import * as M from './moderation';
import * as N from './scrip';
import * as D from './diary';
import * as P from './album';
import * as Md from './medal';

export * from './answers';
export * from './bodies';
export { SexSchema, WHO_MAY_WRITE, WhoMayWriteSchema, pageSchema } from './common';
export * from './inputs';
export * from './moderation';
export * from './scrip';
export * from './diary';
export * from './album';
export * from './medal';

/** The answers' object types by name, as the OpenAPI document names them. */
export const API_TYPES = {
  UserInfo: A.UserInfoSchema,
  LoginData: A.LoginDataSchema,
  RefreshData: A.RefreshDataSchema,
  CheckCookieData: A.CheckCookieDataSchema,
  SpaceUser: A.SpaceUserSchema,
  ImageData: A.ImageDataSchema,
  Yy: A.YySchema,
  YyComment: A.YyCommentSchema,
  UploadData: A.UploadDataSchema,
  LeaveReply: A.LeaveReplySchema,
  LeaveMessage: A.LeaveMessageSchema,
  Visitor: A.VisitorSchema,
  VisitorList: A.VisitorListSchema,
  HotTopic: A.HotTopicSchema,
  CommentNotice: A.CommentNoticeSchema,
  CommentNotices: A.CommentNoticesSchema,
  FanNotice: A.FanNoticeSchema,
  FanNotices: A.FanNoticesSchema,
  FollowUser: A.FollowUserSchema,
  SearchUser: A.SearchUserSchema,
  BlockedUser: A.BlockedUserSchema,
  PrivacySettings: A.PrivacySettingsSchema,
  SystemNotice: M.SystemNoticeSchema,
  SystemNoticePage: M.SystemNoticePageSchema,
  ReportedTarget: M.ReportedTargetSchema,
  ReportEntry: M.ReportEntrySchema,
  ReportGroup: M.ReportGroupSchema,
  Sanction: M.SanctionSchema,
  ModUserPage: M.ModUserPageSchema,
  ModLogEntry: M.ModLogEntrySchema,
  Scrip: N.ScripSchema,
  ScripUser: N.ScripUserSchema,
  ScripThread: N.ScripThreadSchema,
  ScripThreadPage: N.ScripThreadPageSchema,
  ScripSent: N.ScripSentSchema,
  ScripCount: N.ScripCountSchema,
  ModScripView: N.ModScripViewSchema,
  Diary: D.DiarySchema,
  DiarySummary: D.DiarySummarySchema,
  DiaryComment: D.DiaryCommentSchema,
  DiaryAdded: D.DiaryAddedSchema,
  Album: P.AlbumSchema,
  Photo: P.PhotoSchema,
  AlbumOwner: P.AlbumOwnerSchema,
  AlbumPhotosPage: P.AlbumPhotosPageSchema,
  AlbumCreated: P.AlbumCreatedSchema,
  MedalEntry: Md.MedalEntrySchema,
} satisfies Record<string, v.GenericSchema>;
export type ApiTypeName = keyof typeof API_TYPES;
