/** GET /api/yy/hottopics of docs/api.md ("Spaces"): the hot-topic list of the right panel. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import type { Pool } from '../../data/pool';
import { computeHotTopics, HotTopicsCache, HOT_TOPICS_TTL_MS } from './queries';
import { ok } from '../../api/http/errors';
import { routeSchema, typed } from '../../api/http/openapi';

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
