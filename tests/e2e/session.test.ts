import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * These tests are about the refreshes the page's requests make. The live stream refreshes
 * an expired token too, on its own schedule (tests/e2e/live.test.ts covers that): answered 404 here,
 * the client leaves it closed, as on a site without one.
 */
const withoutLiveStream = (context: BrowserContext) => context.route('**/api/live/stream', (route) => route.fulfill({ status: 404, body: '' }));

describe('session', () => {
  it('refreshes an expired access token once and retries the request', async () => {
    // This API process shares the database but issues 3-second access tokens.
    const { page, context } = await open(browser, 'shortToken');
    await withoutLiveStream(context);
    await signInByApi(page);
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();

    const calls: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) calls.push(`${path} ${r.status()}`);
    });
    await page.waitForTimeout(4000); // the access token expires
    await page.getByRole('button', { name: '装扮' }).click();
    await page.getByRole('radio', { name: '孤独剑客' }).check({ force: true });
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '装扮成功！');

    expect(calls.filter((c) => c.startsWith('/api/user/refresh'))).toEqual(['/api/user/refresh 200']);
    expect(calls.filter((c) => c.startsWith('/api/user/updateskin'))).toEqual(['/api/user/updateskin 401', '/api/user/updateskin 200']);
    // Put the demo user's skin back for the other tests.
    await page.getByRole('button', { name: '装扮' }).click();
    await page.getByRole('radio', { name: '默认主题' }).check({ force: true });
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '装扮成功！');
    await context.close();
  });

  it('logs out: 登出成功！, back to /login, and protected pages are closed again', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page);
    await page.goto('/help');
    await page.getByRole('button', { name: '退出' }).click();
    await expectToast(page, '登出成功！');
    await page.waitForURL('**/login');
    await page.goto('/help');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sends the user to /login with 登录已过期，请重新登录 when the login was revoked elsewhere', async () => {
    const { page, context } = await open(browser, 'shortToken');
    await withoutLiveStream(context);
    await signInByApi(page);
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    // Logging out from another tab of the same browser revokes the refresh cookie's family.
    const other = await context.newPage();
    await other.request.post('/api/user/logout');
    await page.waitForTimeout(4000); // the access token expires too
    await page.getByRole('button', { name: '装扮' }).click();
    await page.getByRole('radio', { name: '萌萌猫' }).check({ force: true });
    await page.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '登录已过期，请重新登录');
    await page.waitForURL('**/login');
    await context.close();
  });
});
