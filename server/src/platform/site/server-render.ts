/**
 * Starts the server render of signed-in pages (signed-in-page.ts) when it can run: not turned off
 * (SERVER_RENDER_TIMEOUT_MS=0) and the sandbox's runner built beside the server (dist/render-runner.js;
 * a server run from its sources, as in unit tests, has none). The sandbox is closed with the app.
 * It logs at start which protections hold (platform/render/sandbox.ts); published server entries run only
 * where the network and signals are closed to them, or with SERVER_RENDER_UNSAFE=1.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TokenSigner } from '../../api/auth/tokens';
import type { StandingCache } from '../../api/auth/standing';
import type { Config } from '../../config';
import type { Pool } from '../../data/pool';
import type { RegistrySource } from '../deploy/registry';
import type { RemoteVersions } from '../deploy/versions';
import { memoizeRenders } from '../render/render-memo';
import { createRenderSandbox, defaultRunner } from '../render/sandbox';
import { compressServerPages } from './page-compression';
import { serverRenderRoots, SignedInPages } from './signed-in-page';

export interface ServerRenderOptions {
  config: Config;
  pool: Pool;
  signer: TokenSigner;
  standings: StandingCache;
  registry: RegistrySource;
  versions: RemoteVersions;
}

export async function startServerRender(app: FastifyInstance, options: ServerRenderOptions): Promise<SignedInPages | null> {
  const { config } = options;
  const runner = config.serverRender.runner ?? defaultRunner();
  if (config.serverRender.timeoutMs === 0 || !existsSync(runner)) return null;
  const cacheDir = path.join(config.dataDir, 'render-cache');
  await mkdir(cacheDir, { recursive: true });
  // The registry's remotes at start: a remote registered later is rendered in the browser until a restart.
  const remotes = (await options.registry.load()).remotes.map((r) => r.name);
  // Each remote's published entries get a folder (a root, so a pool of children) of their own.
  for (const name of remotes) {
    await mkdir(path.join(cacheDir, name), { recursive: true });
    // Entered and read by that pool's own user (platform/render/isolation.ts), whatever the server's umask.
    await chmod(path.join(cacheDir, name), 0o755);
  }
  await chmod(cacheDir, 0o755);
  const sandbox = memoizeRenders(
    createRenderSandbox({
      roots: serverRenderRoots(config.siteDir, remotes, cacheDir),
      timeoutMs: config.serverRender.timeoutMs,
      processes: config.serverRender.processes,
      runner,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
      ...(config.serverRender.isolation ? { isolation: config.serverRender.isolation } : {}),
    }),
    // A page asked again with the same data is not rendered again (render-memo.ts).
    { ttlMs: config.serverRender.memoMs ?? 0, maxBytes: (config.serverRender.memoMb ?? 0) * 1024 * 1024 },
  );
  if (config.serverRender.unsafe)
    app.log.warn('SERVER_RENDER_UNSAFE=1: published server entries run even where the sandbox cannot close their network and signals');
  app.addHook('onClose', () => sandbox.close());
  compressServerPages(app);
  const pages = new SignedInPages({
    app,
    pool: options.pool,
    signer: options.signer,
    standings: options.standings,
    sandbox,
    siteDir: config.siteDir,
    cacheDir,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    plannedTimeoutMs: config.serverRender.timeoutMs,
    unsafePublished: config.serverRender.unsafe === true,
    archive: config.archiveMode,
    registry: options.registry,
    versions: options.versions,
    log: app.log,
  });
  // Not awaited: the site answers meanwhile, and a render asking first waits for the same imports.
  void pages.warm(remotes).catch((error: unknown) => app.log.warn({ err: error }, 'warming the server render failed'));
  return pages;
}
