/** Test helpers: a fresh database per test file, the app over it, and small request helpers. */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createPool, type Pool } from '../data/pool';
import { withDatabase } from './database-url';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(inject('pgAdminUrl'));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database: a migrated copy of the template, or an empty one. */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `xb_t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('pgTemplate');
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: withDatabase(inject('pgAdminUrl'), name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Tests never write into the repository's .data: uploads go to a fresh temporary folder. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    jwtSecret: TEST_JWT_SECRET,
    demoData: false,
    logLevel: 'silent',
    uploadsDir: path.join(tmpdir(), `xb-uploads-${randomBytes(6).toString('hex')}`),
    // Tests register many accounts from one address; rate-limit.test.ts sets its own limits.
    rateLimits: { ...loadConfig({}).rateLimits, register: 0 },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  pool: Pool;
  config: Config;
  close(): Promise<void>;
}

/** Runs `run` with an app of the same database in archive mode (ARCHIVE_MODE=1), closed after. */
export async function inArchiveMode<T>(t: TestApp, run: (archive: FastifyInstance) => Promise<T>): Promise<T> {
  const archive = await buildApp({ config: { ...t.config, archiveMode: true }, pool: t.pool });
  try {
    return await run(archive);
  } finally {
    await archive.close();
  }
}

/** The app over a fresh migrated database. */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig(overrides);
  const pool = createPool(db.url, 10, config.db);
  const app = await buildApp({ config, pool });
  return {
    app,
    pool,
    config,
    close: async () => {
      await app.close();
      await pool.end();
      await db.drop();
      if (!overrides.uploadsDir) await rm(config.uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The value a response set for a cookie ('' when it cleared it), or undefined when untouched. */
export function cookieFrom(res: LightMyRequestResponse, name: string): string | undefined {
  const found = res.cookies.filter((c) => c.name === name).at(-1);
  return found?.value;
}

export function json(res: LightMyRequestResponse): { code: number; msg: string; data?: any } {
  return res.json();
}
