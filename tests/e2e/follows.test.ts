/**
 * Follows and fans, and the following feed in the assembled site: A
 * follows B from B's space (关注 → 已关注, B's fan count +1); B finds "A 关注了你" under 新粉丝 on
 * /home and follows back from there; A's 我的关注 lists B; A's 关注的yy on /home shows B's new yy
 * and not a stranger's, and a reload keeps that tab. Fresh accounts play every part, so the demo
 * users other files rely on keep their counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { FOLLOW_MSG, type Yy } from '@xiaoba/shared/core';
import { apiCall, freshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { expectToast } from '../src/site';

let browser: Browser;
const stamp = `fol${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newUser = (name: string) => freshUser(browser, name);

const postYy = (page: Page, token: string, content: string) => apiCall<Yy>(page, token, 'POST', '/api/yy/createyy', { content });

/** The yy whose words contain `text`, among the list's articles. */
const yyWith = (page: Page, text: string): Locator => page.getByRole('article').filter({ hasText: text }).first();

/** The number the space's side panel shows after 粉丝. */
const fansShown = (page: Page) => page.locator('dt:text-is("粉丝") + dd').first().innerText();

describe('follows and fans', () => {
  it('A follows B from B’s space; B sees “A 关注了你” on /home and follows back; A’s 我的关注 lists B; A’s 关注的yy shows B’s yy, not a stranger’s', async () => {
    const a = await newUser('阿明');
    const b = await newUser('小红');
    const stranger = await newUser('路人甲');

    // A follows B from B's space: the toggle is pressed (已关注) and B's fans go from 0 to 1.
    await a.page.goto(`/${b.me.uid}`);
    const follow = a.page.getByRole('button', { name: '关注', exact: true });
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    expect(await fansShown(a.page)).toBe('0');
    await follow.click();
    await expectToast(a.page, FOLLOW_MSG.followed);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.innerText()).toBe('已关注');
    await expect.poll(() => fansShown(a.page)).toBe('1');

    // B, on /home: 新粉丝 says one person is new; opening it shows "阿明 关注了你" with 回关.
    await b.page.goto('/home');
    const fans = b.page.getByRole('button', { name: '新粉丝，1个人新关注了你' });
    await fans.click();
    const notice = b.page.getByRole('list', { name: '新粉丝' }).getByRole('listitem').filter({ hasText: '阿明' });
    expect(await notice.innerText()).toContain('阿明 关注了你');
    expect(await notice.getByRole('link', { name: '阿明' }).getAttribute('href')).toBe(`/${a.me.uid}`);
    await notice.getByText('新', { exact: true }).waitFor();
    const back = notice.getByRole('button', { name: '回关 阿明' });
    await back.click();
    await expectToast(b.page, FOLLOW_MSG.followed);
    await expect.poll(() => back.getAttribute('aria-pressed')).toBe('true');
    // Opening read the notice: the count is gone.
    await b.page.getByRole('button', { name: '新粉丝', exact: true }).waitFor();

    // A's 我的关注 lists B (mutual now); A's 我的粉丝 lists B too. Both pass axe.
    await a.page.goto('/follows');
    const followed = a.page.getByRole('list', { name: '我的关注' }).getByRole('listitem');
    await followed.first().waitFor();
    expect(await followed.count()).toBe(1);
    expect(await followed.getByRole('link', { name: '小红' }).getAttribute('href')).toBe(`/${b.me.uid}`);
    expect(await followed.innerText()).toContain('互相关注');
    expect(await followed.getByRole('button', { name: '关注 小红' }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(a.page)).toEqual([]);
    await a.page.getByRole('navigation', { name: '关注和粉丝' }).getByRole('link', { name: '我的粉丝' }).click();
    const fanRows = a.page.getByRole('list', { name: '我的粉丝' }).getByRole('listitem');
    await fanRows.first().waitFor();
    expect(await fanRows.getByRole('link', { name: '小红' }).count()).toBe(1);

    // B and a stranger post; A's 关注的yy shows B's and not the stranger's, 大家的yy shows both.
    const strangerWords = `路人的一条yy ${stamp}`;
    const bWords = `小红的新yy ${stamp}`;
    await postYy(stranger.page, stranger.me.token, strangerWords);
    await postYy(b.page, b.me.token, bWords);
    await a.page.goto('/home');
    const following = a.page.getByRole('tab', { name: '关注的yy' });
    await following.click();
    await a.page.waitForURL(/\/home\?feed=following$/);
    await yyWith(a.page, bWords).waitFor();
    expect(await a.page.getByRole('article').filter({ hasText: strangerWords }).count()).toBe(0);
    expect(await axeViolations(a.page)).toEqual([]);
    // A reload keeps the tab.
    await a.page.reload();
    await yyWith(a.page, bWords).waitFor();
    expect(await a.page.getByRole('tab', { name: '关注的yy' }).getAttribute('aria-selected')).toBe('true');
    expect(await a.page.getByRole('article').filter({ hasText: strangerWords }).count()).toBe(0);
    // By keyboard back to everyone's yy, where the stranger's yy is.
    await a.page.getByRole('tab', { name: '关注的yy' }).focus();
    await a.page.keyboard.press('ArrowLeft');
    await yyWith(a.page, strangerWords).waitFor();
    expect(new URL(a.page.url()).search).toBe('');

    expect([...a.errors, ...b.errors, ...stranger.errors]).toEqual([]);
  }, 90_000);
});
