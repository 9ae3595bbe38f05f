/**
 * Every tap works from the first paint. On the phone profile (src/phone-profile.mjs: CPU 4x slower,
 * 150 ms round trip, 1.6 Mbit/s, no cache), each page is opened to its first paint and its main
 * controls are tapped there, before the page's scripts have made that part of it live; each tap's
 * effect shows without a second tap (within EFFECT_MS; how soon is tools/bench-taps.mjs's figure).
 * Words typed meanwhile stay in their fields, a form sent meanwhile is sent once, and an impatient
 * second tap does not undo the first. Fresh accounts play every part that writes, so the demo users
 * stay as the other files expect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import {
  atFirstPaint,
  countRequests,
  EFFECT_MS,
  freshAccount,
  openPhone,
  seedYy,
  tapNow,
  typeNow,
  warmUp,
  wholePageLive,
  within,
  type Phone,
} from '../src/phone';

let browser: Browser;
const stamp = `tap${Date.now().toString(36)}`;
// A page load on the phone takes seconds; a test opens a page or two.
const SLOW = 90_000;

beforeAll(async () => {
  browser = await launchBrowser();
  await warmUp(browser, ['/my', '/100002', '/home', `/search?q=${encodeURIComponent('巴巴')}`, '/setting/profile']);
});
afterAll(async () => {
  await browser?.close();
});

// Short: it runs inside a poll, which waits on its own.
const attribute = (target: Locator, name: string) => target.getAttribute(name, { timeout: 2000 });
const shows = (target: Locator) => target.isVisible();
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const commentsButton = (yy: Locator) => yy.getByRole('button', { name: /^评论\(\d+\)$/ });
/** The comments of `yy` are open: its button says so and the box to write one shows. */
const commentsOpen = async (yy: Locator) =>
  (await attribute(commentsButton(yy), 'aria-expanded')) === 'true' && shows(yy.getByRole('button', { name: '发表评论' }));

describe('/login', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(browser, 'signed out');
  });
  afterAll(() => phone?.context.close());

  it('米米号 and password typed at first paint, then Enter: 上车咯！ and /home, the login sent once', async () => {
    const { page } = phone;
    // A new account has its card filled in, so it is welcomed on /home.
    const account = await freshAccount(browser, '早到');
    const logins = countRequests(page, 'POST', '/api/user/login');
    await atFirstPaint(phone, '/login');
    await typeNow(phone, page.getByLabel('米米号/邮箱'), String(account.uid));
    await typeNow(phone, page.getByLabel('密码', { exact: true }), account.password, { early: false });
    await page.keyboard.press('Enter');
    await toast(page, '上车咯！').waitFor({ timeout: EFFECT_MS });
    await page.waitForURL('**/home', { timeout: EFFECT_MS });
    await page.getByRole('heading', { name: '欢迎回来，早到！' }).waitFor({ timeout: EFFECT_MS });
    await page.waitForTimeout(1000); // a second send would go out about now
    expect(logins()).toBe(1);
    expect(phone.errors).toEqual([]);
  });

  it('忘记密码？ tapped at first paint says how to get a password back', async () => {
    const { page } = phone;
    await phone.context.clearCookies();
    await atFirstPaint(phone, '/login');
    await tapNow(phone, page.getByRole('button', { name: '忘记密码？' }));
    await within(() => shows(page.getByText('密码无法自助找回哦')), 'the notice shows');
    expect(phone.errors).toEqual([]);
  });
});

describe('/register', { timeout: SLOW }, () => {
  it('an e-mail typed at first paint stays, and 注册帮助 opens its dialog', async () => {
    const phone = await openPhone(browser, 'signed out');
    try {
      const { page } = phone;
      await atFirstPaint(phone, '/register');
      await typeNow(phone, page.getByLabel('邮箱'), `${stamp}@first.tap`);
      await tapNow(phone, page.getByRole('button', { name: '注册帮助' }), { early: false });
      await within(() => shows(page.getByRole('dialog', { name: '注册帮助' })), 'the help dialog opens');
      await wholePageLive(phone);
      expect(await page.getByLabel('邮箱').inputValue()).toBe(`${stamp}@first.tap`);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

describe('/my', { timeout: SLOW }, () => {
  let phone: Phone;
  const words = `翻页${stamp}`;
  beforeAll(async () => {
    phone = await openPhone(browser, { fresh: '点点' });
    // 21 yy: two pages.
    await seedYy(phone.me!.uid, 21, words);
  });
  afterAll(() => phone?.context.close());

  const firstYy = () => phone.page.getByRole('article').first();

  it('评论 under a yy and 表情 in the composer, tapped at first paint, open', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/my');
    // The composer's: an open comment box has a 表情 of its own.
    const composer = page.getByRole('form', { name: '发表yy' });
    const emoji = composer.getByRole('button', { name: '表情', exact: true });
    await tapNow(phone, emoji);
    await tapNow(phone, commentsButton(firstYy()), { early: false });
    await within(() => commentsOpen(firstYy()), 'the comments open');
    await within(
      async () => (await attribute(emoji, 'aria-expanded')) === 'true' && shows(composer.getByRole('tab', { name: '校巴' })),
      'the emoji panel opens',
    );
    expect(phone.errors).toEqual([]);
  });

  it('an impatient double tap on 评论 opens the comments, and they stay open once the page is live', async () => {
    await atFirstPaint(phone, '/my');
    await tapNow(phone, commentsButton(firstYy()));
    await tapNow(phone, commentsButton(firstYy()));
    await within(() => commentsOpen(firstYy()), 'the comments open');
    await wholePageLive(phone);
    await phone.page.waitForTimeout(1000);
    expect(await commentsOpen(firstYy())).toBe(true);
    expect(phone.errors).toEqual([]);
  });

  it('转发 tapped at first paint opens the repost dialog', async () => {
    await atFirstPaint(phone, '/my');
    await tapNow(phone, firstYy().getByRole('button', { name: '转发', exact: true }));
    await within(() => shows(phone.page.getByRole('dialog', { name: '转发yy' })), 'the repost dialog opens');
    expect(phone.errors).toEqual([]);
  });

  it('words typed into the composer at first paint and 发布: posted once, shown at the top', async () => {
    const { page } = phone;
    const posts = countRequests(page, 'POST', '/api/yy/createyy');
    await atFirstPaint(phone, '/my');
    await typeNow(phone, page.getByLabel('说点什么吧'), `刚打开就发 ${stamp}`);
    await tapNow(phone, page.getByRole('button', { name: '发布', exact: true }), { early: false });
    await toast(page, '发布成功').waitFor({ timeout: EFFECT_MS });
    await within(async () => (await firstYy().innerText()).includes(stamp), 'the yy shows at the top');
    await page.waitForTimeout(1000);
    expect(posts()).toBe(1);
    expect(await page.getByLabel('说点什么吧').inputValue()).toBe('');
    expect(phone.errors).toEqual([]);
  });

  it('第2页 of the pager tapped at first paint shows the oldest yy', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/my');
    const second = page.getByRole('navigation', { name: '我的yy分页' }).getByRole('button', { name: '第2页' });
    await tapNow(phone, second);
    await within(async () => (await attribute(second, 'aria-current')) === 'page', 'page 2 is the current one');
    await within(() => shows(page.getByRole('article').filter({ hasText: `${words} 21` })), 'the oldest yy shows');
    expect(phone.errors).toEqual([]);
  });
});

describe('/100002, another user’s space', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(browser, { fresh: '路过' });
  });
  afterAll(() => phone?.context.close());

  const firstYy = () => phone.page.getByRole('article').first();

  it('关注 and 评论 tapped at first paint: followed once, the comments open', async () => {
    const { page } = phone;
    const follows = countRequests(page, 'POST', '/api/follow/add');
    await atFirstPaint(phone, '/100002');
    const follow = page.getByRole('button', { name: '关注', exact: true });
    await tapNow(phone, follow);
    await tapNow(phone, commentsButton(firstYy()), { early: false });
    await within(async () => (await attribute(follow, 'aria-pressed')) === 'true', '关注 is pressed');
    await within(() => commentsOpen(firstYy()), 'the comments open');
    await page.waitForTimeout(1000);
    expect(follows()).toBe(1);
    expect(phone.errors).toEqual([]);
  });

  it('更多 tapped at first paint opens its menu', async () => {
    await atFirstPaint(phone, '/100002');
    await tapNow(phone, firstYy().getByRole('button', { name: '更多：萌萌猫的yy' }));
    const menu = phone.page.getByRole('menu', { name: '对萌萌猫的yy的操作' });
    await within(() => shows(menu), 'the menu opens');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['举报', '拉黑']);
    expect(phone.errors).toEqual([]);
  });

  it('the header’s 装扮 tapped at first paint opens the skin picker', async () => {
    await atFirstPaint(phone, '/100002');
    await tapNow(phone, phone.page.locator('header').getByRole('button', { name: '装扮' }));
    await within(() => shows(phone.page.getByRole('dialog', { name: '选择装扮' })), 'the skin picker opens');
    expect(phone.errors).toEqual([]);
  });
});

describe('/home', { timeout: SLOW }, () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(browser, { fresh: '看看' });
  });
  afterAll(() => phone?.context.close());

  it('the 关注的yy tab tapped at first paint is chosen', async () => {
    await atFirstPaint(phone, '/home');
    const tab = phone.page.getByRole('tab', { name: '关注的yy' });
    await tapNow(phone, tab);
    await within(async () => (await attribute(tab, 'aria-selected')) === 'true', 'the tab is chosen');
    expect(phone.errors).toEqual([]);
  });

  it('评论 under a yy of everyone’s feed (another remote’s fragment) tapped at first paint opens', async () => {
    await atFirstPaint(phone, '/home');
    const yy = phone.page.getByRole('region', { name: '大家的yy' }).getByRole('article').first();
    await tapNow(phone, commentsButton(yy));
    await within(() => commentsOpen(yy), 'the comments open');
    expect(phone.errors).toEqual([]);
  });

  it('a header link tapped at first paint goes there: 帮助', async () => {
    const { page } = phone;
    await atFirstPaint(phone, '/home');
    await tapNow(phone, page.locator('header').getByRole('link', { name: '帮助', exact: true }));
    await page.waitForURL('**/help', { timeout: EFFECT_MS });
    await page.getByRole('heading', { level: 1, name: '帮助中心' }).waitFor({ timeout: EFFECT_MS });
    expect(phone.errors).toEqual([]);
  });
});

describe('/search', { timeout: SLOW }, () => {
  it('the yy tab of a search tapped at first paint is chosen and kept in the address', async () => {
    const phone = await openPhone(browser, { fresh: '寻找' });
    try {
      await atFirstPaint(phone, `/search?q=${encodeURIComponent('巴巴')}`);
      const tab = phone.page.getByRole('tab', { name: 'yy', exact: true });
      await tapNow(phone, tab);
      await within(async () => (await attribute(tab, 'aria-selected')) === 'true', 'the tab is chosen');
      await phone.page.waitForURL(/[?&]tab=yy$/, { timeout: EFFECT_MS });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

describe('/setting/profile', { timeout: SLOW }, () => {
  it('a nickname typed, 女生 and 保存资料 tapped at first paint: 资料已更新, the header greets the new name, saved once', async () => {
    const phone = await openPhone(browser, { fresh: '旧名' });
    try {
      const { page } = phone;
      const saves = countRequests(page, 'PATCH', '/api/user/cardupdate');
      await atFirstPaint(phone, '/setting/profile');
      const nickname = page.getByLabel('昵称');
      await tapNow(phone, nickname);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('新名字');
      await tapNow(phone, page.getByRole('radio', { name: '女生' }), { early: false });
      await tapNow(phone, page.getByRole('button', { name: '保存资料' }), { early: false });
      await toast(page, '资料已更新').waitFor({ timeout: EFFECT_MS });
      await page.locator('header').getByText('你好，新名字').waitFor({ timeout: EFFECT_MS });
      await page.waitForTimeout(1000);
      expect(saves()).toBe(1);
      expect(await page.getByRole('radio', { name: '女生' }).isChecked()).toBe(true);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
