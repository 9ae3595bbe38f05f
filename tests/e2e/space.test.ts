/**
 * Spaces, part 2 in the assembled site: signatures edited in place (own space only), a message
 * left on a friend's board and answered by its owner, deletes, the visitor in the owner's right
 * panel, and XSS payloads in a message and a signature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type SitePage } from '../src/browser';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
let owner: SitePage; // 100002 萌萌猫: the board's owner
let visitor: SitePage; // 100003 月下剑客
const stamp = `sp${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await open(browser);
  visitor = await open(browser);
  await signInByApi(owner.page, '100002');
  await signInByApi(visitor.page, '100003');
});
afterAll(async () => {
  await browser?.close();
});

const noScriptRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

/**
 * The own signature's button once its save has answered: the new text shows at once while it saves
 * (aria-busy), and a reload before the answer would cancel the request (on a server-rendered page
 * the first write also waits for the HTTP client's chunk).
 */
const savedSignature = (page: Page, name: string) => page.getByRole('button', { name }).and(page.locator(':not([aria-busy])')).waitFor();

describe('signatures', () => {
  it('the owner edits both in place: the limit message, Enter and blur save, empty becomes the default, a reload keeps them', async () => {
    const { page } = visitor; // 100003 in their own space
    await page.goto('/my');
    await page.getByRole('button', { name: /^大签名档：一剑霜寒/ }).click();
    const big = page.getByLabel('大签名档', { exact: true });
    await big.fill('一二三四五六七八九十一二');
    expect(await big.inputValue()).toBe('一二三四五六七八九十一');
    await page.getByRole('alert').filter({ hasText: '大签名档长度不能超过11个字！' }).waitFor();
    await big.fill(`剑指${stamp.slice(-6)}`);
    await big.press('Enter');
    await savedSignature(page, `大签名档：剑指${stamp.slice(-6)}（点击修改）`);

    await page.getByRole('button', { name: /^签名档：人生如剑/ }).click();
    const small = page.getByLabel('签名档', { exact: true });
    await small.fill('');
    await small.blur();
    await savedSignature(page, '签名档：我的地盘我做主！（点击修改）');

    await page.reload();
    await page.getByRole('button', { name: `大签名档：剑指${stamp.slice(-6)}（点击修改）` }).waitFor();
    await page.getByRole('button', { name: '签名档：我的地盘我做主！（点击修改）' }).waitFor();
  });

  it('a signature holding an HTML payload shows as text and runs nothing', async () => {
    const { page, errors } = visitor;
    await page.goto('/my');
    await page.getByRole('button', { name: /^签名档：/ }).click();
    // 24 characters, within the limit of 25: were it HTML, a() would throw as a page error.
    await page.getByLabel('签名档', { exact: true }).fill('<img src=x onerror=a()>酷');
    await page.getByLabel('签名档', { exact: true }).press('Enter');
    await savedSignature(page, '签名档：酷（点击修改）');
    await page.reload();
    await page.getByRole('button', { name: '签名档：酷（点击修改）' }).waitFor();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('another user’s signatures are read-only text', async () => {
    const { page } = visitor;
    await page.goto('/100002');
    await page.getByRole('heading', { name: '萌萌猫的yy' }).waitFor();
    await page.getByText('喵星来客').first().waitFor();
    expect(await page.getByRole('button', { name: /签名档/ }).count()).toBe(0);
  });
});

describe('the message board and visitors', () => {
  it('the visitor shows in the owner’s right panel as the latest visitor', async () => {
    await visitor.page.goto('/100002');
    await visitor.page.getByRole('heading', { name: '萌萌猫的yy' }).waitFor();
    const { page } = owner;
    await page.goto('/my');
    const visitors = page.getByRole('region', { name: '最近访客' });
    const firstSlide = visitors.getByRole('group', { name: /^第1组/ });
    // The link's text is the avatar's letter (hidden from screen readers) and the name.
    await expect.poll(() => firstSlide.getByRole('link').first().innerText()).toMatch(/月下剑客$/);
  });

  it('the visitor leaves a message with an emoji; the owner replies; only allowed deletes show', async () => {
    const { page } = visitor;
    await page.goto('/100002/board');
    const box = page.getByLabel('留言', { exact: true });
    await page.getByRole('button', { name: '发表留言' }).click();
    await page.getByText('留言不能为空').waitFor();
    await box.fill(`来踩踩你的空间 ${stamp} [b2]`);
    await page.getByRole('button', { name: '发表留言' }).click();
    await expectToast(page, '留言成功!');
    const mine = page.getByRole('article').filter({ hasText: stamp }).first();
    await mine.getByRole('img', { name: '咧嘴笑' }).waitFor();
    expect(await box.inputValue()).toBe('');

    const o = owner.page;
    await o.goto('/my/board');
    const message = o.getByRole('article').filter({ hasText: stamp }).first();
    await message.getByRole('button', { name: '回复' }).click();
    await message.getByLabel('回复月下剑客').fill(`谢谢来访 ${stamp}`);
    await message.getByRole('button', { name: '发送回复' }).click();
    await expectToast(o, '回复成功');
    await message.getByRole('list', { name: '月下剑客的留言的回复' }).getByText(`谢谢来访 ${stamp}`).waitFor();

    // The message's author sees the reply but may not delete it; they may delete their message.
    await page.reload();
    const again = page.getByRole('article').filter({ hasText: stamp }).first();
    await again.getByText(`谢谢来访 ${stamp}`).waitFor();
    expect(await again.getByRole('button', { name: '删除萌萌猫的回复' }).count()).toBe(0);
    expect(await again.getByRole('button', { name: '删除', exact: true }).count()).toBe(1);
  });

  it('a board message holding an XSS payload runs nothing; the owner deletes it', async () => {
    const { page, errors } = visitor;
    await page.goto('/100002/board');
    await page.getByLabel('留言', { exact: true }).fill(`<img src=x onerror="window.__xss=1">${stamp}-x <script>window.__xss=2</script> &lt;b&gt;`);
    await page.getByRole('button', { name: '发表留言' }).click();
    await expectToast(page, '留言成功!');
    const xss = page
      .getByRole('article')
      .filter({ hasText: `${stamp}-x` })
      .first();
    expect(await xss.innerText()).toContain(`${stamp}-x window.__xss=2 &lt;b&gt;`);
    expect(await noScriptRan(page)).toBeUndefined();
    expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
    expect(errors).toEqual([]);

    const o = owner.page;
    await o.goto('/my/board');
    const message = o
      .getByRole('article')
      .filter({ hasText: `${stamp}-x` })
      .first();
    await message.getByRole('button', { name: '删除', exact: true }).click();
    await o.getByRole('dialog', { name: '删除留言' }).getByRole('button', { name: '删除' }).click();
    await expectToast(o, '删除成功！');
    await expect
      .poll(() =>
        o
          .getByRole('article')
          .filter({ hasText: `${stamp}-x` })
          .count(),
      )
      .toBe(0);
  });
});
