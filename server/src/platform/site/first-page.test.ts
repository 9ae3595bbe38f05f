/**
 * The first visit of a page (docs/adr/0008): text files precompressed at build time are sent as
 * they are, and /login, /register arrive prerendered with their scripts parked until first paint.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers';

let siteDir: string;
let t: TestApp;
let archived: TestApp;

const INDEX =
  '<!doctype html><html><head><title>校巴</title>' +
  '<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-Ef56Gh78.js"></head>' +
  '<body><div id="root"></div><noscript>JS</noscript></body></html>';
const APP_JS = `export const text = ${JSON.stringify('校巴的第一页'.repeat(400))};\n`;
const LOGIN = { title: '登录', css: '<style data-xb-prerender>.a{color:red}</style>', html: '<main id="main"><form method="dialog"><input></form></main>' };

async function put(rel: string, content: string | Buffer): Promise<void> {
  const file = path.join(siteDir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}
const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'xb-first-page-'));
  await put('shell/dist/index.html', INDEX);
  await put('shell/dist/assets/index-Ab12Cd34.js', APP_JS);
  // What tools/precompress.mjs writes beside it.
  await put('shell/dist/assets/index-Ab12Cd34.js.br', brotliCompressSync(Buffer.from(APP_JS)));
  await put('shell/dist/assets/index-Ab12Cd34.js.gz', gzipSync(Buffer.from(APP_JS)));
  await put('shell/dist/assets/plain-Zz11Yy22.js', APP_JS); // built without siblings
  await put('mf-auth/dist/remoteEntry.js', 'export const auth = 1;');
  await put(
    'mf-auth/dist/routes.json',
    JSON.stringify({
      name: 'mf_auth',
      routes: [
        { path: '/login', page: 'login', title: '登录' },
        { path: '/my', page: 'my' },
      ],
    }),
  );
  await put(
    'mf-auth/dist/prerender/pages.json',
    JSON.stringify({ '/': 'login.json', '/login': 'login.json', '/evil': '../../../etc/passwd.json', '/broken': 'broken.json' }),
  );
  await put('mf-auth/dist/prerender/login.json', JSON.stringify(LOGIN));
  await put('mf-auth/dist/prerender/broken.json', '{"title": 1');
  await put('mf-auth/dist/prerender/boot.js', '/* boot */');
  // mf-home's dist on disk claims mf-space's /my besides its own /home (never published, so never checked).
  await put('mf-home/dist/remoteEntry.js', 'export const home = 1;');
  await put('mf-home/dist/routes.json', JSON.stringify({ name: 'mf_home', routes: [{ path: '/home', page: 'home' }] }));
  await put('mf-home/dist/prerender/pages.json', JSON.stringify({ '/my': 'stolen.json', '/home': 'home.json' }));
  await put('mf-home/dist/prerender/stolen.json', JSON.stringify({ title: '我的空间', css: '', html: '<p>not mf-space</p>' }));
  await put('mf-home/dist/prerender/home.json', JSON.stringify({ title: '个人中心', css: '', html: '<p>home page</p>' }));
  await put(
    'shell/dist/lazy-libraries.json',
    JSON.stringify({ apiClient: ['/assets/axios-Qq12Ww34.js', 'https://evil.example/x.js'], all: ['/assets/axios-Qq12Ww34.js', '/assets/toast-Ee56Rr78.js'] }),
  );
  t = await startTestApp({ siteDir });
  archived = await startTestApp({ siteDir, archiveMode: true });
});
afterAll(async () => {
  await t.close();
  await archived.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('precompressed files', () => {
  const asset = '/assets/index-Ab12Cd34.js';

  it('sends the .br sibling as it is to a browser that takes brotli, with its own length and ETag', async () => {
    const br = await readFile(path.join(siteDir, 'shell/dist', `${asset}.br`));
    const res = await get(t, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['content-length']).toBe(String(br.length));
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(br)).toBe(true); // not compressed a second time

    const again = await get(t, asset, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('sends the .gz sibling to a gzip-only client and the file itself to one that takes neither', async () => {
    const gz = await readFile(path.join(siteDir, 'shell/dist', `${asset}.gz`));
    const gzipped = await get(t, asset, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(gz)).toBe(true);

    const plain = await get(t, asset, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers.vary).toBe('accept-encoding');
    // Each form has its own validator: a cache never mixes them up.
    expect(plain.headers.etag).not.toBe(gzipped.headers.etag);
  });

  it('still compresses a file built without siblings on the fly', async () => {
    const res = await get(t, '/assets/plain-Zz11Yy22.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('prerendered pages', () => {
  it('puts the page and its CSS into index.html for /login, with its title, and parks the scripts', async () => {
    const res = await get(t, '/login', { 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // In the shell's root, which hydrates it.
    expect(html).toContain(`<div id="root">${LOGIN.html}</div><script async src="/remotes/mf-auth/prerender/boot.js"></script>`);
    expect(html.indexOf(LOGIN.css)).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<title>登录 - 校巴</title>');
    // The prerendered page is what paints: no loading words.
    expect(html).not.toContain('xb-splash');
    // Nothing fetched or run before the boot script starts them, after the first paint.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script type="xb-module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
    expect(html).toContain('<link rel="xb-modulepreload" crossorigin href="/assets/react-Ef56Gh78.js">');
    // The manifest is still inlined (non-executable JSON).
    expect(html).toContain('id="xb-manifest"');
  });

  it('serves the same for / and /login/, and the boot script no-cache', async () => {
    for (const url of ['/', '/login/', '/login?from=mail']) expect((await get(t, url)).body).toContain(`<div id="root">${LOGIN.html}</div>`);
    const boot = await get(t, '/remotes/mf-auth/prerender/boot.js');
    expect(boot.statusCode).toBe(200);
    expect(boot.headers['cache-control']).toBe('no-cache');
  });

  it("never serves a remote's prerendered page on a path the registry gives another remote, even from files on disk", async () => {
    const stolen = await get(t, '/my');
    expect(stolen.body).not.toContain('not mf-space');
    expect(stolen.body).not.toContain('xb-prerender');
    expect(stolen.body).not.toContain('/remotes/mf-home/prerender/boot.js');
    // Its own route is still served prerendered.
    expect((await get(t, '/home')).body).toContain('<div id="root"><p>home page</p></div>');
  });

  it('leaves every other page, a malformed or escaping entry, and an archive, as the plain shell', async () => {
    for (const [app, url] of [
      [t, '/my'],
      [t, '/evil'],
      [t, '/broken'],
      [archived, '/login'],
    ] as const) {
      const html = (await get(app, url)).body;
      expect(html, url).not.toContain('xb-prerender');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>');
      expect(html, url).toContain('<title>校巴</title>');
      // It shows a spinner named 加载中 until the scripts have run, not a blank page.
      expect(html, url).toContain('<div id="root"><div class="xb-splash" data-xb-client role="status" aria-label="加载中"><i></i></div></div>');
    }
  });
});

describe('the HTTP client for a returning visitor', () => {
  const AXIOS = '<link rel="modulepreload" crossorigin href="/assets/axios-Qq12Ww34.js">';

  it('is preloaded with the page when the session hint says a session may exist (docs/adr/0012)', async () => {
    for (const url of ['/my', '/login']) {
      const html = (await get(t, url, { cookie: 'xb_session=1' })).body;
      // The prerendered /login parks it with the others until its first paint.
      expect(html, url).toContain(url === '/login' ? AXIOS.replace('"modulepreload"', '"xb-modulepreload"') : AXIOS);
      // Only the site's own assets are ever named.
      expect(html, url).not.toContain('evil.example');
      expect(html, url).not.toContain('toast-Ee56Rr78');
    }
  });

  it('is not preloaded for an anonymous visitor: it loads when the page is idle', async () => {
    for (const url of ['/my', '/login']) expect((await get(t, url)).body, url).not.toContain('axios-Qq12Ww34');
  });
});
