/**
 * Settings in the assembled site (signed in as demo user 100003): upload an avatar with its progress
 * bar, see the header follow without a reload, go back to a preset face, and save sex and birthday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, type SitePage } from '../src/browser';
import { drawPhoto } from '../src/images';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
let site: SitePage;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await open(browser);
  await signInByApi(site.page, '100003');
});
afterAll(async () => {
  // 100003 back to the demo data's profile and default face, for the files after this one.
  if (site) {
    const { token } = await signInByApi(site.page, '100003');
    const headers = { authorization: `Bearer ${token}` };
    await site.page.request.patch('/api/user/cardupdate', { headers, data: { name: '月下剑客', sex: 1, birthday: '1999-11-02' } });
    await site.page.request.post('/api/user/updateface?num=0', { headers });
  }
  await browser?.close();
});

/** The signed-in user's avatar in the header, beside 你好，name. */
const headerAvatar = () => site.page.locator('header').getByRole('img', { name: /的头像$/ });

describe('settings', () => {
  it('uploads an avatar on /setting/avatar: preview, progress to the end, the header shows it at once', async () => {
    const { page } = site;
    await page.goto('/setting/avatar');
    await headerAvatar().waitFor();
    await page.getByLabel('选择图片').setInputFiles(await drawPhoto(page, 'me.jpg', 800, 600));
    const preview = page.getByRole('img', { name: '新头像预览' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);

    await page.getByRole('button', { name: '上传头像' }).click();
    await expectToast(page, '头像上传成功');
    const bar = page.getByRole('progressbar', { name: '上传进度' });
    expect(await bar.evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max])).toEqual([100, 100]);

    const img = headerAvatar().locator('img');
    await img.waitFor();
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
  });

  it('chooses preset face 3 (小兔): the header shows the drawn face again', async () => {
    const { page } = site;
    const group = page.getByRole('radiogroup', { name: '选择预设头像' });
    await group.getByRole('radio', { name: '小兔' }).click();
    expect(await group.getByRole('radio', { name: '小兔' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: '使用这个头像' }).click();
    await expectToast(page, '头像更换成功');
    await headerAvatar().locator('svg[data-face="3"]').waitFor();
    expect(await headerAvatar().locator('img').count()).toBe(0);
  });

  it('changes the nickname, sex and birthday on /setting/profile: 资料已更新, the header follows, and the server kept them', async () => {
    const { page } = site;
    await page.getByRole('link', { name: '个人资料' }).click();
    await page.getByLabel('昵称').fill('剑客小月');
    await page.getByRole('radio', { name: '女生' }).check();
    await page.getByRole('combobox', { name: '年' }).selectOption('2008');
    await page.getByRole('combobox', { name: '月' }).selectOption('2');
    await page.getByRole('combobox', { name: '日' }).selectOption('29');
    await page.getByRole('button', { name: '保存资料' }).click();
    await expectToast(page, '资料已更新');
    // The header greets the new nickname at once, without a reload.
    await page.locator('header').getByText('你好，剑客小月').waitFor();

    await page.reload();
    expect(await page.getByLabel('昵称').inputValue()).toBe('剑客小月');
    await page.getByRole('combobox', { name: '年' }).waitFor();
    expect(await page.getByRole('radio', { name: '女生' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: '年' }).inputValue()).toBe('2008');
    expect(await page.getByRole('combobox', { name: '日' }).inputValue()).toBe('29');
  });
});
