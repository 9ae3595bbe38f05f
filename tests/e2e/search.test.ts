/**
 * Search ("Find your old classmates") in the assembled site: from the header's
 * search box, a user finds a yy by a two-character word (晚霞), marked in its text, on /search's yy
 * tab reached by keyboard; finds another user by 米米号 and by two characters of the nickname and
 * follows from the result (已关注); an empty search says so and goes nowhere. Fresh accounts play
 * every part, so the demo users other files rely on keep their counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { FOLLOW_MSG, SEARCH_MSG, type Yy } from '@xiaoba/shared/core';
import { apiCall, freshUser } from '../src/accounts';
import { axeViolations } from '../src/axe';
import { launchBrowser } from '../src/browser';
import { expectToast } from '../src/site';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newUser = (name: string) => freshUser(browser, name);

/** Two common Chinese characters no other account of this run has in its name. */
function rareWord(): string {
  const pick = () => String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 0x4000));
  return pick() + pick();
}

const searchBox = (page: Page) => page.getByRole('search', { name: '站内搜索' }).getByRole('searchbox', { name: '搜索' });
const marks = (within: Locator) => within.locator('mark').allInnerTexts();

describe('search', () => {
  it('finds a yy by a two-character word typed into the header box, the word marked, on the yy tab chosen by keyboard', async () => {
    const word = rareWord();
    const author = await newUser(`爬山${word}`);
    const seeker = await newUser('找晚霞');
    const words = '今天去爬山了，山顶的晚霞太美了';
    await apiCall<Yy>(author.page, author.me.token, 'POST', '/api/yy/createyy', { content: words });

    await seeker.page.goto('/home');
    await searchBox(seeker.page).fill('晚霞');
    await searchBox(seeker.page).press('Enter');
    await seeker.page.waitForURL(/\/search\?q=%E6%99%9A%E9%9C%9E$/);
    await seeker.page.getByRole('heading', { level: 1, name: '搜索“晚霞”' }).waitFor();
    expect(await searchBox(seeker.page).inputValue()).toBe('晚霞');

    // 用户 first; the arrow key moves to yy (WAI-ARIA tabs), kept in the address.
    const users = seeker.page.getByRole('tab', { name: '用户' });
    expect(await users.getAttribute('aria-selected')).toBe('true');
    await users.focus();
    await seeker.page.keyboard.press('ArrowRight');
    await seeker.page.waitForURL(/[?&]tab=yy$/);
    const yyTab = seeker.page.getByRole('tab', { name: 'yy', exact: true });
    // The address changes in the same click as the render, which a busy machine may paint a moment later.
    await expect.poll(() => yyTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => yyTab.evaluate((el) => el === document.activeElement)).toBe(true);

    const found = seeker.page.getByRole('article').filter({ hasText: author.me.name }).filter({ hasText: '山顶的' });
    await found.waitFor();
    expect(await found.innerText()).toContain(words);
    expect(await marks(found)).toEqual(['晚霞']);
    expect(await axeViolations(seeker.page)).toEqual([]);

    // A reload keeps the words and the tab.
    await seeker.page.reload();
    await found.waitFor();
    expect(await seeker.page.getByRole('tab', { name: 'yy', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await searchBox(seeker.page).inputValue()).toBe('晚霞');

    expect([...author.errors, ...seeker.errors]).toEqual([]);
  }, 90_000);

  it('finds another user by 米米号 and by two characters of the nickname, marked, and follows from the result', async () => {
    const word = rareWord();
    const classmate = await newUser(`老${word}`);
    const seeker = await newUser('找同学');

    // By 米米号, typed and sent with the keyboard: Tab to 搜索, Enter.
    await seeker.page.goto('/home');
    await searchBox(seeker.page).fill(String(classmate.me.uid));
    await seeker.page.keyboard.press('Tab');
    expect(await seeker.page.evaluate(() => document.activeElement?.textContent)).toBe('搜索');
    await seeker.page.keyboard.press('Enter');
    await seeker.page.waitForURL(new RegExp(`/search\\?q=${classmate.me.uid}$`));
    const rows = seeker.page.getByRole('list', { name: '找到的用户' }).getByRole('listitem');
    const row = rows.filter({ hasText: classmate.me.name });
    await row.waitFor();
    expect(await rows.count()).toBe(1);
    expect(await row.getByRole('link', { name: classmate.me.name }).getAttribute('href')).toBe(`/${classmate.me.uid}`);
    await row.getByRole('img', { name: `${classmate.me.name}的头像` }).waitFor();

    // By two characters of the nickname: the match is marked; 关注 → 已关注.
    await searchBox(seeker.page).fill(word);
    await searchBox(seeker.page).press('Enter');
    await seeker.page.getByRole('heading', { level: 1, name: `搜索“${word}”` }).waitFor();
    const byName = seeker.page.getByRole('list', { name: '找到的用户' }).getByRole('listitem').filter({ hasText: classmate.me.name });
    await byName.waitFor();
    expect(await marks(byName.getByRole('link', { name: classmate.me.name }))).toEqual([word]);
    const follow = byName.getByRole('button', { name: `关注 ${classmate.me.name}` });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.focus();
    await seeker.page.keyboard.press('Enter');
    await expectToast(seeker.page, FOLLOW_MSG.followed);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.innerText()).toContain('已关注');
    expect(await axeViolations(seeker.page)).toEqual([]);

    // The server agrees: after a reload the result still says 已关注.
    await seeker.page.reload();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');

    expect([...classmate.errors, ...seeker.errors]).toEqual([]);
  }, 90_000);

  it('an empty search says so beside the box and goes nowhere', async () => {
    const seeker = await newUser('空搜索');
    await seeker.page.goto('/home');
    await seeker.page.getByRole('heading', { level: 1 }).first().waitFor();
    await searchBox(seeker.page).fill('   ');
    await searchBox(seeker.page).press('Enter');
    const alert = seeker.page.getByRole('search', { name: '站内搜索' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(SEARCH_MSG.empty);
    expect(await searchBox(seeker.page).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(seeker.page.url()).pathname).toBe('/home');
    // Typing clears the message.
    await searchBox(seeker.page).press('a');
    await alert.waitFor({ state: 'hidden' });
    expect(seeker.errors).toEqual([]);
  }, 60_000);
});
