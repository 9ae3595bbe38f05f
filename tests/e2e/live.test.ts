/**
 * Live updates in the assembled site: A keeps /home open in one browser while B,
 * in another, acts. Without a reload, and faster than the 60 s poll could: B's comment on A's yy
 * shows as 回复我的's count, B's follow as a 新粉丝 notice, and B's new yy as 有1条新yy above a feed
 * that does not change until A clicks it, then shows B's yy on top. On the API process whose
 * access tokens live 3 seconds, the stream outlives several tokens: it reconnects with a fresh one
 * and still delivers, without a reload. Fresh accounts play every part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LIVE_MSG, type Yy } from '@xiaoba/shared/core';
import { apiCall, freshUser, type FreshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';

let browser: Browser;
const stamp = `live${Date.now().toString(36)}`;
/** Well under the 60 s poll: only the stream can make it. */
const LIVE = { timeout: 2_500 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type User = FreshUser;

const newUser = (name: string, which: 'main' | 'shortToken' = 'main'): Promise<User> => freshUser(browser, name, which);

/**
 * Opens /home and waits until its live stream is connected: the stream's `hello` makes the page
 * re-read its notices, so a second GET /api/count/getcomments after the stream's answer says so.
 */
async function homeWithStream(page: Page) {
  let reads = 0;
  let streamed = false;
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/live/stream' && r.status() === 200) streamed = true;
    if (path === '/api/count/getcomments' && streamed) reads += 1;
  });
  await page.goto('/home');
  await page.getByRole('heading', { name: /欢迎回来/ }).waitFor();
  await expect.poll(() => reads, { timeout: 15_000 }).toBeGreaterThan(0);
  // A marker that a reload would lose.
  await page.evaluate(() => void ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const articles = (page: Page) => page.getByRole('tabpanel').getByRole('article');

describe('live updates', () => {
  it('A’s /home without a reload: B’s comment counts in 回复我的, B’s follow shows in 新粉丝, B’s yy waits behind 有1条新yy', async () => {
    const a = await newUser('阿亮');
    const b = await newUser('小雨');
    const aYy = await apiCall<Yy>(a.page, a.me.token, 'POST', '/api/yy/createyy', { content: `阿亮的yy ${stamp}` });
    await homeWithStream(a.page);

    // (a) B comments on A's yy: the count appears without a reload.
    await apiCall(b.page, b.me.token, 'POST', '/api/comment/add', { content: `小雨的评论 ${stamp}`, weiboId: aYy.weiboId });
    await a.page.getByRole('button', { name: '回复我的，1条新回复' }).waitFor(LIVE);

    // (b) B follows A: 新粉丝 says so at once; opening it shows who.
    await apiCall(b.page, b.me.token, 'POST', '/api/follow/add', { uid: a.me.uid });
    const fans = a.page.getByRole('button', { name: '新粉丝，1个人新关注了你' });
    await fans.waitFor(LIVE);
    await fans.click();
    const notice = a.page.getByRole('list', { name: '新粉丝' }).getByRole('listitem').filter({ hasText: '小雨' });
    expect(await notice.innerText()).toContain('小雨 关注了你');

    // (c) B posts a yy: 有1条新yy, and the feed has not moved.
    const before = await articles(a.page).first().innerText();
    const words = `小雨的新yy ${stamp}`;
    await apiCall<Yy>(b.page, b.me.token, 'POST', '/api/yy/createyy', { content: words });
    const bar = a.page.getByRole('button', { name: LIVE_MSG.newYy(1) });
    await bar.waitFor(LIVE);
    await a.page.waitForTimeout(500);
    expect(await articles(a.page).first().innerText()).toBe(before);
    expect(await articles(a.page).filter({ hasText: words }).count()).toBe(0);
    expect(await axeViolations(a.page)).toEqual([]);
    await bar.click();
    await expect.poll(() => articles(a.page).first().innerText()).toContain(words);
    expect(await bar.count()).toBe(0);

    expect(await sameDocument(a.page)).toBe(true);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 90_000);

  it('with 3-second access tokens the stream reconnects with fresh ones and keeps delivering, without a reload', async () => {
    const a = await newUser('阿杰', 'shortToken');
    const b = await newUser('小月', 'shortToken');
    const aYy = await apiCall<Yy>(a.page, a.me.token, 'POST', '/api/yy/createyy', { content: `阿杰的yy ${stamp}` });
    await homeWithStream(a.page);
    // Two token lifetimes pass with the page idle: the server ends the stream as each token expires.
    await a.page.waitForTimeout(7_000);
    // B's token has expired too: B signs in again (the API process is the same short-lived one).
    const { token } = (await (await b.page.request.post('/api/user/refresh')).json()).data as { token: string };
    await apiCall(b.page, token, 'POST', '/api/comment/add', { content: `小月的评论 ${stamp}`, weiboId: aYy.weiboId });
    await a.page.getByRole('button', { name: '回复我的，1条新回复' }).waitFor(LIVE);
    expect(await sameDocument(a.page)).toBe(true);
    expect(a.page.url()).toMatch(/\/home$/);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 90_000);
});
