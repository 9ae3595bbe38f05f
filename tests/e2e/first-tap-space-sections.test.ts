/**
 * Every tap works from the first paint on a space's sections too: 日志 (a list, an entry with its
 * comments, the own list), 相册 (a list, an album's photo grid, the own list) and 勋章, with the
 * side panel around them. As in first-tap.test.ts, on the phone profile each page is opened to its
 * first paint and its main controls are tapped before their part is live; each tap's effect shows
 * without a second tap. The demo user 100001 巴巴's public entry /100001/diary/1 and public album
 * /100001/photo/1 are read; fresh accounts do everything that writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from '../src/accounts';
import { launchBrowser } from '../src/browser';
import { atFirstPaint, countRequests, EFFECT_MS, openPhone, tapNow, typeNow, warmUp, within, type Phone } from '../src/phone';

let browser: Browser;
const stamp = `tap${Date.now().toString(36)}`;
const SLOW = 90_000;

beforeAll(async () => {
  browser = await launchBrowser();
  await warmUp(browser, ['/my/diary', '/100001/diary', '/100001/diary/1', '/my/photo', '/100001/photo/1', '/100001/medal', '/my/medal']);
});
afterAll(async () => {
  await browser?.close();
});

const attribute = (target: Locator, name: string) => target.getAttribute(name, { timeout: 2000 });
const shows = (target: Locator) => target.isVisible();
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const sideLinks = (page: Page) => page.getByRole('navigation', { name: '空间链接' });

/** What each phone's console said as an error: a failed hydration logs one (and its part is rendered again). */
const logged = new WeakMap<Phone, string[]>();

async function phoneWithLog(who: { fresh: string }): Promise<Phone> {
  const phone = await openPhone(browser, who);
  const lines: string[] = [];
  logged.set(phone, lines);
  phone.page.on('console', (m) => {
    if (m.type() === 'error') lines.push(m.text());
  });
  return phone;
}

/** `within`, saying on failure what the page reported: a tap is lost most likely with a part that failed. */
async function seen(phone: Phone, check: () => Promise<boolean>, what: string): Promise<void> {
  try {
    await within(check, what);
  } catch (error) {
    const said = JSON.stringify({ errors: phone.errors, console: logged.get(phone)?.slice(-5) });
    throw new Error(`${what}: not within ${EFFECT_MS} ms; the page said ${said}`, { cause: error });
  }
}

describe('日志', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await phoneWithLog({ fresh: '读日志' });
  });
  afterAll(() => phone?.context.close());

  it('a comment typed on an entry at first paint and 发表评论: sent once, shown in the list', async () => {
    const { page } = phone;
    const sends = countRequests(page, 'POST', '/api/diary/comment/add');
    await atFirstPaint(phone, '/100001/diary/1');
    await typeNow(phone, page.getByLabel('评论', { exact: true }), `刚打开就评论 ${stamp}`);
    await tapNow(phone, page.getByRole('button', { name: '发表评论' }), { early: false });
    await toast(page, '评论成功').waitFor({ timeout: EFFECT_MS });
    await page.getByRole('list', { name: '评论列表' }).getByText(`刚打开就评论 ${stamp}`).waitFor({ timeout: EFFECT_MS });
    await page.waitForTimeout(1000);
    expect(sends()).toBe(1);
    expect(await page.getByLabel('评论', { exact: true }).inputValue()).toBe('');
    expect(phone.errors).toEqual([]);
  });

  it('the entry’s 更多 tapped at first paint opens its menu', async () => {
    await atFirstPaint(phone, '/100001/diary/1');
    await tapNow(phone, phone.page.getByRole('button', { name: '更多：巴巴的日志' }));
    const menu = phone.page.getByRole('menu', { name: '对巴巴的日志的操作' });
    await seen(phone, () => shows(menu), 'the menu opens');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['举报', '拉黑']);
    expect(phone.errors).toEqual([]);
  });

  it('an entry of another user’s list tapped at first paint opens it', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/100001/diary');
    await tapNow(phone, page.getByRole('link', { name: '放学以后' }));
    await page.waitForURL('**/100001/diary/1', { timeout: EFFECT_MS });
    await page.getByRole('heading', { name: '放学以后' }).waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });

  it('写日志 on the own list tapped at first paint opens the editor', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/my/diary');
    await tapNow(phone, page.getByRole('link', { name: '写日志' }));
    await page.waitForURL('**/my/diary/new', { timeout: EFFECT_MS });
    await page.getByLabel('标题').waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });

  it('第2页 of the own list’s pager tapped at first paint shows the oldest entry', async () => {
    const { page } = phone;
    // 11 entries: two pages.
    await sql(
      `INSERT INTO diaries (uid, title, content, visibility, ctime)
       SELECT $1, $2 || ' ' || g, '翻页用的日志', 'public', now() - interval '1 hour' - make_interval(mins => g)
       FROM generate_series(1, 11) g`,
      [phone.me!.uid, `翻页${stamp}`],
    );
    await atFirstPaint(phone, '/my/diary');
    const second = page.getByRole('navigation', { name: '日志分页' }).getByRole('button', { name: '第2页' });
    await tapNow(phone, second);
    await seen(phone, async () => (await attribute(second, 'aria-current')) === 'page', 'page 2 is the current one');
    await seen(phone, () => shows(page.getByRole('link', { name: `翻页${stamp} 11` })), 'the oldest entry shows');
    expect(phone.errors).toEqual([]);
  });
});

describe('相册', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await phoneWithLog({ fresh: '看相册' });
  });
  afterAll(() => phone?.context.close());

  it('a photo of an album tapped at first paint opens in the picture viewer', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/100001/photo/1');
    const grid = page.getByRole('list', { name: '「春天的小花园」的照片' });
    await tapNow(phone, grid.getByRole('button', { name: '巴巴的相册「春天的小花园」的第1张照片' }));
    await seen(phone, () => shows(page.getByRole('dialog', { name: '图片 1/4' })), 'the viewer opens');
    expect(phone.errors).toEqual([]);
  });

  it('a photo tapped before the boot script has arrived opens in the viewer too', async () => {
    const { page } = phone;
    // The page paints before its one early script (loaded async) has run: a slow answer for it.
    await page.route('**/boot.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    try {
      await atFirstPaint(phone, '/100001/photo/1');
      const photo = page.getByRole('button', { name: '巴巴的相册「春天的小花园」的第3张照片' });
      await tapNow(phone, photo);
      expect(await page.evaluate(() => '__xbEarlyTaps' in document), 'the boot script had not run at the tap').toBe(false);
      await seen(phone, () => shows(page.getByRole('dialog', { name: '图片 3/4' })), 'the viewer opens');
      expect(phone.errors).toEqual([]);
    } finally {
      await page.unroute('**/boot.js');
    }
  });

  it('举报 under a photo tapped at first paint opens the report dialog', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/100001/photo/1');
    await tapNow(phone, page.getByRole('button', { name: '举报第2张照片' }));
    await seen(phone, () => shows(page.getByRole('dialog', { name: /举报/ })), 'the report dialog opens');
    expect(phone.errors).toEqual([]);
  });

  it('an album of another user’s list tapped at first paint opens it', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/100001/photo');
    await tapNow(phone, page.getByRole('link', { name: /春天的小花园/ }));
    await page.waitForURL('**/100001/photo/1', { timeout: EFFECT_MS });
    await page.getByRole('list', { name: '「春天的小花园」的照片' }).waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });

  it('创建相册 on the own list tapped at first paint opens its dialog', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/my/photo');
    await tapNow(phone, page.getByRole('button', { name: '创建相册' }));
    await seen(phone, () => shows(page.getByRole('dialog', { name: '创建相册' })), 'the dialog opens');
    expect(phone.errors).toEqual([]);
  });
});

describe('勋章 and the side panel', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await phoneWithLog({ fresh: '看勋章' });
  });
  afterAll(() => phone?.context.close());

  it('更多资料 tapped at first paint unfolds the profile', async () => {
    await atFirstPaint(phone, '/100001/medal');
    const more = phone.page.getByRole('button', { name: '更多资料' });
    await tapNow(phone, more);
    await seen(phone, async () => (await attribute(more, 'aria-expanded')) === 'true', '更多资料 is unfolded');
    expect(phone.errors).toEqual([]);
  });

  it('the side panel’s 相册 tapped at first paint on another user’s 勋章 goes there', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/100001/medal');
    await tapNow(phone, sideLinks(page).getByRole('link', { name: '相册', exact: true }));
    await page.waitForURL('**/100001/photo', { timeout: EFFECT_MS });
    await page.getByRole('link', { name: /春天的小花园/ }).waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });

  it('the side panel’s 日志 tapped at first paint on the own 勋章 goes there', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/my/medal');
    await tapNow(phone, sideLinks(page).getByRole('link', { name: '日志', exact: true }));
    await page.waitForURL('**/my/diary', { timeout: EFFECT_MS });
    await page.getByRole('link', { name: '写日志' }).waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });
});
