/**
 * Owning one's data in the assembled site: demo user 100001 exports the space from /setting/data
 * (the progress shown), the ZIP's index.html opens from disk with the network off (posts, pictures,
 * emoji), and the same ZIP imported on a fresh site (an empty data folder, the same e-mail
 * registered anew) brings the posts and pictures back, and a second import creates nothing twice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSite, type SitePage } from '../src/browser';
import { startSite } from '../src/site-server.mjs';
import { DEMO, open, signInByApi } from '../src/site';
import { unzipTo } from '../src/unzip';

let browser: Browser;
let site: SitePage;
const work = mkdtempSync(join(tmpdir(), 'xiaoba-own-data-'));
const zipPath = join(work, 'export.zip');
const unpacked = join(work, 'unpacked');

interface ExportData {
  format: string;
  version: number;
  user: { uid: number; email?: string; name: string };
  yy: { content: string; images?: unknown[] }[];
}
let exported: ExportData;
/** The export's one top folder (xiaoba-<uid>-<date>/), as unpacked. */
let folder = '';

beforeAll(async () => {
  browser = await launchBrowser();
  site = await open(browser);
  await signInByApi(site.page, DEMO.uid);
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('export', () => {
  it('/setting/data exports the space as a ZIP, showing the progress to the end', async () => {
    const { page } = site;
    await page.goto('/setting/data');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出我的空间' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^xiaoba-100001-\d{8}\.zip$/);
    await file.saveAs(zipPath);
    await page.getByText(/^导出完成：\d+ 条 yy，\d+ 张图片/).waitFor({ timeout: 15_000 });
    const bar = page.getByRole('progressbar', { name: '导出进度' });
    expect(await bar.evaluate((el) => (el as HTMLProgressElement).value)).toBe(100);

    const names = await unzipTo(zipPath, unpacked);
    const tops = new Set(names.map((n) => n.split('/')[0]));
    expect(tops.size, 'everything in one folder').toBe(1);
    folder = join(unpacked, [...tops][0]!);
    exported = JSON.parse(readFileSync(join(folder, 'data.json'), 'utf8')) as ExportData;
    expect(exported).toMatchObject({ format: 'xiaoba-export', version: 1, user: { uid: 100001 } });
    expect(exported.yy.length).toBeGreaterThan(0);
    expect(site.errors).toEqual([]);
  });

  it("the ZIP's index.html shows the space from disk with the network off: posts, pictures and emoji", async () => {
    const context = await browser.newContext({ offline: true, locale: 'zh-CN' });
    const requests: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(folder, 'index.html')).href);
    const first = exported.yy.find((y) => y.content.replace(/\[b\d+\]/g, '').trim() !== '')!;
    const words = first.content
      .replace(/\[b\d+\]/g, '')
      .trim()
      .split('\n')[0]!
      .slice(0, 6);
    await page.getByText(words).first().waitFor();
    const images = await page.locator('img').evaluateAll((imgs) =>
      imgs.map((i) => ({
        src: (i as HTMLImageElement).getAttribute('src'),
        alt: (i as HTMLImageElement).alt,
        ok: (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
      })),
    );
    const emoji = images.filter((i) => i.src?.startsWith('emoji/'));
    const pictures = images.filter((i) => i.src?.startsWith('images/'));
    expect(emoji.length, 'the demo posts use emoji').toBeGreaterThan(0);
    expect(pictures.length, 'the demo posts have pictures').toBeGreaterThan(0);
    expect(images.filter((i) => !i.ok)).toEqual([]);
    expect(emoji.every((i) => i.alt !== '')).toBe(true);
    expect(requests).toEqual([]);
    await context.close();
  });
});

describe('import', () => {
  let fresh: Awaited<ReturnType<typeof startSite>> | undefined;
  let freshData: string;
  afterAll(async () => {
    await fresh?.stop();
    if (freshData) rmSync(freshData, { recursive: true, force: true });
  });

  it('on a fresh site, the same e-mail registered anew imports the ZIP and sees the space restored', { timeout: 180_000 }, async () => {
    freshData = mkdtempSync(join(tmpdir(), 'xiaoba-fresh-'));
    const { chmodSync } = await import('node:fs');
    chmodSync(freshData, 0o755);
    // A site reset that keeps its JWT_SECRET (an operator moving the site): it trusts the export's
    // signature, so the space, written minutes ago, is restored whole. An unrelated instance holds
    // an unsigned import to the quota and the 24-hour rule (server/src/features/export/import-rules.test.ts).
    fresh = await startSite({ DATA_DIR: freshData, DEMO_DATA: '0', RATE_LIMIT_REGISTER: '0', JWT_SECRET: inject('jwtSecret') });
    const other = await openSite(browser, fresh.url);
    const { page } = other;
    // Register through the API as the registration pages would.
    const quiz = { name: '巴巴', fans: '粉丝', message: '纸条', weibo: 'yy' };
    const checked = await page.request.post('/api/user/valitedRegister', { data: { email: DEMO.email, ...quiz } });
    expect(checked.status(), await checked.text()).toBe(200);
    const added = await page.request.post('/api/user/addAccount', {
      data: { email: DEMO.email, lockedPassword: DEMO.password, uname: '新的小巴', sex: 1, birthday: '2005-03-31' },
    });
    expect(added.status(), await added.text()).toBe(200);
    await signInByApi(page, DEMO.email);

    await page.goto('/setting/data');
    await page.getByLabel('选择 ZIP 文件').setInputFiles(zipPath);
    await page.getByRole('button', { name: '开始导入' }).click();
    const report = page.getByRole('status').filter({ hasText: '已恢复：' });
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).toContain(`yy ${exported.yy.length} 条`);

    await page.goto('/my');
    await page.getByRole('heading', { level: 2, name: '我的yy' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    const picture = page.locator('article img[src^="/uploads/"]').first();
    await picture.waitFor();
    expect(await picture.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true);

    // The same ZIP again: everything is already there.
    await page.goto('/setting/data');
    await page.getByLabel('选择 ZIP 文件').setInputFiles(zipPath);
    await page.getByRole('button', { name: '开始导入' }).click();
    await page.getByText('没有需要恢复的新内容。').waitFor({ timeout: 60_000 });
    expect(await page.getByText(/^已经存在、没有重复导入：yy \d+ 条/).count()).toBe(1);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
