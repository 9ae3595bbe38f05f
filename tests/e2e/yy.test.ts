/**
 * Spaces, part 1 in the assembled site: two demo users post, comment, reply, repost and delete
 * yy posts, with an emoji and a photo; an XSS payload runs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { drawPhoto, fakeImage } from '../src/images';
import type { SitePage } from '../src/browser';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
let author: SitePage; // 100001 巴巴
let friend: SitePage; // 100002 萌萌猫
const stamp = `e2e${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await open(browser);
  friend = await open(browser);
  await signInByApi(author.page, '100001');
  await signInByApi(friend.page, '100002');
});
afterAll(async () => {
  await browser?.close();
});

/** The yy whose words contain `text`, among the list's articles (a repost quotes its source). */
const yyWith = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text }).first();

async function openComments(yy: Locator) {
  await yy.getByRole('button', { name: /^评论\(\d+\)$/ }).click();
  // The comment box refuses while loading; wait until the list or its empty note is there.
  await expect.poll(() => yy.getByRole('status').count()).toBe(0);
}

describe('yy posts between two friends', () => {
  it('the author posts words, an emoji and a photo on /my; it shows at the top with its picture', async () => {
    const { page } = author;
    await page.goto('/my');
    const box = page.getByLabel('说点什么吧');
    await box.fill(`今天去公园玩啦 ${stamp} `);
    await page.getByRole('button', { name: '表情', exact: true }).click();
    await page.getByRole('tab', { name: '校巴' }).waitFor();
    await page.getByRole('button', { name: '微笑', exact: true }).click();
    expect(await box.inputValue()).toBe(`今天去公园玩啦 ${stamp} [b1]`);

    await page.getByLabel(/^图片（0\/9）$/).setInputFiles(await drawPhoto(page));
    await page.getByRole('button', { name: '发布', exact: true }).waitFor(); // not 图片上传中…
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expectToast(page, '发布成功');
    expect(await box.inputValue()).toBe('');

    const first = page.getByRole('article').first();
    await expect.poll(() => first.innerText()).toContain(stamp);
    await first.getByRole('img', { name: '微笑' }).waitFor();
    const photo = first.locator('img[src^="/uploads/"]');
    await photo.waitFor();
    // The stored picture is a re-encoded WebP, served immutable and never sniffed.
    const res = await page.request.get((await photo.getAttribute('src'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(await first.getByRole('time').innerText()).toBe('刚刚');
    // Opening the picture larger, with the keyboard.
    await first.getByRole('button', { name: /第1张图片/ }).press('Enter');
    const viewer = page.getByRole('dialog');
    await viewer.locator('img[src^="/uploads/"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.isVisible()).toBe(false);
  });

  it('a file that is not a picture is refused with a Chinese message and nothing is posted', async () => {
    const { page } = author;
    await page.goto('/my');
    await page.getByLabel(/^图片（0\/9）$/).setInputFiles(fakeImage());
    await page
      .getByText(/只支持/)
      .first()
      .waitFor();
  });

  it('the friend sees it on /100001 and comments; the author replies in reply mode', async () => {
    const { page } = friend;
    await page.goto('/100001');
    const yy = yyWith(page, stamp);
    await yy.getByRole('img', { name: '微笑' }).waitFor();
    expect(await yy.getByRole('button', { name: '删除' }).count()).toBe(0); // not the friend's post
    await openComments(yy);
    await yy.getByRole('button', { name: '发表评论' }).click();
    await yy.getByText('评论内容不能为空').waitFor();
    await yy.getByLabel('评论', { exact: true }).fill(`好漂亮的照片！${stamp}`);
    await yy.getByRole('button', { name: '发表评论' }).click();
    await expectToast(page, '评论成功');
    await yy.getByRole('button', { name: '评论(1)' }).waitFor();

    const a = author.page;
    await a.goto('/my');
    const mine = yyWith(a, stamp);
    await mine.getByRole('button', { name: '评论(1)' }).waitFor();
    await openComments(mine);
    const comment = mine.getByRole('listitem').filter({ hasText: `好漂亮的照片！${stamp}` });
    await comment.getByRole('button', { name: '回复' }).click();
    const box = mine.getByLabel('评论', { exact: true });
    expect(await box.inputValue()).toBe('回复 萌萌猫：');
    // Emptying the text leaves reply mode; replying again sets it back.
    await box.fill('');
    expect(await mine.getByRole('button', { name: '取消回复' }).count()).toBe(0);
    await comment.getByRole('button', { name: '回复' }).click();
    await box.press('End');
    await box.pressSequentially('谢谢夸奖');
    await mine.getByRole('button', { name: '发表评论' }).click();
    await expectToast(a, '评论成功');
    await mine.getByRole('listitem').filter({ hasText: '巴巴 回复 萌萌猫：谢谢夸奖' }).waitFor();
    await mine.getByRole('button', { name: '评论(2)' }).waitFor();
  });

  it('the friend reposts it with a few words; the repost shows on the friend’s /my with the source', async () => {
    const { page } = friend;
    await page.goto('/100001');
    const yy = yyWith(page, stamp);
    await yy.getByRole('button', { name: '转发' }).click();
    const dialog = page.getByRole('dialog', { name: '转发yy' });
    await dialog.getByLabel('转发理由（可不填）').fill(`转给大家看 ${stamp}-r`);
    await dialog.getByRole('button', { name: '转发', exact: true }).click();
    await expectToast(page, '转发成功');

    await page.goto('/my');
    const repost = yyWith(page, `${stamp}-r`);
    await repost.getByText('转发了').waitFor();
    const source = repost.getByRole('group', { name: '巴巴的原yy' });
    await source.getByText(stamp).waitFor();
    await source.locator('img[src^="/uploads/"]').waitFor();
  });

  it('deletes belong to their authors: the friend deletes their comment, the author deletes the yy', async () => {
    const { page } = friend;
    await page.goto('/100001');
    const yy = yyWith(page, stamp);
    await openComments(yy);
    const theirs = yy.getByRole('listitem').filter({ hasText: `好漂亮的照片！${stamp}` });
    const authorsReply = yy.getByRole('listitem').filter({ hasText: '谢谢夸奖' });
    await authorsReply.waitFor();
    expect(await authorsReply.getByRole('button', { name: '删除' }).count()).toBe(0);
    await theirs.getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '删除评论' }).getByRole('button', { name: '删除' }).click();
    await expectToast(page, '删除成功！');
    await yy.getByRole('button', { name: '评论(1)' }).waitFor();

    const a = author.page;
    await a.goto('/my');
    const mine = yyWith(a, stamp);
    await mine.getByRole('button', { name: '删除' }).click();
    await a.getByRole('dialog', { name: '删除yy' }).getByRole('button', { name: '删除' }).click();
    await expectToast(a, '删除成功！');
    await expect.poll(() => a.getByRole('article').filter({ hasText: stamp }).count()).toBe(0);

    // The friend's repost keeps showing, with the line saying the original is gone.
    await page.goto('/my');
    const repost = yyWith(page, `${stamp}-r`);
    await repost.getByText('原yy已被删除').waitFor();
  });

  it('a yy written as an XSS payload runs no script and shows as text', async () => {
    const { page, errors } = author;
    await page.goto('/my');
    const payload =
      `<img src=x onerror="window.__xss=1">${stamp}-x <b>粗体</b><script>window.__xss=2</script> ` +
      `javascript:alert(1) &lt;script&gt;window.__xss=3&lt;/script&gt; "><svg onload="window.__xss=4">`;
    await page.getByLabel('说点什么吧').fill(payload);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expectToast(page, '发布成功');
    const yy = yyWith(page, `${stamp}-x`);
    await yy.waitFor();
    const text = await yy.innerText();
    expect(text).toContain('粗体');
    expect(text).toContain('javascript:alert(1) &lt;script&gt;window.__xss=3&lt;/script&gt; ">');
    expect(text).not.toContain('<b>');
    await page.reload();
    await yyWith(page, `${stamp}-x`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main').locator('img[src="x"], svg[onload], script, b').count()).toBe(0);
    expect(await yyWith(page, `${stamp}-x`).locator('a[href^="javascript"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
