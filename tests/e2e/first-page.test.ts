/**
 * The first visit of a public page on a slow phone (docs/adr/0008): /login arrives rendered, an
 * anonymous visitor costs no session round trip, and what is typed before the scripts run is
 * kept, submit included, when the live page takes over, without anything moving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { DEMO, expectToast, open, siteURL } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds every script but the boot script until `release()`, as a slow link would. */
async function holdAppScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js') && !url.pathname.endsWith('/prerender/boot.js'),
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

describe('first visit of /login', () => {
  it('arrives as HTML with the form, its styles and no script that runs before the first paint', async () => {
    for (const path of ['/login', '/register']) {
      const html = await (await fetch(`${siteURL()}${path}`)).text();
      expect(html).toMatch(/<div id="xb-prerender">.*<form method="dialog"/s);
      expect(html).toContain('<style data-xb-prerender>');
      expect(html).not.toContain('<script type="module"');
    }
  });

  it('keeps what was typed and the submit made before the scripts ran, and nothing moves', async () => {
    const { page, context, errors } = await open(browser);
    const release = await holdAppScripts(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // The boot script has run (it starts the parked scripts, which the route holds back).
    await page.waitForFunction(() => !document.querySelector('script[type="xb-module"]'));
    const prerendered = page.locator('#xb-prerender');
    await prerendered.getByLabel('米米号/邮箱').fill(DEMO.uid);
    await prerendered.getByLabel('密码').fill(DEMO.password);
    await prerendered.getByLabel('记住我（两周内有效）').check();
    const before = await prerendered.locator('form').boundingBox();
    await prerendered.getByLabel('密码').press('Enter');
    // Nothing reloaded: the typed values are still there.
    expect(await prerendered.getByLabel('米米号/邮箱').inputValue()).toBe(DEMO.uid);

    // Watch the live form where the prerendered one was, at the moment it takes over.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        const form = document.querySelector('#root form');
        if (!form || document.getElementById('xb-prerender')) return;
        const box = form.getBoundingClientRect();
        (window as unknown as { liveBox: object }).liveBox = { x: box.x, y: box.y, width: box.width, height: box.height };
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    release();
    await expectToast(page, '上车咯！');
    await page.waitForURL('**/home');
    const live = await page.evaluate(() => (window as unknown as { liveBox: { x: number; y: number; width: number; height: number } }).liveBox);
    expect(live).toEqual({ x: before!.x, y: before!.y, width: before!.width, height: before!.height });
    // An anonymous visitor has no session hint: no checkcookie before the form; one login.
    expect(calls.filter((c) => c === '/api/user/checkcookie')).toEqual([]);
    expect(calls.filter((c) => c === '/api/user/login')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a click on a button that needs the app wait for the live page', async () => {
    const { page, context, errors } = await open(browser);
    await page.goto('/login');
    // 注册 switches the form: the prerendered one passes the click through, the live one acts.
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByRole('button', { name: '返回登录' }).or(page.getByLabel('昵称')).first().waitFor();
    expect(await page.locator('#xb-prerender').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
