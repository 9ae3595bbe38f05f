/**
 * The backup file (docs/adr/0007-backup-format.md): one ZIP archive holding
 *   db/<table>.copy   every row of a table in PostgreSQL's COPY text format,
 *   uploads/<key>     every stored picture, byte for byte,
 *   manifest.json     written last: format version, date, migrations, tables (columns, row counts),
 *                     sequences, and the size and SHA-256 of every other entry.
 */
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export const FORMAT = 'xiaoba-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

export interface TableEntry {
  name: string;
  /** Column order of the COPY data (generated columns are never dumped). */
  columns: string[];
  rows: number;
  /** Entry name in the archive: db/<name>.copy. */
  file: string;
  size: number;
  sha256: string;
}

export interface SequenceEntry {
  name: string;
  /** pg_sequence's last_value and is_called, given back to setval(). */
  value: number;
  isCalled: boolean;
}

export interface UploadEntry {
  key: string;
  /** Entry name in the archive: uploads/<key>. */
  file: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: {
    /** `server_version` of the dumped database, for the record. */
    serverVersion: string;
    /** Applied migrations (file names) at the time of the snapshot; the restore replays exactly these. */
    migrations: string[];
    /** In dependency order: a table comes after every table its foreign keys point to. */
    tables: TableEntry[];
    sequences: SequenceEntry[];
  };
  uploads: { storage: 'local' | 's3'; files: UploadEntry[] };
}

/** Passes bytes through while counting them, their newlines (COPY rows) and their SHA-256. */
export class Digest extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  newlines = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    // In COPY text format a row ends with \n and a newline inside a value is written as the two characters \n.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines += 1;
    done(null, chunk);
  }

  /** Valid once the stream has ended. */
  sha256(): string {
    return this.hash.copy().digest('hex');
  }
}

/** A PostgreSQL identifier, quoted. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
