import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { DEMO, open, signInByApi } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('navigation guard', () => {
  it('sends a visitor without a session from a protected page to /login', async () => {
    const { page, context, errors } = await open(browser);
    await page.goto('/help');
    await page.waitForURL('**/login');
    await expect.poll(() => page.title()).toBe('登录 - 校巴');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-in user who opens /login to /home', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page);
    await page.goto('/login');
    await page.waitForURL('**/home');
    await context.close();
  });

  it('keeps the session through the refresh cookie when a protected page is reloaded', async () => {
    const { page, context } = await open(browser);
    const user = await signInByApi(page);
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    await expect.poll(() => page.locator('header').innerText()).toContain(user.name);
    await page.reload();
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/help');
    expect(await page.locator('header').innerText()).toContain(user.name);
    await context.close();
  });

  it('shows the not-found page for an unknown path, with the product name in the title', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page);
    await page.goto('/no/such/page');
    await page.getByText('404').waitFor();
    expect(await page.title()).toBe('页面不存在 - 校巴');
    await context.close();
  });

  it('records the last login once a day on protected pages', async () => {
    const { page, context } = await open(browser);
    await signInByApi(page, DEMO.uid);
    const records: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('updatelogin')) records.push(r.method());
    });
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    await page.goto('/system/notify');
    await page.getByRole('heading', { name: '系统通知' }).waitFor();
    expect(records).toEqual(['PATCH']);
    await context.close();
  });
});
