/**
 * Independent delivery of one remote (docs/architecture.md "Deploying one remote"), as a sub-team
 * does it: a deploy key from the operator's CLI, then `tools/deploy.mjs` publishes, lists and rolls
 * back mf-home on a site of its own (fresh DATA_DIR: the other browser tests keep their site).
 * A page open during a publish keeps working, a reload shows the new version, a rollback brings
 * the old one back, a build with another contract is refused with the mismatch named, and the
 * shell's files never change.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSite } from '../src/browser';
import { DEMO } from '../src/site';
import { freePort, repo, startSite, type Site } from '../src/site-server.mjs';
// @ts-expect-error plain JS tool without declarations
import { buildFiles, parseDeployArgs } from '../../tools/deploy.mjs';

const OLD_TEXT = '点一下问题就能看到答案。';
const NEW_TEXT = '点一下问题就能看到答案（新版）。';
const mfHome = join(repo, 'mf-home');

let browser: Browser;
let site: Site;
let dataDir: string;
let work: string;
let key: string;
let preview: ChildProcess | undefined;
let preview2: ChildProcess | undefined;

/** Runs the sub-team's CLI from mf-home's folder, as `npm run deploy -w @xiaoba/mf-home -- ...` does. */
function deploy(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, 'tools/deploy.mjs'), '--site', site.url, ...args], {
      cwd: mfHome,
      env: { ...process.env, XB_DEPLOY_KEY: key, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** SHA-256 of every file under a folder, by relative path. */
function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * mf-home built for real into `outDir` with one sentence of its help page changed (a plugin
 * rewrites the source as it is read; nothing in the tree is edited): new content hashes for the
 * chunks that changed, as a sub-team's next build has.
 */
function buildChangedHome(outDir: string) {
  // Both builds \`npm run build\` makes (tools/atomic-build.mjs): the browser's, then the server entry
  // routes.json declares (docs/adr/0016), each with the changed sentence.
  const script = `
    import { build } from 'vite';
    const plugins = [{
      name: 'changed-text',
      enforce: 'pre',
      transform(code, id) {
        if (id.endsWith('/help/HelpPage.tsx')) return code.replace(${JSON.stringify(OLD_TEXT)}, ${JSON.stringify(NEW_TEXT)});
      },
    }];
    await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true }, plugins });
    await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { ssr: 'src/server.tsx', outDir: ${JSON.stringify(join(outDir, 'server'))}, emptyOutDir: true }, plugins });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: mfHome, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`changed build failed:\n${result.stdout}\n${result.stderr}`);
  expect(readFileSync(join(outDir, 'routes.json'), 'utf8')).toContain('"contract"');
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'xiaoba-deploy-'));
  dataDir = join(work, 'data');
  mkdirSync(dataDir);
  chmodSync(work, 0o755);
  chmodSync(dataDir, 0o755);
  const started = Promise.all([
    startSite({
      PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      JWT_SECRET: 'deploy-e2e-secret-long-enough-for-hs256-0123456789',
      RATE_LIMIT_USER: '0',
      RATE_LIMIT_ANON: '0',
      REMOTE_OVERRIDES: '1',
    }),
    launchBrowser(),
  ]);
  // Meanwhile: the build published first (the site's current mf-home, copied so a rebuild by
  // someone else cannot change it under the test), and the changed one.
  cpSync(join(mfHome, 'dist'), join(work, 'v1'), { recursive: true });
  buildChangedHome(join(work, 'v2'));
  [site, browser] = await started;
  // The operator's side: a key for mf-home, printed once by the server's CLI.
  const created = spawnSync(process.execPath, [join(repo, 'server/dist/deploy-key.js'), 'create', 'mf-home'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const found = /xbd_mf-home_[A-Za-z0-9_-]+/.exec(created.stdout);
  if (created.status !== 0 || !found) throw new Error(`deploy-key create failed (${created.status}):\n${created.stdout}\n${created.stderr}`);
  key = found[0];
}, 240_000);

afterAll(async () => {
  preview?.kill('SIGTERM');
  preview2?.kill('SIGTERM');
  await browser?.close();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('publishing one remote with tools/deploy.mjs', () => {
  it('publishes, keeps an open tab working, shows the new version on reload, rolls back; the shell never changes', async () => {
    const shellBefore = hashTree(join(repo, 'shell', 'dist'));

    const first = await deploy(['--dir', join(work, 'v1')]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const v1 = /published mf-home version ([0-9a-f]{12})/.exec(first.out)?.[1];
    expect(v1, first.out).toBeDefined();

    // A signed-in tab on the help page, served by v1.
    const { page, context, errors } = await openSite(browser, site.url);
    const login = await page.request.post('/api/user/login', { data: { username: DEMO.uid, password: DEMO.password } });
    expect(login.status()).toBe(200);
    await page.goto('/help');
    await page.getByText(OLD_TEXT).waitFor();
    const oldChunk = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => /\/remotes\/mf-home\/HelpPage-[^/]+\.js$/.test(n)),
    );
    expect(oldChunk).toBeDefined();

    const second = await deploy(['--dir', join(work, 'v2')]);
    expect(second.code, second.err).toBe(0);
    const v2 = /published mf-home version ([0-9a-f]{12})/.exec(second.out)?.[1];
    expect(v2).toBeDefined();
    expect(v2).not.toBe(v1);

    // The open tab keeps working: it moves to another remote's page and back, and to another
    // page of mf-home, without a reload; the files it started with are still served.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的空间' }).click();
    await page.waitForURL('**/my');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '个人中心' }).click();
    await page.getByRole('heading', { name: /欢迎回来/ }).waitFor();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '帮助' }).click();
    await page.getByText(OLD_TEXT).waitFor();
    expect(await page.getByText('页面加载失败').count()).toBe(0);
    expect(await page.evaluate(async (url) => (await fetch(url!)).status, oldChunk)).toBe(200);

    // A reload shows the new version.
    await page.reload();
    await page.getByText(NEW_TEXT).waitFor();

    const listed = await deploy(['--list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`\\* ${v2}.*\\(active\\)`));
    expect(listed.out).toContain(v1);

    // Roll back: the previous version is served again.
    const back = await deploy(['--rollback']);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toContain(`rolled back mf-home: ${v2} -> ${v1}`);
    await page.reload();
    await page.getByText(OLD_TEXT).waitFor();
    expect(await page.getByText(NEW_TEXT).count()).toBe(0);

    // And forward again to a named version.
    const forward = await deploy(['--rollback', v2!]);
    expect(forward.code, forward.err).toBe(0);
    await page.reload();
    await page.getByText(NEW_TEXT).waitFor();

    expect(errors).toEqual([]);
    await context.close();
    expect(hashTree(join(repo, 'shell', 'dist'))).toEqual(shellBefore);
  });

  it('refuses a build made against another React with the mismatch named, and changes nothing', async () => {
    const shellContract = JSON.parse(readFileSync(join(repo, 'shell', 'dist', 'contract.json'), 'utf8')) as { singletons: Record<string, string> };
    const other = join(work, 'mismatch');
    cpSync(join(work, 'v2'), other, { recursive: true });
    const routesFile = join(other, 'routes.json');
    const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
    routes.contract.singletons.react = '19.1.0';
    writeFileSync(routesFile, JSON.stringify(routes));
    const before = await deploy(['--list']);

    const refused = await deploy(['--dir', other]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`react: remote 19.1.0, shell ${shellContract.singletons.react}`);
    expect(refused.err).toContain('HTTP 409');
    expect((await deploy(['--list'])).out).toBe(before.out);
  });

  it('refuses a wrong key, and a key of another remote, before reading anything', async () => {
    const wrong = await deploy(['--dir', join(work, 'v1')], { XB_DEPLOY_KEY: 'xbd_mf-home_not-a-real-key' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/HTTP 401/);
    const none = await deploy(['--list'], { XB_DEPLOY_KEY: '' });
    expect(none.code).toBe(2);
    expect(none.err).toContain('no deploy key');
    const foreign = spawn(process.execPath, [join(repo, 'tools/deploy.mjs'), '--site', site.url, '--remote', 'mf-auth', '--list'], {
      env: { ...process.env, XB_DEPLOY_KEY: key },
    });
    let err = '';
    foreign.stderr.on('data', (d) => (err += d));
    const code = await new Promise((resolve) => foreign.on('close', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(/HTTP 403/);
  });

  it('with REMOTE_OVERRIDES=1, ?remote-override= loads mf-home from a local vite preview in this browser, with a note whose button stops it; a local build against another React is named, not loaded', async () => {
    // The developer's side: their build of mf-home served by `vite preview` (CORS on, shared/build/federation.mjs).
    const port = await freePort();
    const viteBin = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
    preview = spawn(process.execPath, [viteBin, 'preview', '--outDir', join(work, 'v1'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: mfHome,
      stdio: 'ignore',
    });
    const local = `http://127.0.0.1:${port}/remoteEntry.js`;
    for (let i = 0; ; i++) {
      const res = await fetch(local).catch(() => null);
      if (res?.ok) break;
      if (i > 150) throw new Error('vite preview did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    // The published (active) version says NEW_TEXT; the local build OLD_TEXT.
    const { page, context, errors } = await openSite(browser, site.url);
    const login = await page.request.post('/api/user/login', { data: { username: DEMO.uid, password: DEMO.password } });
    expect(login.status()).toBe(200);
    // The shell reads the local build's routes.json (its routes and contract) before loading it.
    const localRoutes = page.waitForResponse((r) => r.url() === `http://127.0.0.1:${port}/routes.json`);
    await page.goto(`/help?remote-override=${encodeURIComponent(`mf_home=${local}`)}`);
    expect((await localRoutes).status()).toBe(200);
    await page.getByText(OLD_TEXT).waitFor();
    const note = page.getByRole('complementary', { name: '本地模块' });
    expect(await note.textContent()).toContain('正在使用本地模块：mf_home');
    expect(new URL(page.url()).search).toBe('');
    // Kept in this browser: a reload still uses the local build.
    await page.reload();
    await page.getByText(OLD_TEXT).waitFor();
    // A URL that is not the developer's own machine is ignored.
    const other = await context.newPage();
    await other.goto(`/help?remote-override=${encodeURIComponent('mf_home=https://example.com/remoteEntry.js')}`);
    await other.getByText(OLD_TEXT).waitFor(); // still the stored localhost override
    await other.close();
    await Promise.all([page.waitForEvent('load'), note.getByRole('button', { name: '停止使用本地模块' }).click()]);
    await page.getByText(NEW_TEXT).waitFor();
    expect(await page.getByRole('complementary', { name: '本地模块' }).count()).toBe(0);
    expect(errors).toEqual([]);

    // A local build made against another React: the shell names the mismatch in mf-home's area
    // instead of loading it, and the other remotes keep working.
    const port2 = await freePort();
    preview2 = spawn(
      process.execPath,
      [viteBin, 'preview', '--outDir', join(work, 'mismatch'), '--port', String(port2), '--strictPort', '--host', '127.0.0.1'],
      { cwd: mfHome, stdio: 'ignore' },
    );
    const mismatched = `http://127.0.0.1:${port2}/remoteEntry.js`;
    for (let i = 0; !(await fetch(mismatched).catch(() => null))?.ok; i++) {
      if (i > 150) throw new Error('vite preview did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.goto(`/help?remote-override=${encodeURIComponent(`mf_home=${mismatched}`)}`);
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('不匹配：mf_home react: remote 19.1.0, shell ');
    expect(await page.getByText(NEW_TEXT).count()).toBe(0);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的空间' }).click();
    await page.waitForURL('**/my');
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByText('页面加载失败').count()).toBe(0);
    await context.close();
  });
});

describe('tools/deploy.mjs arguments and files', () => {
  it('reads the options, with an optional version after --rollback', () => {
    const back = parseDeployArgs(['--site', 'https://x.example/', '--rollback', '--key', 'k']);
    expect(back).toMatchObject({ site: 'https://x.example', rollback: true, key: 'k' });
    expect(back.version).toBeUndefined();
    expect(parseDeployArgs(['--site=https://x.example', '--rollback', 'abcdef012345'])).toMatchObject({ rollback: true, version: 'abcdef012345' });
    expect(parseDeployArgs(['--site', 'http://127.0.0.1:8080', '--dir', 'out'])).toMatchObject({ site: 'http://127.0.0.1:8080', dir: 'out', build: false });
  });

  it.each([
    [[], /--site URL is required/],
    [['--site', 'http://xiaoba.example'], /use https/],
    [['--site', 'ftp://x.example'], /http\(s\) URL/],
    [['--site', 'https://x.example', '--rollback', 'v1'], /12 hex digits/],
    [['--site', 'https://x.example', '--list', '--rollback'], /cannot be combined/],
    [['--site', 'https://x.example', '--bogus'], /unknown argument --bogus/],
    [['--site'], /--site needs a value/],
  ])('refuses %j', (args, message) => {
    expect(() => parseDeployArgs(args)).toThrow(message);
  });

  it('zips every file of the build but dotfiles, paths relative with /', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xiaoba-files-'));
    try {
      mkdirSync(join(dir, '.vite'));
      mkdirSync(join(dir, '__federation_shared_@xiaoba'));
      for (const f of ['remoteEntry.js', 'routes.json', '.vite/manifest.json', '.DS_Store', '__federation_shared_@xiaoba/shared-a1b2c3d4.js'])
        writeFileSync(join(dir, f), 'x');
      expect(buildFiles(dir)).toEqual(['__federation_shared_@xiaoba/shared-a1b2c3d4.js', 'remoteEntry.js', 'routes.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
