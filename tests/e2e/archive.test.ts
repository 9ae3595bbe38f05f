/**
 * Archive mode (ARCHIVE_MODE=1) in the assembled site: a second API process on the main site's
 * database, as an operator would run it when the site stops taking new writing. Every space can
 * be read and the data exported; every page says the site is an archive; nothing offers to write,
 * and a write sent anyway is refused with the archive message.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openSite, type SitePage } from '../src/browser';
import { startSite } from '../src/site-server.mjs';
import { DEMO, signInByApi } from '../src/site';

const ARCHIVE_MSG = '校巴已成为只读存档：可以浏览和导出，不能再发表、修改或注册。';

let browser: Browser;
let archive: Awaited<ReturnType<typeof startSite>>;
let site: SitePage;

beforeAll(async () => {
  archive = await startSite({ DATABASE_URL: inject('databaseURL'), JWT_SECRET: inject('jwtSecret'), DEMO_DATA: '0', ARCHIVE_MODE: '1' });
  browser = await launchBrowser();
  site = await openSite(browser, archive.url);
});
afterAll(async () => {
  await browser?.close();
  await archive?.stop();
});

const note = () => site.page.getByRole('complementary', { name: '存档说明' });

describe('archive mode', () => {
  it('the register page says registration is closed, under the archive note', async () => {
    const { page } = site;
    await page.goto('/register');
    await page.getByRole('heading', { name: '注册已关闭' }).waitFor();
    expect(await note().isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: '第一步：账号与验证' }).count()).toBe(0);
  });

  it('signed in, /my shows the posts and the board but no composer, repost, delete or message box', async () => {
    const { page } = site;
    await signInByApi(page, DEMO.uid);
    await page.goto('/my');
    await page.getByRole('heading', { level: 2, name: '我的yy' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await note().textContent()).toContain('只读存档');
    expect(await page.getByRole('form', { name: '发表yy' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '转发' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);

    await page.goto('/my/board');
    await page.getByRole('heading', { level: 2, name: '我的留言板' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(site.errors).toEqual([]);
  });

  it('a write sent anyway gets 403 with the archive message; reads and the export still work', async () => {
    const { page } = site;
    const { token } = await signInByApi(page, DEMO.uid);
    const headers = { authorization: `Bearer ${token}` };
    const post = await page.request.post('/api/yy/createyy', { headers, data: { content: '存档里不能发' } });
    expect(post.status()).toBe(403);
    expect(await post.json()).toMatchObject({ code: 403, msg: ARCHIVE_MSG });
    const list = await page.request.get(`/api/yy/getUseryy/${DEMO.uid}?pageNum=1`, { headers });
    expect(list.status()).toBe(200);
    const prepare = await page.request.post('/api/export/prepare', { headers, data: {} });
    expect(prepare.status(), await prepare.text()).toBe(200);
  });
});
