/** Steps the browser tests share: open the site, sign in, read what the user sees. */
import { inject } from 'vitest';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openSite, type SitePage } from './browser';

export const DEMO = { uid: '100001', email: 'demo1@xiaoba.fan', password: 'xiaoba123' };

export function siteURL(which: 'main' | 'shortToken' = 'main'): string {
  return which === 'main' ? inject('baseURL') : inject('shortTokenURL');
}

export function open(browser: Browser, which: 'main' | 'shortToken' = 'main'): Promise<SitePage> {
  return openSite(browser, siteURL(which));
}

/** Signs in through the API from inside the browser context: the refresh cookie lands in the browser. */
export async function signInByApi(page: Page, username = DEMO.uid, password = DEMO.password) {
  const res = await page.request.post('/api/user/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { uid: number; name: string; skin: string; token: string };
}

/** The text of the toasts on screen now (react-hot-toast renders them as role=status). */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[role="status"]').allInnerTexts();
}

/** A toast shows for a few seconds; `timeout` is longer where it waits on a page's first start (a prerendered form's submit). */
export async function expectToast(page: Page, text: string, timeout = 5000) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout });
}

export async function headerColor(page: Page): Promise<string> {
  return page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

export const SKIN_HEADER = {
  default: 'rgb(31, 111, 178)',
  pinkcat: 'rgb(176, 48, 106)',
  moon: 'rgb(12, 17, 38)',
};
