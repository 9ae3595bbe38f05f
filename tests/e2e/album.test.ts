/**
 * 相册 in the assembled site, between two fresh adults who do not follow each other: the owner
 * creates an album, uploads two photos one after another (each showing its progress), chooses the
 * cover and makes the album 仅自己可见; the other user's list of the owner's albums then lacks it
 * and its address says 相册不存在. Made public, the other sees the photos and opens one in the
 * picture viewer. The owner deletes a photo, then the album, and is back at the empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { freshUser, type FreshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser, pageLive } from '../src/browser';
import { drawPhoto } from '../src/images';
import { expectToast } from '../src/site';

let browser: Browser;
let owner: FreshUser;
let other: FreshUser;
const NAME = `春游${Date.now().toString(36).slice(-4)}`;
/** The album's address under the owner's space, set once it is created. */
let albumId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await freshUser(browser, '相册主人');
  other = await freshUser(browser, '看相册');
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Opens `path` and waits until it is live (hydrated). Answers the album requests the browser sent
 * meanwhile (none when the server rendered the first screen) and the hydration errors logged.
 */
async function visit(page: Page, path: string) {
  const albumReads: string[] = [];
  const hydration: string[] = [];
  const onRequest = (r: { url(): string }) => void (new URL(r.url()).pathname.startsWith('/api/album/') && albumReads.push(r.url()));
  const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && /hydrat/i.test(m.text()) && hydration.push(m.text()));
  page.on('request', onRequest);
  page.on('console', onConsole);
  await page.goto(path);
  await pageLive(page);
  page.off('request', onRequest);
  page.off('console', onConsole);
  return { albumReads, hydration };
}

/** Holds each album upload until `release` is called, so its progress bar can be seen. */
function holdUploads(page: Page) {
  const held: Route[] = [];
  const handler = (route: Route) => void held.push(route);
  return {
    start: () => page.route('**/api/album/upload**', handler),
    held: () => held.length,
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
    stop: () => page.unroute('**/api/album/upload**', handler),
  };
}

describe('相册 between an owner and another user', () => {
  it('the owner creates an album and uploads two photos, one after another, each with its progress', async () => {
    const { page } = owner;
    const first = await visit(page, '/my/photo');
    // Server-rendered with its first screen: the browser asks nothing again.
    expect(await page.getByText('还没有相册，创建一个放照片吧！').isVisible()).toBe(true);
    expect(first).toEqual({ albumReads: [], hydration: [] });
    await page.getByRole('button', { name: '创建相册' }).click();
    const dialog = page.getByRole('dialog', { name: '创建相册' });
    await dialog.getByLabel('相册名称').fill(NAME);
    // An adult's album starts as everyone's.
    expect(await dialog.getByRole('radio', { name: '所有人可见' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    await expectToast(page, '创建成功');
    await page.getByRole('heading', { level: 2, name: `「${NAME}」` }).waitFor();
    albumId = Number(/\/my\/photo\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(albumId).toBeGreaterThan(0);

    const uploads = holdUploads(page);
    await uploads.start();
    await page.getByLabel('上传照片').setInputFiles([await drawPhoto(page, 'a.jpg', 640, 480), await drawPhoto(page, 'b.jpg', 480, 640)]);
    const pending = page.getByRole('list', { name: '待上传的照片' });
    // The first is sending (its bar shows), the second waits behind it.
    await pending.getByRole('progressbar').first().waitFor();
    expect(await pending.getByText('等待上传').count()).toBe(1);
    await expect.poll(() => uploads.held()).toBe(1);
    await uploads.release();
    await expect.poll(() => uploads.held()).toBe(1);
    await pending.getByRole('progressbar').first().waitFor();
    await uploads.release();
    await uploads.stop();
    const grid = page.getByRole('list', { name: `「${NAME}」的照片` });
    await expect.poll(() => grid.getByRole('img').count()).toBe(2);
    expect(await grid.getByRole('img').first().getAttribute('alt')).toBe(`相册主人的相册「${NAME}」的第1张照片`);
    expect(await page.getByRole('list', { name: '待上传的照片' }).count()).toBe(0);
  });

  it('the owner chooses the older photo as the cover and makes the album 仅自己可见', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: '相册设置' }).click();
    const dialog = page.getByRole('dialog', { name: '相册设置' });
    await dialog.getByRole('radio', { name: '仅自己可见' }).check();
    await dialog.getByRole('radio', { name: `设为封面：相册主人的相册「${NAME}」的第2张照片` }).check();
    const older = await dialog.locator('img').nth(1).getAttribute('src');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '修改成功');
    await page.getByText(`相册主人的相册 · 2张照片 · 仅自己可见`).waitFor();
    await visit(page, '/my/photo');
    const cover = page.getByRole('link', { name: new RegExp(NAME) });
    expect(await cover.innerText()).toContain('2张照片 · 仅自己可见');
    expect(await cover.locator('img').getAttribute('src')).toBe(older);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('another user does not see it in the list, and its address says 相册不存在', async () => {
    const { page } = other;
    await visit(page, `/${owner.me.uid}/photo`);
    await page.getByRole('heading', { level: 2, name: '相册主人的相册' }).waitFor();
    expect(await page.getByText('还没有相册').isVisible()).toBe(true);
    expect(await page.getByText(NAME).count()).toBe(0);
    const hidden = await visit(page, `/${owner.me.uid}/photo/${albumId}`);
    expect(await page.getByRole('heading', { level: 2, name: '相册不存在' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('相册不存在 - 校巴');
    expect(hidden).toEqual({ albumReads: [], hydration: [] });
    expect(await page.getByText(NAME).count()).toBe(0);
    await page.getByRole('link', { name: '返回相册列表' }).click();
    await page.waitForURL(`**/${owner.me.uid}/photo`);
  });

  it('made public, the other sees the photos, opens one in the viewer, and may report it', async () => {
    await visit(owner.page, `/my/photo/${albumId}`);
    await owner.page.getByRole('button', { name: '相册设置' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '相册设置' });
    await dialog.getByRole('radio', { name: '所有人可见' }).check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expectToast(owner.page, '修改成功');

    const { page, errors } = other;
    const shown = await visit(page, `/${owner.me.uid}/photo/${albumId}`);
    const grid = page.getByRole('list', { name: `「${NAME}」的照片` });
    expect(await grid.getByRole('img').count()).toBe(2);
    expect(shown).toEqual({ albumReads: [], hydration: [] });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByText('相册主人的相册 · 2张照片').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '相册设置' }).count()).toBe(0);
    expect(await grid.getByRole('button', { name: '举报第1张照片' }).isVisible()).toBe(true);
    await grid.getByRole('button', { name: `相册主人的相册「${NAME}」的第2张照片` }).press('Enter');
    const viewer = page.getByRole('dialog', { name: '图片 2/2' });
    await viewer.getByRole('img', { name: `相册主人的相册「${NAME}」的第2张照片` }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: '图片 1/2' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the owner deletes a photo, then the album, and is back at the list', async () => {
    const { page, errors } = owner;
    await visit(page, `/my/photo/${albumId}`);
    await page.getByRole('button', { name: '删除第1张照片' }).click();
    await page.getByRole('dialog', { name: '删除照片' }).getByRole('button', { name: '删除', exact: true }).click();
    await expectToast(page, '已删除');
    await page.getByText('相册主人的相册 · 1张照片 · 所有人可见').waitFor();
    await page.getByRole('button', { name: '删除相册' }).click();
    await page.getByRole('dialog', { name: '删除相册' }).getByRole('button', { name: '删除', exact: true }).click();
    await page.waitForURL('**/my/photo');
    await page.getByText('还没有相册，创建一个放照片吧！').waitFor();
    const gone = await page.request.get(`/api/album/photos/${albumId}?pageNum=1&pageSize=30`, { headers: { authorization: `Bearer ${owner.me.token}` } });
    expect(gone.status(), await gone.text()).toBe(404);
    expect(errors).toEqual([]);
  });
});
