/**
 * 日志 (diary): the request bodies, the query and path values and the answers of /api/diary/* and
 * /api/search/diary, declared once. docs/api.md "日志" describes the routes; shared/src/core/diary.ts
 * holds the rules, the words and the inferred types.
 */
import * as v from 'valibot';
import { DIARY_COMMENT_PAGE_SIZE, DIARY_IMAGES_MAX, DIARY_MSG, DIARY_PAGE_SIZE, DIARY_TEXT_MAX, DIARY_TITLE_MAX } from '../diary';
import { COMMENT_MAX } from '../constants';
import { VISIBILITIES } from '../visibility';
import { AVATAR, FACE, INT, STR, TIME, described, named } from './common';
import { COMMENT_FIELDS } from './comment-fields';
import { idInput, pageQuery, pagedQuery, textValue } from './inputs';

export const VisibilitySchema = described(
  v.picklist(VISIBILITIES),
  "public: everyone; followers: the owner's fans; mutual: users the owner follows who follow back; self: the owner only. A new item of a user under 18 (or without a birthday) starts as mutual, an adult's as public",
);

const author = {
  uid: INT,
  userName: STR,
  face: FACE,
  avatar: AVATAR,
};

/** GET /api/diary/get/{diaryId}: one entry, whole. */
export const DiarySchema = named(
  'Diary',
  v.object({
    diaryId: INT,
    ...author,
    title: STR,
    /** Stored text: HTML stripped, line breaks kept (paragraphs), may hold emoji codes like [b12]. */
    content: STR,
    /** The pictures' URLs, in order. */
    images: v.array(STR),
    visibility: VisibilitySchema,
    commentCount: INT,
    ctime: TIME,
    /** The last edit, 0 for never. */
    mtime: described(INT, 'unix seconds of the last edit, 0 when never edited'),
  }),
);

/** An entry in a list (GET /api/diary/list/{uid}, /api/search/diary): the start of its body and its first picture. */
export const DiarySummarySchema = named(
  'DiarySummary',
  v.object({
    diaryId: INT,
    ...author,
    title: STR,
    excerpt: described(STR, 'the first characters of the body (DIARY_EXCERPT_MAX), whole paragraphs joined by a space'),
    /** The first picture's URL, '' for none. */
    cover: STR,
    imageCount: INT,
    visibility: VisibilitySchema,
    commentCount: INT,
    ctime: TIME,
    mtime: INT,
  }),
);

/** A comment on an entry (oldest first), like a yy's comment. */
export const DiaryCommentSchema = named('DiaryComment', v.object({ commentId: INT, diaryId: INT, ...COMMENT_FIELDS }));

export const DiaryAddedSchema = named('DiaryAdded', v.object({ diaryId: INT, ctime: TIME }));

const entryBody = {
  title: textValue(`1 to ${DIARY_TITLE_MAX} characters after HTML is stripped, on one line`),
  content: textValue(
    `up to ${DIARY_TEXT_MAX} characters after HTML is stripped; line breaks are kept; may hold emoji codes like [b12]; may be empty when there are pictures`,
  ),
  images: described(v.array(v.string()), `up to ${DIARY_IMAGES_MAX} URLs of POST /api/yy/upload, in the order shown`),
  visibility: v.pipe(
    v.union([VisibilitySchema, v.literal('')]),
    v.description("'' or absent: the owner's default"),
    v.metadata({ 'x-msg': DIARY_MSG.badVisibility }),
  ),
};

/** POST /api/diary/add. */
export const AddDiaryBodySchema = described(v.object(entryBody), "AddDiaryBody; the rules and their messages are AddDiarySchema's (shared/src/core/diary.ts)");
/** PATCH /api/diary/update: the whole entry again. */
export const UpdateDiaryBodySchema = described(
  v.object({ diaryId: described(v.number(), 'the entry'), ...entryBody }),
  "UpdateDiaryBody; the rules and their messages are UpdateDiarySchema's (shared/src/core/diary.ts)",
);
/** POST /api/diary/comment/add. */
export const AddDiaryCommentBodySchema = described(
  v.object({
    diaryId: described(v.number(), 'the entry'),
    content: textValue(`1 to ${COMMENT_MAX} characters after HTML is stripped`),
    replyCommentId: described(v.number(), 'the comment answered, 0 for a plain comment'),
    replyUid: described(v.number(), "the answered comment's author, 0 for a plain comment"),
  }),
  "AddDiaryCommentBody; the rules and their messages are AddDiaryCommentSchema's (shared/src/core/diary.ts)",
);

/** `{diaryId}` of GET /api/diary/get and /api/diary/comments, `?diaryId` of DELETE /api/diary/delete. */
export const DiaryIdInput = idInput('diaryId', DIARY_MSG.notFound, 'the entry');
/** `?commentId` of DELETE /api/diary/comment/delete. */
export const DiaryCommentIdInput = idInput('commentId', DIARY_MSG.commentNotFound, 'the comment');
/** `{uid}` of GET /api/diary/list/{uid}: the space's owner. */
export const DiaryOwnerInput = idInput('uid', DIARY_MSG.userNotFound, "the space's owner");
/** `?q&pageNum&pageSize` of GET /api/search/diary; `q` is read like GET /api/search/yy's (normalizeSearchQuery). */
export const DiarySearchQuery = pagedQuery(DIARY_PAGE_SIZE, {
  q: v.optional(textValue('the words, read like /api/search/yy: trimmed, whitespace folded, lower-cased, at most 30 characters')),
});
/** `?pageNum&pageSize` of GET /api/diary/list/{uid}. */
export const DiaryListQuery = pageQuery(DIARY_PAGE_SIZE);
/** `?pageNum&pageSize` of GET /api/diary/comments/{diaryId}. */
export const DiaryCommentsQuery = pageQuery(DIARY_COMMENT_PAGE_SIZE);
