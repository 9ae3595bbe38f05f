import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ARCHIVE_MSG, ARCHIVE_OPEN } from '../../api/http/archive';
import { startTestApp, type TestApp } from '../../test/helpers';
import { PASSWORD } from '../../test/users';
import { json, member, NO_POST_LIMITS, type Member } from '../../test/yy';
import { emojiSite, ok } from './fixtures';

let before: TestApp;
let t: { app: FastifyInstance; pool: TestApp['pool'] };
let alice: Member;
let weiboId: number;

beforeAll(async () => {
  // The data is written first; then the same database is served by an app in archive mode.
  before = await startTestApp({ ...NO_POST_LIMITS, siteDir: await emojiSite() });
  alice = await member(before, '小爱');
  weiboId = (await ok(alice.call('POST', '/api/yy/createyy', { content: '存档前的yy' }))).weiboId;
  await ok(alice.call('POST', '/api/leave/add', { content: '存档前的留言', fuid: alice.uid }));
  t = { app: await buildApp({ config: { ...before.config, archiveMode: true }, pool: before.pool }), pool: before.pool };
});
afterAll(async () => {
  await t?.app.close();
  await before?.close();
});

const ARCHIVE = { code: 403, msg: ARCHIVE_MSG };

describe('ARCHIVE_MODE=1', () => {
  it('answers every mutating /api route with 403 and the archive message, signed in or not', async () => {
    const routes = t.app.archiveClosedRoutes;
    // The walk covers the whole API: posting, commenting, the board, settings, uploads, registration, import.
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/yy/createyy',
      'DELETE /api/yy/deleteyy',
      'POST /api/yy/upload',
      'POST /api/comment/add',
      'DELETE /api/comment/delete',
      'POST /api/leave/add',
      'DELETE /api/leave/delete',
      'POST /api/leaveReply/add',
      'DELETE /api/leaveReply/delete',
      'POST /api/user/valitedRegister',
      'POST /api/user/addAccount',
      'PATCH /api/user/cardupdate',
      'POST /api/user/updateskin',
      'POST /api/user/updatebigqm',
      'POST /api/user/updatesmallqm',
      'POST /api/user/updateface',
      'POST /api/api/avatar/upload',
      'POST /api/count/clearcomments',
      'POST /api/import',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.filter((n) => ARCHIVE_OPEN.has(n.split(' ')[1]!))).toEqual([]);
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      for (const headers of [{ authorization: `Bearer ${alice.token}` }, {}]) {
        const res = await t.app.inject({ method: method as 'POST', url: path, headers, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json(), `${method} ${path}`).toEqual(ARCHIVE);
      }
    }
    // A doubled slash or a query string does not slip past.
    for (const url of ['/api//yy/createyy', '/api/yy/createyy?x=1', '/api/yy//deleteyy?weiboId=1']) {
      const method = url.includes('delete') ? 'DELETE' : 'POST';
      expect((await t.app.inject({ method, url, payload: {}, headers: { authorization: `Bearer ${alice.token}` } })).json()).toEqual(ARCHIVE);
    }
    // Nothing changed.
    expect((await t.pool.query('SELECT count(*)::int AS n FROM yy')).rows[0].n).toBe(1);
  });

  it('still lets people sign in, read every space, yy and board, and export', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: String(alice.uid), password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const token = json(login).data.token;
    const call = (url: string, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expect(json(await call(`/api/yy/getUseryy/${alice.uid}?pageNum=1`)).data.records[0].weiboId).toBe(weiboId);
    expect((await call('/api/yy/getyy?pageNum=1')).statusCode).toBe(200);
    expect(json(await call(`/api/leave/get/${alice.uid}?pageNum=1`)).data.total).toBe(1);
    expect((await call(`/api/comment/getComment?weiboId=${weiboId}`)).statusCode).toBe(200);
    const prepared = json(await call('/api/export/prepare', 'POST'));
    expect(prepared.code).toBe(200);
    const download = await t.app.inject({ url: `/api/export/download/${prepared.data.ticket}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(prepared.data.size);
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(logout.statusCode).not.toBe(403);
  });

  it('records no visit when a signed-in user opens another space (reading writes nothing)', async () => {
    const bob = await member(before, '小波');
    const visits = async () => (await t.pool.query('SELECT count(*)::int AS n FROM visits')).rows[0].n as number;
    const count = await visits();
    const res = await t.app.inject({ url: `/api/user/getuserinfo/${alice.uid}`, headers: { authorization: `Bearer ${bob.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await visits()).toBe(count);
  });

  it('tells callers: GET /api/site and the manifest say archive: true', async () => {
    expect(json(await t.app.inject({ url: '/api/site' }))).toEqual({ code: 200, msg: '获取成功', data: { archive: true } });
    expect((await t.app.inject({ url: '/remotes.json' })).json().archive).toBe(true);
  });
});

describe('without ARCHIVE_MODE', () => {
  it('GET /api/site says archive: false and the mutating routes work', async () => {
    const open = await startTestApp(NO_POST_LIMITS);
    try {
      expect(json(await open.app.inject({ url: '/api/site' })).data).toEqual({ archive: false });
      const m = await member(open, '小开');
      expect((await m.call('POST', '/api/yy/createyy', { content: '可以发' })).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
