/**
 * A space and /home on a phone (390x844, touch): the side panel folds into a compact header
 * (avatar, name, level, 关注, the section links) so the first yy's words show in the first screen;
 * 更多资料 opens and closes the rest with a tap and with the keyboard; the server's page is already
 * folded (CSS, not a script), and hydration finds the same markup. On /home the feed comes right
 * after the greeting and the notices. At 1280 px the side panel is laid out as it always was,
 * whatever the fold's state, the compact header reads well in every skin, and axe-core finds
 * nothing serious on a phone, folded or open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SKINS } from '@xiaoba/shared/core';
import { apiCall, registerAccount, type Account } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser, pageLive } from '../src/browser';
import { seedYy } from '../src/phone';
import { signInByApi, siteURL } from '../src/site';

const PHONE_SCREEN = { width: 390, height: 844 };
const WIDE_SCREEN = { width: 1280, height: 900 };
const SLOW = 90_000;

let browser: Browser;
let me: Account & { token: string };
const words = `折叠${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  // A fresh account with one page of yy: its own space, its skin, without touching the demo users.
  const context = await browser.newContext({ baseURL: siteURL() });
  me = await registerAccount(await context.newPage(), '小折');
  await context.close();
  await seedYy(me.uid, 3, words);
});
afterAll(async () => {
  await browser?.close();
});

interface Screen {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and logged hydration failures. */
  errors: string[];
}

/** A browser context of this size (a phone's is touch), signed in as the fresh account or as a demo user (`demoUid`). */
async function openScreen(size: { width: number; height: number }, demoUid?: string, javaScriptEnabled = true): Promise<Screen> {
  const phone = size.width < 700;
  const context = await browser.newContext({
    baseURL: siteURL(),
    locale: 'zh-CN',
    viewport: size,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: phone ? 2 : 1,
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && /hydrat/i.test(m.text()) && errors.push(m.text()));
  if (demoUid) await signInByApi(page, demoUid);
  else await signInByApi(page, String(me.uid), me.password);
  return { context, page, errors };
}

/** Opens `path` and waits until it is live and its main part shown (a space's panel, /home's greeting). */
async function visit({ page }: Screen, path: string): Promise<void> {
  await page.goto(path);
  await pageLive(page);
  await (path === '/home' ? page.getByRole('heading', { name: /^欢迎回来/ }) : sidePanel(page).getByRole('heading', { level: 1 })).waitFor();
}

const sidePanel = (page: Page) => page.getByRole('complementary', { name: '个人资料' });
const moreToggle = (page: Page) => sidePanel(page).getByRole('button', { name: '更多资料' });
/** The words of the first yy on the page: the part of its article after the author line. */
const firstYyText = (page: Page) => page.getByRole('article').first().locator(':scope > *').nth(1);

/**
 * Where the first line of the element's words ends, from the top of the page, in CSS pixels: a
 * yy's words are in the first screen when that line is (a long yy may go on below it).
 */
async function firstLineBottom(target: Locator): Promise<number> {
  await target.waitFor();
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const first = [...range.getClientRects()].find((r) => r.height > 0) ?? el.getBoundingClientRect();
    return first.bottom + window.scrollY;
  });
}

/** What the compact header shows, and what it keeps behind 更多资料. */
async function shown(page: Page): Promise<Record<string, boolean>> {
  const panel = sidePanel(page);
  const visible = (target: Locator) => target.first().isVisible();
  return {
    name: await visible(panel.getByRole('heading', { level: 1 })),
    level: await visible(panel.getByText('等级', { exact: true })),
    links: await visible(panel.getByRole('navigation', { name: '空间链接' }).getByRole('link', { name: '日志' })),
    birthday: await visible(panel.getByText('生日', { exact: true })),
    fans: await visible(panel.getByText('粉丝', { exact: true })),
    medals: await visible(panel.getByRole('list', { name: '勋章' })),
    dates: await visible(panel.getByText('空间创建于', { exact: true })),
  };
}

const FOLDED = { name: true, level: true, links: true, birthday: false, fans: false, medals: false, dates: false };
const OPEN = { name: true, level: true, links: true, birthday: true, fans: true, medals: true, dates: true };

describe('a space at 390x844', { timeout: SLOW }, () => {
  it('/my: a compact header, then the first yy’s words within the first screen; hydrated without a mismatch', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    try {
      await visit(screen, '/my');
      expect(await shown(screen.page)).toEqual(FOLDED);
      expect(await firstYyText(screen.page).innerText()).toContain(`${words} 1`);
      expect(await firstLineBottom(firstYyText(screen.page))).toBeLessThanOrEqual(PHONE_SCREEN.height);
      expect(await screen.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE_SCREEN.width);
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });

  it('/100002: 关注 stays in the header, the first yy’s words within the first screen', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    try {
      await visit(screen, '/100002');
      expect(await shown(screen.page)).toEqual(FOLDED);
      expect(await sidePanel(screen.page).getByRole('button', { name: '关注', exact: true }).isVisible()).toBe(true);
      expect(await firstLineBottom(firstYyText(screen.page))).toBeLessThanOrEqual(PHONE_SCREEN.height);
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });

  it('the server’s page is folded already, before any script: the fold is CSS', async () => {
    const screen = await openScreen(PHONE_SCREEN, undefined, false);
    try {
      await screen.page.goto('/100002');
      expect(await shown(screen.page)).toEqual(FOLDED);
      expect(await firstLineBottom(firstYyText(screen.page))).toBeLessThanOrEqual(PHONE_SCREEN.height);
    } finally {
      await screen.context.close();
    }
  });

  it('更多资料 opens and closes the rest with a tap, and with Enter and Space from the keyboard, its focus shown', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    const { page } = screen;
    try {
      await visit(screen, '/100002');
      const more = moreToggle(page);
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await more.tap();
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
      expect(await shown(page)).toEqual(OPEN);
      await more.tap();
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
      expect(await shown(page)).toEqual(FOLDED);

      // From the keyboard: reached with Tab (from the avatar row, where the button sits), then Enter and Space.
      await sidePanel(page)
        .getByRole('heading', { level: 1 })
        .evaluate((h) => {
          h.setAttribute('tabindex', '-1');
          h.focus();
        });
      await page.keyboard.press('Tab');
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await more.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
      expect(await shown(page)).toEqual(OPEN);
      await page.keyboard.press('Space');
      await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
      expect(await shown(page)).toEqual(FOLDED);
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });

  it('folded and open, /my and /100002 have no serious axe-core (WCAG 2.1 AA) violations', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    const { page } = screen;
    try {
      for (const path of ['/my', '/100002']) {
        await visit(screen, path);
        expect(await axeViolations(page), `${path} folded`).toEqual([]);
        await moreToggle(page).tap();
        await expect.poll(() => moreToggle(page).getAttribute('aria-expanded')).toBe('true');
        expect(await axeViolations(page), `${path} open`).toEqual([]);
      }
    } finally {
      await screen.context.close();
    }
  });

  it('at 320 px the header and the page fit the width: nothing scrolls sideways', async () => {
    const screen = await openScreen({ width: 320, height: 640 });
    try {
      for (const path of ['/my', '/100002']) {
        await visit(screen, path);
        expect(await shown(screen.page)).toEqual(FOLDED);
        expect(await screen.page.evaluate(() => document.documentElement.scrollWidth), path).toBe(320);
      }
    } finally {
      await screen.context.close();
    }
  });
});

describe('/home at 390x844', { timeout: SLOW }, () => {
  it('the greeting and the notices, then the feed: its first yy’s words within the first screen, the own card after it', async () => {
    const screen = await openScreen(PHONE_SCREEN, '100001');
    const { page } = screen;
    try {
      await visit(screen, '/home');
      const feed = page.getByRole('region', { name: '大家的yy' });
      const text = feed.getByRole('article').first().locator(':scope > *').nth(1);
      expect(await firstLineBottom(text)).toBeLessThanOrEqual(PHONE_SCREEN.height);
      const card = page.getByRole('complementary', { name: '巴巴' });
      const top = (target: Locator) => target.evaluate((el) => el.getBoundingClientRect().top);
      expect(await top(card)).toBeGreaterThan(await top(feed));
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });
});

/** Where each part of the side panel is drawn, relative to the panel. */
async function panelLayout(page: Page): Promise<string[]> {
  return sidePanel(page).evaluate((panel) => {
    const origin = panel.getBoundingClientRect();
    const parts = panel.querySelectorAll('h1, p, dt, dd, button, a, [role="img"], ul');
    return [...parts].map((el) => {
      const r = el.getBoundingClientRect();
      return `${el.tagName} ${el.textContent?.slice(0, 12)} ${Math.round(r.left - origin.left)},${Math.round(r.top - origin.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    });
  });
}

describe('at 1280 px', { timeout: SLOW }, () => {
  it('the side panel is whole beside the page, no 更多资料, and laid out alike whether the fold was left open or closed', async () => {
    const screen = await openScreen(WIDE_SCREEN);
    const { page } = screen;
    try {
      await visit(screen, '/100002');
      // Not drawn, and not in the accessibility tree either.
      expect(await moreToggle(page).count()).toBe(0);
      expect(await shown(page)).toEqual(OPEN);
      const main = page.getByRole('navigation', { name: '空间导航' });
      const side = (await sidePanel(page).boundingBox())!;
      const beside = (await main.boundingBox())!;
      expect(side.width).toBe(190); // the 220 px column less its card's padding and border
      expect(side.x + side.width).toBeLessThan(beside.x);
      expect(side.y).toBeLessThan(beside.y + beside.height);
      const closed = await panelLayout(page);

      // Opened on a phone, then turned wide: the open state changes nothing there.
      await page.setViewportSize(PHONE_SCREEN);
      await moreToggle(page).click();
      await expect.poll(() => moreToggle(page).getAttribute('aria-expanded')).toBe('true');
      await page.setViewportSize(WIDE_SCREEN);
      expect(await panelLayout(page)).toEqual(closed);
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });
});

/** WCAG's contrast ratio of two computed CSS colours (rgb or rgba, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour of `target` and the first opaque background behind it. */
function colours(target: Locator): Promise<{ fg: string; bg: string }> {
  return target.evaluate((el) => {
    let box: Element | null = el;
    let bg = 'rgb(255, 255, 255)';
    for (; box; box = box.parentElement) {
      const colour = getComputedStyle(box).backgroundColor;
      if (colour !== 'transparent' && !/rgba\(.*, 0\)$/.test(colour)) {
        bg = colour;
        break;
      }
    }
    return { fg: getComputedStyle(el).color, bg };
  });
}

describe('the compact header in every skin', { timeout: 4 * SLOW }, () => {
  it('更多资料, the level, the section links and the current one meet WCAG AA (4.5:1) at 390 px', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    const { page } = screen;
    try {
      for (const { id, name } of SKINS) {
        await apiCall(page, me.token, 'POST', `/api/user/updateskin?classname=${id}`);
        await visit(screen, '/my');
        const panel = sidePanel(page);
        const links = panel.getByRole('navigation', { name: '空间链接' });
        const parts = {
          toggle: moreToggle(page),
          level: panel.getByText('等级', { exact: true }),
          link: links.getByRole('link', { name: '日志' }),
          current: links.locator('a[aria-current="page"]'),
        };
        for (const [part, target] of Object.entries(parts)) {
          const { fg, bg } = await colours(target);
          expect(contrast(fg, bg), `${name}: ${part} ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(screen.errors).toEqual([]);
    } finally {
      await apiCall(page, me.token, 'POST', '/api/user/updateskin?classname=');
      await screen.context.close();
    }
  });
});

/** A finger's swipe across `target`, `dx` CSS px sideways, as a phone's touch screen sends it (CDP touch events). */
async function swipeAcross(page: Page, target: Locator, dx: number): Promise<void> {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', from);
  for (let step = 1; step <= 6; step++) await touch('touchMove', from + (dx * step) / 6);
  await touch('touchEnd', from + dx);
  await cdp.detach();
}

describe('the picture viewer on a phone', { timeout: SLOW }, () => {
  it('a swipe across an album photo goes to the next one, and back the other way', async () => {
    const screen = await openScreen(PHONE_SCREEN);
    const { page } = screen;
    try {
      await visit(screen, '/100001/photo/1');
      await page.getByRole('button', { name: '巴巴的相册「春天的小花园」的第1张照片' }).click();
      const viewer = page.getByRole('dialog', { name: '图片 1/4' });
      await swipeAcross(page, viewer.getByRole('img', { name: /第1张照片$/ }), -160);
      const next = page.getByRole('dialog', { name: '图片 2/4' });
      await swipeAcross(page, next.getByRole('img', { name: /第2张照片$/ }), 160);
      await page.getByRole('dialog', { name: '图片 1/4' }).waitFor();
      expect(screen.errors).toEqual([]);
    } finally {
      await screen.context.close();
    }
  });
});
