/**
 * 回复我的 in the assembled site: 萌萌猫 (100002) comments on a yy of 巴巴 (100001); 巴巴's /home
 * shows the badge with the count, opening it (with the keyboard) lists the comment and clears
 * the count, and a reload shows no count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { open, signInByApi } from '../src/site';

let browser: Browser;
const stamp = `notice${Date.now().toString(36)}`;

async function call(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, context } = await open(browser);
  // 巴巴 posts a yy and clears what earlier tests (and the demo data) left, so the count is ours.
  const author = await signInByApi(page, '100001');
  const yy = await call(page, author.token, 'POST', '/api/yy/createyy', { content: `巴巴等评论 ${stamp}` });
  expect(await call(page, author.token, 'POST', '/api/count/clearcomments')).toEqual({ count: 0 });
  // 萌萌猫 comments on it; 巴巴 comments on it too (one's own comment is never a notice).
  const friend = await signInByApi(page, '100002');
  await call(page, friend.token, 'POST', '/api/comment/add', { content: `沙发[b1] ${stamp}`, weiboId: yy.weiboId });
  await call(page, author.token, 'POST', '/api/comment/add', { content: `自己评论 ${stamp}`, weiboId: yy.weiboId });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('回复我的', () => {
  it('shows the count on /home; opening lists the comment and clears the count, also after a reload', async () => {
    const { page, context, errors } = await open(browser);
    await signInByApi(page, '100001');
    await page.goto('/home');
    await page.getByRole('heading', { name: '欢迎回来，巴巴！' }).waitFor();
    const toggle = page.getByRole('button', { name: /^回复我的/ });
    await page.getByRole('button', { name: '回复我的，1条新回复' }).waitFor();
    expect(await toggle.innerText()).toContain('回复我的 (1)');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/count/clearcomments') && r.request().method() === 'POST');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const item = page.getByRole('list', { name: '回复我的' }).getByRole('listitem').first();
    await item.waitFor();
    expect(await item.innerText()).toContain(stamp);
    expect(await item.getByRole('link', { name: '萌萌猫' }).getAttribute('href')).toBe('/100002');
    expect(await item.getByRole('link', { name: `巴巴等评论 ${stamp}` }).getAttribute('href')).toBe('/my');
    await item.getByRole('img', { name: '微笑' }).first().waitFor(); // [b1] as a picture
    expect(await item.getByText('新', { exact: true }).isVisible()).toBe(true);
    expect((await cleared).status()).toBe(200);
    await page.getByRole('button', { name: '回复我的', exact: true }).waitFor();

    const listed = page.waitForResponse((r) => r.url().endsWith('/api/count/getcomments') && r.status() === 200);
    await page.reload();
    await page.getByRole('heading', { name: '欢迎回来，巴巴！' }).waitFor();
    // The answer has arrived (and says 0): no count on the button.
    expect((await (await listed).json()).data.count).toBe(0);
    const after = page.getByRole('button', { name: /^回复我的/ });
    await after.waitFor();
    expect(await after.getAttribute('aria-label')).toBe('回复我的');
    expect(await after.innerText()).not.toContain('(');
    expect(errors).toEqual([]);
    await context.close();
  });
});
