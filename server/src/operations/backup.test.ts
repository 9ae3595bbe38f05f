/**
 * Backup and restore against the real test PostgreSQL: a site filled through its own API is backed
 * up, restored into a fresh database and upload folder, and compared row for row and byte for byte;
 * then the refusals (non-empty target, damaged archive, unknown format, newer migrations).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { buildApp } from '../app';
import { recordVisit } from '../features/visitors';
import { createPool } from '../data/pool';
import { createTestDatabase, testConfig, type TestApp } from '../test/helpers';
import { startTestS3, type TestS3 } from '../test/s3';
import { createUser } from '../test/users';
import { jpegWithGps, json, member, multipart, NO_POST_LIMITS, pngImage, webpImage } from '../test/yy';
import { LocalStorage, S3Storage } from '../uploads/storage';
import { createBackup } from './backup';
import { MANIFEST_NAME, type Manifest } from './format';
import { restoreBackup, RestoreRefused, verifyBackup } from './restore';

let work: string;
let source: { url: string; drop(): Promise<void> };
let t: TestApp;
let backupFile: string;
/** The source's rows right after the backup. */
let sourceRows: Record<string, string[]>;
const cleanup: (() => Promise<unknown>)[] = [];

/** Every table's rows as text, sorted: two databases with equal dumps hold the same data. */
async function dumpTables(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      // schema_migrations' and schema_definitions' applied_at is the time of the restore: compare the names (and texts' hashes) only.
      const sql =
        name === 'schema_migrations'
          ? 'SELECT name AS r FROM schema_migrations ORDER BY 1'
          : name === 'schema_definitions'
            ? `SELECT name || ' ' || sha256 AS r FROM schema_definitions ORDER BY 1`
            : `SELECT t::text AS r FROM "${name}" t ORDER BY 1`;
      out[name] = (await client.query<{ r: string }>(sql)).rows.map((r) => r.r);
    }
    const { rows: seqs } = await client.query<{ name: string }>(
      `SELECT relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
    );
    for (const { name } of seqs) {
      out[`sequence ${name}`] = (await client.query(`SELECT last_value::text || ' ' || is_called::text AS r FROM "${name}"`)).rows.map((r) => r.r);
    }
    // The schema too: restore sets foreign keys and indexes aside while loading and must put every one back.
    out['schema: constraints'] = (
      await client.query(`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS r
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`)
    ).rows.map((r) => r.r);
    out['schema: indexes'] = (await client.query(`SELECT indexdef AS r FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.r);
    return out;
  } finally {
    await client.end();
  }
}

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  for (const name of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile())) {
    const full = path.join(name.parentPath, name.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), await readFile(full));
  }
  return files;
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function emptyTarget(): Promise<{ url: string; uploads: string; storage: LocalStorage }> {
  const db = await createTestDatabase({ migrated: false });
  cleanup.push(db.drop);
  const uploads = path.join(work, `restored-${randomBytes(4).toString('hex')}`);
  return { url: db.url, uploads, storage: new LocalStorage(uploads) };
}

/** A copy of the backup whose manifest `change` edits (entries copied as they are). */
async function withManifest(change: (m: Manifest) => void): Promise<string> {
  const zip = await yauzl.openPromise(backupFile, { lazyEntries: true, autoClose: false });
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const out = new ZipFile();
  const target = path.join(work, `altered-${randomBytes(4).toString('hex')}.zip`);
  const done = pipeline(out.outputStream as Readable, createWriteStream(target));
  for (const entry of entries) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    let data = Buffer.concat(chunks);
    if (entry.fileName === MANIFEST_NAME) {
      const manifest = JSON.parse(data.toString()) as Manifest;
      change(manifest);
      data = Buffer.from(JSON.stringify(manifest));
    }
    out.addBuffer(data, entry.fileName);
  }
  out.end();
  await done;
  zip.close();
  return target;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'xb-backup-'));
  source = await createTestDatabase();
  const pool = createPool(source.url);
  const config = testConfig({ ...NO_POST_LIMITS, uploadsDir: path.join(work, 'uploads') });
  const app = await buildApp({ config, pool });
  t = { app, pool, config, close: async () => {} };

  // A little of everything, written through the API as the site would.
  const alice = await member(t, '小爱');
  const bob = await member(t, '小波');
  const pictures: string[] = [];
  for (const picture of [await pngImage(), await jpegWithGps(), await webpImage()]) {
    const res = await alice.upload(picture);
    expect(res.statusCode).toBe(200);
    pictures.push(json(res).data.url);
  }
  const yy = json(await alice.call('POST', '/api/yy/createyy', { content: '带图的 😀', images: pictures.slice(0, 2) })).data.weiboId;
  // Characters COPY has to escape: tab, backslash, a newline; and a quote for good measure.
  expect((await bob.call('POST', '/api/yy/createyy', { content: '一\t二 \\ 三\n四 "五"' })).statusCode).toBe(200);
  expect((await bob.call('POST', '/api/comment/add', { content: '好看', weiboId: yy, replyCommentId: 0, replyUid: 0 })).statusCode).toBe(200);
  const leave = json(await bob.call('POST', '/api/leave/add', { content: '我来啦', fuid: alice.uid })).data;
  expect((await alice.call('POST', '/api/leaveReply/add', { content: '欢迎', leaveId: leave.id })).statusCode).toBe(200);
  await recordVisit(pool, alice.uid, bob.uid);
  await recordVisit(pool, bob.uid, alice.uid);
  const form = multipart('file', 'face.png', 'image/png', await pngImage(300, 300));
  const avatar = await app.inject({
    method: 'POST',
    url: '/api/api/avatar/upload',
    payload: form.body,
    headers: { authorization: `Bearer ${bob.token}`, 'content-type': form.contentType },
  });
  expect(avatar.statusCode).toBe(200);

  // Closed first: nothing the app writes later (counters flushed in the background) may change the source.
  await app.close();
  backupFile = path.join(work, 'site.zip');
  await createBackup({ databaseUrl: source.url, storage: new LocalStorage(config.uploadsDir), file: backupFile });
  sourceRows = await dumpTables(source.url);
});

afterAll(async () => {
  await t?.pool.end();
  for (const fn of cleanup) await fn().catch(() => {});
  await source?.drop();
  await rm(work, { recursive: true, force: true });
});

describe('backup then restore', () => {
  it('brings back every row, every sequence and every picture byte for byte into a fresh database and folder', async () => {
    const target = await emptyTarget();
    const summary = await restoreBackup({ databaseUrl: target.url, storage: target.storage, file: backupFile });

    const before = sourceRows;
    const after = await dumpTables(target.url);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after).toEqual(before);
    expect(before.users).toHaveLength(2);
    expect(before.yy).toHaveLength(2);
    expect(before.yy_comments).toHaveLength(1);
    expect(before.leaves).toHaveLength(1);
    expect(before.leave_replies).toHaveLength(1);
    expect(before.visits!.length).toBeGreaterThan(0);
    expect(before['schema: constraints']!.filter((c) => c.includes('FOREIGN KEY')).length).toBeGreaterThan(10);
    expect(before['schema: indexes']!.some((i) => i.includes('yy_uid_ctime_idx'))).toBe(true);
    expect(summary.tables.find((x) => x.name === 'users')?.rows).toBe(2);

    const original = await filesUnder(t.config.uploadsDir);
    const restored = await filesUnder(target.uploads);
    // Three yy pictures and one avatar.
    expect(original.size).toBe(4);
    expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [key, data] of original) expect(restored.get(key)!.equals(data)).toBe(true);
    expect(summary.files).toBe(4);

    // The identity sequences carry on after the restored rows: a new member gets the next 米米号.
    const pool = createPool(target.url);
    try {
      const maxUid = Math.max(...(await pool.query('SELECT uid FROM users')).rows.map((r) => Number(r.uid)));
      expect((await createUser(pool)).uid).toBe(maxUid + 1);
    } finally {
      await pool.end();
    }
  });

  it('writes a manifest with the migrations, row counts and a SHA-256 per file, and refuses to overwrite a file', async () => {
    const { manifest } = await verifyBackup(backupFile).then((a) => (a.close(), a));
    expect(manifest.version).toBe(1);
    expect(manifest.database.migrations[0]).toBe('001_init.sql');
    expect(manifest.database.tables.find((x) => x.name === 'yy')?.rows).toBe(2);
    expect(manifest.uploads.files).toHaveLength(4);
    for (const f of manifest.uploads.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    // users before the tables that point to it.
    const order = manifest.database.tables.map((x) => x.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('yy'));
    expect(order.indexOf('yy')).toBeLessThan(order.indexOf('yy_comments'));
    await expect(createBackup({ databaseUrl: source.url, storage: new LocalStorage(t.config.uploadsDir), file: backupFile })).rejects.toThrow(/already exists/);
  });
});

describe('restore refuses', () => {
  it('a database that already has tables and rows, and changes nothing in it', async () => {
    const target = await emptyTarget();
    const before = await dumpTables(source.url);
    const error = await restoreBackup({ databaseUrl: source.url, storage: target.storage, file: backupFile }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(/target database is not empty: .*users \(2 rows\)/);
    expect(await dumpTables(source.url)).toEqual(before);
    expect(existsSync(target.uploads)).toBe(false);
  });

  it('an upload folder that already holds files, before creating any table', async () => {
    const target = await emptyTarget();
    await target.storage.put('yy/0123456789abcdef0123456789abcdef.webp', Buffer.from('old'));
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: backupFile })).rejects.toThrow(
      /upload storage \(local\) already holds files, e\.g\. yy\/0123456789abcdef0123456789abcdef\.webp/,
    );
    expect(await tableCount(target.url)).toBe(0);
  });

  it('a damaged archive (one byte of a picture changed), writing nothing', async () => {
    const target = await emptyTarget();
    const data = await readFile(backupFile);
    // Pictures are stored uncompressed: find one's bytes in the archive and change one.
    const { manifest } = await verifyBackup(backupFile).then((a) => (a.close(), a));
    const picture = await readFile(path.join(t.config.uploadsDir, manifest.uploads.files[0]!.key));
    const at = data.indexOf(picture.subarray(64, 96));
    expect(at).toBeGreaterThan(0);
    data[at + 5] = data[at + 5]! ^ 0xff;
    const damaged = path.join(work, 'damaged.zip');
    await writeFile(damaged, data);
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: damaged })).rejects.toThrow(
      /uploads\/.* does not match its manifest .*damaged|cannot be read, the archive is damaged/,
    );
    expect(await tableCount(target.url)).toBe(0);
    expect(existsSync(target.uploads)).toBe(false);
  });

  it('a file cut short, and a file that is no backup at all', async () => {
    const target = await emptyTarget();
    const data = await readFile(backupFile);
    const cut = path.join(work, 'cut.zip');
    await writeFile(cut, data.subarray(0, Math.floor(data.length / 2)));
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: cut })).rejects.toThrow(/not a readable backup/);
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'hello');
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: text })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: path.join(work, 'missing.zip') })).rejects.toThrow(/does not exist/);
    expect(await tableCount(target.url)).toBe(0);
  });

  it('an unknown format version, and a backup from a newer version (unknown migration)', async () => {
    const target = await emptyTarget();
    const future = await withManifest((m) => {
      m.version = 2;
    });
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: future })).rejects.toThrow(
      'backup format version 2 is unknown to this version of 校巴 (it reads version 1)',
    );
    const newer = await withManifest((m) => {
      m.database.migrations.push('999_future.sql');
    });
    await expect(restoreBackup({ databaseUrl: target.url, storage: target.storage, file: newer })).rejects.toThrow(/newer version .*999_future\.sql/);
    // The copy with an untouched manifest is accepted: the rewriting itself breaks nothing.
    const same = await withManifest(() => {});
    await copyFile(same, path.join(work, 'same.zip'));
    await restoreBackup({ databaseUrl: target.url, storage: target.storage, file: same });
    expect((await dumpTables(target.url)).users).toHaveLength(2);
  });
});

describe('stopped half-way (Ctrl-C)', () => {
  it('a restore stopped after its first picture rolls back and removes that picture', async () => {
    const target = await emptyTarget();
    const abort = new AbortController();
    const storage = target.storage;
    // Stop as soon as one picture has been written.
    const put = storage.put.bind(storage);
    storage.put = async (key: string, data: Buffer) => {
      await put(key, data);
      abort.abort(new Error('stopped by SIGINT'));
    };
    await expect(restoreBackup({ databaseUrl: target.url, storage, file: backupFile, signal: abort.signal })).rejects.toThrow('stopped by SIGINT');
    expect(await tableCount(target.url)).toBe(0);
    expect((await filesUnder(target.uploads)).size).toBe(0);
  });

  it('a backup stopped after its first table leaves no file behind', async () => {
    const abort = new AbortController();
    const file = path.join(work, 'stopped.zip');
    const log = (line: string) => {
      if (line.startsWith('  table')) abort.abort(new Error('stopped by SIGTERM'));
    };
    await expect(createBackup({ databaseUrl: source.url, storage: new LocalStorage(t.config.uploadsDir), file, log, signal: abort.signal })).rejects.toThrow(
      'stopped by SIGTERM',
    );
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});

describe('uploads on S3', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3('xiaoba-backup', 'site/');
  });
  afterAll(() => s3?.close());

  it('lists only the site prefix, and a backup from S3 restores into an empty S3 prefix', async () => {
    const storage = new S3Storage(s3.config);
    const other = new S3Storage({ ...s3.config, prefix: 'other/' });
    await other.put('yy/ffffffffffffffffffffffffffffffff.webp', Buffer.from('not ours'), 'image/webp');
    const original = await filesUnder(t.config.uploadsDir);
    for (const [key, data] of original) await storage.put(key, data, 'image/webp');
    const listed: { key: string; size: number }[] = [];
    for await (const item of storage.list()) listed.push(item);
    expect(listed.map((x) => x.key).sort()).toEqual([...original.keys()].sort());
    expect(listed.every((x) => x.size === original.get(x.key)!.length)).toBe(true);

    const file = path.join(work, 's3.zip');
    await createBackup({ databaseUrl: source.url, storage, file });
    const targetDb = await createTestDatabase({ migrated: false });
    cleanup.push(targetDb.drop);
    const restoredStorage = new S3Storage({ ...s3.config, prefix: 'restored/' });
    await restoreBackup({ databaseUrl: targetDb.url, storage: restoredStorage, file });
    for (const [key, data] of original) {
      const object = await restoredStorage.get(key);
      const chunks: Buffer[] = [];
      for await (const c of object!.body) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
    }
    // A second restore into the same prefix is refused: it is not empty any more.
    const again = await createTestDatabase({ migrated: false });
    cleanup.push(again.drop);
    await expect(restoreBackup({ databaseUrl: again.url, storage: restoredStorage, file })).rejects.toThrow(/upload storage \(s3\) already holds files/);
  });
});
