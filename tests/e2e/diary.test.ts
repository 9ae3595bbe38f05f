/**
 * 日志 in the assembled site. A child (born 2014, so a new entry starts as 互相关注可见) writes an
 * entry with an emoji and a photo through the editor; a friend who follows them back reads it and
 * comments; a stranger gets 日志不存在 at the same address; the child edits it to public under a
 * new title, which the stranger's /search 日志 tab then finds, and deletes it, back to an empty
 * list. The entry's page is named after the entry, the list after its owner, in both renders.
 * Every page passes axe and hydrates without error. Fresh accounts only: the demo users'
 * spaces stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, freshUser, QUIZ, type FreshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { drawPhoto } from '../src/images';
import { expectToast, open, signInByApi } from '../src/site';

let browser: Browser;
const stamp = `d${Date.now().toString(36)}`;
let child: FreshUser;
let friend: FreshUser;
let stranger: FreshUser;
let diaryId = 0;
const hydrationErrors: string[] = [];

/** A new account born in 2014 (a minor), signed in in its own browser context. */
async function freshChild(): Promise<FreshUser> {
  const site = await open(browser);
  site.page.setDefaultTimeout(10_000);
  const email = `c${stamp}@diary.test`;
  const password = 'secret12';
  const checked = await site.page.request.post('/api/user/valitedRegister', { data: { email, ...QUIZ } });
  expect(checked.status(), await checked.text()).toBe(200);
  const added = await site.page.request.post('/api/user/addAccount', {
    data: { email, lockedPassword: password, uname: '小日记', sex: 0, birthday: '2014-05-06' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { uid } = (await added.json()).data as { uid: number };
  const { token } = await signInByApi(site.page, String(uid), password);
  return { ...site, me: { uid, name: '小日记', email, password, token } };
}

beforeAll(async () => {
  browser = await launchBrowser();
  child = await freshChild();
  friend = await freshUser(browser, '好朋友');
  stranger = await freshUser(browser, '陌生人');
  // Every 日志 page arrives painted by the server and hydrates without redoing it (ADR 18).
  for (const who of [child, friend, stranger]) {
    who.page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat/i.test(m.text())) hydrationErrors.push(m.text());
    });
  }
  // Friends follow each other: 互相关注.
  await apiCall(friend.page, friend.me.token, 'POST', '/api/follow/add', { uid: child.me.uid });
  await apiCall(child.page, child.me.token, 'POST', '/api/follow/add', { uid: friend.me.uid });
});
afterAll(async () => {
  await browser?.close();
});

describe('日志', () => {
  it('a child writes an entry that starts as 互相关注可见', async () => {
    const { page } = child;
    await page.goto('/my/diary');
    await page.getByText('你还没有写过日志').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: '写日志' }).click();
    await page.getByLabel('标题').waitFor();
    expect(await page.getByLabel('谁可以看').inputValue()).toBe('mutual');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('标题').fill(`春游${stamp}`);
    await page.getByLabel('正文').fill('今天去公园春游。\n我们看到了很多花。');
    await page.getByRole('button', { name: '表情', exact: true }).click();
    await page.getByRole('tab', { name: '校巴' }).waitFor();
    await page.getByRole('button', { name: '微笑', exact: true }).click();
    expect(await page.getByLabel('正文').inputValue()).toBe('今天去公园春游。\n我们看到了很多花。[b1]');
    await page.getByLabel(/^图片（0\/9）$/).setInputFiles(await drawPhoto(page));
    await page.getByRole('button', { name: '发表', exact: true }).waitFor(); // not 图片上传中…
    await page.getByRole('button', { name: '发表', exact: true }).click();
    await page.getByRole('heading', { name: `春游${stamp}` }).waitFor();
    diaryId = Number(/\/my\/diary\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(diaryId).toBeGreaterThan(0);
    await page.getByText('互相关注可见').waitFor();
    await page.getByText('我们看到了很多花。').waitFor();
    await page.getByRole('img', { name: '微笑' }).waitFor();
    // The picture opens in the picture viewer.
    await page.getByRole('button', { name: '第1张图片，共1张' }).click();
    await page.getByRole('dialog', { name: '图片 1/1' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('the mutual friend reads it (server-rendered) and comments', async () => {
    const { page } = friend;
    const res = await page.goto(`/${child.me.uid}/diary/${diaryId}`);
    expect(await res!.text()).toContain(`春游${stamp}`);
    await page.getByRole('heading', { name: `春游${stamp}` }).waitFor();
    expect(await page.getByText('互相关注可见').count()).toBe(0);
    await page.getByLabel('评论', { exact: true }).fill('写得真好！');
    await page.getByRole('button', { name: '发表评论' }).click();
    await expectToast(page, '评论成功');
    await page.getByRole('list', { name: '评论列表' }).getByText('写得真好！').waitFor();
    await page.getByRole('heading', { name: '评论（1）' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("names the page after the entry on the server and in the browser, and after the space's owner on its list", async () => {
    const { page } = friend;
    const res = await page.goto(`/${child.me.uid}/diary/${diaryId}`);
    expect(await res!.text()).toContain(`<title>春游${stamp} - 校巴</title>`);
    await page.getByRole('heading', { name: `春游${stamp}` }).waitFor();
    expect(await page.title()).toBe(`春游${stamp} - 校巴`);
    // Moving in the browser: the list's title, the entry's again, and the list's once more going back.
    await page.getByRole('link', { name: '← 小日记的日志' }).click();
    await page.waitForURL(`**/${child.me.uid}/diary`);
    await expect.poll(() => page.title()).toBe('小日记的日志 - 校巴');
    await page.getByRole('link', { name: `春游${stamp}` }).click();
    await page.getByRole('heading', { name: `春游${stamp}` }).waitFor();
    await expect.poll(() => page.title()).toBe(`春游${stamp} - 校巴`);
    await page.goBack();
    await page.waitForURL(`**/${child.me.uid}/diary`);
    await expect.poll(() => page.title()).toBe('小日记的日志 - 校巴');
  });

  it('a stranger gets 日志不存在 at the same address, with the way back to the list', async () => {
    const { page } = stranger;
    await page.goto(`/${child.me.uid}/diary/${diaryId}`);
    await page.getByRole('heading', { name: '日志不存在' }).waitFor();
    expect(await page.getByText(`春游${stamp}`).count()).toBe(0);
    // The server's page says so in its title too, as for an entry that does not exist.
    for (const id of [diaryId, 999_999_999]) {
      const painted = await page.request.get(`/${child.me.uid}/diary/${id}`);
      expect(await painted.text()).toContain('<title>日志不存在 - 校巴</title>');
    }
    await page.getByRole('link', { name: '返回日志列表' }).click();
    await page.waitForURL(`**/${child.me.uid}/diary`);
    await page.getByText('这里还没有日志。').waitFor();
  });

  it('the owner edits it to public under a new title, and search finds it', async () => {
    const { page } = child;
    await page.goto(`/my/diary/${diaryId}`);
    await page.getByRole('link', { name: '编辑' }).click();
    const title = page.getByLabel('标题');
    await expect.poll(() => title.inputValue()).toBe(`春游${stamp}`);
    await title.fill(`秋游${stamp}`);
    await page.getByLabel('谁可以看').selectOption('public');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('heading', { name: `秋游${stamp}` }).waitFor();
    await page.getByText('所有人可见').waitFor();
    await page.getByText(/编辑于/).waitFor();

    const s = stranger.page;
    await s.goto(`/search?q=${encodeURIComponent(`秋游${stamp}`)}&tab=diary`);
    const found = s.getByRole('list', { name: '找到的日志' });
    await found.getByRole('link', { name: `秋游${stamp}` }).click();
    await s.waitForURL(`**/${child.me.uid}/diary/${diaryId}`);
    await s.getByRole('heading', { level: 2, name: `秋游${stamp}`, exact: true }).waitFor();
  });

  it('the owner deletes it after a confirm and is back on the empty list', async () => {
    const { page } = child;
    await page.goto(`/my/diary/${diaryId}`);
    await page.getByRole('button', { name: '删除', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: '删除日志' });
    await dialog.getByRole('button', { name: '删除' }).click();
    await page.waitForURL('**/my/diary');
    await page.getByText('你还没有写过日志').waitFor();
    const gone = await page.request.get(`/api/diary/get/${diaryId}`, { headers: { authorization: `Bearer ${child.me.token}` } });
    expect(gone.status()).toBe(404);
    expect(hydrationErrors).toEqual([]);
    expect([...child.errors, ...friend.errors, ...stranger.errors]).toEqual([]);
  });
});
