import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { open, signInByApi } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a remote that is down', () => {
  it('shows its error and retry, keeps the header and other modules working, and recovers on retry', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page);
    // mf-home's files cannot be fetched: the network fails for them.
    await page.route('**/remotes/mf-home/**', (route) => route.abort('connectionrefused'));
    await page.goto('/help');
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: '重试' }).isVisible()).toBe(true);

    // The header still works and leads to pages of other modules.
    await page.getByRole('link', { name: '我的空间' }).click();
    await page.waitForURL('**/my');
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByText('页面加载失败').count()).toBe(0);

    // Retry while still down: still the error; once back, retry recovers without a reload.
    await page.goBack();
    await alert.waitFor();
    await Promise.all([
      page.waitForEvent('requestfailed', (r) => r.url().includes('/remotes/mf-home/remoteEntry.js') && r.url().includes('retry=')),
      alert.getByRole('button', { name: '重试' }).click(),
    ]);
    await alert.getByRole('button', { name: '重试' }).waitFor();
    await page.unroute('**/remotes/mf-home/**');
    const marker = await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
    await alert.getByRole('button', { name: '重试' }).click();
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
    await context.close();
  });

  it('recovers the same way when only the page chunk fails to load', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page);
    const pageChunk = /\/remotes\/mf-home\/HelpPage-[^/]+\.js/;
    await page.route(pageChunk, (route) => route.abort('connectionrefused'));
    await page.goto('/help');
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await alert.waitFor();
    await page.unroute(pageChunk);
    await alert.getByRole('button', { name: '重试' }).click();
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    await context.close();
  });
});
