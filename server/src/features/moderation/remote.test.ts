/**
 * The moderators' remote (ADR 14): mf-admin is in no page's manifest and preloads, and only a
 * moderator gets its entry, from GET /api/mod/remote; everyone else gets 404 接口不存在.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistry } from '../../platform/deploy/registry';
import { json, startTestApp, type TestApp } from '../../test/helpers';
import { member, type Member } from '../../test/yy';

let siteDir: string;
let t: TestApp;
let moderator: Member;
let user: Member;

const ADMIN_ROUTES = {
  name: 'mf_admin',
  routes: [
    { path: '/admin', page: 'reports', title: '举报处理', preload: ['expose-routes.js', 'reports.js'] },
    { path: '/admin/log', page: 'log', title: '操作记录' },
  ],
  contract: { shared: '1', singletons: {} },
};
const SPACE_ROUTES = {
  name: 'mf_space',
  routes: [
    { path: '/my', page: 'my' },
    { path: '/:id', page: 'space', preload: ['space.js'] },
  ],
};

async function put(rel: string, content: string): Promise<void> {
  const file = path.join(siteDir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'xb-mod-site-'));
  await put('shell/dist/index.html', '<!doctype html><html><head><title>校巴</title></head><body><div id="root"></div></body></html>');
  await put('mf-space/dist/remoteEntry.js', 'export const space = 1;');
  await put('mf-space/dist/routes.json', JSON.stringify(SPACE_ROUTES));
  await put('mf-admin/dist/remoteEntry.js', 'export const admin = 1;');
  await put('mf-admin/dist/routes.json', JSON.stringify(ADMIN_ROUTES));
  // No remotes.config.json in the site: the built-in registry, where mf-admin is for moderators.
  t = await startTestApp({ siteDir });
  moderator = await member(t, '管理员');
  user = await member(t, '小明');
  await t.pool.query("UPDATE users SET role = 'moderator' WHERE uid = $1", [moderator.uid]);
});

afterAll(async () => {
  await t.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('the public manifest', () => {
  it('/remotes.json lists the built public remotes and not mf-admin', async () => {
    const res = await get('/remotes.json');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { remotes: Array<{ name: string }> }).remotes.map((r) => r.name);
    expect(names).toEqual(['mf_space']);
  });

  it("no page names mf-admin: /admin's HTML inlines no mf_admin and preloads none of its files", async () => {
    for (const page of ['/admin', '/admin/log', '/home', '/']) {
      const html = (await get(page, { accept: 'text/html' })).body;
      expect(html, page).toContain('id="xb-manifest"');
      expect(html, page).not.toContain('mf_admin');
      expect(html, page).not.toContain('/remotes/mf-admin/');
    }
    // /admin is a path like /:id for the public manifest: what a non-moderator's shell will use.
    expect((await get('/admin', { accept: 'text/html' })).body).toContain('/remotes/mf-space/space.js');
  });
});

describe('GET /api/mod/remote', () => {
  it("gives a moderator mf-admin's entry, shaped like one of /remotes.json, never cached for others", async () => {
    const res = await moderator.call('GET', '/api/mod/remote');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { remotes } = json(res).data as { remotes: Array<Record<string, unknown>> };
    expect(remotes).toHaveLength(1);
    expect(remotes[0]).toMatchObject({ name: 'mf_admin', routes: ADMIN_ROUTES.routes, contract: ADMIN_ROUTES.contract });
    expect(remotes[0]!.url).toMatch(/^\/remotes\/mf-admin\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    // The entry it names is served (the files are static, like every remote's).
    expect((await get(remotes[0]!.url as string)).statusCode).toBe(200);
  });

  it('answers everyone else like an unknown route: no token, a bad token, a user', async () => {
    const answers = [
      await get('/api/mod/remote'),
      await get('/api/mod/remote', { authorization: 'Bearer not-a-token' }),
      await get('/api/mod/remote', { authorization: 'Basic YTpi' }),
      await user.call('GET', '/api/mod/remote'),
    ];
    const unknown = await get('/api/mod/nothing-here');
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ code: 404, msg: '接口不存在' });
      expect(json(res)).toEqual(json(unknown));
    }
  });

  it('reads the role at each call: a moderator whose role is removed gets 404 at once', async () => {
    const former = await member(t, '前管理员');
    await t.pool.query("UPDATE users SET role = 'moderator' WHERE uid = $1", [former.uid]);
    expect((await former.call('GET', '/api/mod/remote')).statusCode).toBe(200);
    await t.pool.query("UPDATE users SET role = 'user' WHERE uid = $1", [former.uid]);
    expect((await former.call('GET', '/api/mod/remote')).statusCode).toBe(404);
  });
});

describe('the registry', () => {
  it("keeps a remote's audience, and refuses an audience it does not know", () => {
    const row = { name: 'mf-admin', federation: 'mf_admin', owns: ['/admin'] };
    expect(parseRegistry({ remotes: [{ ...row, audience: 'moderators' }] }, 'f').remotes[0]).toEqual({ ...row, audience: 'moderators' });
    expect(parseRegistry({ remotes: [row] }, 'f').remotes[0]).toEqual(row);
    expect(() => parseRegistry({ remotes: [{ ...row, audience: 'admins' }] }, 'f')).toThrow(/audience must be one of moderators/);
  });
});
