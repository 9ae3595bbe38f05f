/**
 * Route prefetch in the assembled site (docs/architecture.md "Route prefetch"): on a first
 * visit with only the refresh cookie (no server render: tests/e2e/server-render.test.ts), a page's first-screen requests start from its route's
 * loader as soon as the guard has restored the session, before the page itself has rendered, and
 * each is sent once (the page's hooks find them in flight or answered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { open, signInByApi } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Visit {
  /** Every /api request of the visit, as `METHOD /api/path?query`, in the order sent. */
  requests: string[];
  /** When each request started (ms since navigation start), by the same key. */
  started: Record<string, number>;
  /** When a level-2 heading with this text first appeared in #root (ms since navigation start). */
  shown: Record<string, number>;
}

/** A first visit of `path` in a fresh tab of a signed-in context: the shell restores the session from the cookies. */
async function firstVisit(uid: string, path: string, ready: (page: Page) => Promise<unknown>): Promise<Visit> {
  const { context, page, errors } = await open(browser);
  try {
    await signInByApi(page, uid);
    // The visit that restores its session from the refresh cookie (the first page after a sign-in
    // elsewhere, or where the server did not render it): without the page-session cookie the page
    // is rendered in the browser, which is what the route prefetch serves (docs/adr/0016 "Step 3").
    await context.clearCookies({ name: 'xb_page' });
    const tab = await context.newPage();
    const requests: string[] = [];
    tab.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) requests.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    await tab.addInitScript(() => {
      const shown: Record<string, number> = {};
      (window as unknown as { __shown: Record<string, number> }).__shown = shown;
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('#root h2')) {
          const text = h.textContent ?? '';
          if (!(text in shown)) shown[text] = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await tab.goto(path);
    await ready(tab);
    // Whatever the page's own hooks would have asked again has had time to go out.
    await tab.waitForLoadState('networkidle');
    const timing = await tab.evaluate(() => ({
      shown: (window as unknown as { __shown: Record<string, number> }).__shown,
      started: Object.fromEntries(
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => {
            const url = new URL(e.name);
            return [`GET ${url.pathname}${url.search}`, e.startTime];
          }),
      ),
    }));
    expect(new URL(tab.url()).pathname).toBe(path);
    expect(errors).toEqual([]);
    return { requests, ...timing };
  } finally {
    await context.close();
  }
}

const count = (visit: Visit, request: string) => visit.requests.filter((r) => r === request).length;

describe('route prefetch', () => {
  it('/my: the yy list request starts before the page has rendered; each first-screen request is sent once', async () => {
    const visit = await firstVisit('100001', '/my', (tab) =>
      tab.getByRole('heading', { level: 2, name: '我的yy' }).locator('xpath=..').locator('article').first().waitFor(),
    );
    const yy = 'GET /api/yy/getUseryy/100001?pageNum=1&pageSize=20';
    for (const request of [yy, 'GET /api/visitor/get?uid=100001', 'GET /api/yy/hottopics', 'GET /api/user/getleaves']) {
      expect(count(visit, request), request).toBe(1);
    }
    expect(visit.started[yy]).toBeLessThan(visit.shown['我的yy']!);
  });

  it("another user's space: its yy list goes out before the page asks for the owner (the visit), each once", async () => {
    const visit = await firstVisit('100001', '/100002', (tab) => tab.getByRole('heading', { level: 2, name: /的yy$/ }).waitFor());
    const yy = 'GET /api/yy/getUseryy/100002?pageNum=1&pageSize=20';
    const owner = 'GET /api/user/getuserinfo/100002';
    for (const request of [yy, owner, 'GET /api/visitor/get?uid=100002', 'GET /api/yy/hottopics']) {
      expect(count(visit, request), request).toBe(1);
    }
    expect(visit.requests.indexOf(yy)).toBeLessThan(visit.requests.indexOf(owner));
    // The visitors are asked after the visit is recorded, as before.
    expect(visit.requests.indexOf('GET /api/visitor/get?uid=100002')).toBeGreaterThan(visit.requests.indexOf(owner));
  });

  it("/home: everyone's yy page 1 and 回复我的, each once", async () => {
    const visit = await firstVisit('100001', '/home', (tab) =>
      tab.getByRole('heading', { level: 2, name: '大家的yy' }).locator('xpath=..').locator('article').first().waitFor(),
    );
    expect(count(visit, 'GET /api/yy/getyy?pageNum=1&pageSize=20')).toBe(1);
    expect(count(visit, 'GET /api/count/getcomments')).toBe(1);
  });
});
