/**
 * The Content-Security-Policy holds on the real site: a new user registers, logs in, posts a yy
 * with an emoji and a photo, comments, writes on the board, opens /home, uploads an avatar (blob:
 * preview), saves the profile, changes skins and logs out, and the browser reports no CSP
 * violation on the way (securitypolicyviolation events from every page, and console errors).
 * A canary first proves that a violation would be seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type SitePage } from '../src/browser';
import { drawPhoto } from '../src/images';
import { expectToast, open } from '../src/site';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

let browser: Browser;
let site: SitePage;
const violations: Violation[] = [];
const consoleCsp: string[] = [];
const stamp = `csp${Date.now().toString(36)}`;
const email = `${stamp}@xiaoba.fan`;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await open(browser);
  // Every document of the context reports its violations to the test, from its first script on.
  await site.context.exposeBinding('__reportCsp', (_source, v: Violation) => {
    violations.push(v);
  });
  await site.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCsp: (v: unknown) => void }).__reportCsp;
      report({ page: location.pathname, directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample });
    });
  });
  site.page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
});
afterAll(async () => {
  await browser?.close();
});

async function agreeToRules(page: Page) {
  await page.getByRole('button', { name: '同意青少年行为守则' }).click();
  const dialog = page.getByRole('dialog', { name: '校巴守则' });
  await dialog.getByRole('button', { name: '我明白了，出发吧' }).click();
  await expectToast(page, '你真棒！');
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

/** No violation so far; on failure the message lists them. */
function expectNoViolations() {
  expect({ violations, consoleCsp }).toEqual({ violations: [], consoleCsp: [] });
}

describe('Content-Security-Policy on the main flows', () => {
  it('the page is served with the policy, and a violation would be caught (canary)', async () => {
    const { page } = site;
    const res = await page.goto('/login');
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    // The manifest is inlined as data, not as a script.
    expect(await page.locator('script#xb-manifest[type="application/json"]').count()).toBe(1);
    // An inline script is what the policy forbids: it must not run, and must be reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]!.directive).toMatch(/^script-src/);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    violations.length = 0;
    consoleCsp.length = 0;
  });

  it('login page, then registration in two steps and the first login', async () => {
    const { page } = site;
    await page.goto('/login');
    await page.getByLabel('米米号/邮箱').waitFor();
    // Masked, and open to password managers (ASVS 6.2.6, 6.2.7; docs/security.md).
    const loginPassword = page.getByLabel('密码', { exact: true });
    expect([await loginPassword.getAttribute('type'), await loginPassword.getAttribute('autocomplete')]).toEqual(['password', 'current-password']);
    await page.goto('/register');
    for (const label of ['密码', '确认密码']) {
      const field = page.getByLabel(label, { exact: true });
      expect([await field.getAttribute('type'), await field.getAttribute('autocomplete')]).toEqual(['password', 'new-password']);
    }
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill('secret12');
    await page.getByLabel('确认密码').fill('secret12');
    await page.getByRole('button', { name: '注册验证' }).click();
    const quiz = page.getByRole('dialog', { name: '注册验证' });
    const inputs = quiz.getByRole('textbox');
    for (const [i, answer] of ['巴巴', '粉丝', '纸条', 'yy'].entries()) await inputs.nth(i).fill(answer);
    await quiz.getByRole('button', { name: '填好了' }).click();
    await agreeToRules(page);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL('**/usercard');
    await page.getByLabel('昵称').fill('安全小卫');
    await page.getByLabel('年', { exact: true }).selectOption('2006');
    await page.getByLabel('月', { exact: true }).selectOption('3');
    await page.getByLabel('日', { exact: true }).selectOption('8');
    await page.getByRole('radio', { name: '男生' }).check();
    await agreeToRules(page);
    await page.getByRole('button', { name: '完成注册' }).click();
    await expectToast(page, '注册成功！你的米米号是');
    await page.waitForURL('**/login');
    await page.getByLabel('密码').fill('secret12');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expectToast(page, '上车咯！');
    await page.waitForURL('**/home');
    expectNoViolations();
  });

  it('/my: a yy with an emoji and a photo, then a comment on it', async () => {
    const { page } = site;
    await page.goto('/my');
    const box = page.getByLabel('说点什么吧');
    await box.fill(`内容安全策略 ${stamp} `);
    await page.getByRole('button', { name: '表情', exact: true }).click();
    await page.getByRole('tab', { name: '校巴' }).waitFor();
    await page.getByRole('button', { name: '微笑', exact: true }).click();
    await page.getByLabel(/^图片（0\/9）$/).setInputFiles(await drawPhoto(page));
    await page.getByRole('button', { name: '发布', exact: true }).waitFor();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expectToast(page, '发布成功');
    const yy = page.getByRole('article').filter({ hasText: stamp }).first();
    await yy.getByRole('img', { name: '微笑' }).waitFor();
    const photo = yy.locator('img[src^="/uploads/"]');
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await yy.getByRole('button', { name: /^评论\(\d+\)$/ }).click();
    await expect.poll(() => yy.getByRole('status').count()).toBe(0);
    await yy.getByLabel('评论', { exact: true }).fill(`评论一下 ${stamp}`);
    await yy.getByRole('button', { name: '发表评论' }).click();
    await expectToast(page, '评论成功');
    await yy.getByRole('button', { name: '评论(1)' }).waitFor();
    expectNoViolations();
  });

  it('the board and /home', async () => {
    const { page } = site;
    await page.goto('/my/board');
    await page.getByLabel('留言', { exact: true }).fill(`留个言 ${stamp}`);
    await page.getByRole('button', { name: '发表留言' }).click();
    await expectToast(page, '留言成功!');
    await page.goto('/home');
    await page.getByRole('article').filter({ hasText: stamp }).first().waitFor();
    expectNoViolations();
  });

  it('/setting/avatar (blob: preview, upload, preset face) and /setting/profile', async () => {
    const { page } = site;
    await page.goto('/setting/avatar');
    await page.getByLabel('选择图片').setInputFiles(await drawPhoto(page, 'me.jpg', 400, 300));
    const preview = page.getByRole('img', { name: '新头像预览' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: '上传头像' }).click();
    await expectToast(page, '头像上传成功');
    await page.locator('header').locator('img[src^="/uploads/avatars/"]').waitFor();
    const group = page.getByRole('radiogroup', { name: '选择预设头像' });
    await group.getByRole('radio', { name: '小兔' }).click();
    await page.getByRole('button', { name: '使用这个头像' }).click();
    await expectToast(page, '头像更换成功');

    await page.getByRole('link', { name: '个人资料' }).click();
    await page.getByRole('radio', { name: '女生' }).check();
    await page.getByRole('button', { name: '保存资料' }).click();
    await expectToast(page, '资料已更新');
    expectNoViolations();
  });

  it('skins: preview, save, and logout', async () => {
    const { page } = site;
    await page.goto('/help');
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    for (const skin of ['萌萌猫', '孤独剑客']) {
      await page.getByRole('button', { name: '装扮' }).click();
      const picker = page.getByRole('dialog', { name: '选择装扮' });
      await picker.getByRole('radio', { name: skin }).check({ force: true });
      await picker.getByRole('button', { name: '保存' }).click();
      await expectToast(page, '装扮成功！');
    }
    await page.reload();
    await page.getByRole('heading', { name: '帮助中心' }).waitFor();
    await page.locator('header').getByRole('button', { name: '退出' }).click();
    await expectToast(page, '登出成功！');
    await page.waitForURL(/\/(login)?$/);
    expectNoViolations();
    expect(site.errors).toEqual([]);
  });
});
