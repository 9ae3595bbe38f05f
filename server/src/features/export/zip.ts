/**
 * The export ZIP (yazl): every entry stored uncompressed (`compress: false`) with its size known
 * before the first byte, so yazl computes the exact ZIP size up front (the download's
 * Content-Length) and the pictures stream in one at a time, never the whole ZIP in memory. The
 * pictures are WebP, already compressed; data.json and index.html are small beside them.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { UploadStorage } from '../../uploads/storage';

export interface ZipPlanFile {
  /** Path inside the export folder, e.g. `images/<32 hex>.webp`. */
  name: string;
  /**
   * `storage`: an upload storage key, streamed at download time; `inline`: the bytes themselves
   * (`data`, base64), read at prepare: the emoji pictures, small, and replaced by a redeploy of
   * shared, so a download never finds a file of another size than the one promised.
   */
  source: 'storage' | 'inline';
  key: string;
  size: number;
  data?: string;
}

export interface ZipPlan {
  /** The one top folder every entry sits in: `xiaoba-<uid>-<YYYYMMDD>`. */
  folder: string;
  mtime: Date;
  dataJson: Buffer;
  indexHtml: Buffer;
  files: ZipPlanFile[];
}

export interface ZipSources {
  storage: UploadStorage;
}

/** A file that vanished between prepare and download: the ZIP cannot keep its promised size. */
export class MissingFileError extends Error {}

function openFile(file: ZipPlanFile, sources: ZipSources): Promise<Readable> {
  return sources.storage.get(file.key).then((stored) => {
    if (!stored) throw new MissingFileError(file.key);
    return stored.body;
  });
}

/**
 * The ZIP of a plan, entries in a fixed order, and its exact size in bytes. Nothing is read until
 * `zip.outputStream` is consumed; a file is opened only when its turn comes.
 */
export function buildZip(plan: ZipPlan, sources: ZipSources | null): { zip: ZipFile; size: Promise<number> } {
  const zip = new ZipFile();
  const options = { mtime: plan.mtime, compress: false };
  zip.addBuffer(plan.indexHtml, `${plan.folder}/index.html`, options);
  zip.addBuffer(plan.dataJson, `${plan.folder}/data.json`, options);
  for (const file of plan.files) {
    if (file.source === 'inline') {
      zip.addBuffer(Buffer.from(file.data ?? '', 'base64'), `${plan.folder}/${file.name}`, options);
      continue;
    }
    zip.addReadStreamLazy(`${plan.folder}/${file.name}`, { ...options, size: file.size }, (cb) => {
      // Measuring only: the entry is never pumped (nothing is opened, the ZIP is dropped).
      if (!sources) return;
      openFile(file, sources).then(
        (stream) => cb(null, stream),
        (error: unknown) => cb(error, undefined as never),
      );
    });
  }
  const size = new Promise<number>((resolve, reject) => {
    zip.end({ forceZip64Format: false, comment: '' }, ((finalSize: number) => {
      if (finalSize < 0) reject(new Error('the ZIP size cannot be computed in advance'));
      else resolve(finalSize);
    }) as () => void);
  });
  return { zip, size };
}

/** The exact size of a plan's ZIP, without reading any file. */
export function zipSize(plan: ZipPlan): Promise<number> {
  return buildZip(plan, null).size;
}
