/** The /api/yy calls of docs/api.md: lists, posting (with pictures), reposting, deleting, uploading. */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CreateYyBodySchema, idInput, pageQuery } from '@xiaoba/shared/api-schemas';
import { BLOCK_MSG, CreateYySchema, YY_PAGE_SIZE, type Page, type Yy } from '@xiaoba/shared/core';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool } from '../../data/pool';
import { allAllow } from '../../data/privacy';
import { DUPLICATE_TEXT, DUPLICATE_WINDOW_SECONDS, withPosterLock } from '../../data/post-limit';
import { awardMedals } from '../medal';
import { takePostSlot } from '../../api/http/posting-limits';
import { claimUploads, deleteYy, findYy, findYyKey, followPage, insertYy, postedSameText, yyPage } from './queries';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { FAILURE, pageOf, routeSchema, typed } from '../../api/http/openapi';
import { DISK_FULL_MSG } from '../../uploads/disk-room';
import { processImage, UPLOAD_MSG } from '../../uploads/images';
import { MULTIPART_OPTIONS, readUploadedFile } from '../../uploads/multipart';
import { assertStorageRoom } from '../../uploads/quota';
import { fileFromUploadUrl, removeFiles, storeUserUpload } from '../../uploads/store';
import type { UploadStorage } from '../../uploads/storage';

export interface YyRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
  storage: UploadStorage;
}

export const YY_MSG = {
  userNotFound: '用户不存在',
  yyNotFound: 'yy不存在',
  sourceNotFound: '原yy不存在',
  imagesInvalid: '图片无效，请重新上传',
  forbidden: '没有权限删除',
  posted: '发布成功',
  reposted: '转发成功',
  deleted: '删除成功！',
  uploaded: '上传成功',
} as const;

/** The query and path values of the routes below, declared once: the route's schema and what its handler reads. */
const PAGE = pageQuery(YY_PAGE_SIZE);
const AUTHOR = idInput('uid', YY_MSG.userNotFound, 'the author');
const YY_ID = idInput('weiboId', YY_MSG.yyNotFound, 'the yy');

const tags: ['yy'] = ['yy'];
const SCHEMA = {
  getUseryy: routeSchema({
    summary: "A user's yy, newest first",
    tags,
    auth: true,
    params: AUTHOR,
    querystring: PAGE,
    data: pageOf('Yy'),
  }),
  getyy: routeSchema({ summary: "The whole site's yy, newest first", tags, auth: true, querystring: PAGE, data: pageOf('Yy') }),
  getfollowyy: routeSchema({
    summary: "The yy of the people the caller follows and the caller's own, newest first (total: see docs/api.md)",
    tags,
    auth: true,
    querystring: PAGE,
    data: pageOf('Yy'),
  }),
  createyy: routeSchema({
    summary: 'Post a yy, or repost one (transpondId)',
    tags,
    auth: true,
    body: CreateYyBodySchema,
    data: typed('Yy'),
  }),
  deleteyy: routeSchema({
    summary: "Delete one's own yy (its comments and pictures go with it)",
    tags,
    auth: true,
    querystring: YY_ID,
  }),
  upload: routeSchema({
    summary: 'Upload a picture for a yy (JPG, PNG, GIF or WebP, at most 5 MB; stored as WebP)',
    tags,
    auth: true,
    multipartFile: 'the picture, recognised by its content',
    responses: { 507: { ...FAILURE, description: `The server's disk is below DISK_FREE_FLOOR_MB: ${DISK_FULL_MSG}` } },
    data: typed('UploadData'),
  }),
};

function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, pages: Math.ceil(total / size), current, size };
}

export async function yyRoutes(app: FastifyInstance, { config, pool, signer, storage }: YyRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  const { postLimits } = config;

  /**
   * A page of yy with its total as `viewer` sees it, one query (features/yy/queries.ts yyPage); null when `uid`
   * names no user.
   */
  async function readPage(uid: number | null, pageNum: number, pageSize: number, viewer: number): Promise<Page<Yy> | null> {
    const found = await yyPage(pool, uid, pageSize, (pageNum - 1) * pageSize, viewer);
    return found && page(found.records, found.total, pageNum, pageSize);
  }

  app.get('/getUseryy/:uid', { ...auth, schema: SCHEMA.getUseryy }, async (request) => {
    const { uid } = readInput(AUTHOR, request.params);
    const { pageNum, pageSize } = readInput(PAGE, request.query);
    const found = await readPage(uid, pageNum, pageSize, request.uid);
    if (found === null) throw new ApiError(404, YY_MSG.userNotFound);
    return ok('获取成功', found);
  });

  app.get('/getyy', { ...auth, schema: SCHEMA.getyy }, async (request) => {
    const { pageNum, pageSize } = readInput(PAGE, request.query);
    return ok('获取成功', await readPage(null, pageNum, pageSize, request.uid));
  });

  app.get('/getfollowyy', { ...auth, schema: SCHEMA.getfollowyy }, async (request) => {
    const { pageNum, pageSize } = readInput(PAGE, request.query);
    const found = await followPage(pool, request.uid, pageSize, (pageNum - 1) * pageSize);
    return ok('获取成功', page(found.records, found.total, pageNum, pageSize));
  });

  app.post('/createyy', { ...auth, schema: SCHEMA.createyy }, async (request) => {
    const input = parseBody(CreateYySchema, request.body);
    const files = input.images.map(fileFromUploadUrl);
    if (files.some((f) => f === null)) throw new ApiError(400, YY_MSG.imagesInvalid);
    const uid = request.uid;
    const { yyId, repost } = await withPosterLock(pool, uid, async (db) => {
      // The yy this one reposts, if any.
      let sourceId: number | null = null;
      if (input.transpondId > 0) {
        // Reposting a repost reposts its original (the root), so a chain never forms.
        const target = await findYyKey(db, input.transpondId);
        const root = target?.transpond_id ? await findYyKey(db, target.transpond_id) : target;
        if (!root) throw new ApiError(404, YY_MSG.sourceNotFound);
        // Both the original's author and the repost's own must let the caller repost (their
        // `repost` setting, and no block: the same 403 either way).
        if (!(await allAllow(db, 'repost', [root.uid, target!.uid], uid))) throw new ApiError(403, BLOCK_MSG.notAllowed);
        sourceId = root.weibo_id;
      } else if (input.content !== '' && (await postedSameText(db, uid, input.content, DUPLICATE_WINDOW_SECONDS))) {
        throw new ApiError(409, DUPLICATE_TEXT);
      }
      await takePostSlot(db, uid, 'yy', postLimits);
      const id = await insertYy(db, { uid, content: input.content, transpondId: sourceId });
      if (files.length > 0 && (await claimUploads(db, id, uid, files as string[])) !== files.length) {
        throw new ApiError(400, YY_MSG.imagesInvalid);
      }
      // A first yy earns 新手勋章, stored with the post (the medal's rules: features/medal).
      await awardMedals(db, uid);
      return { yyId: id, repost: sourceId !== null };
    });
    const yy = await findYy(pool, yyId, uid);
    if (!yy) throw new ApiError(404, YY_MSG.yyNotFound); // deleted in the meantime
    return ok(repost ? YY_MSG.reposted : YY_MSG.posted, yy);
  });

  app.delete('/deleteyy', { ...auth, schema: SCHEMA.deleteyy }, async (request) => {
    const { weiboId: yyId } = readInput(YY_ID, request.query);
    const files = await withTransaction(pool, async (db) => {
      const key = await findYyKey(db, yyId, true);
      if (!key) throw new ApiError(404, YY_MSG.yyNotFound);
      if (key.uid !== request.uid) throw new ApiError(403, YY_MSG.forbidden);
      return deleteYy(db, key);
    });
    // The rows are gone for good: now the files.
    await removeFiles(storage, files).catch((err: unknown) => request.log.warn({ err, files }, 'removing yy pictures failed'));
    return ok(YY_MSG.deleted);
  });

  // Multipart is parsed for this route only; every other route keeps the JSON-only, 16 KiB rule.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, MULTIPART_OPTIONS);

    scope.post('/upload', { ...auth, schema: SCHEMA.upload }, async (request) => {
      if (!request.isMultipart()) throw new ApiError(400, UPLOAD_MSG.noFile);
      const uid = request.uid;
      // Counted before the file is read, so a flood of refused files is limited as well.
      await withPosterLock(pool, uid, async (db) => {
        await takePostSlot(db, uid, 'upload', postLimits);
        // A user already at the quota is refused before the file is read; storeUserUpload checks again.
        await assertStorageRoom(db, config.storage, uid, 1);
      });
      const image = await processImage(await readUploadedFile(request));
      return ok(YY_MSG.uploaded, await storeUserUpload(pool, storage, config, uid, image));
    });
  });
}
