/**
 * `npm run backup`: the database and the uploads in one ZIP file (format in ./format.ts and
 * docs/adr/0007-backup-format.md), streamed: table data comes from COPY ... TO STDOUT and pictures
 * from the storage, one at a time, straight into the archive; only the manifest is kept in memory.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { finished, pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ZipFile } from 'yazl';
import type { UploadStorage } from '../uploads/storage';
import { Digest, FORMAT, plural, FORMAT_VERSION, ident, MANIFEST_NAME, type Manifest, type SequenceEntry, type TableEntry, type UploadEntry } from './format';

export interface BackupOptions {
  databaseUrl: string;
  storage: UploadStorage;
  /** The file to write; it must not exist yet. */
  file: string;
  log?: (line: string) => void;
  /** Stops the backup between two parts (Ctrl-C); the partial file is removed. */
  signal?: AbortSignal;
}

export interface BackupSummary {
  file: string;
  /** Size of the archive in bytes. */
  size: number;
  manifest: Manifest;
  /** Uploads listed but gone before they could be read (deleted while the backup ran). */
  vanished: string[];
}

/**
 * Session settings for both ends of a COPY, so values print and parse the same way anywhere; no
 * statement, lock or idle bound (the API's are in data/pool.ts) may cut a backup or restore off.
 */
export const SESSION_OPTIONS =
  '-c TimeZone=UTC -c DateStyle=ISO,YMD -c client_encoding=UTF8 -c statement_timeout=0 -c lock_timeout=0 -c idle_in_transaction_session_timeout=0';

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const log = options.log ?? (() => {});
  if (existsSync(options.file)) throw new Error(`${options.file} already exists: choose another file name`);
  // Written under another name and renamed at the end, so a failed backup never looks like a good one.
  const partial = `${options.file}.partial`;
  const client = new pg.Client({ connectionString: options.databaseUrl, options: SESSION_OPTIONS });
  await client.connect();
  const zip = new ZipFile();
  const out = createWriteStream(partial, { flags: 'wx' });
  // yazl reports its errors on the ZipFile; the file on its stream: either stops the step under way.
  const failure = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    out.on('error', reject);
  });
  failure.catch(() => {});
  const written = pipeline(zip.outputStream as Readable, out);
  written.catch(() => {});
  const step = <T>(promise: Promise<T>) => Promise.race([promise, failure]);
  const signal = options.signal ?? new AbortController().signal;

  try {
    // One snapshot for every table, taken at the first query, while the site keeps running.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    const migrations = await appliedMigrations(client);
    const tables = dependencyOrder(await listTables(client));
    const sequences = await readSequences(client);

    const tableEntries: TableEntry[] = [];
    for (const table of tables) {
      options.signal?.throwIfAborted();
      const file = `db/${table.name}.copy`;
      const digest = new Digest();
      zip.addReadStream(digest, file, { compress: true });
      const source = client.query(copyTo(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) TO STDOUT`));
      await step(pipeline(source, digest, { signal }));
      await step(finished(digest));
      tableEntries.push({ name: table.name, columns: table.columns, rows: digest.newlines, file, size: digest.bytes, sha256: digest.sha256() });
      log(`  table ${table.name}: ${plural(digest.newlines, 'row')}`);
    }

    // Listed after the snapshot was taken, so every picture its rows name is there (unless deleted since).
    const listed: string[] = [];
    for await (const item of options.storage.list()) listed.push(item.key);
    listed.sort();
    const files: UploadEntry[] = [];
    const vanished: string[] = [];
    for (const key of listed) {
      options.signal?.throwIfAborted();
      const object = await options.storage.get(key);
      if (!object) {
        vanished.push(key);
        continue;
      }
      const file = `uploads/${key}`;
      const digest = new Digest();
      // Pictures are WebP/JPEG already: deflating them again only costs time.
      zip.addReadStream(digest, file, { compress: false });
      await step(pipeline(object.body, digest, { signal }));
      await step(finished(digest));
      files.push({ key, file, contentType: object.contentType, size: digest.bytes, sha256: digest.sha256() });
    }
    log(`  uploads: ${plural(files.length, 'file')} (${options.storage.kind} storage)`);
    await client.query('COMMIT');

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { serverVersion, migrations, tables: tableEntries, sequences },
      uploads: { storage: options.storage.kind, files },
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_NAME);
    zip.end();
    await step(written);
    if (existsSync(options.file)) throw new Error(`${options.file} appeared while the backup ran: the backup is left in ${partial}`);
    await rename(partial, options.file);
    return { file: options.file, size: (await stat(options.file)).size, manifest, vanished };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true }).catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS ok`);
  if (!exists.rows[0].ok) throw new Error('the database has no schema_migrations table: it was never set up by the server, nothing to back up');
  const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return rows.map((r) => r.name);
}

interface TableInfo {
  name: string;
  columns: string[];
  /** Other tables this one's foreign keys point to. */
  refs: string[];
}

/**
 * Every ordinary table of the public schema but schema_migrations (the manifest lists migrations)
 * and schema_definitions (the restore applies the restoring server's own definitions).
 */
async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows } = await client.query<TableInfo>(`
    SELECT c.relname::text AS name,
      array(SELECT a.attname::text FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
            ORDER BY a.attnum) AS columns,
      array(SELECT DISTINCT f.relname::text FROM pg_constraint k JOIN pg_class f ON f.oid = k.confrelid
            WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS refs
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT IN ('schema_migrations', 'schema_definitions')
    ORDER BY c.relname`);
  return rows;
}

/** Tables sorted so that each comes after those it references (alphabetical among equals). */
export function dependencyOrder<T extends { name: string; refs: string[] }>(tables: T[]): T[] {
  const names = new Set(tables.map((t) => t.name));
  const left = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const order: T[] = [];
  while (left.size > 0) {
    const ready = [...left.values()].filter((t) => t.refs.every((r) => done.has(r) || !names.has(r)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle between ${[...left.keys()].join(', ')}: cannot order the tables`);
    ready.sort((a, b) => a.name.localeCompare(b.name));
    for (const t of ready) {
      left.delete(t.name);
      done.add(t.name);
      order.push(t);
    }
  }
  return order;
}

async function readSequences(client: pg.Client): Promise<SequenceEntry[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`);
  const sequences: SequenceEntry[] = [];
  for (const { name } of rows) {
    // Sequences are not transactional: this may be a little past the snapshot, which only leaves a gap.
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${ident(name)}`);
    sequences.push({ name, value: Number(state[0]!.last_value), isCalled: state[0]!.is_called });
  }
  return sequences;
}
