/**
 * Follows and fans (docs/api.md "Follows"): follow and unfollow
 * (/api/follow/add, /remove), a user's lists (/api/follow/list/{uid}), and the "X 关注了你"
 * notices (/api/count/getfans, /clearfans, registered with the /count prefix beside
 * features/notices/routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { BAD_REQUEST, BLOCK_MSG, FOLLOW_MSG, type FanNotices, type FollowUser, type Page } from '@xiaoba/shared/core';
import { ClearFansBodySchema, idInput, pagedQuery, UidBodySchema } from '@xiaoba/shared/api-schemas';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Config } from '../../config';
import { addFollow, clearFanNotices, fanNotices, followPage, removeFollow } from './queries';
import { withTransaction, type Pool, type Queryable } from '../../data/pool';
import { withPosterLock } from '../../data/post-limit';
import { awardMedalsOf } from '../medal';
import { parseBody, parseUpTo } from '../../api/http/body';
import { ApiError, MSG, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';

export interface FollowRoutesOptions {
  config: Pick<Config, 'followsPerHour'>;
  pool: Pool;
  signer: TokenSigner;
}

/** A follow list's default page size (capped at 50 like every list). */
export const FOLLOW_PAGE_SIZE = 20;

export const FOLLOW_ERROR = { kind: '列表类型只能是关注（follows）或粉丝（fans）' } as const;

const isId = (n: number) => Number.isSafeInteger(n) && n > 0;
/** `{uid}` of follow/add and follow/remove: a missing or malformed uid names nobody. */
const FollowBodySchema = v.pipe(
  v.object({ uid: v.optional(v.number(BAD_REQUEST), 0) }),
  v.check((i) => isId(i.uid), FOLLOW_MSG.userNotFound),
);

const uidBody = (what: string) =>
  v.pipe(UidBodySchema, v.description(`FollowBody {uid}: the user ${what} (a positive integer; else 400 ${FOLLOW_MSG.userNotFound})`));
/** The body is optional: none, or null, clears all. */
const CLEAR_FANS_BODY = v.nullable(ClearFansBodySchema);
/** `{uid}` and `?kind=&pageNum=&pageSize=` of a follow list: its schema and what its handler reads. */
const LIST_OWNER = idInput('uid', FOLLOW_MSG.userNotFound, 'the user whose list');
const LIST_QUERY = pagedQuery(FOLLOW_PAGE_SIZE, {
  kind: v.pipe(v.picklist(['follows', 'fans'], FOLLOW_ERROR.kind), v.description('follows or fans'), v.metadata({ 'x-msg': FOLLOW_ERROR.kind })),
});

const SCHEMA = {
  add: routeSchema({
    summary:
      'Follow a user (twice: no change); refused (403) when their follow setting or a block does not let the caller, and past LIMIT_FOLLOWS new follows an hour',
    tags: ['follow'],
    auth: true,
    body: uidBody('to follow'),
  }),
  remove: routeSchema({ summary: 'Unfollow a user (not followed: no change)', tags: ['follow'], auth: true, body: uidBody('to unfollow') }),
  list: routeSchema({
    summary: "Whom a user follows (kind=follows) or who follows them (kind=fans), newest first; someone else's hidden lists answer 403",
    tags: ['follow'],
    auth: true,
    params: LIST_OWNER,
    querystring: LIST_QUERY,
    data: pageOf('FollowUser'),
  }),
  getfans: routeSchema({
    summary: 'The caller\'s "X 关注了你" notices: the unread count and the 20 newest (current follows only)',
    tags: ['count'],
    auth: true,
    data: typed('FanNotices'),
  }),
  clearfans: routeSchema({
    summary: "Mark the caller's fan notices read, up to a ctime (no body: all)",
    tags: ['count'],
    auth: true,
    body: CLEAR_FANS_BODY,
    data: { type: 'object', properties: { count: { type: 'integer', description: 'still unread afterwards' } } },
  }),
};

/** The token's user no longer exists (deleted account): the session is over. */
const gone = () => new ApiError(401, MSG.sessionExpired, 'refresh');

/** /api/follow: add, remove, list/{uid}. */
export async function followRoutes(app: FastifyInstance, { config, pool, signer }: FollowRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/add', { ...auth, schema: SCHEMA.add }, async (request) => {
    const { uid } = parseBody(FollowBodySchema, request.body);
    if (uid === request.uid) throw new ApiError(400, FOLLOW_MSG.self);
    const perHour = config.followsPerHour;
    // Counting the hour's follows and adding one must not interleave with the same user's other follows.
    // A new follow may earn both users a medal (人气, 友谊): stored in its transaction.
    const follow = async (db: Queryable) => {
      const added = await addFollow(db, request.uid, uid, perHour);
      if (added === 'added') await awardMedalsOf(db, [request.uid, uid]);
      return added;
    };
    const result = perHour > 0 ? await withPosterLock(pool, request.uid, follow) : await withTransaction(pool, follow);
    if (result === 'noCaller') throw gone();
    if (result === 'noUser') throw new ApiError(404, FOLLOW_MSG.userNotFound);
    // Their `follow` setting or a block: the same 403, so a blocked caller is not told which.
    if (result === 'refused') throw new ApiError(403, BLOCK_MSG.notAllowed);
    if (result === 'tooFast') throw new ApiError(429, FOLLOW_MSG.tooFast);
    return ok(FOLLOW_MSG.followed);
  });

  app.post('/remove', { ...auth, schema: SCHEMA.remove }, async (request) => {
    const { uid } = parseBody(FollowBodySchema, request.body);
    if (uid === request.uid) throw new ApiError(400, FOLLOW_MSG.self);
    if (!(await removeFollow(pool, request.uid, uid))) throw new ApiError(404, FOLLOW_MSG.userNotFound);
    return ok(FOLLOW_MSG.unfollowed);
  });

  app.get('/list/:uid', { ...auth, schema: SCHEMA.list }, async (request) => {
    const { uid: owner } = readInput(LIST_OWNER, request.params);
    const { kind, pageNum, pageSize } = readInput(LIST_QUERY, request.query);
    const found = await followPage(pool, owner, request.uid, kind, pageSize, (pageNum - 1) * pageSize);
    if (!found) throw new ApiError(404, FOLLOW_MSG.userNotFound);
    if (found.hidden) throw new ApiError(403, FOLLOW_MSG.hidden);
    const page: Page<FollowUser> = { records: found.records, total: found.total, pages: Math.ceil(found.total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });
}

/** /api/count/getfans and /clearfans: always the caller's own notices (there is no uid parameter). */
export async function fanNoticeRoutes(app: FastifyInstance, { pool, signer }: Omit<FollowRoutesOptions, 'config'>): Promise<void> {
  const auth = { preValidation: requireUser(signer) };

  app.get('/getfans', { ...auth, schema: SCHEMA.getfans }, async (request) => ok<FanNotices>('获取成功', await fanNotices(pool, request.uid)));

  app.post('/clearfans', { ...auth, schema: SCHEMA.clearfans }, async (request) => {
    const upTo = parseUpTo(request.body);
    return ok('已清除', { count: await clearFanNotices(pool, request.uid, upTo) });
  });
}
