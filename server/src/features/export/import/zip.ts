/** The export ZIP as uploaded: every entry under one folder, read lazily from the temporary file (yauzl). */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ApiError } from '../../../api/http/errors';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../data';
import { SIGNATURE_FILE, verifyData } from '../signature';
import { IMPORT_MSG } from './messages';
import { checkData, type ImportData } from './schema';
import { parseJsonInTurns } from './turns';

const MAX_ENTRIES = 50_000;
const MAX_JSON_BYTES = 64 * 1024 * 1024;
export const IMAGE_NAME = /^images\/[A-Za-z0-9_-]{1,64}\.webp$/;
export const AVATAR_NAME = /^avatar\/[A-Za-z0-9_-]{1,64}\.webp$/;
export const PHOTO_NAME = /^photos\/[A-Za-z0-9_-]{1,64}\.webp$/;

export interface OpenedExport {
  data: ImportData;
  /** data.json carries this site's signature (signature.ts): other users' words may be restored. */
  signed: boolean;
  /** Reads one file of the export folder (`images/…`), or null when the ZIP has none. */
  read(name: string, maxBytes: number): Promise<Buffer | null>;
  close(): void;
}

function yauzlError(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : '';
  // yauzl refuses absolute paths, `..` segments and backslashes itself (strictFileNames).
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(message)) return new ApiError(400, IMPORT_MSG.outside);
  return new ApiError(400, IMPORT_MSG.damaged);
}

function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy();
        reject(new ApiError(400, IMPORT_MSG.damaged));
      } else chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', (e) => reject(yauzlError(e)));
  });
}

/** Opens and checks an export ZIP on disk: paths, format, version and the shape of data.json. */
export async function openExport(path: string, key: Buffer, nowMs = Date.now()): Promise<OpenedExport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false }, (err, z) =>
        err || !z ? reject(err ?? new Error('yauzl opened no ZIP')) : resolve(z),
      ),
    );
  } catch (error) {
    throw yauzlError(error);
  }
  try {
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        list.push(entry);
        if (list.length > MAX_ENTRIES) return reject(new ApiError(400, IMPORT_MSG.damaged));
        zip.readEntry();
      });
      zip.on('end', () => resolve(list));
      zip.on('error', reject);
      zip.readEntry();
    }).catch((error: unknown) => {
      throw error instanceof ApiError ? error : yauzlError(error);
    });
    // Unzipped and zipped again by hand is fine: macOS's resource forks (__MACOSX/) are ignored, and
    // the files may sit in the export's folder (as exported) or at the top of the ZIP.
    const files = entries.filter((e) => !e.fileName.startsWith('__MACOSX/'));
    const dataEntries = files.filter((e) => /^([^/]+\/)?data\.json$/.test(e.fileName));
    if (dataEntries.length !== 1) throw new ApiError(400, IMPORT_MSG.damaged);
    const name = dataEntries[0]!.fileName;
    const folder = name.slice(0, name.length - 'data.json'.length);
    // Every entry sits in the export's one folder; nothing may climb out of it or sit beside it.
    for (const entry of files) {
      const parts = entry.fileName.split('/');
      if (!entry.fileName.startsWith(folder) || parts.some((p) => p === '..' || p === '.')) throw new ApiError(400, IMPORT_MSG.outside);
    }
    const byName = new Map(files.filter((e) => !e.fileName.endsWith('/')).map((e) => [e.fileName.slice(folder.length), e]));

    const read = async (name: string, maxBytes: number): Promise<Buffer | null> => {
      const entry = byName.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new ApiError(400, IMPORT_MSG.damaged);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(yauzlError(err)) : resolve(s))),
      );
      return readAll(stream, maxBytes);
    };

    let parsed: unknown;
    let dataJson: Buffer;
    try {
      dataJson = (await read('data.json', MAX_JSON_BYTES))!;
      parsed = await parseJsonInTurns(dataJson);
    } catch (error) {
      throw error instanceof ApiError ? error : new ApiError(400, IMPORT_MSG.damaged);
    }
    const signature = await read(SIGNATURE_FILE, 1024);
    const head = parsed as { format?: unknown; version?: unknown } | null;
    if (typeof head !== 'object' || head === null || head.format !== EXPORT_FORMAT) throw new ApiError(400, IMPORT_MSG.damaged);
    if (head.version !== EXPORT_VERSION) throw new ApiError(400, IMPORT_MSG.version);
    const data = await checkData(parsed, nowMs);
    return { data, signed: verifyData(key, dataJson, signature?.toString('utf8') ?? null), read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}
