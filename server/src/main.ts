/** Entry point: database (embedded unless DATABASE_URL), migrations, demo data, then the server. */
import { pino } from 'pino';
import { buildApp } from './app';
import { createStorage } from './uploads/storage';
import { loadConfig } from './config';
import { DataDirInUseError } from './operations/data-lock';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './operations/embedded';
import { ClusterInUseError } from './operations/stale-cluster';
import { migrate } from './data/migrate';
import { createPool } from './data/pool';
import { DEMO_PASSWORD, existingDemoUsers, seedDemoUsers } from './demo';
import { MIGRATIONS_DIR } from './paths';
import { launchMedals } from './features/medal';

let embedded: EmbeddedDatabase | null = null;
/** How long requests in flight may take to finish after SIGTERM before they are cut. */
const DRAIN_TIMEOUT_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  // Before the database: a missing S3 credential stops the start at once, naming the variables.
  const storage = createStorage(config);
  await storage.check();

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.pgPort,
      onLog: (message) => log.debug({ postgres: message }, 'postgres'),
      onNotice: (message) => log.warn(message),
    });
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir, port: embedded.port }, 'embedded PostgreSQL started');
  }

  const pool = createPool(databaseUrl, 10, config.db);
  const applied = await migrate(pool, MIGRATIONS_DIR);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  if (config.demoData) {
    const created = await seedDemoUsers(pool, { storage });
    if (created.length > 0) log.info({ users: created.map((u) => u.uid) }, 'demo users created');
  }
  // Once per database: the users of before the medals get those their data already earns.
  const medalled = await launchMedals(pool);
  if (medalled > 0) log.info({ users: medalled }, 'medals given at launch');

  const app = await buildApp({ config, pool, logger: log, storage });

  // Drain, then stop: no new connections, the requests in flight finish (their writes commit),
  // then the pool closes and PostgreSQL shuts down cleanly (postmaster.pid removed).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing the requests in flight');
    const cut = setTimeout(() => {
      log.warn(`requests still running after ${DRAIN_TIMEOUT_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    await app.close().catch((err: unknown) => log.error({ err }, 'closing the server failed'));
    clearTimeout(cut);
    await pool.end().catch(() => {});
    await embedded?.stop().catch((err: unknown) => log.error({ err }, 'stopping PostgreSQL failed'));
    log.info('stopped');
    process.exit(0);
  };
  // SIGHUP: the terminal was closed; without a handler Node would die and leave PostgreSQL alone.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  const demo = config.demoData ? await existingDemoUsers(pool) : [];
  process.stdout.write(banner(config.port, demo));
}

function banner(port: number, demo: { uid: number; email: string; name: string }[]): string {
  const lines = ['', `  校巴 is running at http://localhost:${port}`, ''];
  if (demo.length > 0) {
    lines.push(`  Demo logins, all with the password ${DEMO_PASSWORD}:`, '');
    lines.push('    米米号    e-mail              name');
    for (const u of demo) lines.push(`    ${String(u.uid).padEnd(9)} ${u.email.padEnd(19)} ${u.name}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

main().catch(async (error: unknown) => {
  // A refusal the operator must act on (the data folder in use, root without a reachable folder)
  // is shown as its message alone; anything else with its stack.
  if (error instanceof DataDirInUseError || error instanceof ClusterInUseError) console.error(`\n  ${error.message}\n`);
  else console.error(error);
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
