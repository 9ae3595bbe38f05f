import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createPool, type Pool } from './data/pool';
import { DEMO_PASSWORD, seedDemoUsers } from './demo';
import { createTestDatabase, testConfig } from './test/helpers';
import type { FastifyInstance } from 'fastify';
import { EMOJI_PACKS } from '@xiaoba/shared/core';
import { LocalStorage } from './uploads/storage';

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let app: FastifyInstance;
let uploadsDir: string;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url);
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'xb-demo-'));
  const created = await seedDemoUsers(pool, { storage: new LocalStorage(uploadsDir) });
  expect(created.map((u) => u.uid)).toEqual([100001, 100002, 100003, 100004]);
  app = await buildApp({ config: testConfig({ uploadsDir }), pool });
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: '100001', password: DEMO_PASSWORD } });
  token = login.json().data.token;
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await db.drop();
  await rm(uploadsDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json().data);

describe('demo spaces', () => {
  it('give 100001 a living space: posts minutes, hours, days and weeks old, emoji, topics and pictures', async () => {
    const page = await get('/api/yy/getUseryy/100001?pageNum=1');
    expect(page.total).toBeGreaterThanOrEqual(3);
    const now = Date.now() / 1000;
    const ages = page.records.map((y: any) => now - y.ctime);
    expect(ages.some((a: number) => a < 3600)).toBe(true);
    expect(ages.some((a: number) => a > 3600 && a < 86_400)).toBe(true);
    expect(ages.some((a: number) => a > 86_400 && a < 7 * 86_400)).toBe(true);
    expect(ages.some((a: number) => a > 7 * 86_400)).toBe(true);
    const text = page.records.map((y: any) => y.content).join('\n');
    expect(text).toMatch(/#[^#\s]+#/);
    // Every emoji code used is within its pack's range.
    for (const [, letter, num] of text.matchAll(/\[([a-z])(\d+)\]/g)) {
      const pack = EMOJI_PACKS.find((p) => p.code === letter)!;
      expect(Number(num)).toBeGreaterThanOrEqual(pack.first);
      expect(Number(num)).toBeLessThanOrEqual(pack.last);
    }
    const withPictures = page.records.filter((y: any) => y.typeData);
    expect(withPictures.length).toBeGreaterThan(0);
    const url = withPictures[0].typeData.data[0].url;
    const picture = await app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(page.records.some((y: any) => y.comment > 0)).toBe(true);
  });

  it("show 100002's posts, with a repost of a 100001 post", async () => {
    const page = await get('/api/yy/getUseryy/100002?pageNum=1');
    expect(page.total).toBeGreaterThanOrEqual(2);
    const repost = page.records.find((y: any) => y.transpondId > 0);
    expect(repost).toMatchObject({ sourceUid: 100001, sourceName: '巴巴', sourceDeleted: false });
    expect(repost.sourceTData?.type).toBe('image');
  });

  it('have comments with replies between the users, and true counts', async () => {
    const site = await get('/api/yy/getyy?pageNum=1&pageSize=50');
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM yy');
    expect(site.total).toBe(rows[0].n);
    const replies: any[] = [];
    for (const y of site.records) {
      const comments = await get(`/api/comment/getComment?weiboId=${y.weiboId}`);
      expect(comments).toHaveLength(y.comment);
      replies.push(...comments.filter((c: any) => c.replyUid > 0));
      for (const c of comments) expect(c.ctime).toBeGreaterThanOrEqual(y.ctime);
    }
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((r) => r.replyUsername !== '')).toBe(true);
    const files = await readdir(path.join(uploadsDir, 'yy'));
    // A 日志 entry's pictures are uploaded like a yy's.
    const used = await pool.query('SELECT count(*)::int AS n FROM uploads WHERE weibo_id IS NOT NULL OR diary_id IS NOT NULL');
    expect(files).toHaveLength(used.rows[0].n);
  });
});

describe('demo notices', () => {
  it('start unread for 100001: the others’ comments on its yy and 日志 and the reply to its comment, never its own', async () => {
    const notices = await get('/api/count/getcomments');
    expect(notices.count).toBe(6);
    expect(notices.records).toHaveLength(6);
    expect(notices.records.filter((n: any) => n.diaryId).map((n: any) => [n.username, n.diaryTitle])).toEqual([['萌萌猫', '放学以后']]);
    expect(notices.records.every((n: any) => n.unread && n.uid !== 100001)).toBe(true);
    expect(notices.records.filter((n: any) => n.kind === 'reply').map((n: any) => [n.username, n.yyUid])).toEqual([['萌萌猫', 100002]]);
  });
});
