/** The Fastify app: /api over PostgreSQL and the assembled site. Built by main.ts and by the tests. */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { purgeOldLoginFailures } from './features/accounts/login-limit';
import { purgeExpiredRefreshTokens } from './api/auth/refresh';
import { loadSigningKey, TokenSigner } from './api/auth/tokens';
import type { Config } from './config';
import type { Pool } from './data/pool';
import { frameworkErrors, installErrorHandlers } from './api/http/errors';
import { AJV_CUSTOM_OPTIONS, openApiRoutes, registerOpenApi } from './api/http/openapi';
import { purgeOldRateCounts, purgeOldRegistrations, RateLimiter, rateLimitHook } from './api/http/rate-limit';
import { cspReportRoutes, installSecurityHeaders } from './api/http/security';
import { purgeOldPostLog } from './data/post-limit';
import { purgeOldImportUsage } from './features/export/import';
import { avatarRoutes } from './features/accounts/avatar';
import { commentRoutes } from './features/comments/routes';
import { countRoutes } from './features/notices/routes';
import { fanNoticeRoutes, followRoutes } from './features/follows/routes';
import { searchRoutes } from './features/search/routes';
import { leaveReplyRoutes, leaveRoutes } from './features/board/routes';
import { blockRoutes, privacyRoutes } from './features/safety/routes';
import { spaceRoutes, topicRoutes } from './features/spaces/routes';
import { sessionRoutes, userRoutes } from './features/accounts/routes';
import { visitorRoutes } from './features/visitors/routes';
import { yyRoutes } from './features/yy/routes';
import { exportRoutes, importRoutes } from './features/export/routes';
import { purgeExportTickets } from './features/export/tickets';
import { installArchiveMode, siteInfoRoutes } from './api/http/archive';
import { StandingCache } from './api/auth/standing';
import { installSanctions } from './api/http/sanctions';
import { reportRoutes } from './features/safety/report';
import { systemNoticeRoutes } from './features/notices/system';
import { moderationRoutes } from './features/moderation/routes';
import { purgeUnusedUploads } from './uploads/store';
import { createStorage, type UploadStorage } from './uploads/storage';
import { siteRoutes } from './platform/site/static';
import { startServerRender } from './platform/site/server-render';
import { ManifestBuilder } from './platform/site/manifest';
import { modRemoteRoutes } from './features/moderation/remote';
import { DEFAULT_REGISTRY, RegistryFile } from './platform/deploy/registry';
import { existsSync } from 'node:fs';
import { deployRoutes } from './platform/deploy/routes';
import { RemoteVersions } from './platform/deploy/versions';
import { createLive, liveRoutes } from './features/live/routes';
import { scripCountRoutes, scripRoutes } from './features/scrip/routes';
import { diaryRoutes } from './features/diary/routes';
import { diarySearchRoutes } from './features/diary/search-routes';
import { medalRoutes } from './features/medal/routes';
import { albumRoutes } from './features/album/routes';
import { albumFileGate } from './features/album';

export interface AppOptions {
  config: Config;
  pool: Pool;
  /** The process's logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Where the pictures are; by default the driver `config` names (UPLOADS_DIR or S3_BUCKET). */
  storage?: UploadStorage;
}

// Every /api body is a small form; anything bigger is a mistake or an attack.
const API_BODY_LIMIT = 16 * 1024;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export async function buildApp({ config, pool, logger, storage = createStorage(config) }: AppOptions): Promise<FastifyInstance> {
  await storage.check();
  const app = Fastify({
    loggerInstance: logger ?? pino({ enabled: false }),
    // Only the nearest hop (the operator's proxy) is trusted: with `true` the client's own
    // X-Forwarded-For entries would choose the address every per-address limit counts.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: API_BODY_LIMIT,
    routerOptions: { ignoreDuplicateSlashes: true },
    // Route schemas only check (api/http/openapi.ts): no coercion, defaults or removed fields.
    ajv: { customOptions: AJV_CUSTOM_OPTIONS },
    // A URL that does not decode answers the envelope too (found by fuzz.test.ts).
    frameworkErrors,
  });

  // A POST without a body but with a JSON content type (some clients send one) is not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    // Fastify's own JSON parser is the callback form (its type also allows the promise form).
    // eslint-disable-next-line typescript/no-floating-promises
    jsonParser(request, body as string, done);
  });

  installErrorHandlers(app);
  // Before any route: in archive mode it closes every mutating /api route (and lists them).
  installArchiveMode(app, config.archiveMode);
  // Before any route: it collects them for /api/openapi.json.
  await registerOpenApi(app);
  installSecurityHeaders(app, { https: config.cookieSecure, remoteOverrides: config.deploy.overrides });
  await app.register(fastifyCookie);
  // Brotli 5: measured 5% smaller than gzip on our JS at ~2 ms per 60 KB (the plugin's 4 was larger).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // preCompressed: the builds write .br/.gz beside each text file (tools/precompress.mjs); such a
  // file goes out as it is (Content-Encoding set, so @fastify/compress leaves it alone).
  await app.register(fastifyStatic, { serve: false, root: config.siteDir, preCompressed: true });

  const signer = new TokenSigner(await loadSigningKey(pool, config.jwtSecret));
  // The registry of remotes (remotes.config.json): a missing or malformed file stops the start here.
  const registry = new RegistryFile(config.deploy.remotesFile, config.deploy.remotesFileSet ? undefined : DEFAULT_REGISTRY);
  await registry.load();
  if (!config.deploy.remotesFileSet && !existsSync(config.deploy.remotesFile)) {
    app.log.warn(
      { file: config.deploy.remotesFile },
      'no registry of remotes: using the built-in one (the four remotes); copy remotes.config.json beside the server or set REMOTES_FILE',
    );
  }
  const versions = new RemoteVersions(pool, storage, config.deploy.retainDays, app.log);
  const rateLimiter = new RateLimiter(pool, config.rateLimits, app.log);
  const standings = new StandingCache(pool);
  rateLimiter.start();
  app.decorate('rateLimiter', rateLimiter);
  app.addHook('onClose', () => rateLimiter.stop());
  // Live updates: the streams end before the server waits for its connections to close.
  const live = createLive({ pool, log: app.log, heartbeatMs: config.liveHeartbeatMs, archive: config.archiveMode });
  app.addHook('preClose', () => live.close());
  await app.register(
    async (api) => {
      // Per signed-in user or per anonymous address, shared by all processes: a backstop against
      // floods, not the login throttle (docs/security.md "Limits").
      if (rateLimiter.enabled) api.addHook('onRequest', rateLimitHook(rateLimiter, signer));
      // Bans and freezes on every route of the scope, like archive mode's hook.
      installSanctions(api, signer, standings);
      await api.register(openApiRoutes);
      // /api/user: signing in, the space's owner record and board count, then the rest.
      await api.register(sessionRoutes, { prefix: '/user', config, pool, signer });
      await api.register(spaceRoutes, { prefix: '/user', config, pool, signer });
      await api.register(userRoutes, { prefix: '/user', config, pool, signer, storage });
      await api.register(yyRoutes, { prefix: '/yy', config, pool, signer, storage });
      await api.register(commentRoutes, { prefix: '/comment', config, pool, signer });
      await api.register(countRoutes, { prefix: '/count', pool, signer });
      await api.register(leaveRoutes, { prefix: '/leave', config, pool, signer });
      await api.register(leaveReplyRoutes, { prefix: '/leaveReply', config, pool, signer });
      await api.register(visitorRoutes, { prefix: '/visitor', pool, signer });
      await api.register(blockRoutes, { prefix: '/block', pool, signer });
      await api.register(privacyRoutes, { prefix: '/user', pool, signer });
      await api.register(followRoutes, { prefix: '/follow', config, pool, signer });
      await api.register(fanNoticeRoutes, { prefix: '/count', pool, signer });
      await api.register(searchRoutes, { prefix: '/search', pool, signer });
      await api.register(scripRoutes, { prefix: '/scrip', config, pool, signer });
      await api.register(scripCountRoutes, { prefix: '/count', pool, signer });
      await api.register(diaryRoutes, { prefix: '/diary', config, pool, signer, storage });
      await api.register(diarySearchRoutes, { prefix: '/search', pool, signer });
      await api.register(medalRoutes, { prefix: '/medal', config, pool, signer });
      await api.register(albumRoutes, { prefix: '/album', config, pool, signer, storage });
      await api.register(topicRoutes, { prefix: '/yy', pool, signer });
      // The original site's path doubles the prefix: /api/api/avatar/...
      await api.register(avatarRoutes, { prefix: '/api/avatar', config, pool, signer, storage });
      await api.register(exportRoutes, { prefix: '/export', config, pool, signer, storage });
      await api.register(siteInfoRoutes, { archive: config.archiveMode });
      await api.register(reportRoutes, { prefix: '/report', config, pool, signer });
      await api.register(systemNoticeRoutes, { prefix: '/notice', pool, signer });
      await api.register(moderationRoutes, { prefix: '/mod', pool, signer, standings });
      await api.register(importRoutes, { config, pool, signer, storage });
      // The moderators' remote (mf-admin), kept out of the public manifest: its entry only for them.
      const moderatorManifest = new ManifestBuilder(config.siteDir, app.log, config.archiveMode, { registry, published: versions });
      await api.register(modRemoteRoutes, { prefix: '/mod', pool, signer, manifest: moderatorManifest });
      await api.register(liveRoutes, { signer, live, archive: config.archiveMode });
      await api.register(deployRoutes, { prefix: '/deploy', pool, storage, registry, versions, siteDir: config.siteDir, maxMb: config.deploy.maxMb });
    },
    { prefix: '/api' },
  );
  await app.register(cspReportRoutes);
  const signedInPages = await startServerRender(app, { config, pool, signer, standings, registry, versions });
  await app.register(siteRoutes, {
    siteDir: config.siteDir,
    storage,
    archive: config.archiveMode,
    registry,
    versions,
    overrides: config.deploy.overrides,
    ...(signedInPages ? { signedInPages } : {}),
    uploadGate: albumFileGate(pool, signer, standings),
  });

  // Rows that can no longer matter: expired refresh tokens, failures older than the window, the
  // posting log and the import quota's record past their windows, and pictures uploaded but never used by a yy within 24 hours.
  const purge = () =>
    Promise.all([
      purgeExpiredRefreshTokens(pool),
      purgeOldLoginFailures(pool),
      purgeOldPostLog(pool),
      purgeUnusedUploads(pool, storage),
      purgeOldRateCounts(pool),
      purgeOldRegistrations(pool),
      purgeExportTickets(pool),
      purgeOldImportUsage(pool),
    ]).catch((err: unknown) => app.log.warn({ err }, 'purge of expired rows failed'));
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // Last: nothing after it can fail and leave the LISTEN connection open.
  await live.start();
  return app;
}
