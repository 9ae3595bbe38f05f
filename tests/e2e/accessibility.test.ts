import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { SKINS } from '@xiaoba/shared/core';
import { open, signInByApi } from '../src/site';
import { axeViolations as violations } from '../src/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it.each(['/login', '/register'])('%s has no serious violations', async (path) => {
    const { page, context } = await open(browser);
    await page.goto(path);
    await page.getByRole('button', { name: path === '/login' ? '登录' : '下一步', exact: true }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('the register mode of the login page and the rules dialog have no serious violations', async () => {
    const { page, context } = await open(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByRole('button', { name: '同意青少年行为守则' }).click();
    await page.getByRole('dialog', { name: '校巴守则' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it.each([
    ['/setting/avatar', '选择预设头像'],
    ['/setting/profile', '我的签名'],
  ])('%s has no serious violations', async (path, heading) => {
    const { page, context } = await open(browser);
    await signInByApi(page, '100002');
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  // Every skin: the header, the skin picker and a page, in each skin's colours.
  it.each(['默认主题', '金色童年', '萌萌猫', '孤独剑客', '童话小镇', '摩尔多多', '雨的回忆'])(
    'pages in the %s skin have no serious violations (contrast included)',
    async (skin) => {
      const { page, context } = await open(browser);
      await signInByApi(page, '100002');
      await page.goto('/system/notify');
      await page.getByRole('heading', { name: '系统通知' }).waitFor();
      await page.getByRole('button', { name: '装扮' }).click();
      await page.getByRole('radio', { name: skin }).check({ force: true });
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape'); // cancel: the demo user's skin stays as it was
      await page.goto('/home');
      await page.getByRole('heading', { name: /欢迎回来/ }).waitFor();
      await context.close();
    },
  );

  // The skin saved for real (not a preview), then the header and the space pages as a signed-in
  // user sees them: a current page in the header, a hovered and a focused header link.
  const SPACE_PAGES: Array<[string, RegExp | string]> = [
    ['/my', '我的yy'],
    ['/my/board', '我的留言板'],
    ['/100001', '巴巴的yy'],
    ['/100001/board', '巴巴的留言板'],
    ['/home', /欢迎回来/],
    ['/help', '帮助中心'],
    ['/system/scrip', '小纸条'],
    // The diary, albums and medals (the demo's entries, album and medals).
    ['/my/diary', '我的日志'],
    ['/100001/diary', '巴巴的日志'],
    ['/100001/photo', '巴巴的相册'],
    ['/my/medal', '我的勋章'],
  ];
  it.each(SKINS.map((s) => [s.name, s.id]))(
    'the header and the space pages in the %s skin have no serious violations, current, hover and focus included',
    async (_name, skin) => {
      const { page, context } = await open(browser);
      const { token } = await signInByApi(page, '100003');
      const saved = await page.request.post(`/api/user/updateskin?classname=${skin}`, { headers: { authorization: `Bearer ${token}` } });
      expect(saved.status()).toBe(200);
      const found: string[] = [];
      for (const [path, heading] of SPACE_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
      }
      const nav = page.locator('header');
      await nav.getByRole('link', { name: '我的空间', exact: true }).hover();
      found.push(...(await violations(page)).map((v) => `hover: ${v}`));
      await nav.getByRole('link', { name: '个人中心', exact: true }).focus();
      found.push(...(await violations(page)).map((v) => `focus: ${v}`));
      expect(found).toEqual([]);
      await context.close();
    },
    90_000,
  );

  afterAll(async () => {
    // 100003 back in the moon skin of the demo data.
    const { page, context } = await open(browser);
    const { token } = await signInByApi(page, '100003');
    await page.request.post('/api/user/updateskin?classname=moon', { headers: { authorization: `Bearer ${token}` } });
    await context.close();
  });
});
