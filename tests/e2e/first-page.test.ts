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
      expect(html).toMatch(/<div id="root">.*<div id="xb-area">.*<form method="dialog"/s);
      expect(html).toContain('<style data-xb-prerender>');
      expect(html).not.toContain('<script type="module"');
    }
  });

  it('keeps what was typed and the submit made before the scripts ran, hydrates the same form, and nothing moves', async () => {
    const { page, context, errors } = await open(browser);
    const release = await holdAppScripts(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // The boot script has run (it starts the parked scripts, which the route holds back).
    await page.waitForFunction(() => !document.querySelector('script[type="xb-module"]'));
    const prerendered = page.locator('#root');
    await prerendered.getByLabel('米米号/邮箱').fill(DEMO.uid);
    await prerendered.getByLabel('密码').fill(DEMO.password);
    // A box ticked before the app runs is held (not ticked behind the app's back) and ticked as the page goes live.
    await prerendered.getByLabel('记住我（两周内有效）').click();
    const before = await prerendered.locator('form').boundingBox();
    await prerendered.getByLabel('密码').press('Enter');
    // Nothing reloaded: the typed values are still there.
    expect(await prerendered.getByLabel('米米号/邮箱').inputValue()).toBe(DEMO.uid);

    // Watch the painted form, at the moment its area goes live: the same element, where it was.
    await page.evaluate(() => {
      const form = document.querySelector('#xb-area form')!;
      // The held tap on the box, replayed once the page is live, ticks it (the one change it sees).
      const box = form.querySelector('input[type=checkbox]') as HTMLInputElement;
      box.addEventListener('change', () => ((window as unknown as { ticked: boolean }).ticked = box.checked));
      new MutationObserver((_, observer) => {
        if (!document.getElementById('xb-area')?.hasAttribute('data-xb-live')) return;
        const box = form.getBoundingClientRect();
        const w = window as unknown as { liveBox: object };
        w.liveBox = { x: box.x, y: box.y, width: box.width, height: box.height, same: form.isConnected };
        observer.disconnect();
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-xb-live'] });
    });
    release();
    await expectToast(page, '上车咯！');
    await page.waitForURL('**/home');
    const live = await page.evaluate(() => (window as unknown as { liveBox: object }).liveBox);
    expect(live).toEqual({ x: before!.x, y: before!.y, width: before!.width, height: before!.height, same: true });
    expect(await page.evaluate(() => (window as unknown as { ticked: boolean }).ticked)).toBe(true);
    // An anonymous visitor has no session hint: no checkcookie before the form; one login.
    expect(calls.filter((c) => c === '/api/user/checkcookie')).toEqual([]);
    expect(calls.filter((c) => c === '/api/user/login')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds a click on a button that needs the app and replays it once the page is live', async () => {
    const { page, context, errors } = await open(browser);
    const release = await holdAppScripts(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => !document.querySelector('script[type="xb-module"]'));
    // 注册 switches the form: tapped before any of the app has run, it acts once the page is live.
    await page.getByRole('button', { name: '注册', exact: true }).click();
    release();
    await page.getByRole('button', { name: '返回登录' }).or(page.getByLabel('昵称')).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
