import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_DIR } from '../../paths';
import { json, startTestApp, type TestApp } from '../../test/helpers';
import { SPLASH_ROOT, SPLASH_STYLE } from './static';

let siteDir: string;
let t: TestApp;

// A title with markup: inlined into index.html it must not close the script early.
const AUTH_ROUTES = {
  name: 'mf_auth',
  routes: [
    { path: '/login', page: 'login', title: '登录</script><script>alert(1)</script>' },
    { path: '/register', page: 'register' },
  ],
};
const SPACE_ROUTES = {
  name: 'mf_space',
  routes: [
    {
      path: '/my',
      page: 'my',
      preload: ['expose-a1.js', 'my-b2.js'],
      children: [{ path: 'board', page: 'board', preload: ['expose-a1.js', 'board-c3.js', '../../etc/passwd.js'] }],
    },
    { path: '/:id', page: 'space' },
  ],
};
const EMOJI_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#fc0"/></svg>';
const BIG_JS = `export const data = ${JSON.stringify('校巴'.repeat(2000))};\n`;

async function put(rel: string, content: string): Promise<void> {
  const file = path.join(siteDir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const hash12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'xb-site-'));
  await put('shell/dist/index.html', '<!doctype html><html><head><title>校巴</title></head><body><div id="root"></div></body></html>');
  await put('shell/dist/assets/index-Ab12Cd.js', BIG_JS);
  await put('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put('shared/dist/emoji/b12.svg', EMOJI_SVG);
  await put('shared/dist/emoji/notes.txt', 'not a picture');
  await put('mf-auth/dist/remoteEntry.js', 'export const auth = 1;');
  await put('mf-auth/dist/routes.json', JSON.stringify(AUTH_ROUTES));
  await put('mf-auth/dist/login-x1y2.js', BIG_JS);
  await put('mf-space/dist/remoteEntry.js', 'export const space = 1;');
  await put('mf-space/dist/routes.json', JSON.stringify(SPACE_ROUTES));
  await put('mf-home/dist/remoteEntry.js', 'export const home = 1;'); // no routes.json: skipped
  // mf-settings is not built at all: skipped
  t = await startTestApp({ siteDir });
});
afterAll(async () => {
  await t.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('GET /remotes.json', () => {
  it('lists the built remotes with a content-hash version and their routes untouched', async () => {
    const res = await get('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const authHash = hash12(await readFile(path.join(siteDir, 'mf-auth/dist/remoteEntry.js'), 'utf8'));
    expect(res.json()).toEqual({
      remotes: [
        { name: 'mf_auth', url: `/remotes/mf-auth/remoteEntry.js?v=${authHash}`, version: authHash, routes: AUTH_ROUTES.routes },
        {
          name: 'mf_space',
          url: `/remotes/mf-space/remoteEntry.js?v=${hash12('export const space = 1;')}`,
          version: hash12('export const space = 1;'),
          routes: SPACE_ROUTES.routes,
        },
      ],
      archive: false,
    });
  });

  it('shows a redeploy (dist folder replaced by a rename) without a restart', async () => {
    const before = (await get('/remotes.json')).json().remotes[1];
    const staging = path.join(siteDir, 'mf-space/dist-next');
    await mkdir(staging);
    await writeFile(path.join(staging, 'remoteEntry.js'), 'export const space = 2;');
    await writeFile(path.join(staging, 'routes.json'), JSON.stringify({ name: 'mf_space', routes: [...SPACE_ROUTES.routes, { path: '/my/new' }] }));
    await rename(path.join(siteDir, 'mf-space/dist'), path.join(siteDir, 'mf-space/dist-old'));
    await rename(staging, path.join(siteDir, 'mf-space/dist'));

    const after = (await get('/remotes.json')).json().remotes[1];
    expect(after.version).toBe(hash12('export const space = 2;'));
    expect(after.version).not.toBe(before.version);
    expect(after.routes).toEqual([...SPACE_ROUTES.routes, { path: '/my/new' }]);
    expect((await get('/remotes/mf-space/remoteEntry.js')).body).toBe('export const space = 2;');
  });

  it('adds a remote once it is built', async () => {
    await put('mf-home/dist/routes.json', JSON.stringify({ name: 'mf_home', routes: [] }));
    expect((await get('/remotes.json')).json().remotes.map((r: { name: string }) => r.name)).toEqual(['mf_auth', 'mf_space', 'mf_home']);
    await rm(path.join(siteDir, 'mf-home/dist/routes.json'));
    expect((await get('/remotes.json')).json().remotes).toHaveLength(2);
  });
});

describe('the shell', () => {
  it.each(['/', '/login', '/home', '/12345', '/setting/avatar', '/index.html'])('answers %s with index.html and the manifest inlined', async (url) => {
    const res = await get(url, HTML);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const match = /<script type="application\/json" id="xb-manifest">(.*?)<\/script><\/head>/.exec(res.body);
    expect(match).not.toBeNull();
    expect(match![1]).not.toContain('<');
    expect(JSON.parse(match![1]!)).toEqual((await get('/remotes.json')).json());
    // Not prerendered: the root holds the loading words until the scripts replace them.
    expect(res.body).toContain(SPLASH_ROOT);
    expect(res.body).toContain(SPLASH_STYLE);
  });

  it.each([
    ['/login', 'mf-auth'],
    ['/register', 'mf-auth'],
    ['/my/board', 'mf-space'],
    ['/12345', 'mf-space'],
    ['/no/such/page', null],
  ])('asks the browser to preload the entry of the remote serving %s', async (url, remote) => {
    const body = (await get(url, HTML)).body;
    const links = [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links.slice(0, 1)).toEqual(remote ? [expect.stringMatching(new RegExp(`^/remotes/${remote}/remoteEntry\\.js\\?v=[0-9a-f]{12}$`))] : []);
  });

  it('preloads the files the page needs, along its rows, once each and only plain file names', async () => {
    const body = (await get('/my/board', HTML)).body;
    const links = [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(links.slice(1)).toEqual(['/remotes/mf-space/expose-a1.js', '/remotes/mf-space/my-b2.js', '/remotes/mf-space/board-c3.js']);
  });

  it('serves real files: hashed assets immutable, others no-cache', async () => {
    const asset = await get('/assets/index-Ab12Cd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(BIG_JS);
    const icon = await get('/favicon.svg');
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses text: brotli when accepted, else gzip', async () => {
    const br = await get('/assets/index-Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await get('/remotes/mf-auth/login-x1y2.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
  });

  it('answers 404, not HTML, for a missing file, but a page path to any client', async () => {
    for (const [url, headers] of [
      ['/assets/missing-123.js', {}],
      ['/logo.png', { accept: 'image/*' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
    }
    const page = await get('/login', { accept: '*/*' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SPLASH_ROOT);
  });

  it('never leaves the site folder', async () => {
    for (const url of [
      '/..%2f..%2fetc%2fpasswd',
      '/remotes/mf-auth/..%2f..%2fshell%2fdist%2findex.html',
      '/remotes/mf-auth/%2e%2e/routes.json',
      '/remotes/server/package.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /assets/emoji/*', () => {
  it('serves the emoji pictures of shared/dist/emoji: a week, with ETag, nosniff', async () => {
    const res = await get('/assets/emoji/b12.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toBe(EMOJI_SVG);
    const again = await get('/assets/emoji/b12.svg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a missing emoji, another type, or a path leaving the folder', async () => {
    for (const url of ['/assets/emoji/b999.svg', '/assets/emoji/notes.txt', '/assets/emoji/..%2f..%2f..%2fshell%2fdist%2findex.html', '/assets/emoji/']) {
      const res = await get(url, { accept: 'image/*' });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("leaves the shell's own /assets/* files to the shell", async () => {
    expect((await get('/assets/index-Ab12Cd.js')).statusCode).toBe(200);
  });
});

describe('the remotes', () => {
  it('serves remoteEntry.js and routes.json no-cache, chunks immutable', async () => {
    const entry = await get('/remotes/mf-auth/remoteEntry.js?v=abc');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect((await get('/remotes/mf-auth/routes.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/mf-auth/login-x1y2.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/remotes/mf-auth/nothing.js')).statusCode).toBe(404);
    expect((await get('/remotes/mf-settings/remoteEntry.js')).statusCode).toBe(404);
  });
});

describe('GET /showupdate.txt', () => {
  it('serves the update notes as UTF-8 text, newest first, one per line', async () => {
    const res = await get('/showupdate.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(await readFile(path.join(STATIC_DIR, 'showupdate.txt'), 'utf8'));
    const dates = res.body
      .trim()
      .split('\n')
      .map((line) => line.slice(0, 10));
    expect(dates.length).toBeGreaterThanOrEqual(8);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('a site that is not built', () => {
  it('answers 503 with how to build it', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'xb-empty-'));
    const bare = await startTestApp({ siteDir: empty });
    try {
      for (const url of ['/', '/login']) {
        const res = await bare.app.inject({ url, headers: HTML });
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain('npm run build');
      }
      expect((await bare.app.inject({ url: '/remotes.json' })).json()).toEqual({ remotes: [], archive: false });
      expect(json(await bare.app.inject({ url: '/api/user/nothing' })).msg).toBe('接口不存在');
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
