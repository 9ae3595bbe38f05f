/**
 * The personal centre in the assembled site: everyone's yy come from mf-space's `./feed`
 * fragment, loaded at run time inside mf-home's /home (ADR 6), with comments working there; when
 * mf-space cannot be fetched only the feed's area fails, and 重试 brings it back without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
const stamp = `home${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  // 萌萌猫 (100002) posts, so their yy is at the top of everyone's feed whatever ran before.
  const { page, context } = await open(browser);
  const { token } = await signInByApi(page, '100002');
  const res = await page.request.post('/api/yy/createyy', {
    headers: { authorization: `Bearer ${token}` },
    data: { content: `萌萌猫的新yy ${stamp}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const feedOf = (page: import('playwright-core').Page): Locator => page.getByRole('region', { name: '大家的yy' });
const rightBox = (page: import('playwright-core').Page): Locator => page.getByRole('complementary', { name: '巴巴' });

describe('/home', () => {
  it('shows another user’s yy in everyone’s feed, where a comment can be written, beside the right box', async () => {
    const { page, context, errors } = await open(browser);
    await signInByApi(page, '100001');
    await page.goto('/home');
    await page.getByRole('heading', { name: '欢迎回来，巴巴！' }).waitFor();
    const box = rightBox(page);
    await box.waitFor();
    expect(await box.getByRole('img', { name: '巴巴的头像' }).isVisible()).toBe(true);
    expect(await box.getByText(/^Lv\.\d+$/).isVisible()).toBe(true);
    expect(await box.getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/setting');

    const yy = feedOf(page).getByRole('article').filter({ hasText: stamp }).first();
    await yy.waitFor();
    expect(await yy.innerText()).toContain('萌萌猫');
    expect(await yy.getByRole('button', { name: '删除' }).count()).toBe(0); // not 巴巴's post
    await yy.getByRole('button', { name: /^评论\(\d+\)$/ }).click();
    await expect.poll(() => yy.getByRole('status').count()).toBe(0);
    await yy.getByLabel('评论', { exact: true }).fill(`在个人中心评论 ${stamp}`);
    await yy.getByRole('button', { name: '发表评论' }).click();
    await expectToast(page, '评论成功');
    await yy
      .getByRole('listitem')
      .filter({ hasText: `在个人中心评论 ${stamp}` })
      .waitFor();
    await yy.getByRole('button', { name: '评论(1)' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when mf-space cannot be fetched only the feed fails; 重试 brings it back without a reload', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page, '100001');
    await page.route('**/remotes/mf-space/**', (route) => route.abort('connectionrefused'));
    await page.goto('/home');
    const alert = page.getByRole('alert').filter({ hasText: '大家的yy加载失败' });
    await alert.waitFor();
    // The rest of the page works: greeting, right box, and no page-wide failure.
    expect(await page.getByRole('heading', { name: '欢迎回来，巴巴！' }).isVisible()).toBe(true);
    expect(await rightBox(page).isVisible()).toBe(true);
    expect(await page.getByText('页面加载失败').count()).toBe(0);

    // Still down: the retry asks again under a new URL and fails again, ready for another try.
    await Promise.all([
      page.waitForEvent('requestfailed', (r) => r.url().includes('/remotes/mf-space/remoteEntry.js') && r.url().includes('retry=')),
      alert.getByRole('button', { name: '重试' }).click(),
    ]);
    await alert.getByRole('button', { name: '重试' }).waitFor();

    await page.unroute('**/remotes/mf-space/**');
    const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
    await alert.getByRole('button', { name: '重试' }).click();
    await feedOf(page).getByRole('article').filter({ hasText: stamp }).first().waitFor();
    expect(await page.getByText('大家的yy加载失败').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
    await context.close();
  });
});
