/**
 * 小纸条 (docs/api.md "小纸条"): private notes between two users, a conversation per pair.
 * /api/scrip/send, /threads, /thread/{uid}, /delete and /thread (DELETE), and the header's count
 * /api/count/getscrip (registered with the /count prefix beside features/notices/routes.ts).
 *
 * Who may write to whom is one SQL function (scrip_allows), read in the send's transaction and by
 * every answer that says whether the caller may write (a conversation page here, `mayScrip` of
 * getuserinfo). A frozen user reads and deletes (api/http/sanctions.ts FROZEN_OPEN) but does not
 * send; in archive mode the mutating routes are closed and reading a conversation writes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { SCRIP_MSG, SendScripSchema, type ScripCount, type ScripThread, type ScripThreadPage, type Page, type ScripSent } from '@xiaoba/shared/core';
import { ScripIdInput, ScripPageQuery, ScripThreadsQuery, ScripWithInput, SendScripBodySchema } from '@xiaoba/shared/api-schemas';
import type { Config } from '../../config';
import { requireUser } from '../../api/auth/guard';
import type { TokenSigner } from '../../api/auth/tokens';
import { withTransaction, type Pool } from '../../data/pool';
import { DUPLICATE_TEXT, DUPLICATE_WINDOW_SECONDS, tryLoggedSlot, withPosterLock } from '../../data/post-limit';
import { parseBody } from '../../api/http/body';
import { ApiError, ok } from '../../api/http/errors';
import { readInput } from '../../api/http/route-input';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';
import { clearThread, hideScrip, insertScrip, markThreadRead, scripAllows, sentSameScrip, threadList, threadPage, unreadScrips } from './queries';

export interface ScripRoutesOptions {
  config: Pick<Config, 'archiveMode' | 'scripsPerWindow' | 'postLimits'>;
  pool: Pool;
  signer: TokenSigner;
}

const tags: ['scrip'] = ['scrip'];
const SCHEMA = {
  send: routeSchema({
    summary: 'Send a 小纸条 to a user who accepts notes from the caller',
    description:
      "403 when the reader's setting (privacy `scrip`), an adult writing to a minor without mutual follows, or a block either way refuses: " +
      'the same answer for each. 409 for the same text to the same user within 60 s; 429 past LIMIT_SCRIPS notes within LIMIT_WINDOW_MINUTES.',
    tags,
    auth: true,
    body: SendScripBodySchema,
    data: typed('ScripSent'),
  }),
  threads: routeSchema({
    summary: "The caller's conversations, the newest note first: the other user, the last note, the unread count",
    tags,
    auth: true,
    querystring: ScripThreadsQuery,
    data: pageOf('ScripThread'),
  }),
  thread: routeSchema({
    summary: 'A page of the conversation with a user, newest first (page 1 the newest notes); reading it marks its notes read for the caller',
    description: 'With the other user and whether the caller may write to them now (mayScrip). In archive mode nothing is marked read.',
    tags,
    auth: true,
    params: ScripWithInput,
    querystring: ScripPageQuery,
    data: typed('ScripThreadPage'),
  }),
  delete: routeSchema({
    summary: 'Delete one note for the caller only (the other user still sees it)',
    tags,
    auth: true,
    querystring: ScripIdInput,
  }),
  deleteThread: routeSchema({
    summary: 'Delete the whole conversation with a user for the caller only; a new note starts it again',
    tags,
    auth: true,
    querystring: ScripWithInput,
  }),
  getscrip: routeSchema({ summary: "The caller's unread 小纸条", tags: ['count'], auth: true, data: typed('ScripCount') }),
};

/** /api/scrip: send, threads, thread/{uid}, delete, thread (DELETE). */
export async function scripRoutes(app: FastifyInstance, { config, pool, signer }: ScripRoutesOptions): Promise<void> {
  // Before the schema check: a caller without a token learns nothing about the input rules.
  const auth = { preValidation: requireUser(signer) };

  app.post('/send', { ...auth, schema: SCHEMA.send }, async (request) => {
    const input = parseBody(SendScripSchema, request.body);
    const uid = request.uid;
    if (input.toUid === uid) throw new ApiError(400, SCRIP_MSG.self);
    // One writer's notes in turn: the limit and the repeated text cannot be raced by parallel calls.
    const sent = await withPosterLock(pool, uid, async (db) => {
      const allowed = await scripAllows(db, uid, input.toUid);
      if (allowed === null) throw new ApiError(404, SCRIP_MSG.userNotFound);
      // A closed inbox, an adult and a minor who do not follow each other, a block either way: one answer.
      if (!allowed) throw new ApiError(403, SCRIP_MSG.notAllowed);
      if (await sentSameScrip(db, uid, input.toUid, input.content, DUPLICATE_WINDOW_SECONDS)) throw new ApiError(409, DUPLICATE_TEXT);
      if (!(await tryLoggedSlot(db, uid, 'scrip', config.scripsPerWindow, config.postLimits.windowMinutes))) throw new ApiError(429, SCRIP_MSG.tooFast);
      return insertScrip(db, uid, input.toUid, input.content);
    });
    return ok<ScripSent>(SCRIP_MSG.sent, sent);
  });

  app.get('/threads', { ...auth, schema: SCHEMA.threads }, async (request) => {
    const { pageNum, pageSize } = readInput(ScripThreadsQuery, request.query);
    const { total, records } = await threadList(pool, request.uid, pageSize, (pageNum - 1) * pageSize);
    const page: Page<ScripThread> = { records, total, pages: Math.ceil(total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', page);
  });

  app.get('/thread/:uid', { ...auth, schema: SCHEMA.thread }, async (request) => {
    const { uid: other } = readInput(ScripWithInput, request.params);
    const { pageNum, pageSize } = readInput(ScripPageQuery, request.query);
    if (other === request.uid) throw new ApiError(400, SCRIP_MSG.self);
    const read = await threadPage(pool, request.uid, other, pageSize, (pageNum - 1) * pageSize);
    if (!read) throw new ApiError(404, SCRIP_MSG.userNotFound);
    // Opening the conversation reads all of it, up to the newest note this read saw. An archive writes nothing.
    if (!config.archiveMode && read.lastIn > read.readThrough) await markThreadRead(pool, request.uid, other, read.lastIn);
    const { page } = read;
    const answer: ScripThreadPage = { ...page, pages: Math.ceil(page.total / pageSize), current: pageNum, size: pageSize };
    return ok('获取成功', answer);
  });

  app.delete('/delete', { ...auth, schema: SCHEMA.delete }, async (request) => {
    const { scripId } = readInput(ScripIdInput, request.query);
    const hidden = await withTransaction(pool, (db) => hideScrip(db, request.uid, scripId));
    // Another's note, one removed or already deleted: not found, whoever asks.
    if (!hidden) throw new ApiError(404, SCRIP_MSG.notFound);
    return ok(SCRIP_MSG.deleted);
  });

  app.delete('/thread', { ...auth, schema: SCHEMA.deleteThread }, async (request) => {
    const { uid: other } = readInput(ScripWithInput, request.query);
    if (!(await clearThread(pool, request.uid, other))) throw new ApiError(404, SCRIP_MSG.notFound);
    return ok(SCRIP_MSG.threadDeleted);
  });
}

/** /api/count/getscrip: always the caller's own count (there is no uid parameter). */
export async function scripCountRoutes(app: FastifyInstance, { pool, signer }: Omit<ScripRoutesOptions, 'config'>): Promise<void> {
  const auth = { preValidation: requireUser(signer) };
  app.get('/getscrip', { ...auth, schema: SCHEMA.getscrip }, async (request) => ok<ScripCount>('获取成功', { count: await unreadScrips(pool, request.uid) }));
}
