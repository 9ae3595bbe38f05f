/**
 * Export/import figures for a big space (not run by default: EXPORT_BENCH=1 npx vitest run
 * src/features/export/bench.test.ts): 1,000 yy (200 with a picture), 3,000 comments, 100 board messages.
 * Prints prepare and download time, ZIP size, the server's memory during the download (a real
 * HTTP download, read as a stream), and the import time of the same ZIP on another site.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';
import { createUser } from '../../test/users';
import { json, member, NO_POST_LIMITS } from '../../test/yy';
import { processImage } from '../../uploads/images';
import { createStorage } from '../../uploads/storage';
import { emojiSite, importZip } from './fixtures';

const YY = 1000;
const IMAGES = 200;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** A photo-like picture: smooth colour fields with some grain, as a phone photo re-encoded by the upload. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (Math.random() * 24) | 0;
      raw[i] = ((x * 255) / width + seed * 37 + grain) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (((x + y) * 128) / width + seed * 11 + grain) & 255;
    }
  }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return (await processImage(jpeg)).data;
}

describe.skipIf(!process.env.EXPORT_BENCH)('export and import of 1,000 yy with 200 pictures', () => {
  it('measures', async () => {
    const siteDir = await emojiSite();
    const a = await startTestApp({ ...NO_POST_LIMITS, siteDir, exportPerHour: 0 });
    apps.push(a);
    const alice = await member(a, '小爱');
    const bob = await member(a, '小波');
    const pictures = await Promise.all([0, 1, 2, 3].map(photo));
    const db = a.pool;
    const storage = createStorage(a.config);
    for (let i = 0; i < YY; i++) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO yy (uid, content, ctime) VALUES ($1, $2, now() - make_interval(mins => $3)) RETURNING weibo_id AS id`,
        [alice.uid, `第${i}条yy，今天的心情[b1]真不错[b12]！#童年回忆# `.repeat(1 + (i % 4)), YY - i],
      );
      const id = rows[0]!.id;
      if (i % (YY / IMAGES) === 0) {
        const data = pictures[i % pictures.length]!;
        const file = `yy/${randomBytes(16).toString('hex')}.webp`;
        await storage.put(file, data, 'image/webp');
        await db.query(`INSERT INTO uploads (uid, file, size, width, height, weibo_id, position) VALUES ($1, $2, $3, 1600, 1200, $4, 0)`, [
          alice.uid,
          file,
          data.length,
          id,
        ]);
      }
      for (let c = 0; c < 3; c++) {
        await db.query(`INSERT INTO yy_comments (weibo_id, uid, content) VALUES ($1, $2, $3)`, [id, bob.uid, `评论${c}[m55]`]);
      }
    }
    await db.query(`UPDATE yy SET comment_count = 3 WHERE uid = $1`, [alice.uid]);
    await db.query(`UPDATE users SET yy_count = $2 WHERE uid = $1`, [alice.uid, YY]);
    for (let i = 0; i < 100; i++) await db.query(`INSERT INTO leaves (fuid, uid, content) VALUES ($1, $2, $3)`, [alice.uid, bob.uid, `留言${i}`]);

    let t0 = performance.now();
    const prepared = json(await alice.call('POST', '/api/export/prepare', { skin: 'moon' })).data;
    const prepareMs = performance.now() - t0;
    expect(prepared.images).toBe(IMAGES);

    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (a.app.server.address() as AddressInfo).port;
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed + base.external;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
    }, 10);
    t0 = performance.now();
    // Received straight to a file: the measuring process holds no copy of the ZIP.
    const saved = path.join(tmpdir(), `xb-bench-${randomBytes(6).toString('hex')}.zip`);
    await new Promise<void>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/api/export/download/${prepared.ticket}`, (res) => {
        expect(Number(res.headers['content-length'])).toBe(prepared.size);
        pipeline(res, createWriteStream(saved)).then(resolve, reject);
      }).on('error', reject);
    });
    const downloadMs = performance.now() - t0;
    clearInterval(sampler);
    const zip = await readFile(saved);
    await rm(saved);
    expect(zip.length).toBe(prepared.size);

    const b = await startTestApp({ ...NO_POST_LIMITS, siteDir });
    apps.push(b);
    await b.pool.query(`UPDATE app_secrets SET value = 'bench-b' WHERE name = 'instance_id'`);
    await b.pool.query(`SELECT setval(pg_get_serial_sequence('users', 'uid'), 100500)`);
    const email = (await db.query<{ email: string }>('SELECT email FROM users WHERE uid = $1', [alice.uid])).rows[0]!.email;
    const { uid } = await createUser(b.pool, { name: '小爱', email });
    // 小波 exists on B too (same 米米号 and nickname), so his 3,000 comments are restored.
    await b.pool.query(`INSERT INTO users (uid, email, password_hash, name) VALUES ($1, 'bob-b@example.com', 'x', '小波')`, [bob.uid]);
    const importer = { ...(await member(b, 'x')), uid };
    const { TokenSigner } = await import('../../api/auth/tokens');
    const { TEST_JWT_SECRET } = await import('../../test/helpers');
    importer.token = await new TokenSigner(new TextEncoder().encode(TEST_JWT_SECRET)).signAccess(uid, 900);
    t0 = performance.now();
    const imported = await importZip(b, importer, zip);
    const importMs = performance.now() - t0;
    expect(imported.statusCode, imported.body).toBe(200);
    const report = json(imported).data;
    t0 = performance.now();
    const again = json(await importZip(b, importer, zip)).data;
    const againMs = performance.now() - t0;

    const mb = (n: number) => (n / 1024 / 1024).toFixed(1) + ' MB';
    console.log(
      [
        `yy ${YY}, pictures ${IMAGES} (avg ${mb(pictures.reduce((n, p) => n + p.length, 0) / pictures.length)}), comments ${YY * 3}, board 100`,
        `prepare: ${prepareMs.toFixed(0)} ms; ZIP ${mb(prepared.size)} (${prepared.size} bytes)`,
        `download over HTTP: ${downloadMs.toFixed(0)} ms`,
        `server process during download: rss +${mb(peakRss - base.rss)} (peak ${mb(peakRss)}), heap+external +${mb(peakHeap - base.heapUsed - base.external)}`,
        `import on another site: ${importMs.toFixed(0)} ms, created ${JSON.stringify(report.created)}, unrestorable ${report.unrestorable.length}`,
        `import again: ${againMs.toFixed(0)} ms, created yy ${again.created.yy}, skipped yy ${again.skipped.yy}`,
      ].join('\n'),
    );
  }, 600_000);
});
