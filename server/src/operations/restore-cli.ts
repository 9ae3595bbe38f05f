/** `npm run restore FILE` (server/dist/restore.js): see --help. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createStorage } from '../uploads/storage';
import { openDatabase } from './database';
import { humanBytes, plural } from './format';
import { refuseNonEmptyStorage, restoreBackup, RestoreRefused, verifyBackup } from './restore';
import { stopOnSignal, stoppedBy } from './stop-signal';

const HELP = `Usage: npm run restore FILE
       npm run restore -- --check FILE     only check the file, change nothing

Brings a file made by \`npm run backup\` back into an EMPTY target: a database without tables
and an upload storage without files. The whole file is checked first (manifest, format version,
size and SHA-256 of every part); nothing is written unless it is intact. The tables are loaded in
one transaction and the pictures removed again on failure, so a failed restore can be rerun.

The target is found as the server finds it: DATABASE_URL if set (create an empty database for it),
otherwise the embedded PostgreSQL in DATA_DIR (default .data; an empty or missing folder gets a
new cluster). Pictures go to UPLOADS_DIR or S3_BUCKET (S3_* variables). Stop the server first and
do not start it on the new target before the restore: its first start fills the database.`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' }, check: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    console.error(`restore: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(`restore: give exactly one backup file\n\n${HELP}`);
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), positionals[0]!);

  if (values.check) {
    const archive = await verifyBackup(file);
    archive.close();
    const { manifest } = archive;
    console.log(`restore: ${file} is intact (format ${manifest.version}, made ${manifest.createdAt})`);
    for (const t of manifest.database.tables) console.log(`  table ${t.name}: ${plural(t.rows, 'row')}`);
    console.log(`  uploads: ${manifest.uploads.files.length} files (${humanBytes(manifest.uploads.files.reduce((n, f) => n + f.size, 0))})`);
    return 0;
  }

  const config = loadConfig();
  const storage = createStorage(config);
  await storage.check();
  const started = Date.now();
  // Checked before any database is started or created, so a bad file changes nothing at all.
  const archive = await verifyBackup(file);
  console.log(`restore: ${file} is intact (made ${archive.manifest.createdAt})`);
  let db;
  try {
    // Before any cluster is created in an empty DATA_DIR.
    await refuseNonEmptyStorage(storage);
    db = await openDatabase(config, 'restore', (line) => console.log(`restore: ${line}`));
  } catch (error) {
    archive.close();
    throw error;
  }
  console.log(`restore: into database ${db.description}`);
  console.log(`restore: uploads into ${storage.kind === 's3' ? `S3 bucket ${config.s3!.bucket}` : config.uploadsDir}`);
  try {
    const result = await restoreBackup({ databaseUrl: db.url, storage, file, archive, signal: stopOnSignal('restore'), log: (line) => console.log(line) });
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `restore: done: ${result.tables.length} tables, ${rows} rows, ${result.files} files (${humanBytes(result.bytes)}) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server as usual; it applies any newer migrations.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const refused = error instanceof RestoreRefused;
    if (stoppedBy()) console.error(`restore stopped by ${stoppedBy()}: rolled back, the target is as empty as before`);
    else console.error(`restore ${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(refused ? 3 : 1);
  },
);
