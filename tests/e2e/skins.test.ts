import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { expectToast, headerColor, open, signInByApi, SKIN_HEADER } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('skin picker', () => {
  it('previews a skin, cancels back with 取消装扮, saves with 装扮成功！ and keeps it after reload', async () => {
    const { page, context } = await open(browser);
    // demo user 100003 starts with the moon skin
    await signInByApi(page, '100003');
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    expect(await headerColor(page)).toBe(SKIN_HEADER.moon);

    await page.getByRole('button', { name: '装扮' }).click();
    const picker = page.getByRole('dialog', { name: '选择装扮' });
    await picker.getByRole('radio', { name: '萌萌猫' }).check({ force: true });
    expect(await headerColor(page)).toBe(SKIN_HEADER.pinkcat); // preview on the page
    await picker.getByRole('button', { name: '取消' }).click();
    await expectToast(page, '取消装扮');
    expect(await headerColor(page)).toBe(SKIN_HEADER.moon);

    await page.getByRole('button', { name: '装扮' }).click();
    await picker.getByRole('radio', { name: '萌萌猫' }).check({ force: true });
    await picker.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '装扮成功！');
    await page.reload();
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    expect(await headerColor(page)).toBe(SKIN_HEADER.pinkcat);

    // Saving the unchanged skin sends nothing.
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('updateskin') && sent.push(r.url()));
    await page.getByRole('button', { name: '装扮' }).click();
    await picker.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    expect(sent).toEqual([]);

    // Restore the demo user's skin.
    await page.getByRole('button', { name: '装扮' }).click();
    await picker.getByRole('radio', { name: '孤独剑客' }).check({ force: true });
    await picker.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '装扮成功！');
    await context.close();
  });
});
