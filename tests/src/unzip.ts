/** Extracts a ZIP (an export) into a folder with yauzl, refusing any entry that would leave it. */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export async function unzipTo(zipPath: string, dir: string): Promise<string[]> {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) => yauzl.open(zipPath, { lazyEntries: true }, (err, z) => (err ? fail(err) : ok(z!))));
  const names: string[] = [];
  await new Promise<void>((done, fail) => {
    zip.on('error', fail);
    zip.on('end', () => done());
    zip.on('entry', (entry: yauzl.Entry) => {
      const target = resolve(root, entry.fileName);
      if (!target.startsWith(root + sep)) return fail(new Error(`entry outside the folder: ${entry.fileName}`));
      if (entry.fileName.endsWith('/')) {
        mkdirSync(target, { recursive: true });
        return zip.readEntry();
      }
      names.push(entry.fileName);
      mkdirSync(dirname(target), { recursive: true });
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err ?? new Error('no stream'));
        pipeline(stream, createWriteStream(join(target))).then(() => zip.readEntry(), fail);
      });
    });
    zip.readEntry();
  });
  return names;
}
