/**
 * 日志 (docs/api.md "日志"): entries in a user's space, each with its own visibility, and their
 * comments. /api/diary/add, update, delete, list/{uid}, get/{diaryId}, comment/add,
 * comments/{diaryId}, comment/delete; GET /api/search/diary (diarySearchRoutes, registered under
 * /search).
 *
 * Who sees an entry is one SQL function, visible_diaries (server/sql/20_visible_diaries.sql, over
 * content_visible): an entry the caller may not see answers exactly like one that does not exist.
 * The reads answer a signed-out caller too (what is public). Only the owner writes an entry;
 * comments follow a yy's rules (the owner's privacy `comment`, blocks either way). A frozen user
 * reads and deletes (api/http/sanctions.ts FROZEN_OPEN); archive mode closes every mutating route.
 */
import type { FastifyInstance } from 'fastify';
import {
  AddDiaryCommentSchema,
  AddDiarySchema,
  BLOCK_MSG,
  DIARY_MSG,
  UpdateDiarySchema,
  type AddDiaryInput,
  type DiaryAdded,
  type UpdateDiaryInput,
  type DiaryComment,
  type Page,
} from '@xiaoba/shared/core';
import {
  AddDiaryBodySchema,
  AddDiaryCommentBodySchema,
  DiaryCommentIdInput,
  DiaryCommentsQuery,
  DiaryIdInput,
  DiaryListQuery,
  DiaryOwnerInput,
  UpdateDiaryBodySchema,
} from '@xiaoba/shared/api-schemas';
import type { Config } from '../../config';
import { allowSignedOut, requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withOwnerDefaultVisibility } from '../../data/default-visibility';
import { withTransaction, type Pool } from '../../data/pool';
import { awardMedals } from '../medal';
import { DUPLICATE_TEXT, DUPLICATE_WINDOW_SECONDS, tryLoggedSlot, withPosterLock } from '../../data/post-limit';
import { takePostSlot } from '../../api/http/posting-limits';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';
import { fileFromUploadUrl, removeFiles } from '../../uploads/store';
import type { UploadStorage } from '../../uploads/storage';
import { deleteDiary, diaryPage, diaryVisible, findDiary, findDiaryKey, insertDiary, setDiaryUploads, updateDiary, wroteSameDiary } from './queries';
import { addCountedDiaryComment, countDiaryComment, deleteDiaryComment, diaryCommentAuthorIn, diaryCommentPage, findDiaryCommentKey } from './comment-queries';

export interface DiaryRoutesOptions {
  config: Pick<Config, 'diariesPerWindow' | 'postLimits'>;
  pool: Pool;
  signer: TokenSigner;
  storage: UploadStorage;
}

const tags: ['diary'] = ['diary'];
const SCHEMA = {
  add: routeSchema({
    summary: "Write a 日志 entry in one's space",
    description:
      "An empty visibility takes the owner's default (public for an adult, mutual under 18 or without a birthday). 400 for an image that is not an unused upload of the caller's; " +
      '409 for the same title and body within 60 s; 429 past LIMIT_DIARIES entries within LIMIT_WINDOW_MINUTES.',
    tags,
    auth: true,
    body: AddDiaryBodySchema,
    data: typed('DiaryAdded'),
  }),
  update: routeSchema({
    summary: "Edit one's own entry: title, body, pictures and visibility again (pictures left out are deleted)",
    tags,
    auth: true,
    body: UpdateDiaryBodySchema,
    data: typed('Diary'),
  }),
  delete: routeSchema({ summary: "Delete one's own entry (its comments and pictures go with it)", tags, auth: true, querystring: DiaryIdInput }),
  list: routeSchema({
    summary: "A space's entries the caller may see, newest first (signed out: the public ones)",
    tags,
    auth: 'optional',
    params: DiaryOwnerInput,
    querystring: DiaryListQuery,
    data: pageOf('DiarySummary'),
  }),
  get: routeSchema({
    summary: 'One entry; 404 日志不存在 when it does not exist, was removed, or the caller may not see it (one answer)',
    tags,
    auth: 'optional',
    params: DiaryIdInput,
    data: typed('Diary'),
  }),
  commentAdd: routeSchema({
    summary: 'Comment on an entry the caller may see, or reply to one of its comments',
    description: "403 when the owner's privacy `comment` or a block either way refuses (the same answer for each).",
    tags,
    auth: true,
    body: AddDiaryCommentBodySchema,
    data: typed('DiaryComment'),
  }),
  comments: routeSchema({
    summary: "An entry's comments, oldest first; 404 when the entry is not visible to the caller",
    tags,
    auth: 'optional',
    params: DiaryIdInput,
    querystring: DiaryCommentsQuery,
    data: pageOf('DiaryComment'),
  }),
  commentDelete: routeSchema({ summary: "Delete a comment (its author or the entry's owner)", tags, auth: true, querystring: DiaryCommentIdInput }),
};

const page = <T>(records: T[], total: number, current: number, size: number): Page<T> => ({ records, total, pages: Math.ceil(total / size), current, size });

/** The stored files of an entry's image URLs, or 400 for one that is not an upload's. */
function filesOf(images: string[]): string[] {
  const files = images.map(fileFromUploadUrl);
  if (files.some((f) => f === null)) throw new ApiError(400, DIARY_MSG.imagesInvalid);
  return files as string[];
}

/** /api/diary: add, update, delete, list/{uid}, get/{diaryId}, comment/add, comments/{diaryId}, comment/delete. */
export async function diaryRoutes(app: FastifyInstance, { config, pool, signer, storage }: DiaryRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  const anyone = { preValidation: allowSignedOut(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.add }, async (request) => {
    // The rule checked the visibility is one of the four.
    const input = parseBody(AddDiarySchema, await withOwnerDefaultVisibility(pool, request.uid, request.body)) as AddDiaryInput;
    const files = filesOf(input.images);
    const uid = request.uid;
    // One writer's posts in turn: the limit and the repeated text cannot be raced by parallel calls.
    const added = await withPosterLock(pool, uid, async (db) => {
      if (await wroteSameDiary(db, uid, input.title, input.content, DUPLICATE_WINDOW_SECONDS)) throw new ApiError(409, DUPLICATE_TEXT);
      if (!(await tryLoggedSlot(db, uid, 'diary', config.diariesPerWindow, config.postLimits.windowMinutes))) throw new ApiError(429, DIARY_MSG.tooFast);
      const entry = await insertDiary(db, { uid, title: input.title, content: input.content, visibility: input.visibility });
      if (files.length > 0 && (await setDiaryUploads(db, entry.diaryId, uid, files)).attached !== files.length) {
        throw new ApiError(400, DIARY_MSG.imagesInvalid);
      }
      // A first entry earns 才艺勋章, stored with the post (the medal's rules: features/medal).
      await awardMedals(db, uid);
      return entry;
    });
    return ok<DiaryAdded>(DIARY_MSG.added, added);
  });

  app.patch('/update', { ...auth, schema: SCHEMA.update }, async (request) => {
    const input = parseBody(UpdateDiarySchema, await withOwnerDefaultVisibility(pool, request.uid, request.body)) as UpdateDiaryInput;
    const files = filesOf(input.images);
    const uid = request.uid;
    const gone = await withPosterLock(pool, uid, async (db) => {
      const key = await findDiaryKey(db, input.diaryId, true);
      // Another's entry answers like a missing one: editing reveals nothing either.
      if (!key || key.uid !== uid) throw new ApiError(404, DIARY_MSG.notFound);
      await updateDiary(db, key.diary_id, { title: input.title, content: input.content, visibility: input.visibility });
      const set = await setDiaryUploads(db, key.diary_id, uid, files);
      if (set.attached !== files.length) throw new ApiError(400, DIARY_MSG.imagesInvalid);
      return set.gone;
    });
    await removeFiles(storage, gone).catch((err: unknown) => request.log.warn({ err, files: gone }, 'removing diary pictures failed'));
    const entry = await findDiary(pool, input.diaryId, uid);
    if (!entry) throw new ApiError(404, DIARY_MSG.notFound); // deleted or removed in the meantime
    return ok(DIARY_MSG.updated, entry);
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.delete }, async (request) => {
    const { diaryId } = readInput(DiaryIdInput, request.query);
    const files = await withTransaction(pool, async (db) => {
      const key = await findDiaryKey(db, diaryId, true);
      if (!key || key.uid !== request.uid) throw new ApiError(404, DIARY_MSG.notFound);
      return deleteDiary(db, key.diary_id);
    });
    // The rows are gone for good: now the files.
    await removeFiles(storage, files).catch((err: unknown) => request.log.warn({ err, files }, 'removing diary pictures failed'));
    return ok(DIARY_MSG.deleted);
  });

  app.get('/list/:uid', { ...anyone, schema: SCHEMA.list }, async (request) => {
    const { uid } = readInput(DiaryOwnerInput, request.params);
    const { pageNum, pageSize } = readInput(DiaryListQuery, request.query);
    const found = await diaryPage(pool, uid, request.uid, pageSize, (pageNum - 1) * pageSize);
    if (!found) throw new ApiError(404, DIARY_MSG.userNotFound);
    return ok('获取成功', page(found.records, found.total, pageNum, pageSize));
  });

  app.get('/get/:diaryId', { ...anyone, schema: SCHEMA.get }, async (request) => {
    const { diaryId } = readInput(DiaryIdInput, request.params);
    const entry = await findDiary(pool, diaryId, request.uid);
    if (!entry) throw new ApiError(404, DIARY_MSG.notFound);
    return ok('获取成功', entry);
  });

  app.post('/comment/add', { ...auth, schema: SCHEMA.commentAdd }, async (request) => {
    const input = parseBody(AddDiaryCommentSchema, request.body);
    const uid = request.uid;
    const comment = await withPosterLock(pool, uid, async (db) => {
      // Counted first, the entry's row locked: any refusal below rolls the count back. An entry
      // the caller may not see answers like a missing one; a blocked caller is told only what
      // anyone the owner does not allow is told.
      const counted = await countDiaryComment(db, input.diaryId, uid);
      if (counted === null) throw new ApiError(404, DIARY_MSG.notFound);
      if (!counted.allowed) throw new ApiError(403, BLOCK_MSG.notAllowed);
      if (input.replyCommentId > 0) {
        // A reply answers a comment of the same entry, and names that comment's author.
        const author = await diaryCommentAuthorIn(db, input.replyCommentId, input.diaryId);
        if (author === null || author !== input.replyUid) throw new ApiError(400, DIARY_MSG.replyInvalid);
      }
      await takePostSlot(db, uid, 'comment', config.postLimits);
      const fields = { diaryId: input.diaryId, uid, content: input.content, replyCommentId: input.replyCommentId || null, replyUid: input.replyUid || null };
      return addCountedDiaryComment(db, fields, counted.ownerUid);
    });
    return ok<DiaryComment>(DIARY_MSG.commented, comment);
  });

  app.get('/comments/:diaryId', { ...anyone, schema: SCHEMA.comments }, async (request) => {
    const { diaryId } = readInput(DiaryIdInput, request.params);
    const { pageNum, pageSize } = readInput(DiaryCommentsQuery, request.query);
    if (!(await diaryVisible(pool, diaryId, request.uid))) throw new ApiError(404, DIARY_MSG.notFound);
    const found = await diaryCommentPage(pool, diaryId, request.uid, pageSize, (pageNum - 1) * pageSize);
    return ok('获取成功', page(found.records, found.total, pageNum, pageSize));
  });

  app.delete('/comment/delete', { ...auth, schema: SCHEMA.commentDelete }, async (request) => {
    const { commentId } = readInput(DiaryCommentIdInput, request.query);
    await withTransaction(pool, async (db) => {
      const key = await findDiaryCommentKey(db, commentId);
      if (!key) throw new ApiError(404, DIARY_MSG.commentNotFound);
      // The comment's author, or the owner of the entry it is under.
      if (key.uid !== request.uid && key.ownerUid !== request.uid) throw new ApiError(403, DIARY_MSG.forbidden);
      await deleteDiaryComment(db, key);
    });
    return ok(DIARY_MSG.deleted);
  });
}
