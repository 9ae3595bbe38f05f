/**
 * The space calls of docs/api.md ("Spaces") that no other slice owns: a space's owner record
 * (GET /api/user/getuserinfo/{id}, which records a visit), the caller's own board count
 * (GET /api/user/getleaves) and the hot-topic list of the right panel (GET /api/yy/hottopics).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { idInput } from '@xiaoba/shared/api-schemas';
import type { SpaceUser } from '@xiaoba/shared/core';
import { sessionGone } from '../../api/auth/cookies';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Config } from '../../config';
import type { Pool } from '../../data/pool';
import { findUserByUid, toSpaceUser } from '../accounts';
import { boardLeaveCount } from '../board';
import { visitSpace } from '../visitors';
import { computeHotTopics, HotTopicsCache, HOT_TOPICS_TTL_MS } from './queries';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { routeSchema, typed } from '../../api/http/openapi';

export interface SpaceRoutesOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
}

const USER_NOT_FOUND = '用户不存在';
/** `{id}` of a space's path: its schema and what its handler reads. */
const SPACE_OWNER = idInput('id', USER_NOT_FOUND, 'the user');
const tags: ['user'] = ['user'];
const SCHEMA = {
  getuserinfo: routeSchema({
    summary: "A user's space data (records a visit to another's space)",
    tags,
    auth: true,
    params: SPACE_OWNER,
    data: typed('SpaceUser'),
  }),
  getleaves: routeSchema({ summary: "The number of messages on the caller's own board", tags, auth: true, data: { type: 'integer' } }),
};

/**
 * GET /api/user/getuserinfo/{id} and /getleaves, registered with the /user prefix between
 * features/accounts's sessionRoutes and userRoutes (the OpenAPI document's order of /api/user).
 */
export async function spaceRoutes(app: FastifyInstance, { config, pool, signer }: SpaceRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  const expired = (reply: FastifyReply): ApiError => sessionGone(reply, config.cookieSecure);

  app.get('/getuserinfo/:id', { ...auth, schema: SCHEMA.getuserinfo }, async (request) => {
    const { id: uid } = readInput(SPACE_OWNER, request.params);
    const user = await findUserByUid(pool, uid);
    if (!user) throw new ApiError(404, USER_NOT_FOUND);
    const space = toSpaceUser(user);
    if (uid === request.uid) return ok('获取成功', space);
    // The space page calls this: a signed-in user opening another's space is a visit (once a UTC
    // day per visitor and space; later ones move its time), not recorded when the owner blocked
    // them; read with it, what the owner allows them (docs/api.md "Safety"). A failure of the visit
    // must not cost the page (e.g. the visitor's account is gone): logged, and the access read
    // alone. An archive records nothing.
    const record = !config.archiveMode;
    const access = await visitSpace(pool, uid, request.uid, record).catch(async (err: unknown) => {
      if (!record) throw err;
      request.log.warn({ err }, 'recording a visit failed');
      return visitSpace(pool, uid, request.uid, false);
    });
    if (!access) throw new ApiError(404, USER_NOT_FOUND); // deleted in the meantime
    const { lastTime, ...shown } = space;
    return ok<SpaceUser>('获取成功', {
      ...shown,
      birthday: access.showBirthday ? space.birthday : '',
      // Hidden: no field at all (the page shows 未知, as for a user who never logged in).
      ...(access.showLastLogin ? { lastTime } : {}),
      blocked: access.blockedByViewer,
      following: access.following,
      mayComment: access.mayComment,
      mayLeave: access.mayLeave,
      mayFollow: access.mayFollow,
      mayRepost: access.mayRepost,
      mayScrip: access.mayScrip,
    });
  });

  /** Own board's message count. */
  app.get('/getleaves', { ...auth, schema: SCHEMA.getleaves }, async (request, reply) => {
    const count = await boardLeaveCount(pool, request.uid, request.uid);
    if (count === null) throw expired(reply);
    return ok('获取成功', count);
  });
}

export interface TopicRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
  /** How long one computed list is served (tests shorten it). */
  ttlMs?: number;
}

export async function topicRoutes(app: FastifyInstance, { pool, signer, ttlMs = HOT_TOPICS_TTL_MS }: TopicRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };
  // One cache per app (per process): at most one computation a minute, whatever the traffic.
  const cache = new HotTopicsCache(() => computeHotTopics(pool), ttlMs);

  app.get(
    '/hottopics',
    {
      ...auth,
      schema: routeSchema({
        summary: 'The hot topics of the last 7 days (at most 10)',
        tags: ['yy'],
        auth: true,
        data: { type: 'array', items: typed('HotTopic') },
      }),
    },
    async () => ok('获取成功', await cache.get()),
  );
}
