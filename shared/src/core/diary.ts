/**
 * 日志 (diary): entries a user writes in their space, each with its own visibility, and comments on
 * them. The contract the server and the pages share: the rules of an entry and a comment (their
 * bodies' schemas in ./diary-bodies.ts), the words users see and the answers' types (declared in api-schemas/diary.ts). docs/api.md "日志" describes
 * the routes.
 */
import type * as v from 'valibot';
import type * as S from './api-schemas';
import { COMMENT_EMPTY, COMMENT_TOO_LONG, charCount } from './validation';
import { isVisibility } from './visibility';

/** Longest title and body, in characters as a person counts them. */
export const DIARY_TITLE_MAX = 30;
export const DIARY_TEXT_MAX = 5000;
/** Pictures in one entry (uploaded like a yy's, POST /api/yy/upload, within the storage quota). */
export const DIARY_IMAGES_MAX = 9;
/** Entries per page of a list, comments per page of an entry. */
export const DIARY_PAGE_SIZE = 10;
export const DIARY_COMMENT_PAGE_SIZE = 20;
/** Characters of an entry's body a list shows. */
export const DIARY_EXCERPT_MAX = 120;

export const DIARY_MSG = {
  added: '发表成功',
  updated: '修改成功',
  deleted: '已删除',
  commented: '评论成功',
  /** An entry that does not exist and one the caller may not see answer alike. */
  notFound: '日志不存在',
  /** The space's owner of GET /api/diary/list/{uid} does not exist. */
  userNotFound: '用户不存在',
  /** An image that is not an unused upload of the writer's (POST /api/yy/upload), or is another entry's. */
  imagesInvalid: '图片无效，请重新上传',
  /** Deleting a comment that is neither the caller's nor under the caller's entry. */
  forbidden: '没有权限删除',
  /** A reply to a comment that is not one of the same entry's, or names another author. */
  replyInvalid: '回复的评论不存在',
  commentNotFound: '评论不存在',
  titleEmpty: '标题不能为空',
  titleTooLong: `标题不能超过${DIARY_TITLE_MAX}个字`,
  empty: '日志内容不能为空',
  tooLong: `日志内容不能超过${DIARY_TEXT_MAX}个字`,
  tooManyImages: `最多只能放${DIARY_IMAGES_MAX}张图片`,
  sameImage: '图片重复了',
  badVisibility: '请选择谁可以看这篇日志',
  commentTooLong: COMMENT_TOO_LONG,
  commentEmpty: COMMENT_EMPTY,
  /** Past LIMIT_DIARIES entries within LIMIT_WINDOW_MINUTES. */
  tooFast: '日志写得太快了，请稍后再试',
} as const;

/** An entry's fields as written (before the server fills an empty visibility). */
export interface EntryFields {
  title: string;
  content: string;
  images: string[];
  visibility: string;
}

/** The first rule an entry's fields break (after HTML is stripped), or null: one rule for adding and editing. */
export function diaryEntryError(i: EntryFields): string | null {
  if (i.title === '') return DIARY_MSG.titleEmpty;
  if (charCount(i.title) > DIARY_TITLE_MAX) return DIARY_MSG.titleTooLong;
  if (i.content === '' && i.images.length === 0) return DIARY_MSG.empty;
  if (charCount(i.content) > DIARY_TEXT_MAX) return DIARY_MSG.tooLong;
  if (i.images.length > DIARY_IMAGES_MAX) return DIARY_MSG.tooManyImages;
  if (new Set(i.images).size !== i.images.length) return DIARY_MSG.sameImage;
  if (!isVisibility(i.visibility)) return DIARY_MSG.badVisibility;
  return null;
}

/** One entry, whole (GET /api/diary/get/{diaryId}). */
export type Diary = v.InferOutput<typeof S.DiarySchema>;
/** An entry in a list: its title, the start of its body, its first picture. */
export type DiarySummary = v.InferOutput<typeof S.DiarySummarySchema>;
export type DiaryComment = v.InferOutput<typeof S.DiaryCommentSchema>;
export type DiaryAdded = v.InferOutput<typeof S.DiaryAddedSchema>;
export type AddDiaryBody = v.InferOutput<typeof S.AddDiaryBodySchema>;
export type UpdateDiaryBody = v.InferOutput<typeof S.UpdateDiaryBodySchema>;
export type AddDiaryCommentBody = v.InferOutput<typeof S.AddDiaryCommentBodySchema>;
