/**
 * Serves the site exactly as `npm start` does (embedded PostgreSQL, demo data) in a fresh data
 * folder, plus a second API process on the SAME database whose access tokens live 3 seconds, for
 * the token-expiry test (and as proof that several API processes can share one PostgreSQL).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, repo, startSite } from './site-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    shortTokenURL: string;
    /** The main site's database, for tests that start another API process on it (archive mode). */
    databaseURL: string;
    jwtSecret: string;
  }
}

export default async function setup(project: TestProject) {
  for (const built of ['server/dist/main.js', 'shell/dist/index.html', 'mf-auth/dist/remoteEntry.js']) {
    if (!existsSync(join(repo, built))) throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'xiaoba-e2e-'));
  // mkdtemp makes it 0700; as root, PostgreSQL runs as `postgres` and must be able to enter it.
  chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  const jwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

  // The browser tests register several accounts from 127.0.0.1: no registration limit here.
  const main = await startSite({ PG_PORT: String(pgPort), DATA_DIR: dataDir, JWT_SECRET: jwtSecret, RATE_LIMIT_REGISTER: '0' });
  // The embedded cluster's password is kept beside it in the data folder.
  const databaseURL = `postgres://postgres:${encodeURIComponent(readFileSync(join(dataDir, 'pg-password'), 'utf8').trim())}@localhost:${pgPort}/postgres`;
  let short;
  try {
    short = await startSite({
      DATABASE_URL: databaseURL,
      JWT_SECRET: jwtSecret,
      ACCESS_TOKEN_TTL_SECONDS: '3',
      DEMO_DATA: '0',
      RATE_LIMIT_REGISTER: '0',
    });
  } catch (error) {
    await main.stop();
    throw error;
  }

  project.provide('baseURL', main.url);
  project.provide('shortTokenURL', short.url);
  project.provide('databaseURL', databaseURL);
  project.provide('jwtSecret', jwtSecret);

  return async () => {
    await short.stop();
    await main.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
