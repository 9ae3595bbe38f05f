/**
 * The moderators' routes (docs/api.md "Moderation"): the report queue, a user's record, the audit
 * log and the actions. Every one answers a caller who is not a moderator now (no token, a bad one,
 * a user) exactly like an unknown route, 404 接口不存在, before any input check. The role is read
 * from the database on each call, never taken from the token.
 *
 * A moderator cannot act against themself or another moderator (warn, freeze, ban, remove, lift):
 * the role is granted and taken by the operator (`npm run moderator`), and a moderator's misdeeds
 * are the operator's to judge. Dismiss and restore only undo, so they are open.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MOD_MSG, SCRIP_AROUND, type ModScripView, type ModUserPage, type Page, type ReportGroup } from '@xiaoba/shared/core';
import { bearerUid } from '../../api/auth/guard';
import { readStanding, type StandingCache } from '../../api/auth/standing';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool } from '../../data/pool';
import { parseBody } from '../../api/http/body';
import { ApiError, MSG, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { act } from './actions';
import { ModActionSchema, USER_PAGE_ITEMS } from './input';
import { MOD_PAGE, MOD_SCHEMA, MOD_SCRIP, MOD_USER } from './openapi';
import { appendLog } from './queries/actions';
import { logPage, moderatedUser, removedItemsOf, reportQueuePage, reportsAgainst, sanctionsOf } from './queries/pages';
import { reportedScripView } from '../scrip';

export { MOD_EXTRA_MSG, MOD_PAGE_SIZE, MOD_REASON_MAX, ModActionSchema } from './input';

export interface ModerationRoutesOptions {
  pool: Pool;
  signer: TokenSigner;
  standings: StandingCache;
}

export async function moderationRoutes(app: FastifyInstance, { pool, signer, standings }: ModerationRoutesOptions): Promise<void> {
  /** The moderator's uid, or the unknown route's 404 for anyone else: before auth, schema and body. */
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const uid = bearerUid(signer, request.headers.authorization);
    const standing = uid === null ? null : await readStanding(pool, uid);
    if (uid === null || standing?.role !== 'moderator' || standing.bannedAt > 0) throw new ApiError(404, MSG.notFound);
    request.uid = uid;
  });

  app.get('/reports', { schema: MOD_SCHEMA.reports }, async (request) => {
    const { pageNum, pageSize } = readInput(MOD_PAGE, request.query);
    const { total, groups } = await reportQueuePage(pool, pageSize, (pageNum - 1) * pageSize);
    const page: Page<ReportGroup> = { records: groups, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });

  app.get('/user/:uid', { schema: MOD_SCHEMA.user }, async (request) => {
    const { uid } = readInput(MOD_USER, request.params);
    const user = await moderatedUser(pool, uid);
    if (!user) throw new ApiError(404, MOD_MSG.notFound);
    const [reports, removed, sanctions] = await Promise.all([
      reportsAgainst(pool, uid, USER_PAGE_ITEMS),
      removedItemsOf(pool, uid, USER_PAGE_ITEMS),
      sanctionsOf(pool, uid),
    ]);
    const page: ModUserPage = { user, reports, removed, sanctions };
    return ok('获取成功', page);
  });

  app.get('/log', { schema: MOD_SCHEMA.log }, async (request) => {
    const { pageNum, pageSize } = readInput(MOD_PAGE, request.query);
    const { total, records } = await logPage(pool, pageSize, (pageNum - 1) * pageSize);
    return ok('获取成功', { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize });
  });

  // A reported 小纸条 in its conversation: read and recorded in the audit log in one transaction, so
  // no moderator reads a conversation without it being on the record.
  app.get('/scrip/:scripId', { schema: MOD_SCHEMA.scrip }, async (request) => {
    const { scripId } = readInput(MOD_SCRIP, request.params);
    const view = await withTransaction(pool, async (db): Promise<ModScripView> => {
      const found = await reportedScripView(db, scripId, SCRIP_AROUND);
      if (!found) throw new ApiError(404, MOD_MSG.notFound);
      await appendLog(db, { moderatorUid: request.uid, action: 'view', targetUid: found.from.uid, kind: 'scrip', itemId: scripId, reason: '' });
      return found;
    });
    return ok('获取成功', view);
  });

  app.post('/action', { schema: MOD_SCHEMA.action }, async (request) => {
    const input = parseBody(ModActionSchema, request.body);
    const touched = await withTransaction(pool, (db) => act(db, request.uid, input));
    // This process sees a new standing at once; the others within STANDING_CACHE_MS.
    if (touched !== null) standings.forget(touched);
    return ok(MOD_MSG.done);
  });
}
