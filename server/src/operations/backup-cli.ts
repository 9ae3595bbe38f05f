/** `npm run backup [-- FILE]` (server/dist/backup.js): see --help. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createStorage } from '../uploads/storage';
import { createBackup } from './backup';
import { openDatabase } from './database';
import { humanBytes } from './format';
import { stopOnSignal, stoppedBy } from './stop-signal';

const HELP = `Usage: npm run backup [-- FILE]

Writes ONE file with the whole site: every table of the database (a consistent snapshot, taken
while the site may keep running) and every uploaded picture, plus a manifest with row counts and
SHA-256 sums. FILE defaults to xiaoba-backup-<UTC date and time>.zip in the current folder; an
existing file is never overwritten.

The database is found as the server finds it: DATABASE_URL if set, otherwise the embedded
PostgreSQL in DATA_DIR (default .data) — the running one if the server is up, else it is started
for the backup and stopped after. Pictures come from UPLOADS_DIR or S3_BUCKET (S3_* variables).

Bring it back with: npm run restore FILE`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    console.error(`backup: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length > 1) {
    console.error(`backup: one file name at most, got ${positionals.length}\n\n${HELP}`);
    return 2;
  }
  // npm runs scripts in the package folder; INIT_CWD is where the operator typed the command.
  const cwd = process.env.INIT_CWD || process.cwd();
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
  const file = path.resolve(cwd, positionals[0] ?? `xiaoba-backup-${stamp}.zip`);

  const config = loadConfig();
  const storage = createStorage(config);
  await storage.check();
  const started = Date.now();
  const signal = stopOnSignal('backup');
  const db = await openDatabase(config, 'backup', (line) => console.log(`backup: ${line}`));
  console.log(`backup: database ${db.description}`);
  console.log(`backup: uploads from ${storage.kind === 's3' ? `S3 bucket ${config.s3!.bucket}` : config.uploadsDir}`);
  try {
    const result = await createBackup({ databaseUrl: db.url, storage, file, signal, log: (line) => console.log(line) });
    const { manifest } = result;
    const rows = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
    const bytes = manifest.uploads.files.reduce((n, f) => n + f.size, 0);
    for (const key of result.vanished) console.log(`  note: ${key} was deleted while the backup ran and is not in it`);
    console.log(
      `backup: wrote ${result.file} (${humanBytes(result.size)}): ${manifest.database.tables.length} tables, ${rows} rows, ` +
        `${manifest.database.migrations.length} migrations, ${manifest.uploads.files.length} files (${humanBytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (stoppedBy()) console.error(`backup stopped by ${stoppedBy()}: no backup file was written`);
    else console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
