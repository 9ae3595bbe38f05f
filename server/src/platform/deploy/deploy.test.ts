/**
 * Publishing remotes (docs/api.md "Publishing a remote"): every refusal changes nothing; a publish
 * switches what /remotes.json and /remotes/<remote>/* serve; older hashed files stay served; a
 * rollback switches back; the shell's files never change. Builds are made-up dists zipped here.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { loadConfig } from '../../config';
import { contentSecurityPolicy } from '../../api/http/security';
import { REMOTE_DIRS } from '../site/manifest';
import { REPO_ROOT } from '../../paths';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/helpers';
import { createPool } from '../../data/pool';
import { deployKeyCommand } from './key-command';
import { createStorage } from '../../uploads/storage';
import { startTestS3 } from '../../test/s3';
import { contractMismatch, readBuildZip, routePatterns, unsafePathReason } from './checks';
import { checkKey, createKey, revokeKey } from './keys';
import { DEFAULT_REGISTRY, parseRegistry, RegistryFile } from './registry';
import { RemoteVersions, storageKey } from './versions';

const CONTRACT = { shared: '1', singletons: { react: '19.2.0', 'react-dom': '19.2.0', '@xiaoba/shared': '0.1.0' } };

type Files = Record<string, string | Buffer>;

/** A ZIP of the given files, as the deploy tool sends it. */
function zip(files: Files): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

/** A ZIP whose entry `placeholder` is renamed to `name` (same length): names yazl itself refuses. */
async function zipWithName(files: Files, placeholder: string, name: string): Promise<Buffer> {
  expect(Buffer.byteLength(name)).toBe(placeholder.length);
  const data = await zip(files);
  const from = Buffer.from(placeholder);
  let at = data.indexOf(from);
  let count = 0;
  while (at !== -1) {
    Buffer.from(name).copy(data, at);
    count++;
    at = data.indexOf(from, at + 1);
  }
  expect(count).toBe(2); // the local header and the central directory
  return data;
}

/** A made-up server entry (docs/adr/0016 "Step 2"): Node built-ins only, like a real one. */
const SERVER_ENTRY_TEXT = 'import{createHash}from"node:crypto";import u from"util";export async function render(p){return{html:String(p.path)}}';

/** A made-up build of mf-auth: entry, routes.json with contract, a hashed chunk (and its .br). */
function authBuild(tag: string, extra: { routes?: unknown[]; contract?: unknown; name?: string; files?: Files; server?: string } = {}): Files {
  const chunk = `login-${tag}.js`;
  const code = `export const page = ${JSON.stringify(tag)};`.repeat(50);
  return {
    'remoteEntry.js': `/* entry ${tag} */ import('./${chunk}');`,
    'routes.json': JSON.stringify({
      name: extra.name ?? 'mf_auth',
      routes: extra.routes ?? [{ path: '/login', page: 'login', title: '登录', preload: [chunk] }],
      ...(extra.contract === null ? {} : { contract: extra.contract ?? CONTRACT }),
      ...(extra.server ? { server: extra.server } : {}),
    }),
    [chunk]: code,
    [`${chunk}.br`]: brotliCompressSync(Buffer.from(code)),
    '__federation_shared_@xiaoba/shared-abc.js': `export const shared = 1; // ${tag}`,
    'prerender/pages.json': '{"/login":"login.json"}',
    'prerender/login.json': JSON.stringify({ title: '登录', css: '', html: `<p>prerendered ${tag}</p>` }),
    ...extra.files,
  };
}

let t: TestApp;
let siteDir: string;
let authKey: string;
let authKeyId: number;
let spaceKey: string;
let registryFile: string;

const publish = (body: Buffer, key: string | null = authKey, remote = 'mf-auth', query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/deploy/${remote}${query}`,
    headers: { 'content-type': 'application/zip', ...(key ? { 'x-deploy-key': key } : {}) },
    payload: body,
  });
const versionsOf = (key = authKey, remote = 'mf-auth') => t.app.inject({ url: `/api/deploy/${remote}/versions`, headers: { 'x-deploy-key': key } });
const rollbackTo = (body: unknown, key = authKey) =>
  t.app.inject({
    method: 'POST',
    url: '/api/deploy/mf-auth/rollback',
    headers: { 'x-deploy-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const body = (res: LightMyRequestResponse) => res.json() as { code: number; msg: string; data?: any };

/** Every stored file under remotes/ in the uploads folder (what a refusal must not change). */
async function storedFiles(): Promise<string[]> {
  const dir = path.join(t.config.uploadsDir, 'remotes');
  const list = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return list.map(String).sort();
}

async function manifestEntry(name = 'mf_auth') {
  return (await get('/remotes.json')).json().remotes.find((r: { name: string }) => r.name === name);
}

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'xb-deploy-site-'));
  const write = async (rel: string, text: string) => {
    await mkdir(path.dirname(path.join(siteDir, rel)), { recursive: true });
    await writeFile(path.join(siteDir, rel), text);
  };
  await write('shell/dist/index.html', '<!doctype html><html><head><title>校巴</title></head><body><div id="root"></div></body></html>');
  await write('shell/dist/assets/shell-abc.js', 'console.log("shell");');
  await write('shell/dist/contract.json', JSON.stringify(CONTRACT));
  // mf-auth also has a local dist: served until its first publish.
  await write('mf-auth/dist/remoteEntry.js', '/* local auth entry */');
  await write('mf-auth/dist/routes.json', JSON.stringify({ name: 'mf_auth', routes: [{ path: '/login', page: 'login' }] }));
  await write('mf-home/dist/remoteEntry.js', '/* local home entry */');
  await write('mf-home/dist/routes.json', JSON.stringify({ name: 'mf_home', routes: [{ path: '/home', page: 'home' }] }));
  const config = loadConfig({});
  // A copy of the repository's registry, which one test extends with a fifth remote.
  registryFile = path.join(siteDir, 'remotes.config.json');
  await writeFile(registryFile, await readFile(path.join(REPO_ROOT, 'remotes.config.json')));
  t = await startTestApp({ siteDir, deploy: { ...config.deploy, remotesFile: registryFile, maxMb: 1 } });
  ({ key: authKey, id: authKeyId } = await createKey(t.pool, 'mf-auth'));
  ({ key: spaceKey } = await createKey(t.pool, 'mf-space'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('before any publish', () => {
  it('serves a remote from its local dist', async () => {
    const res = await get('/remotes/mf-auth/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('/* local auth entry */');
    expect((await manifestEntry()).url).toMatch(/^\/remotes\/mf-auth\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
  });

  it('has no version to list or roll back to', async () => {
    expect(body(await versionsOf()).data).toEqual([]);
    const res = await rollbackTo({});
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toMatch(/^无法回滚：mf-auth has no published version/);
  });
});

describe('refusals change nothing', () => {
  const cases: [string, () => Promise<LightMyRequestResponse>, number, RegExp][] = [
    ['no key', async () => publish(await zip(authBuild('x')), null), 401, /X-Deploy-Key/],
    ['an unknown key', async () => publish(await zip(authBuild('x')), `xbd_mf-auth_${'A'.repeat(43)}`), 401, /unknown deploy key/],
    ['not a deploy key at all', async () => publish(await zip(authBuild('x')), 'Bearer abc'), 401, /unknown deploy key/],
    ["another remote's key", async () => publish(await zip(authBuild('x')), spaceKey), 403, /belongs to mf-space, not mf-auth/],
    [
      'a remote not in the registry',
      async () => publish(await zip(authBuild('x')), (await createKey(t.pool, 'mf-nowhere')).key, 'mf-nowhere'),
      404,
      /mf-nowhere is not in the registry/,
    ],
    [
      'a path with ..',
      async () => publish(await zipWithName(authBuild('x', { files: { 'aa/evil.js': 'x' } }), 'aa/evil.js', '../evil.js')),
      400,
      /"\.\.\/evil\.js" leaves the folder/,
    ],
    [
      'an absolute path',
      async () => publish(await zipWithName(authBuild('x', { files: { 'aetc/passwd': 'x' } }), 'aetc/passwd', '/etc/passwd')),
      400,
      /is absolute/,
    ],
    ['a backslash', async () => publish(await zipWithName(authBuild('x', { files: { 'a/b.js': 'x' } }), 'a/b.js', 'a\\b.js')), 400, /backslash/],
    ['a NUL in a name', async () => publish(await zipWithName(authBuild('x', { files: { 'ab.js': 'x' } }), 'ab.js', 'a\0.js')), 400, /NUL/],
    [
      'a route another remote owns',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/setting', children: [{ path: 'avatar' }] }] }))),
      409,
      /route \/setting belongs to mf-settings/,
    ],
    [
      'a nested route another remote owns',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/my', children: [{ path: 'board' }] }] }))),
      409,
      /route \/my belongs to mf-space/,
    ],
    [
      "another remote's route under another parameter name",
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/:uid' }] }))),
      409,
      /route \/:uid belongs to mf-space: it is mf-space's \/:id up to parameter names: mf-auth may not declare it/,
    ],
    [
      "another remote's nested route under another parameter name",
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/:a', children: [{ path: 'board' }] }] }))),
      409,
      /route \/:a belongs to mf-space: it is mf-space's \/:id up to parameter names/,
    ],
    [
      "another remote's route behind an optional segment, in other letters",
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/:lang?/Setting' }] }))),
      409,
      /route \/:lang\?\/Setting belongs to mf-settings: it is mf-settings's \/setting up to parameter names/,
    ],
    [
      'a static path that outranks a parameter route for a path it serves today',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/100002' }] }))),
      409,
      /route \/100002 would outrank mf-space's \/:id for \/100002, a path mf-space serves today: mf-auth may not declare it/,
    ],
    [
      "another remote's route under another parameter name, in other letters",
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/:a/Board' }] }))),
      409,
      /route \/:a\/Board belongs to mf-space: it is mf-space's \/:id\/board up to parameter names/,
    ],
    [
      'a two-segment static path over /:id/board',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/setting/board' }] }))),
      409,
      /route \/setting\/board would outrank mf-space's \/:id\/board for \/setting\/board, a path mf-space serves today/,
    ],
    [
      'a splat that takes the paths of a parameter route',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/login' }, { path: '/100002/*' }] }))),
      409,
      /route \/100002\/\* would outrank mf-space's \/:id for \/100002, a path mf-space serves today/,
    ],
    [
      'a route the router cannot read',
      async () => publish(await zip(authBuild('x', { routes: [{ path: '/a:b' }] }))),
      400,
      /routes\.json: route \/a:b: segment "a:b"/,
    ],
    [
      'a prerendered page on a route another remote owns',
      async () => publish(await zip(authBuild('x', { files: { 'prerender/pages.json': '{"/login":"login.json","/home/":"login.json"}' } }))),
      409,
      /prerendered page \/home belongs to mf-home: mf-auth may not serve it/,
    ],
    [
      'a prerendered page on a route nobody owns',
      async () => publish(await zip(authBuild('x', { files: { 'prerender/pages.json': '{"/elsewhere":"login.json"}' } }))),
      409,
      /prerendered page \/elsewhere is not a route of mf-auth in the registry/,
    ],
    [
      'a prerendered page naming a file the ZIP lacks',
      async () => publish(await zip(authBuild('x', { files: { 'prerender/pages.json': '{"/login":"../login.json"}' } }))),
      400,
      /prerendered page \/login names "\.\.\/login\.json"/,
    ],
    [
      'prerender/pages.json not a map',
      async () => publish(await zip(authBuild('x', { files: { 'prerender/pages.json': '["/login"]' } }))),
      400,
      /prerender\/pages\.json must be/,
    ],
    ['another federation name', async () => publish(await zip(authBuild('x', { name: 'mf_space' }))), 409, /names "mf_space", but mf-auth is mf_auth/],
    [
      'a contract mismatch',
      async () => publish(await zip(authBuild('x', { contract: { ...CONTRACT, singletons: { ...CONTRACT.singletons, react: '19.1.0' } } }))),
      409,
      /contract mismatch with the served shell: react: remote 19\.1\.0, shell 19\.2\.0/,
    ],
    [
      'another shared contract',
      async () => publish(await zip(authBuild('x', { contract: { ...CONTRACT, shared: '2' } }))),
      409,
      /@xiaoba\/shared contract: remote 2, shell 1/,
    ],
    ['no contract', async () => publish(await zip(authBuild('x', { contract: null }))), 409, /routes\.json has no contract/],
    [
      'a file over 5 MB',
      async () => publish(await zip(authBuild('x', { files: { 'big.js': Buffer.alloc(5 * 1024 * 1024 + 1) } }))),
      413,
      /big\.js is too large: 5\.0 MB, at most 5\.0 MB per file/,
    ],
    [
      'a ZIP past DEPLOY_MAX_MB',
      async () => publish(await zip(authBuild('x', { files: { 'noise.bin': randomBytes(1_200_000) } }))),
      413,
      /larger than DEPLOY_MAX_MB \(1 MB\)/,
    ],
    [
      'no remoteEntry.js',
      async () => {
        const { 'remoteEntry.js': _gone, ...rest } = authBuild('x');
        return publish(await zip(rest));
      },
      400,
      /remoteEntry\.js is missing/,
    ],
    [
      'no routes.json',
      async () => {
        const { 'routes.json': _gone, ...rest } = authBuild('x');
        return publish(await zip(rest));
      },
      400,
      /routes\.json is missing/,
    ],
    [
      'the dist folder zipped instead of its contents',
      async () => publish(await zip(Object.fromEntries(Object.entries(authBuild('x')).map(([k, v]) => [`dist/${k}`, v])))),
      400,
      /remoteEntry\.js is missing at the top/,
    ],
    ['routes.json not JSON', async () => publish(await zip({ ...authBuild('x'), 'routes.json': '{nope' })), 400, /routes\.json is not valid JSON/],
    [
      'a damaged ZIP',
      async () => {
        const good = await zip(authBuild('x'));
        return publish(Buffer.concat([good.subarray(0, 200), Buffer.alloc(300, 7), good.subarray(500)]));
      },
      400,
      /ZIP/,
    ],
    [
      'a server entry routes.json does not declare',
      async () => publish(await zip(authBuild('x', { files: { 'server/entry.mjs': SERVER_ENTRY_TEXT } }))),
      409,
      /server\/entry\.mjs is not declared by routes\.json/,
    ],
    [
      'a declared server entry the ZIP lacks',
      async () => publish(await zip(authBuild('x', { server: 'server/entry.mjs' }))),
      400,
      /routes\.json declares server\/entry\.mjs, which the ZIP lacks/,
    ],
    [
      'a server build of more than one file',
      async () => publish(await zip(authBuild('x', { server: 'server/entry.mjs', files: { 'server/entry.mjs': SERVER_ENTRY_TEXT, 'server/chunk.mjs': '' } }))),
      400,
      /server\/chunk\.mjs: a server build is the one file server\/entry\.mjs/,
    ],
    [
      'a server entry that imports a package instead of bundling it',
      async () =>
        publish(
          await zip(
            authBuild('x', {
              server: 'server/entry.mjs',
              files: { 'server/entry.mjs': `import { renderToString } from "react-dom/server";${SERVER_ENTRY_TEXT}` },
            }),
          ),
        ),
      400,
      /server\/entry\.mjs imports "react-dom\/server": bundle every library into it/,
    ],
    ['not a ZIP', async () => publish(Buffer.from('hello, not a zip at all')), 400, /not a readable ZIP/],
    ['an empty body', async () => publish(Buffer.alloc(0)), 400, /empty/],
  ];

  for (const [label, send, status, msg] of cases) {
    it(`refuses ${label} (${status})`, async () => {
      const before = await storedFiles();
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      const b = body(res);
      expect(b.code).toBe(status);
      expect(b.msg).toMatch(msg);
      expect(b.msg).toMatch(/[\u4e00-\u9fff]/); // the envelope's messages start in Chinese
      expect(await storedFiles()).toEqual(before);
      expect(body(await versionsOf()).data).toEqual([]);
      expect((await get('/remotes/mf-auth/remoteEntry.js')).body).toBe('/* local auth entry */');
    });
  }

  it('refuses a revoked key (401) and the JSON content type (415)', async () => {
    const { id, key } = await createKey(t.pool, 'mf-auth');
    expect(await revokeKey(t.pool, id)).toBe(true);
    const res = await publish(await zip(authBuild('x')), key);
    expect(res.statusCode).toBe(401);
    expect(body(res).msg).toMatch(/revoked/);
    expect((await versionsOf(key)).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/deploy/mf-auth',
      headers: { 'x-deploy-key': authKey, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    expect(body(await versionsOf()).data).toEqual([]);
  });

  it('refuses an mf-home build whose prerendered pages claim /my (409 naming /my); /my stays unclaimed', async () => {
    const { key: homeKey } = await createKey(t.pool, 'mf-home');
    const before = await storedFiles();
    const build = {
      'remoteEntry.js': '/* home entry */',
      'routes.json': JSON.stringify({ name: 'mf_home', routes: [{ path: '/home', page: 'home' }], contract: CONTRACT }),
      'prerender/pages.json': JSON.stringify({ '/home': 'home.json', '/my': 'home.json' }),
      'prerender/home.json': JSON.stringify({ title: '我的空间', css: '', html: '<p>home pretending to be /my</p>' }),
      'prerender/boot.js': '/* boot */',
    };
    const res = await publish(await zip(build), homeKey, 'mf-home');
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res)).toEqual({ code: 409, msg: '发布被拒绝：prerendered page /my belongs to mf-space: mf-home may not serve it' });
    expect(await storedFiles()).toEqual(before);
    expect(body(await versionsOf(homeKey, 'mf-home')).data).toEqual([]);
    expect((await get('/my', { accept: 'text/html' })).body).not.toContain('home pretending');
    expect((await get('/remotes/mf-home/remoteEntry.js')).body).toBe('/* local home entry */');
  });

  it("refuses listing and rolling back with another remote's key", async () => {
    expect((await versionsOf(spaceKey)).statusCode).toBe(403);
    expect((await rollbackTo({}, spaceKey)).statusCode).toBe(403);
  });
});

describe('publishing, serving and rolling back', () => {
  let v1: string;
  let v2: string;
  const shellBefore: Record<string, string> = {};

  it('publishes a build: stored, active, in the manifest with its version and contract', async () => {
    for (const url of ['/assets/shell-abc.js', '/contract.json']) shellBefore[url] = (await get(url)).body;
    const res = await publish(await zip(authBuild('one')), authKey, 'mf-auth', '?commit=0123456789abcdef0123456789abcdef01234567');
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data).toEqual({ version: expect.stringMatching(/^[0-9a-f]{12}$/), files: 7, bytes: expect.any(Number), active: true });
    v1 = data.version;
    const entry = await manifestEntry();
    expect(entry.url).toBe(`/remotes/mf-auth/remoteEntry.js?v=${v1}`);
    expect(entry.version).toBe(v1);
    expect(entry.contract).toEqual(CONTRACT);
    expect(entry.routes[0].preload).toEqual(['login-one.js']);
    // Stored through the storage, `@` written so the storage takes it.
    expect(await storedFiles()).toContain(path.join('mf-auth', v1, '__federation_shared__40_xiaoba', 'shared-abc.js'));
  });

  it('serves the published files with the right caching', async () => {
    const entry = await get(`/remotes/mf-auth/remoteEntry.js?v=${v1}`);
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe("/* entry one */ import('./login-one.js');");
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toMatch(/^text\/javascript/);
    const chunk = await get('/remotes/mf-auth/login-one.js');
    expect(chunk.body).toContain('"one"');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await get('/remotes/mf-auth/login-one.js', { 'if-none-match': String(chunk.headers.etag) })).statusCode).toBe(304);
    const br = await get('/remotes/mf-auth/login-one.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(chunk.rawPayload.length);
    expect((await get('/remotes/mf-auth/__federation_shared_@xiaoba/shared-abc.js')).body).toContain('one');
    expect((await get('/remotes/mf-auth/nothing.js')).statusCode).toBe(404);
    // The prerendered page comes from the published version, not the local dist.
    expect((await get('/login', { accept: 'text/html' })).body).toContain('<p>prerendered one</p>');
  });

  it('publishing the same build again stores nothing and keeps the version', async () => {
    const before = await storedFiles();
    const res = await publish(await zip(authBuild('one')));
    expect(body(res).data.version).toBe(v1);
    expect(await storedFiles()).toEqual(before);
    expect(body(await versionsOf()).data).toHaveLength(1);
  });

  it('a second publish switches the entry; the old hashed files stay served; the shell is untouched', async () => {
    await new Promise((r) => setTimeout(r, 5)); // distinct created_at
    const res = await publish(await zip(authBuild('two')));
    expect(res.statusCode, res.body).toBe(200);
    v2 = body(res).data.version;
    expect(v2).not.toBe(v1);
    expect((await manifestEntry()).url).toBe(`/remotes/mf-auth/remoteEntry.js?v=${v2}`);
    expect((await get('/remotes/mf-auth/remoteEntry.js')).body).toContain('entry two');
    // A tab opened before the switch: its manifest named v1, its chunks are v1's.
    expect((await get(`/remotes/mf-auth/remoteEntry.js?v=${v1}`)).body).toContain('entry one');
    expect((await get('/remotes/mf-auth/login-one.js')).statusCode).toBe(200);
    expect((await get('/remotes/mf-auth/login-two.js')).statusCode).toBe(200);
    // A file both have comes from the active version.
    expect((await get('/remotes/mf-auth/__federation_shared_@xiaoba/shared-abc.js')).body).toContain('two');
    for (const [url, text] of Object.entries(shellBefore)) expect((await get(url)).body).toBe(text);
    expect(await readdir(path.join(siteDir, 'shell/dist'), { recursive: true })).toEqual(expect.arrayContaining(['index.html', 'contract.json']));
    expect((await readdir(path.join(siteDir, 'shell/dist'), { recursive: true })).length).toBe(4);
    expect(await readFile(path.join(siteDir, 'shell/dist/assets/shell-abc.js'), 'utf8')).toBe('console.log("shell");');
    // Other remotes are untouched: mf-home still from its local dist.
    expect((await get('/remotes/mf-home/remoteEntry.js')).body).toBe('/* local home entry */');
  });

  it('lists the versions newest first, with the commit and which is active', async () => {
    const list = body(await versionsOf()).data;
    expect(list.map((v: { version: string }) => v.version)).toEqual([v2, v1]);
    expect(list.map((v: { active: boolean }) => v.active)).toEqual([true, false]);
    expect(list[1].commit).toBe('0123456789abcdef0123456789abcdef01234567');
    expect(list[0].commit).toBeNull();
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(list[0].bytes).toBeGreaterThan(0);
  });

  it('rolls back to the version before, then to a named one; refuses an unknown one', async () => {
    const back = await rollbackTo({});
    expect(back.statusCode, back.body).toBe(200);
    expect(body(back).data).toEqual({ version: v1, previous: v2 });
    expect((await get('/remotes/mf-auth/remoteEntry.js')).body).toContain('entry one');
    expect((await manifestEntry()).url).toBe(`/remotes/mf-auth/remoteEntry.js?v=${v1}`);
    const further = await rollbackTo({});
    expect(further.statusCode).toBe(409);
    expect(body(further).msg).toMatch(/no version before/);
    const unknown = await rollbackTo({ version: 'abcdefabcdef' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).msg).toMatch(/^版本不存在：mf-auth has no version abcdefabcdef/);
    expect((await rollbackTo({ version: 'nope' })).statusCode).toBe(400);
    const forward = await rollbackTo({ version: v2 });
    expect(body(forward).data).toEqual({ version: v2, previous: v1 });
    expect((await get('/remotes/mf-auth/remoteEntry.js')).body).toContain('entry two');
    expect(body(await versionsOf()).data.map((v: { active: boolean }) => v.active)).toEqual([true, false]);
  });

  it('another API process sees a switch within 2 s (the active pointer is read from PostgreSQL)', async () => {
    const other = new RemoteVersions(t.pool, createStorage(t.config), 7, pino({ enabled: false }));
    expect(await other.active('mf-auth')).toBe(v2);
    expect(body(await rollbackTo({ version: v1 })).data.version).toBe(v1);
    expect(await other.active('mf-auth')).toBe(v2); // cached, at most 2 s
    await new Promise((r) => setTimeout(r, 2100));
    expect(await other.active('mf-auth')).toBe(v1);
    await rollbackTo({ version: v2 });
  });

  it('two publishes at once: both stored whole, the last one active, every file of both served', async () => {
    const [a, b] = await Promise.all([publish(await zip(authBuild('three'))), publish(await zip(authBuild('four')))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const active = body(await versionsOf()).data.find((v: { active: boolean }) => v.active).version;
    expect([body(a).data.version, body(b).data.version]).toContain(active);
    for (const tag of ['three', 'four']) expect((await get(`/remotes/mf-auth/login-${tag}.js`)).body).toContain(tag);
    expect(await rollbackTo({ version: v2 }).then((r) => r.statusCode)).toBe(200);
  });

  it('hashed files of a version replaced more than REMOTE_RETAIN_DAYS ago are no longer served', async () => {
    expect((await get('/remotes/mf-auth/login-one.js')).statusCode).toBe(200);
    await t.pool.query(
      `UPDATE remote_versions SET created_at = now() - interval '8 days', last_active_at = now() - interval '8 days' WHERE remote = 'mf-auth' AND version = $1`,
      [v1],
    );
    await new Promise((r) => setTimeout(r, 2100)); // the pointers are re-read at most every 2 s
    expect((await get('/remotes/mf-auth/login-one.js')).statusCode).toBe(404);
    expect((await get(`/remotes/mf-auth/remoteEntry.js?v=${v1}`)).body).toContain('entry two'); // not kept: the active entry
    expect((await get('/remotes/mf-auth/login-two.js')).statusCode).toBe(200);
    // Still listed, and a rollback to it serves it again.
    expect(body(await rollbackTo({ version: v1 })).data.version).toBe(v1);
    expect((await get('/remotes/mf-auth/login-one.js')).statusCode).toBe(200);
    expect((await rollbackTo({ version: v2 })).statusCode).toBe(200);
  });

  it('without a shell contract.json nothing can be checked: refused', async () => {
    const file = path.join(siteDir, 'shell/dist/contract.json');
    await rm(file);
    try {
      const res = await publish(await zip(authBuild('nocontract')));
      expect(res.statusCode).toBe(409);
      expect(body(res).msg).toMatch(/the served shell has no contract\.json/);
    } finally {
      await writeFile(file, JSON.stringify(CONTRACT));
    }
  });

  it('a fifth remote is a row in the registry (read again without a restart) and a publish', async () => {
    const extraBuild = (tag: string) => ({
      'remoteEntry.js': `/* extra ${tag} */`,
      'routes.json': JSON.stringify({ name: 'mf_extra', routes: [{ path: '/extra', page: 'extra' }], contract: CONTRACT }),
    });
    const { key } = await createKey(t.pool, 'mf-extra');
    expect((await publish(await zip(extraBuild('a')), key, 'mf-extra')).statusCode).toBe(404);
    const registry = JSON.parse(await readFile(registryFile, 'utf8'));
    registry.remotes.push({ name: 'mf-extra', federation: 'mf_extra', owns: ['/extra'] });
    await writeFile(registryFile, JSON.stringify(registry, null, 2));
    const res = await publish(await zip(extraBuild('a')), key, 'mf-extra');
    expect(res.statusCode, res.body).toBe(200);
    const manifest = (await get('/remotes.json')).json();
    expect(manifest.remotes.at(-1)).toMatchObject({
      name: 'mf_extra',
      url: `/remotes/mf-extra/remoteEntry.js?v=${body(res).data.version}`,
      routes: [{ path: '/extra' }],
    });
    expect((await get('/remotes/mf-extra/remoteEntry.js')).body).toBe('/* extra a */');
    const head = await t.app.inject({ method: 'HEAD', url: '/remotes/mf-extra/remoteEntry.js' });
    expect([head.statusCode, head.body, head.headers['content-length']]).toEqual([200, '', '13']);
    // Its routes are now its own: mf-auth may not declare /extra.
    const taken = await publish(await zip(authBuild('x', { routes: [{ path: '/extra' }] })));
    expect(body(taken).msg).toMatch(/route \/extra belongs to mf-extra/);
  });

  it('publishes a server entry with its browser build: one version for both, never served to a browser', async () => {
    const spaceBuild = (entry: string) => ({
      'remoteEntry.js': '/* space entry */',
      'routes.json': JSON.stringify({ name: 'mf_space', routes: [{ path: '/my', page: 'myHome' }], contract: CONTRACT, server: 'server/entry.mjs' }),
      'server/entry.mjs': entry,
    });
    const first = await publish(await zip(spaceBuild(SERVER_ENTRY_TEXT)), spaceKey, 'mf-space');
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data.files).toBe(3);
    const version = body(first).data.version;
    expect(await storedFiles()).toContain(path.join('mf-space', version, 'server', 'entry.mjs'));
    // Another server entry with the same browser files is another version.
    const second = await publish(await zip(spaceBuild(`${SERVER_ENTRY_TEXT}//2`)), spaceKey, 'mf-space');
    expect(body(second).data.version).not.toBe(version);
    expect((await get('/remotes/mf-space/remoteEntry.js')).body).toBe('/* space entry */');
    expect((await get('/remotes/mf-space/server/entry.mjs')).statusCode).toBe(404);
    expect((await get('/remotes/mf-auth/server/entry.mjs')).statusCode).toBe(404);
  });

  it('the key records its last use', async () => {
    const { rows } = await t.pool.query('SELECT last_used_at FROM deploy_keys WHERE id = $1', [authKeyId]);
    expect(rows[0].last_used_at).not.toBeNull();
  });
});

describe('pieces', () => {
  it('the registry file lists the four remotes REMOTE_DIRS names, and is checked', async () => {
    const registry = await new RegistryFile(path.join(REPO_ROOT, 'remotes.config.json')).load();
    expect(registry.remotes.map((r) => r.name)).toEqual([...REMOTE_DIRS]);
    expect(registry).toEqual(DEFAULT_REGISTRY); // the fallback when the file is not beside the server
    const missing = path.join(siteDir, 'no-such-registry.json');
    expect(await new RegistryFile(missing, DEFAULT_REGISTRY).load()).toBe(DEFAULT_REGISTRY);
    await expect(new RegistryFile(missing).load()).rejects.toThrow(/not found/);
    expect(() =>
      parseRegistry(
        {
          remotes: [
            { name: 'a', federation: 'a', owns: ['/x'] },
            { name: 'b', federation: 'b', owns: ['/x/'] },
          ],
        },
        'f',
      ),
    ).toThrow(/route \/x is owned by both a and b/);
    // One route under two parameter names is owned twice too.
    expect(() =>
      parseRegistry(
        {
          remotes: [
            { name: 'a', federation: 'a', owns: ['/:id'] },
            { name: 'b', federation: 'b', owns: ['/:uid'] },
          ],
        },
        'f',
      ),
    ).toThrow(/route \/:uid is owned by both a and b \(as \/:id\)/);
    expect(() => parseRegistry({ remotes: [{ name: 'a', federation: 'a', owns: ['/x*'] }] }, 'f')).toThrow(/f: route \/x\*: segment "x\*"/);
    expect(() => parseRegistry({ remotes: [{ name: '../x', federation: 'x', owns: [] }] }, 'f')).toThrow(/name must match/);
    expect(() => parseRegistry({}, 'f')).toThrow(/must be/);
  });

  it('every route of each local build is owned by its own remote only', async () => {
    const registry = await new RegistryFile(path.join(REPO_ROOT, 'remotes.config.json')).load();
    for (const def of registry.remotes) {
      const routes = await readFile(path.join(REPO_ROOT, def.name, 'dist', 'routes.json'), 'utf8').catch(() => null);
      if (!routes) continue; // not built here
      for (const p of routePatterns(JSON.parse(routes).routes)) {
        const owner = registry.remotes.find((r) => r.owns.includes(p));
        expect(owner?.name, `${def.name} declares ${p}`).toBe(def.name);
      }
    }
  });

  it('path rules, route patterns, contract differences, storage keys', async () => {
    expect(unsafePathReason('assets/a.js')).toBeNull();
    expect(unsafePathReason('a/../b')).toMatch(/leaves/);
    expect(unsafePathReason('C:/x')).toMatch(/absolute/);
    expect(unsafePathReason('a//b')).toMatch(/empty/);
    expect(routePatterns([{ path: '/my', children: [{ index: true }, { path: 'board' }] }, { path: '/:id/' }])).toEqual(['/my', '/my', '/my/board', '/:id']);
    expect(contractMismatch({ shared: '1', singletons: { react: '1' } }, { shared: '1', singletons: { react: '1', 'react-dom': '1' } })).toBe(
      'react-dom: remote not shared, shell 1',
    );
    expect(storageKey('mf-auth', 'abc', 'x/ü@1.js')).toBe('remotes/mf-auth/abc/x/_c3bc__40_1.js');
    const many = await zip(Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`f${i}.js`, ''])));
    await expect(readBuildZip(many)).rejects.toThrow(/too many files: more than 2000/);
    const dotted = await readBuildZip(await zip({ ...authBuild('d'), '.vite/manifest.json': '{}' }));
    expect(dotted.skipped).toEqual(['.vite/manifest.json']);
  });

  it('REMOTE_OVERRIDES=1: the manifest says overrides, the CSP header allows localhost', async () => {
    const dev = await startTestApp({
      siteDir,
      deploy: { ...loadConfig({ REMOTE_OVERRIDES: '1' }).deploy, remotesFile: path.join(REPO_ROOT, 'remotes.config.json') },
    });
    try {
      const res = await dev.app.inject({ url: '/remotes.json' });
      expect(res.json().overrides).toBe(true);
      expect(res.headers['content-security-policy']).toContain("script-src 'self' http://localhost:* http://127.0.0.1:*");
    } finally {
      await dev.close();
    }
    expect((await get('/remotes.json')).json().overrides).toBeUndefined();
    expect((await get('/remotes.json')).headers['content-security-policy']).not.toContain('localhost');
  });

  it('REMOTE_OVERRIDES adds localhost to script-src and connect-src only', () => {
    const on = contentSecurityPolicy({ remoteOverrides: true });
    expect(on).toContain("script-src 'self' http://localhost:* http://127.0.0.1:*");
    expect(on).toContain("connect-src 'self' http://localhost:* http://127.0.0.1:*");
    expect(on).toContain("img-src 'self' data: blob:");
    expect(contentSecurityPolicy()).not.toContain('localhost');
  });
});

describe('npm run deploy-key', () => {
  it('creates a key shown once, lists keys without them, revokes; refuses an unknown remote or command', async () => {
    const db = await createTestDatabase();
    const pool = createPool(db.url);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const env = { DATABASE_URL: db.url };
    try {
      expect(await deployKeyCommand(['create', 'mf-space'], env, io)).toBe(0);
      const key = out.join('\n').match(/xbd_mf-space_[\w-]{43}/)?.[0];
      expect(key).toBeDefined();
      expect(await checkKey(pool, key, 'mf-space')).toEqual({ ok: true, id: 1 });
      expect((await checkKey(pool, key, 'mf-auth')).ok).toBe(false);
      expect(await deployKeyCommand(['create', 'mf-nope'], env, io)).toBe(2);
      expect(err.at(-1)).toMatch(/mf-nope is not a remote of .*remotes\.config\.json/);
      out.length = 0;
      expect(await deployKeyCommand(['list'], env, io)).toBe(0);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatch(/^ +1 {2}mf-space .* last used \d{4}-.* active$/);
      expect(out.join()).not.toContain(key);
      expect(await deployKeyCommand(['revoke', '1'], env, io)).toBe(0);
      expect(await checkKey(pool, key, 'mf-space')).toMatchObject({ ok: false, status: 401 });
      expect(await deployKeyCommand(['revoke', '1'], env, io)).toBe(1);
      expect(await deployKeyCommand(['revoke', 'x'], env, io)).toBe(2);
      expect(await deployKeyCommand(['drop', 'all'], env, io)).toBe(2);
      expect(await deployKeyCommand([], env, io)).toBe(2);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});

describe('versions in S3 (several machines share them)', () => {
  it('publishes into the bucket and serves from it: entry, hashed chunk, its .br, the @ file; a second app over the same database and bucket serves the same', async () => {
    const s3 = await startTestS3('xb-deploy', 'site/');
    const deploy = { ...loadConfig({}).deploy, remotesFile: path.join(REPO_ROOT, 'remotes.config.json') };
    const one = await startTestApp({ siteDir, s3: s3.config, deploy });
    try {
      const { key } = await createKey(one.pool, 'mf-auth');
      const res = await one.app.inject({
        method: 'POST',
        url: '/api/deploy/mf-auth',
        headers: { 'content-type': 'application/zip', 'x-deploy-key': key },
        payload: await zip(authBuild('s3')),
      });
      expect(res.statusCode, res.body).toBe(200);
      const version = body(res).data.version;
      const entry = await one.app.inject({ url: '/remotes/mf-auth/remoteEntry.js' });
      expect(entry.body).toContain('entry s3');
      expect(entry.headers['content-type']).toMatch(/^text\/javascript/);
      expect((await one.app.inject({ url: '/remotes/mf-auth/login-s3.js', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBe('br');
      expect((await one.app.inject({ url: '/remotes/mf-auth/__federation_shared_@xiaoba/shared-abc.js' })).body).toContain('s3');
      const stored = await readdir(s3.directory, { recursive: true });
      expect(stored.map(String).some((f) => f.includes(`site/remotes/mf-auth/${version}/login-s3.js`))).toBe(true);
      // Another API process: same database, same bucket, no local dist of its own needed.
      const other = new RemoteVersions(one.pool, createStorage(one.config), 7, pino({ enabled: false }));
      expect(await other.active('mf-auth')).toBe(version);
      expect((await other.readFile('mf-auth', version, 'remoteEntry.js'))?.toString()).toContain('entry s3');
    } finally {
      await one.close();
      await s3.close();
    }
  });
});

// Last: it publishes every remote, which changes what the tests above see served.
describe("each workspace remote's own route table", () => {
  it('publishes again as it is (its static paths keep outranking /:id), and again after that', async () => {
    const registry = await new RegistryFile(path.join(REPO_ROOT, 'remotes.config.json')).load();
    for (const def of registry.remotes) {
      const built = await readFile(path.join(REPO_ROOT, def.name, 'dist', 'routes.json'), 'utf8').catch(() => null);
      // Not built here: the routes the registry gives it.
      const routes = built ? (JSON.parse(built) as { routes: unknown[] }).routes : def.owns.map((p) => ({ path: p }));
      const { key } = await createKey(t.pool, def.name);
      for (const tag of ['one', 'two']) {
        const build = zip({
          'remoteEntry.js': `/* ${def.name} ${tag} */`,
          'routes.json': JSON.stringify({ name: def.federation, routes, contract: CONTRACT }),
        });
        const res = await publish(await build, key, def.name);
        expect(res.statusCode, `${def.name}: ${res.body}`).toBe(200);
      }
    }
  });
});
