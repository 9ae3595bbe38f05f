import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMOJI_PACKS } from '@xiaoba/shared/core';
import { buildApp } from './app';
import { createPool, type Pool } from './data/pool';
import { DEMO_PASSWORD, seedDemoUsers } from './demo';
import { DEMO_ALBUMS, DEMO_DIARIES } from './demo-diary';
import { launchMedals } from './features/medal';
import { createTestDatabase, testConfig } from './test/helpers';
import { LocalStorage } from './uploads/storage';

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let app: FastifyInstance;
let uploadsDir: string;
const tokens = new Map<number, string>();
let seedMs = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url);
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'xb-demo-diary-'));
  const started = performance.now();
  await seedDemoUsers(pool, { storage: new LocalStorage(uploadsDir) });
  seedMs = performance.now() - started;
  await launchMedals(pool); // as at start
  app = await buildApp({ config: testConfig({ uploadsDir }), pool });
  for (const uid of [100001, 100003, 100004]) {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(uid), password: DEMO_PASSWORD } });
    tokens.set(uid, login.json().data.token);
  }
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await db.drop();
  await rm(uploadsDir, { recursive: true, force: true });
});

/** GET `url` as `viewer` (0: signed out): the answer's status and data. */
async function get(url: string, viewer = 0): Promise<{ status: number; data: any }> {
  const headers = viewer ? { authorization: `Bearer ${tokens.get(viewer)}` } : {};
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, data: res.json().data };
}
const titles = async (owner: number, viewer = 0) => (await get(`/api/diary/list/${owner}?pageNum=1`, viewer)).data.records.map((d: any) => d.title).sort();
const idOf = async (title: string) => (await pool.query('SELECT diary_id FROM diaries WHERE title = $1', [title])).rows[0].diary_id as number;

describe('demo 日志', () => {
  it('shows a stranger only the public entries', async () => {
    expect(await titles(100001)).toEqual(['放学以后']);
    expect(await titles(100002)).toEqual([]);
    expect(await titles(100003)).toEqual(['夜读']);
    expect((await get(`/api/diary/get/${await idOf('我的生日会')}`)).status).toBe(404);
  });

  it('shows each signed-in user what the follows let them see', async () => {
    // Their own, the self one included; a mutual friend's mutual entry; a followed user's followers entry.
    expect(await titles(100001, 100001)).toEqual(['悄悄话', '放学以后'].sort());
    expect(await titles(100002, 100001)).toEqual(['我的生日会']);
    expect(await titles(100003, 100001)).toEqual(['夜读', '带班级去春游'].sort());
    // 月下剑客 does not follow 萌萌猫 back; 小雨 follows 巴巴 only.
    expect(await titles(100002, 100003)).toEqual([]);
    expect(await titles(100001, 100003)).toEqual(['放学以后']);
    expect(await titles(100003, 100004)).toEqual(['夜读']);
    expect((await get(`/api/diary/get/${await idOf('悄悄话')}`, 100003)).status).toBe(404);
  });

  it('reads like diaries: paragraphs, emoji codes within their packs, a picture on the class trip', async () => {
    const entry = (await get(`/api/diary/get/${await idOf('带班级去春游')}`, 100001)).data;
    expect(entry.content).toContain('\n\n');
    expect(entry.images).toHaveLength(1);
    const picture = await app.inject({ method: 'GET', url: entry.images[0] });
    expect(picture.headers['content-type']).toBe('image/webp');
    const text = DEMO_DIARIES.map((d) => d.content).join('\n');
    for (const [, letter, num] of text.matchAll(/\[([a-z])(\d+)\]/g)) {
      const pack = EMOJI_PACKS.find((p) => p.code === letter)!;
      expect(Number(num)).toBeGreaterThanOrEqual(pack.first);
      expect(Number(num)).toBeLessThanOrEqual(pack.last);
    }
  });

  it('has comments and a reply, counted on their entries', async () => {
    const id = await idOf('放学以后');
    const comments = (await get(`/api/diary/comments/${id}?pageNum=1`)).data;
    expect(comments.records.map((c: any) => c.uid)).toEqual([100002, 100001]);
    expect(comments.records[1]).toMatchObject({ replyUid: 100002 });
    const { rows } = await pool.query('SELECT d.comment_count, (SELECT count(*)::int FROM diary_comments c WHERE c.diary_id = d.diary_id) AS n FROM diaries d');
    for (const r of rows) expect(r.comment_count).toBe(r.n);
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(3);
  });
});

describe('demo 相册', () => {
  it("shows 巴巴's public album to a stranger, with its chosen cover, and not 萌萌猫's mutual one", async () => {
    const [album] = (await get('/api/album/list/100001')).data;
    const demo = DEMO_ALBUMS[0]!;
    expect(album).toMatchObject({ name: demo.name, visibility: 'public', photoCount: demo.pictures.length });
    const photos = (await get(`/api/album/photos/${album.albumId}?pageNum=1`)).data.records;
    // Newest first: the photo uploaded at index `cover` is `length - 1 - cover` from the top.
    expect(album.coverUrl).toBe(photos[demo.pictures.length - 1 - demo.cover].url);
    expect(photos.every((p: any) => p.width === 800 && p.height === 600)).toBe(true);
    const file = await app.inject({ method: 'GET', url: album.coverUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await get('/api/album/list/100002')).data).toEqual([]);
  });

  it("shows 萌萌猫's mutual album to 巴巴 only", async () => {
    const [album] = (await get('/api/album/list/100002', 100001)).data;
    expect(album).toMatchObject({ name: DEMO_ALBUMS[1]!.name, visibility: 'mutual', photoCount: DEMO_ALBUMS[1]!.pictures.length });
    expect((await get('/api/album/list/100002', 100003)).data).toEqual([]);
    expect((await get(`/api/album/photos/${album.albumId}?pageNum=1`, 100004)).status).toBe(404);
  });

  it('counts the photos in their owners’ storage, as real uploads', async () => {
    const { rows } = await pool.query(`SELECT f.file, f.size FROM uploads f JOIN album_photos p ON p.upload_id = f.id ORDER BY f.id`);
    expect(rows).toHaveLength(DEMO_ALBUMS.reduce((n, a) => n + a.pictures.length, 0));
    for (const r of rows) expect((await stat(path.join(uploadsDir, r.file))).size).toBe(r.size);
  });
});

describe('demo medals and seeding', () => {
  it('give the writers 才艺勋章, not 小雨', async () => {
    for (const [uid, earned] of [
      [100001, true],
      [100002, true],
      [100003, true],
      [100004, false],
    ] as const) {
      const medals = (await get(`/api/medal/list/${uid}`, 100004)).data;
      expect(medals.find((m: any) => m.id === 'talent')).toMatchObject({ name: '才艺勋章', earned });
    }
  });

  it('adds nothing on a second start, and stays quick', async () => {
    const count = async () => (await pool.query('SELECT (SELECT count(*) FROM diaries) + (SELECT count(*) FROM album_photos) AS n')).rows[0].n;
    const before = await count();
    expect(await seedDemoUsers(pool, { storage: new LocalStorage(uploadsDir) })).toEqual([]);
    expect(await count()).toBe(before);
    expect(seedMs).toBeLessThan(15_000);
  });
});
