import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EMOJI_PACKS, VISITORS_SHOWN } from '@xiaoba/shared/core';
import { buildApp } from './app';
import { createPool, type Pool } from './data/pool';
import { DEMO_PASSWORD, seedDemoUsers } from './demo';
import { DEMO_LEAVES } from './demo-space';
import { createTestDatabase, testConfig } from './test/helpers';

let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url);
  // Without uploadsDir: no yy posts (no pictures to draw), but the boards and visits are there.
  const created = await seedDemoUsers(pool);
  expect(created.map((u) => u.uid)).toEqual([100001, 100002, 100003, 100004]);
  app = await buildApp({ config: testConfig(), pool });
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: '100001', password: DEMO_PASSWORD } });
  token = login.json().data.token;
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await db.drop();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json().data);

describe('demo boards and visitors', () => {
  it('give 100001 a board with messages from 100002 and 100003, replies, and emoji within their packs', async () => {
    const page = await get('/api/leave/get/100001?pageNum=1');
    expect(page.total).toBe(DEMO_LEAVES.filter((l) => l.board === 0).length);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(new Set(page.records.map((m: any) => m.uid))).toEqual(new Set([100002, 100003]));
    const replies = page.records.flatMap((m: any) => m.replies.map((r: any) => ({ ...r, m })));
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) {
      // Only the owner and the message's author reply, after the message.
      expect([100001, r.m.uid]).toContain(r.uid);
      expect(r.ctime).toBeGreaterThanOrEqual(r.m.ctime);
    }
    const text = [...page.records.map((m: any) => m.content), ...replies.map((r: any) => r.content)].join('\n');
    const codes = [...text.matchAll(/\[([a-z])(\d+)\]/g)];
    expect(codes.length).toBeGreaterThan(0);
    for (const [, letter, num] of codes) {
      const pack = EMOJI_PACKS.find((p) => p.code === letter)!;
      expect(Number(num)).toBeGreaterThanOrEqual(pack.first);
      expect(Number(num)).toBeLessThanOrEqual(pack.last);
    }
    expect(await get('/api/user/getleaves')).toBe(page.total);
  });

  it('give 100001 recent visitors (each once, latest first) and a visit count', async () => {
    const list = await get('/api/visitor/get?uid=100001');
    expect(list.data.map((v: any) => v.uid)).toEqual([100002, 100003, 100004]);
    expect(list.data.length).toBeLessThanOrEqual(VISITORS_SHOWN);
    expect(list.total).toBeGreaterThanOrEqual(list.data.length);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM visits WHERE visited = 100001');
    expect(list.total).toBe(rows[0].n);
  });

  it('keep every counter true', async () => {
    const { rows } = await pool.query(
      `SELECT u.uid, u.leave_count, (SELECT count(*)::int FROM leaves l WHERE l.fuid = u.uid) AS leaves,
              u.visit_count, (SELECT count(*)::int FROM visits v WHERE v.visited = u.uid) AS visits
       FROM users u`,
    );
    for (const r of rows) {
      expect(r.leave_count).toBe(r.leaves);
      expect(r.visit_count).toBe(r.visits);
    }
    expect(rows.find((r) => r.uid === 100002).leave_count).toBeGreaterThan(0);
  });
});
