/**
 * `npm run restore FILE`: brings a backup (./backup.ts) back into an EMPTY database and upload
 * storage. The whole archive is checked first (manifest, format version, every entry's size and
 * SHA-256); then, in one transaction, the backup's migrations are replayed, every table is loaded
 * with COPY FROM in dependency order and the sequences are set; the pictures are written before
 * the commit and removed again if anything fails, so a failed restore leaves the target empty.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import yauzl from 'yauzl';
import { applyDefinitions, readDefinitions } from '../data/migrate';
import { DEFINITIONS_DIR, MIGRATIONS_DIR } from '../paths';
import type { UploadStorage } from '../uploads/storage';
import { SESSION_OPTIONS } from './backup';
import { Digest, FORMAT, plural, FORMAT_VERSION, ident, MANIFEST_NAME, type Manifest } from './format';

/** The restore did not start: the target or the archive is not fit. Nothing was written. */
export class RestoreRefused extends Error {}

// The same key as data/migrate.ts: a server starting on this database meanwhile waits for the restore.
const MIGRATION_LOCK_KEY = 7_263_001;
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface RestoreOptions {
  databaseUrl: string;
  storage: UploadStorage;
  file: string;
  log?: (line: string) => void;
  /** Where the migration files are (tests); the server's own by default. */
  migrationsDir?: string;
  /** The file already checked by verifyBackup (spares a second read); closed by the restore. */
  archive?: VerifiedArchive;
  /** Stops the restore between two parts (Ctrl-C): rolled back, pictures removed, as on any failure. */
  signal?: AbortSignal;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: number;
  bytes: number;
}

/** An opened backup whose every entry was read and matched against its manifest. */
export interface VerifiedArchive {
  manifest: Manifest;
  entries: Map<string, yauzl.Entry>;
  zip: yauzl.ZipFile;
  close(): void;
}

/** Opens and checks the whole archive; throws RestoreRefused naming what is wrong. */
export async function verifyBackup(file: string, migrationsDir = MIGRATIONS_DIR): Promise<VerifiedArchive> {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch (error) {
    throw new RestoreRefused(`${file} is not a readable backup (damaged or not a ZIP archive): ${(error as Error).message}`);
  }
  const close = () => zip.close();
  try {
    const entries = await readEntries(zip);
    const manifestEntry = entries.get(MANIFEST_NAME);
    if (!manifestEntry) throw new RestoreRefused(`${file} has no ${MANIFEST_NAME}: it is not a 校巴 backup, or it was cut short`);
    if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES) throw new RestoreRefused(`${MANIFEST_NAME} is implausibly large`);
    const manifest = parseManifest(await readEntry(zip, manifestEntry));
    await checkMigrationsKnown(manifest, migrationsDir);

    const expected = new Map<string, { size: number; sha256: string }>();
    for (const t of manifest.database.tables) expected.set(t.file, t);
    for (const u of manifest.uploads.files) expected.set(u.file, u);
    for (const name of entries.keys()) {
      if (name !== MANIFEST_NAME && !expected.has(name))
        throw new RestoreRefused(`the archive holds ${name}, which its manifest does not list: damaged or altered`);
    }
    for (const [name, want] of expected) {
      const entry = entries.get(name);
      if (!entry) throw new RestoreRefused(`the archive lacks ${name}, which its manifest lists: damaged or cut short`);
      const digest = new Digest();
      try {
        await pipeline(await zip.openReadStreamPromise(entry), digest, async function (source) {
          for await (const _ of source) {
            // Only the digest is wanted: drain.
          }
        });
      } catch (error) {
        throw new RestoreRefused(`${name} cannot be read, the archive is damaged: ${(error as Error).message}`);
      }
      if (digest.bytes !== want.size || digest.sha256() !== want.sha256) {
        throw new RestoreRefused(`${name} does not match its manifest (size ${digest.bytes}, expected ${want.size}; SHA-256 differs): the archive is damaged`);
      }
    }
    return { manifest, entries, zip, close };
  } catch (error) {
    close();
    throw error;
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const archive = options.archive ?? (await verifyBackup(options.file, migrationsDir));
  const { manifest, entries, zip } = archive;
  const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
  log(`archive checked: ${manifest.database.tables.length} tables, ${rows} rows, ${manifest.uploads.files.length} files, made ${manifest.createdAt}`);

  const client = new pg.Client({ connectionString: options.databaseUrl, options: SESSION_OPTIONS });
  const written: string[] = [];
  try {
    await client.connect();
    await refuseNonEmpty(client);
    await refuseNonEmptyStorage(options.storage);

    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Checked again under the lock: a server may have migrated this database in the meantime.
    await refuseNonEmpty(client);
    // The same table data/migrate.ts keeps, so the server's next start applies only newer migrations.
    await client.query(`CREATE TABLE schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamp(3) NOT NULL DEFAULT now()
    )`);
    for (const name of manifest.database.migrations) {
      await client.query(await readFile(path.join(migrationsDir, name), 'utf8'));
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    }
    log(`  schema: ${manifest.database.migrations.length} migrations applied`);
    // Migrations may seed rows (site_counters); the backup holds those tables' real rows.
    const tables = manifest.database.tables.map((t) => ident(t.name));
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.join(', ')}`);
    // As pg_restore does: foreign keys and plain indexes are set aside while loading and added back
    // after, when PostgreSQL checks each key in one pass and builds each index by sorting, instead
    // of row by row (several times faster). Same transaction: all of it or nothing.
    const foreignKeys = await client.query<{ table: string; name: string; def: string }>(`
      SELECT c.conrelid::regclass::text AS table, c.conname::text AS name, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace ORDER BY 1, 2`);
    for (const fk of foreignKeys.rows) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${ident(fk.name)}`);
    // Indexes that back no constraint (primary keys and UNIQUE constraints stay).
    const indexes = await client.query<{ name: string; def: string }>(`
      SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`);
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);

    const restored: { name: string; rows: number }[] = [];
    for (const table of manifest.database.tables) {
      options.signal?.throwIfAborted();
      // The rows are loaded as they were: a trigger (a counter kept by one, say) must not act on them again.
      await client.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
      const digest = new Digest();
      const sink = client.query(copyFrom(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`));
      // The signal also cuts a long COPY short (the aborted COPY fails the transaction).
      await pipeline(await zip.openReadStreamPromise(entries.get(table.file)!), digest, sink, { signal: options.signal ?? new AbortController().signal });
      if (digest.sha256() !== table.sha256) throw new RestoreRefused(`${table.file} changed while it was being restored`);
      const count = Number((await client.query(`SELECT count(*) AS n FROM ${ident(table.name)}`)).rows[0].n);
      if (count !== table.rows) throw new Error(`${table.name}: ${count} rows loaded, the manifest says ${table.rows}`);
      await client.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
      restored.push({ name: table.name, rows: count });
      log(`  table ${table.name}: ${plural(count, 'row')}`);
    }
    for (const index of indexes.rows) await client.query(index.def);
    for (const fk of foreignKeys.rows) await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${ident(fk.name)} ${fk.def}`);
    log(`  ${plural(indexes.rows.length, 'index', 'indexes')} built, ${plural(foreignKeys.rows.length, 'foreign key')} checked`);
    for (const seq of manifest.database.sequences) {
      await client.query('SELECT setval($1::regclass, $2, $3)', [ident(seq.name), seq.value, seq.isCalled]);
    }
    // The repeatable definitions (server/sql) are written for this server's newest schema: applied
    // here when the backup has every migration this server knows, else by the server's next start,
    // after it applied the newer migrations (data/migrate.ts).
    const known = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql'));
    if (known.every((f) => manifest.database.migrations.includes(f))) {
      const definitions = await applyDefinitions(client, await readDefinitions(DEFINITIONS_DIR));
      log(`  definitions: ${definitions.length} applied`);
    }

    let bytes = 0;
    for (const upload of manifest.uploads.files) {
      options.signal?.throwIfAborted();
      const data = await readEntry(zip, entries.get(upload.file)!);
      if (createHash('sha256').update(data).digest('hex') !== upload.sha256) throw new RestoreRefused(`${upload.file} changed while it was being restored`);
      await options.storage.put(upload.key, data, upload.contentType);
      written.push(upload.key);
      bytes += data.length;
    }
    log(`  uploads: ${plural(written.length, 'file')} (${options.storage.kind} storage)`);
    await client.query('COMMIT');
    return { manifest, tables: restored, files: written.length, bytes };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    // Leave the storage as empty as it was, so the restore can simply be run again.
    // In small batches: the S3 driver sends one request per key, all at once.
    for (let i = 0; i < written.length; i += 50) await options.storage.delete(written.slice(i, i + 50)).catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    archive.close();
  }
}

/** Refuses a database with any table. */
async function refuseNonEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`);
  if (rows.length > 0) {
    const filled: string[] = [];
    for (const { name } of rows) {
      const n = Number((await client.query(`SELECT count(*) AS n FROM ${ident(name)}`)).rows[0].n);
      if (n > 0) filled.push(`${name} (${plural(n, 'row')})`);
    }
    throw new RestoreRefused(
      `the target database is not empty: it has ${rows.length} tables${filled.length > 0 ? `, with rows in ${filled.join(', ')}` : ''}. ` +
        'Restore only into a new empty database (or an empty DATA_DIR) on which the server has not been started.',
    );
  }
}

/** Refuses an upload storage holding any object. */
export async function refuseNonEmptyStorage(storage: UploadStorage): Promise<void> {
  for await (const item of storage.list()) {
    throw new RestoreRefused(
      `the upload storage (${storage.kind}) already holds files, e.g. ${item.key}. Restore only into an empty UPLOADS_DIR or S3 prefix.`,
    );
  }
}

async function checkMigrationsKnown(manifest: Manifest, dir: string): Promise<void> {
  const files = new Set(await readdir(dir));
  const unknown = manifest.database.migrations.filter((m) => !files.has(m));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `the backup was made by a newer version of 校巴 (migrations ${unknown.join(', ')} are unknown here): update this installation first`,
    );
  }
}

const SAFE_TABLE = /^[a-z_][a-z0-9_]{0,62}$/;
const SAFE_MIGRATION = /^[0-9]+_[A-Za-z0-9_-]+\.sql$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** The manifest, checked field by field: nothing from the archive reaches SQL or a path unchecked. */
export function parseManifest(data: Buffer): Manifest {
  let m: any;
  try {
    m = JSON.parse(data.toString('utf8'));
  } catch {
    throw new RestoreRefused(`${MANIFEST_NAME} is not valid JSON: the archive is damaged`);
  }
  if (m?.format !== FORMAT) throw new RestoreRefused(`not a 校巴 backup (${MANIFEST_NAME} names format ${JSON.stringify(m?.format)})`);
  if (m.version !== FORMAT_VERSION) {
    throw new RestoreRefused(`backup format version ${JSON.stringify(m.version)} is unknown to this version of 校巴 (it reads version ${FORMAT_VERSION})`);
  }
  const bad = (what: string) => new RestoreRefused(`${MANIFEST_NAME} is malformed (${what}): the archive is damaged`);
  const db = m.database;
  if (!db || !Array.isArray(db.migrations) || !Array.isArray(db.tables) || !Array.isArray(db.sequences)) throw bad('database');
  for (const name of db.migrations) if (typeof name !== 'string' || !SAFE_MIGRATION.test(name)) throw bad(`migration ${name}`);
  for (const t of db.tables) {
    if (typeof t?.name !== 'string' || !SAFE_TABLE.test(t.name) || t.file !== `db/${t.name}.copy`) throw bad(`table ${t?.name}`);
    if (!Array.isArray(t.columns) || t.columns.length === 0 || !t.columns.every((c: unknown) => typeof c === 'string' && SAFE_TABLE.test(c)))
      throw bad(`columns of ${t.name}`);
    if (!Number.isSafeInteger(t.rows) || !Number.isSafeInteger(t.size) || !SHA256.test(t.sha256)) throw bad(`counts of ${t.name}`);
  }
  for (const s of db.sequences) {
    if (typeof s?.name !== 'string' || !SAFE_TABLE.test(s.name) || !Number.isSafeInteger(s.value) || typeof s.isCalled !== 'boolean')
      throw bad(`sequence ${s?.name}`);
  }
  const up = m.uploads;
  if (!up || !Array.isArray(up.files)) throw bad('uploads');
  for (const f of up.files) {
    if (typeof f?.key !== 'string' || f.file !== `uploads/${f.key}` || f.key.split('/').some((s: string) => s === '' || s.startsWith('.')))
      throw bad(`upload ${f?.key}`);
    if (typeof f.contentType !== 'string' || !Number.isSafeInteger(f.size) || !SHA256.test(f.sha256)) throw bad(`upload ${f.key}`);
  }
  return m as Manifest;
}

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) return reject(new RestoreRefused(`the archive holds ${entry.fileName} twice: damaged or altered`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(new RestoreRefused(`the archive is damaged: ${error.message}`)));
    zip.readEntry();
  });
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
