/**
 * Safety for a community of children in the assembled site: a child blocks a stranger
 * from the stranger's space and the stranger's comment and message are refused; a report reaches a
 * moderator, who removes the content in /admin (the author is told why, the reporter that it was
 * handled, the audit log shows it); a frozen user is told why when posting; a banned user cannot
 * log in. Fresh accounts play every part, so the demo users other files rely on keep their standing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BLOCK_MSG, REPORT_MSG, REPORT_REASONS, SANCTION_MSG, SKINS, type ModActionBody, type Yy } from '@xiaoba/shared/core';
import { apiCall, freshUser, sql } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { expectToast } from '../src/site';

let browser: Browser;
const stamp = `safe${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newUser = (name: string) => freshUser(browser, name);

/** A fresh account with the moderator role, signed in after the grant (the role rides on the session). */
async function newModerator(name: string) {
  const mod = await newUser(name);
  await sql(`UPDATE users SET role = 'moderator' WHERE uid = $1`, [mod.me.uid]);
  const res = await mod.page.request.post('/api/user/login', { data: { username: String(mod.me.uid), password: mod.me.password } });
  expect(res.status(), await res.text()).toBe(200);
  mod.me.token = (await res.json()).data.token;
  return mod;
}

const postYy = (page: Page, token: string, content: string) => apiCall<Yy>(page, token, 'POST', '/api/yy/createyy', { content });
const modAction = (mod: { page: Page; me: { token: string } }, body: ModActionBody) => apiCall(mod.page, mod.me.token, 'POST', '/api/mod/action', body);

/** The yy whose words contain `text`, among the list's articles. */
const yyWith = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text }).first();

async function openComments(yy: Locator) {
  await yy.getByRole('button', { name: /^评论\(\d+\)$/ }).click();
  // The comment box refuses while loading; wait until the list or its empty note is there.
  await expect.poll(() => yy.getByRole('status').count()).toBe(0);
}

/** YYYY-MM-DD in China time, as SANCTION_MSG dates are written. */
const chinaDate = (unixSeconds: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(unixSeconds * 1000));

describe('block', () => {
  it('a child blocks a stranger from the stranger’s space; the stranger’s comment and board message are refused with the message, the typed words kept', async () => {
    const child = await newUser('小朋友');
    const stranger = await newUser('陌生人');
    await postYy(child.page, child.me.token, `今天画了一幅画 ${stamp}`);

    // The stranger has the child's space open and is typing, before the block.
    const comments = stranger.page;
    await comments.goto(`/${child.me.uid}`);
    const yy = yyWith(comments, stamp);
    await openComments(yy);
    const commentWords = `你好呀 ${stamp}`;
    await yy.getByLabel('评论', { exact: true }).fill(commentWords);
    const board = await stranger.context.newPage();
    await board.goto(`/${child.me.uid}/board`);
    const leaveWords = `交个朋友吧 ${stamp}`;
    await board.getByLabel('留言', { exact: true }).fill(leaveWords);

    // The child blocks them from their space, after the plain-words question.
    const { page } = child;
    await page.goto(`/${stranger.me.uid}`);
    await page.getByRole('heading', { name: '陌生人的yy' }).waitFor();
    await page.getByRole('group', { name: '拉黑和举报' }).getByRole('button', { name: '拉黑', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '拉黑陌生人' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('对方不会收到通知');
    await dialog.getByRole('button', { name: '拉黑', exact: true }).click();
    await expectToast(page, BLOCK_MSG.blocked);

    // The stranger's writes are refused with the owner-does-not-allow words; nothing typed is lost.
    await yy.getByRole('button', { name: '发表评论' }).click();
    await comments.getByText(BLOCK_MSG.notAllowed).first().waitFor();
    expect(await yy.getByLabel('评论', { exact: true }).inputValue()).toBe(commentWords);
    await board.getByRole('button', { name: '发表留言' }).click();
    await board.getByText(BLOCK_MSG.notAllowed).first().waitFor();
    expect(await board.getByLabel('留言', { exact: true }).inputValue()).toBe(leaveWords);

    // Nothing reached the child.
    await page.goto('/my/board');
    await page.getByRole('heading', { level: 2, name: '我的留言板' }).waitFor();
    expect(await page.getByText(leaveWords).count()).toBe(0);

    // The block is listed in the privacy settings, where it can be undone; the page passes axe.
    await page.goto('/setting/privacy');
    const blocked = page.getByRole('list', { name: '黑名单' }).getByRole('listitem');
    await blocked.first().waitFor();
    expect(await blocked.count()).toBe(1);
    expect(await blocked.getByRole('link', { name: '陌生人' }).getAttribute('href')).toBe(`/${stranger.me.uid}`);
    await blocked.getByRole('button', { name: '取消拉黑陌生人' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect([...child.errors, ...stranger.errors]).toEqual([]);
  });
});

describe('report and removal', () => {
  it('a report reaches a moderator, who removes the yy in /admin: the author is told why, the reporter that it was handled, and the log shows it', async () => {
    const author = await newUser('坏小孩');
    const reporter = await newUser('举报人');
    const mod = await newModerator('管理员');
    const words = `你们都是笨蛋 ${stamp}`;
    await postYy(author.page, author.me.token, words);

    // The reporter reports the yy from its 更多 menu: a reason and a note.
    const { page } = reporter;
    await page.goto(`/${author.me.uid}`);
    const yy = yyWith(page, words);
    await yy.getByRole('button', { name: '更多：坏小孩的yy' }).click();
    await page.getByRole('menuitem', { name: '举报' }).click();
    const dialog = page.getByRole('dialog', { name: '举报坏小孩的yy' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: REPORT_REASONS.bullying }).check();
    await dialog.getByLabel('补充说明（可不填）').fill(`骂全班同学 ${stamp}`);
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await expectToast(page, REPORT_MSG.reported);

    // The moderator finds it in the queue, with the words and the reason, and removes it with a reason.
    const m = mod.page;
    await m.goto('/home');
    await m.locator('header').getByRole('link', { name: '管理', exact: true }).click();
    await m.getByRole('heading', { level: 2, name: '举报处理' }).waitFor();
    const group = m.getByRole('article', { name: '坏小孩的yy（1条举报）' });
    await group.waitFor();
    expect(await group.innerText()).toContain(words);
    expect(await group.getByRole('list', { name: '举报' }).innerText()).toContain(REPORT_REASONS.bullying);
    expect(await axeViolations(m)).toEqual([]);
    const reason = `骂人的话 ${stamp}`;
    await group.getByRole('group', { name: '处理坏小孩的yy' }).getByRole('button', { name: '删除内容' }).click();
    const removal = m.getByRole('dialog', { name: '删除坏小孩的yy' });
    await removal.getByLabel('原因（用户会看到）').fill(reason);
    expect(await axeViolations(m)).toEqual([]);
    await removal.getByRole('button', { name: '删除内容' }).click();
    await expectToast(m, '操作成功');
    expect(await group.count()).toBe(0);

    // The yy is gone for everyone else.
    await page.goto(`/${author.me.uid}`);
    await page.getByRole('heading', { name: '坏小孩的yy' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(words).count()).toBe(0);

    // The author is told, with the reason; the reporter that the report was handled.
    await author.page.goto('/system/notify');
    const told = author.page.getByRole('list', { name: '给你的通知' }).getByRole('listitem').filter({ hasText: reason });
    await told.waitFor();
    expect(await told.innerText()).toContain('内容删除');
    await page.goto('/system/notify');
    await page.getByRole('list', { name: '给你的通知' }).getByRole('listitem').filter({ hasText: '你的举报已处理' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The audit log: who, what, to whom, why.
    await m.getByRole('navigation', { name: '管理分类' }).getByRole('link', { name: '操作记录' }).click();
    await m.getByRole('heading', { level: 2, name: '操作记录' }).waitFor();
    const entry = m.getByRole('row').filter({ hasText: reason }).first();
    await entry.waitFor();
    const cells = await entry.getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual(['管理员', '删除内容', '坏小孩的yy', reason]);
    expect([...author.errors, ...reporter.errors, ...mod.errors]).toEqual([]);
  });

  it('a moderator opening /admin directly (a reload, a bookmark) gets the queue, and the log', async () => {
    // On a fresh page the router meets /admin before the guard has restored the session: the shell
    // restores it first, then asks for the moderators' remote (remotes/moderator-routes.ts).
    const mod = await newModerator('新管理');
    await mod.page.goto('/admin');
    await mod.page.getByRole('heading', { level: 2, name: '举报处理' }).waitFor();
    await mod.page.goto('/admin/log');
    await mod.page.getByRole('heading', { level: 2, name: '操作记录' }).waitFor();
    expect(mod.errors).toEqual([]);
  });

  it('a user who is not a moderator gets the not-found page at /admin, and nothing of mf-admin is asked', async () => {
    const { page } = await newUser('普通人');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('mf-admin') || r.url().includes('/api/mod/')) asked.push(r.url());
    });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    await page.goto('/home');
    await page.getByRole('heading', { name: '欢迎回来，普通人！' }).waitFor();
    expect(await page.locator('header').getByRole('link', { name: '管理', exact: true }).count()).toBe(0);
    expect(asked).toEqual([]);
  });
});

describe('sanctions', () => {
  it('a frozen user is told why, and until when, when they try to post; their words stay in the box', async () => {
    const mod = await newModerator('值班员');
    const frozen = await newUser('刷屏王');
    await modAction(mod, { action: 'freeze', uid: frozen.me.uid, rule: 'spam', days: 3, reason: '一天发了一百条广告' });
    const info = await apiCall<{ frozenUntil?: number }>(frozen.page, frozen.me.token, 'GET', '/api/user/getinfo');
    expect(info.frozenUntil).toBeGreaterThan(Date.now() / 1000);
    const message = SANCTION_MSG.frozen(chinaDate(info.frozenUntil!), '一天发了一百条广告');

    const { page } = frozen;
    await page.goto('/my');
    const box = page.getByLabel('说点什么吧');
    await box.fill(`再发一条 ${stamp}`);
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.getByText(message).first().waitFor();
    expect(await box.inputValue()).toBe(`再发一条 ${stamp}`);
    // Reading still works.
    await page.goto('/home');
    await page.getByRole('heading', { name: '欢迎回来，刷屏王！' }).waitFor();
  });

  it('a banned user’s session ends and login is refused with the reason', async () => {
    const mod = await newModerator('巡查员');
    const banned = await newUser('捣蛋鬼');
    await banned.page.goto('/my');
    await banned.page.getByRole('heading', { level: 2, name: '我的yy' }).waitFor();
    await modAction(mod, { action: 'ban', uid: banned.me.uid, rule: 'bullying', reason: '多次威胁别人' });

    // The open session is revoked: the next page load asks for a login.
    const { page } = banned;
    await page.goto('/my');
    await page.waitForURL('**/login');
    await page.getByLabel('米米号/邮箱').fill(String(banned.me.uid));
    await page.getByLabel('密码').fill(banned.me.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText(SANCTION_MSG.banned('多次威胁别人')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('accessibility of the safety pages', () => {
  it('the 更多 menu and the report dialog work with the keyboard alone', async () => {
    const author = await newUser('键盘作者');
    const reader = await newUser('键盘读者');
    await postYy(author.page, author.me.token, `键盘测试 ${stamp}`);
    const { page } = reader;
    await page.goto(`/${author.me.uid}`);
    const more = yyWith(page, `键盘测试 ${stamp}`).getByRole('button', { name: '更多：键盘作者的yy' });
    await more.focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('menuitem', { name: '举报' });
    await expect.poll(() => report.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '举报键盘作者的yy' });
    await dialog.waitFor();
    // Focus is inside the dialog; Escape closes it and gives focus back to 更多.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => more.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(reader.errors).toEqual([]);
  });

  it('/system/notify with notices, /setting/privacy with a blocked user and /admin with a report have no serious violations in any skin', async () => {
    const mod = await newModerator('守护者');
    const troll = await newUser('捣乱者');
    const { page, me } = mod;
    const yy = await postYy(troll.page, troll.me.token, `捣乱的话 ${stamp}`);
    await apiCall(page, me.token, 'POST', '/api/block/add', { uid: troll.me.uid });
    await apiCall(page, me.token, 'POST', '/api/report/add', { kind: 'yy', id: yy.weiboId, reason: 'spam', note: '刷屏' });
    // Notices of each look (their texts come from the real actions in the flows above).
    await sql(
      `INSERT INTO system_notices (uid, kind, text) VALUES ($1, 'report_handled', '你的举报已处理：内容已删除'), ($1, 'warning', '你收到一次警告（广告或刷屏）：测试'), ($1, 'frozen', '你的账号被冻结到2030-01-01（测试）')`,
      [me.uid],
    );
    const found: string[] = [];
    for (const skin of SKINS) {
      await apiCall(page, me.token, 'POST', `/api/user/updateskin?classname=${skin.id}`);
      // Unread again, so the 新 marks are there to check.
      await sql('UPDATE system_notices SET unread = true WHERE uid = $1', [me.uid]);
      await page.goto('/system/notify');
      await page.getByRole('list', { name: '给你的通知' }).getByText('新').first().waitFor();
      found.push(...(await axeViolations(page)).map((v) => `${skin.name} /system/notify: ${v}`));
      await page.goto('/setting/privacy');
      await page.getByRole('button', { name: '取消拉黑捣乱者' }).waitFor();
      found.push(...(await axeViolations(page)).map((v) => `${skin.name} /setting/privacy: ${v}`));
      await page.locator('header').getByRole('link', { name: '管理', exact: true }).click();
      await page.getByRole('article', { name: '捣乱者的yy（1条举报）' }).waitFor();
      found.push(...(await axeViolations(page)).map((v) => `${skin.name} /admin: ${v}`));
    }
    expect(found).toEqual([]);
  }, 180_000);
});
