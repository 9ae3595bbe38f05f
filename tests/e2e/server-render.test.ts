/**
 * Signed-in pages arrive as HTML with their first screen (docs/adr/0016 "Step 3"): with the
 * page-session cookie, /my and another user's space paint from the HTML alone; with scripts, the
 * live app takes the page over from the state the server handed it (session and data cache), so
 * none of the first screen's reads and no session restore is sent again, nothing moves, and the
 * page works. A visitor without a session still goes to /login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { expectToast, open, signInByApi, siteURL } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A few words of a yy as the page shows them: its text before the first emoji code, topic or line break. */
const words = (content: string) =>
  content
    .split(/[[#\n]/)
    .map((part) => part.trim())
    .find((part) => part.length >= 4);

/** The words of page 1 of `uid`'s yy list, as the API answers it to `context`'s user. */
async function yyWords(context: BrowserContext, token: string, uid: number): Promise<string[]> {
  const res = await context.request.get(`/api/yy/getUseryy/${uid}?pageNum=1&pageSize=10`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const records = ((await res.json()).data as { records: { content: string }[] }).records;
  return records.map((r) => words(r.content)).filter((w): w is string => Boolean(w));
}

/** The first screen's reads of /my (mf-space's route prefetch) and the session restore. */
const NOT_AGAIN = ['/api/yy/getUseryy/', '/api/visitor/get', '/api/yy/hottopics', '/api/user/getleaves', '/api/user/refresh', '/api/user/checkcookie'];

describe('signed-in pages rendered by the server', () => {
  it('paint from the HTML alone: /my with the user in the header and their yy, /100002 with that space', async () => {
    const context = await browser.newContext({ baseURL: siteURL(), locale: 'zh-CN', viewport: { width: 1200, height: 800 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const me = await signInByApi(page, '100001');
      const mine = await yyWords(context, me.token, me.uid);
      const theirs = await yyWords(context, me.token, 100002);
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.length).toBeGreaterThan(0);

      await page.goto('/my');
      const prerendered = page.locator('#root');
      await expect.poll(() => prerendered.locator('header').innerText()).toContain(me.name);
      const area = prerendered.locator('#main');
      const text = await area.innerText();
      expect(
        mine.some((w) => text.includes(w)),
        `one of ${mine.join(' | ')} in ${text}`,
      ).toBe(true);
      // Painted: visible in the viewport, not only present in the markup.
      expect(
        await area
          .getByText(mine.find((w) => text.includes(w))!)
          .first()
          .isVisible(),
      ).toBe(true);

      await page.goto('/100002');
      const space = await page.locator('#root #main').innerText();
      expect(space).toContain('萌萌猫');
      expect(
        theirs.some((w) => space.includes(w)),
        `one of ${theirs.join(' | ')} in ${space}`,
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('with scripts: hydrated in place without asking again for the first screen or the session, nothing moves, and it works', async () => {
    const { context, page, errors } = await open(browser);
    try {
      await signInByApi(page, '100001');
      // A fresh page load in the signed-in context.
      const tab = await context.newPage();
      tab.on('pageerror', (e) => errors.push(e.message));
      // A hydration that did not match would be logged (shared's unit-root, the shell's main) and the markup rendered again.
      tab.on('console', (m) => {
        if (m.type() === 'error' && m.text().includes('hydration')) errors.push(m.text());
      });
      const requests: string[] = [];
      tab.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) requests.push(`${r.method()} ${url.pathname}${url.search}`);
      });
      await tab.addInitScript(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        w.__cls = 0;
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
            w.__shifts.push(
              `${Math.round(entry.startTime)}ms ${entry.value.toFixed(4)} live:${document.getElementById('xb-area')?.hasAttribute('data-xb-live')} ` +
                entry.sources
                  .map(
                    (s) =>
                      `${(s.node as Element)?.outerHTML?.slice(0, 120) ?? s.node?.nodeName} ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`,
                  )
                  .join(' ; '),
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The server's first yy, as parsed: hydration keeps this very element.
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __painted: Element | null }).__painted = document.querySelector('#xb-area article');
        });
      });
      const res = await tab.goto('/my');
      const html = await res!.text();
      expect(html).toMatch(/<div id="root"><a [^>]*href="#main"/);
      expect(html).toContain('id="xb-page-state"');

      // Hydrated: the frame and the area are live, the page state was read and removed, and the
      // server's elements are the live ones (not rendered a second time and swapped).
      await tab.waitForFunction(() => ['root', 'xb-area'].every((id) => document.getElementById(id)?.hasAttribute('data-xb-live')));
      expect(await tab.locator('#root').isVisible()).toBe(true);
      expect(await tab.evaluate(() => document.querySelector('#xb-area article') === (window as unknown as { __painted: Element | null }).__painted)).toBe(
        true,
      );
      expect(await tab.locator('#xb-page-state').count()).toBe(0);
      await tab.getByRole('heading', { level: 2, name: '我的yy' }).locator('xpath=..').locator('article').first().waitFor();
      // Whatever the page's hooks or the guard would have asked has had time to go out, and the
      // yy's pictures have arrived (their boxes are sized before: YyImages).
      await tab.waitForLoadState('networkidle');
      // Two frames more: a shift the hydration or a picture caused has been reported.
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await tab.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
      expect(await tab.evaluate(() => (window as unknown as { __cls: number }).__cls), shifts.join('\n')).toBeLessThan(0.01);
      for (const path of NOT_AGAIN)
        expect(
          requests.filter((r) => r.split(' ')[1]!.startsWith(path)),
          `${path} in ${requests.join(', ')}`,
        ).toEqual([]);

      // Interactive: a yy posted through the composer shows at the top.
      const stamp = `ssr${Date.now().toString(36)}`;
      await tab.getByLabel('说点什么吧').fill(`服务器渲染之后 ${stamp}`);
      await tab.getByRole('button', { name: '发布', exact: true }).click();
      await expectToast(tab, '发布成功');
      await expect.poll(() => tab.getByRole('article').first().innerText()).toContain(stamp);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a space that does not exist lands on the not-found page from the server, with and without scripts; the own uid on /my', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const site = javaScriptEnabled ? await open(browser) : null;
      const context = site?.context ?? (await browser.newContext({ baseURL: siteURL(), locale: 'zh-CN', javaScriptEnabled }));
      const tab = site?.page ?? (await context.newPage());
      try {
        const me = await signInByApi(tab, '100001');
        const res = await tab.goto('/999999999');
        expect(new URL(tab.url()).pathname).toBe('/notfound');
        expect(res!.status()).toBe(200);
        await tab.getByRole('heading', { name: '404' }).waitFor();
        await tab.getByText('你要找的页面不见了').waitFor();
        expect(await tab.locator('header').innerText()).toContain(me.name);
        expect(await tab.title()).toBe('页面不存在 - 校巴');
        await tab.goto(`/${me.uid}`);
        expect(new URL(tab.url()).pathname).toBe('/my');
        await tab.getByRole('heading', { level: 2, name: '我的yy' }).waitFor();
        expect(site?.errors ?? []).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('a visitor without a session opening /my still lands on /login', async () => {
    const { context, page, errors } = await open(browser);
    try {
      const res = await page.goto('/my');
      expect(await res!.text()).not.toContain('xb-page-state');
      await page.waitForURL('**/login');
      await page.getByLabel('米米号/邮箱').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
