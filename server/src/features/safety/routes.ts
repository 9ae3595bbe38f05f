/**
 * Block and privacy (docs/api.md "Safety" → "Block and privacy"): the caller's
 * block list (/api/block/*) and privacy settings (/api/user/privacy). What they change is enforced
 * by the write routes themselves (features/comments, yy, board and follows: one rule,
 * data/privacy.ts mayWriteSql), by getuserinfo, visitor/get, follow/list and search/user.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { BAD_REQUEST, BLOCK_MSG, BLOCKS_MAX, PRIVACY_MSG, SCRIP_WHO, type BlockedUser, type Page, type PrivacySettings } from '@xiaoba/shared/core';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { findPrivacy, updatePrivacy } from '../../data/privacy';
import { addBlock, blockPage, removeBlock } from './queries';
import { parseBody } from '../../api/http/body';
import { ApiError, MSG, ok } from '../../api/http/errors';
import { pageQuery, PRIVACY_ERROR, WHO_MAY_WRITE, PrivacyChangeBodySchema, UidBodySchema } from '@xiaoba/shared/api-schemas';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';

export interface SafetyRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
}

/** The block list's default page size (capped at 50 like every list). */
export const BLOCK_PAGE_SIZE = 20;

export { PRIVACY_ERROR };

const isId = (n: number) => Number.isSafeInteger(n) && n > 0;
/** `{uid}` of block/add and block/remove: a missing or malformed uid names nobody. */
const BlockBodySchema = v.pipe(
  v.object({ uid: v.optional(v.number(BAD_REQUEST), 0) }),
  v.check((i) => isId(i.uid), BLOCK_MSG.userNotFound),
);

/** Any subset of the settings; a field sent must hold an allowed value, and no other field may be sent. */
const PrivacyChangeSchema = v.strictObject(
  {
    comment: v.optional(v.picklist(WHO_MAY_WRITE, PRIVACY_ERROR.comment)),
    board: v.optional(v.picklist(WHO_MAY_WRITE, PRIVACY_ERROR.board)),
    follow: v.optional(v.picklist(WHO_MAY_WRITE, PRIVACY_ERROR.follow)),
    repost: v.optional(v.picklist(WHO_MAY_WRITE, PRIVACY_ERROR.repost)),
    showVisitors: v.optional(v.boolean(PRIVACY_ERROR.showVisitors)),
    showBirthday: v.optional(v.boolean(PRIVACY_ERROR.showBirthday)),
    findable: v.optional(v.boolean(PRIVACY_ERROR.findable)),
    showFollows: v.optional(v.boolean(PRIVACY_ERROR.showFollows)),
    showLastLogin: v.optional(v.boolean(PRIVACY_ERROR.showLastLogin)),
    scrip: v.optional(v.picklist(SCRIP_WHO, PRIVACY_ERROR.scrip)),
  },
  BAD_REQUEST,
);

const PRIVACY_TYPE = typed('PrivacySettings');
const uidBody = (what: string) => v.pipe(UidBodySchema, v.description(`{uid}: the user ${what} (a positive integer; else 400 ${BLOCK_MSG.userNotFound})`));

/** `?pageNum=&pageSize=` of the block list: its schema and what its handler reads. */
const BLOCK_PAGE = pageQuery(BLOCK_PAGE_SIZE);

const SCHEMA = {
  add: routeSchema({
    summary: `Block a user: they can no longer comment on or repost my yy, follow me, nor write on my board (twice: no change); at most ${BLOCKS_MAX} (409 ${BLOCK_MSG.full})`,
    tags: ['block'],
    auth: true,
    body: uidBody('to block'),
  }),
  remove: routeSchema({ summary: 'Unblock a user (not blocked: no change)', tags: ['block'], auth: true, body: uidBody('to unblock') }),
  list: routeSchema({
    summary: 'The users the caller blocked, newest block first',
    tags: ['block'],
    auth: true,
    querystring: BLOCK_PAGE,
    data: pageOf('BlockedUser'),
  }),
  getPrivacy: routeSchema({ summary: "The caller's privacy settings", tags: ['user'], auth: true, data: PRIVACY_TYPE }),
  setPrivacy: routeSchema({
    summary: "Change any of the caller's privacy settings; answers them all",
    tags: ['user'],
    auth: true,
    body: PrivacyChangeBodySchema,
    data: PRIVACY_TYPE,
  }),
};

/** The token's user no longer exists (deleted account): the session is over. */
const gone = () => new ApiError(401, MSG.sessionExpired, 'refresh');

/** /api/block: add, remove, list. */
export async function blockRoutes(app: FastifyInstance, { pool, signer }: SafetyRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.add }, async (request) => {
    const { uid } = parseBody(BlockBodySchema, request.body);
    if (uid === request.uid) throw new ApiError(400, BLOCK_MSG.self);
    const result = await addBlock(pool, request.uid, uid);
    if (result === 'noCaller') throw gone();
    if (result === 'noUser') throw new ApiError(404, BLOCK_MSG.userNotFound);
    if (result === 'full') throw new ApiError(409, BLOCK_MSG.full);
    return ok(BLOCK_MSG.blocked);
  });

  app.post('/remove', { ...auth, schema: SCHEMA.remove }, async (request) => {
    const { uid } = parseBody(BlockBodySchema, request.body);
    if (uid === request.uid) throw new ApiError(400, BLOCK_MSG.self);
    if (!(await removeBlock(pool, request.uid, uid))) throw new ApiError(404, BLOCK_MSG.userNotFound);
    return ok(BLOCK_MSG.unblocked);
  });

  app.get('/list', { ...auth, schema: SCHEMA.list }, async (request) => {
    const { pageNum, pageSize } = readInput(BLOCK_PAGE, request.query);
    const { total, records } = await blockPage(pool, request.uid, pageSize, (pageNum - 1) * pageSize);
    const page: Page<BlockedUser> = { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });
}

/**
 * /api/user/privacy: GET and POST (registered with the /user prefix beside
 * features/accounts/routes.ts).
 */
export async function privacyRoutes(app: FastifyInstance, { pool, signer }: SafetyRoutesOptions): Promise<void> {
  const auth = { preValidation: requireUser(signer) };

  app.get('/privacy', { ...auth, schema: SCHEMA.getPrivacy }, async (request) => {
    const settings = await findPrivacy(pool, request.uid);
    if (!settings) throw gone();
    return ok<PrivacySettings>('获取成功', settings);
  });

  app.post('/privacy', { ...auth, schema: SCHEMA.setPrivacy }, async (request) => {
    const change = parseBody(PrivacyChangeSchema, request.body ?? {});
    const settings = await updatePrivacy(pool, request.uid, change);
    if (!settings) throw gone();
    return ok<PrivacySettings>(PRIVACY_MSG.saved, settings);
  });
}
