import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * The server package's folder. This file sits one level below it both as source (src/paths.ts)
 * and once bundled (dist/main.js), so the same relative step works in tests and in production.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
/** The repeatable SQL definitions (functions) applied after the migrations (sql/README.md). */
export const DEFINITIONS_DIR = path.join(SERVER_ROOT, 'sql');
export const STATIC_DIR = path.join(SERVER_ROOT, 'static');
